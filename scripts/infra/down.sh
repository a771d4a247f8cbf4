#!/usr/bin/env bash
# npm run infra:down: stops the servers infra:up started (SIGTERM, then SIGKILL past a bound), all three at
# once. Idempotent.
set -euo pipefail
source "$(dirname "$0")/common.sh"
exec 9>"$CACHE/.lock"
flock 9
pids=()
for server in apicurio ferretdb kafka; do
  "$INFRA_DIR/$server.sh" stop &
  pids+=("$!")
done
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
exit "$failed"
