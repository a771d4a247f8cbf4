#!/usr/bin/env bash
# shellcheck disable=SC2034,SC2329 # the settings and functions below are used by server_main (common.sh)
# Apicurio Registry (Confluent-compatible API at /apis/ccompat/v7): apicurio.sh start|stop|status
# Storage: H2 file database in CACHE/data/apicurio, so schema ids survive a restart together with Kafka's data.
# Log: CACHE/logs/apicurio.log
set -euo pipefail
source "$(dirname "$0")/common.sh"
NAME=apicurio
MARKER=quarkus-run.jar
WHERE="http://$HOST:$REGISTRY_PORT/apis/ccompat/v7"
DETAILS="$WHERE (management $HOST:$REGISTRY_MANAGEMENT_PORT)  log $LOGS/apicurio.log"
FREE_PORTS=("apicurio:$REGISTRY_PORT" "apicurio-management:$REGISTRY_MANAGEMENT_PORT")
MISSING="distribution missing; run fetch-apicurio.sh"
READY_HOW="GET /apis/ccompat/v7/subjects answered"
STOP_BOUND=20
READY_BOUND=180

installed() { [ -f "$APICURIO_HOME/dist/$MARKER" ]; }
ready() { curl -fsS -o /dev/null --max-time 2 "$WHERE/subjects" 2>/dev/null; }

prepare() {
  JAVA="$("$INFRA_DIR/java.sh" 21)"
  mkdir -p "$DATA/apicurio"
}

launch() {
  # Deletion is enabled so tests can clean up their subjects; Quarkus' own dev/telemetry features stay off.
  spawn "$NAME" "$LOGS/apicurio.log" "$JAVA" -Xms128m -Xmx512m \
    -Dquarkus.http.host="$HOST" -Dquarkus.http.port="$REGISTRY_PORT" \
    -Dquarkus.management.host="$HOST" -Dquarkus.management.port="$REGISTRY_MANAGEMENT_PORT" \
    -Dquarkus.http.access-log.enabled=false \
    -Dapicurio.storage.kind=sql -Dapicurio.storage.sql.kind=h2 \
    -Dapicurio.datasource.url="jdbc:h2:file:$DATA/apicurio/registry" \
    -Dapicurio.datasource.jdbc.initial-size=2 -Dapicurio.datasource.jdbc.min-size=2 \
    -Dapicurio.rest.deletion.group.enabled=true -Dapicurio.rest.deletion.artifact.enabled=true \
    -Dapicurio.rest.deletion.artifact-version.enabled=true \
    -jar "$APICURIO_HOME/dist/$MARKER"
}

server_main "$@"
