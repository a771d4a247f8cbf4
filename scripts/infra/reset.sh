#!/usr/bin/env bash
# npm run infra:reset: deletes the servers' data (topics, schemas, documents). Refuses while any server runs.
# Downloads and builds stay in the cache.
set -euo pipefail
source "$(dirname "$0")/common.sh"
exec 9>"$CACHE/.lock"
flock 9
for server in kafka apicurio ferretdb; do
  state="$("$INFRA_DIR/$server.sh" status)"
  [[ "$state" != *' up '* ]] || die "$server is running: npm run infra:down first"
done
rm -rf "$DATA/kafka" "$DATA/apicurio" "$DATA/ferretdb"
log "data wiped under $DATA"
