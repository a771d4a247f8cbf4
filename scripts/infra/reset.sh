#!/usr/bin/env bash
# npm run infra:reset: deletes the servers' data (topics, schemas, documents). Refuses while any server runs.
# Downloads and builds stay in the cache.
set -euo pipefail
source "$(dirname "$0")/common.sh"
exec 9>"$CACHE/.lock"
flock 9
if "$INFRA_DIR/status.sh" | grep -q ' up '; then
  die "servers are running: npm run infra:down first"
fi
rm -rf "$DATA/kafka" "$DATA/apicurio" "$DATA/ferretdb"
log "data wiped under $DATA"
