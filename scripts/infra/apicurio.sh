#!/usr/bin/env bash
# Apicurio Registry (Confluent-compatible API at /apis/ccompat/v7): apicurio.sh start|stop|status
# Storage: H2 file database in CACHE/data/apicurio, so schema ids survive a restart together with Kafka's data.
# Log: CACHE/logs/apicurio.log
set -euo pipefail
source "$(dirname "$0")/common.sh"
NAME=apicurio
MARKER=quarkus-run.jar
STOP_BOUND=20
READY_BOUND=180
URL="http://$HOST:$REGISTRY_PORT/apis/ccompat/v7"

answers() { curl -fsS -o /dev/null --max-time 2 "$URL/subjects" 2>/dev/null; }

start() {
  local pid java t0
  pid="$(pid_of "$NAME" "$MARKER")"
  if [ -n "$pid" ]; then
    log "apicurio: already up (pid $pid, $URL)"
    return 0
  fi
  [ -f "$APICURIO_HOME/dist/quarkus-run.jar" ] || die "apicurio: distribution missing; run fetch-apicurio.sh (infra:up does)"
  require_free_port apicurio "$REGISTRY_PORT"
  require_free_port apicurio-management "$REGISTRY_MANAGEMENT_PORT"
  java="$("$INFRA_DIR/java.sh" 21)"
  mkdir -p "$DATA/apicurio"
  t0="$(now)"
  # Deletion is enabled so tests can clean up their subjects; Quarkus' own dev/telemetry features stay off.
  spawn "$NAME" "$LOGS/apicurio.log" "$java" -Xms128m -Xmx512m \
    -Dquarkus.http.host="$HOST" -Dquarkus.http.port="$REGISTRY_PORT" \
    -Dquarkus.management.host="$HOST" -Dquarkus.management.port="$REGISTRY_MANAGEMENT_PORT" \
    -Dquarkus.http.access-log.enabled=false \
    -Dapicurio.storage.kind=sql -Dapicurio.storage.sql.kind=h2 \
    -Dapicurio.datasource.url="jdbc:h2:file:$DATA/apicurio/registry" \
    -Dapicurio.datasource.jdbc.initial-size=2 -Dapicurio.datasource.jdbc.min-size=2 \
    -Dapicurio.rest.deletion.group.enabled=true -Dapicurio.rest.deletion.artifact.enabled=true \
    -Dapicurio.rest.deletion.artifact-version.enabled=true \
    -jar "$APICURIO_HOME/dist/$MARKER"
  pid="$(cat "$RUN/$NAME.pid")"
  wait_until apicurio "$pid" "$READY_BOUND" answers
  log "apicurio: ready in $(elapsed "$t0") s (GET /apis/ccompat/v7/subjects answered) pid $pid, $URL"
}

stop() {
  local pid
  pid="$(pid_of "$NAME" "$MARKER")"
  if [ -z "$pid" ]; then
    log "apicurio: not running"
    return 0
  fi
  stop_pid "$NAME" "$pid" "$STOP_BOUND"
}

status() {
  local pid
  pid="$(pid_of "$NAME" "$MARKER")"
  if [ -n "$pid" ]; then
    printf '%-9s up    pid %-8s %s (management %s:%s)  log %s\n' apicurio "$pid" "$URL" "$HOST" \
      "$REGISTRY_MANAGEMENT_PORT" "$LOGS/apicurio.log"
  else
    printf '%-9s down\n' apicurio
  fi
}

case "${1:-}" in
  start | stop | status) "$1" ;;
  *) die "usage: apicurio.sh start|stop|status" ;;
esac
