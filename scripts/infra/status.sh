#!/usr/bin/env bash
# npm run infra:status: which of the local servers run, where, and where they log.
set -euo pipefail
source "$(dirname "$0")/common.sh"
echo "cache $CACHE"
"$INFRA_DIR/kafka.sh" status
"$INFRA_DIR/apicurio.sh" status
"$INFRA_DIR/ferretdb.sh" status
# When something runs and the repo's node_modules are installed, also ask each server a real question.
if [ -d "$INFRA_DIR/../../node_modules/kafkajs" ] && "$INFRA_DIR/kafka.sh" status | grep -q ' up '; then
  node "$INFRA_DIR/check.mjs" "$HOST:$KAFKA_PORT" "http://$HOST:$REGISTRY_PORT/apis/ccompat/v7" \
    "mongodb://$HOST:$FERRETDB_PORT" || true
fi
