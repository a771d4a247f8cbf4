#!/usr/bin/env bash
# npm run infra:status: which of the local servers run, where, and where they log; when Kafka runs and the
# repo's node_modules are installed, each server is also asked a real question (check.mjs).
set -euo pipefail
source "$(dirname "$0")/common.sh"
echo "cache $CACHE"
kafka_state="$("$INFRA_DIR/kafka.sh" status)"
echo "$kafka_state"
"$INFRA_DIR/apicurio.sh" status
"$INFRA_DIR/ferretdb.sh" status
if [ -d "$INFRA_DIR/../../node_modules/kafkajs" ] && [[ "$kafka_state" == *' up '* ]]; then
  node "$INFRA_DIR/check.mjs" "$HOST:$KAFKA_PORT" "http://$HOST:$REGISTRY_PORT/apis/ccompat/v7" \
    "mongodb://$HOST:$FERRETDB_PORT" || true
fi
