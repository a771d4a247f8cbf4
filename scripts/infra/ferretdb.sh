#!/usr/bin/env bash
# FerretDB (MongoDB wire protocol, SQLite backend): ferretdb.sh start|stop|status
# Data in CACHE/data/ferretdb, log in CACHE/logs/ferretdb.log
set -euo pipefail
source "$(dirname "$0")/common.sh"
NAME=ferretdb
MARKER="$FERRETDB_BIN"
STOP_BOUND=10
READY_BOUND=30

accepts() { port_open "$FERRETDB_PORT"; }

start() {
  local pid t0
  pid="$(pid_of "$NAME" "$MARKER")"
  if [ -n "$pid" ]; then
    log "ferretdb: already up (pid $pid, mongodb://$HOST:$FERRETDB_PORT)"
    return 0
  fi
  [ -x "$FERRETDB_BIN" ] || die "ferretdb: binary missing; run build-ferretdb.sh (infra:up does)"
  require_free_port ferretdb "$FERRETDB_PORT"
  mkdir -p "$DATA/ferretdb/sqlite" "$DATA/ferretdb/state"
  t0="$(now)"
  # The SQLite URL must name an existing directory and end with a slash.
  spawn "$NAME" "$LOGS/ferretdb.log" "$FERRETDB_BIN" --handler=sqlite --sqlite-url="file:$DATA/ferretdb/sqlite/" \
    --listen-addr="$HOST:$FERRETDB_PORT" --state-dir="$DATA/ferretdb/state" \
    --telemetry=disable --debug-addr=- --log-level=warn
  pid="$(cat "$RUN/$NAME.pid")"
  wait_until ferretdb "$pid" "$READY_BOUND" accepts
  log "ferretdb: ready in $(elapsed "$t0") s (port accepts) pid $pid, mongodb://$HOST:$FERRETDB_PORT"
}

stop() {
  local pid
  pid="$(pid_of "$NAME" "$MARKER")"
  if [ -z "$pid" ]; then
    log "ferretdb: not running"
    return 0
  fi
  stop_pid "$NAME" "$pid" "$STOP_BOUND"
}

status() {
  local pid
  pid="$(pid_of "$NAME" "$MARKER")"
  if [ -n "$pid" ]; then
    printf '%-9s up    pid %-8s mongodb://%s:%s  log %s\n' ferretdb "$pid" "$HOST" "$FERRETDB_PORT" "$LOGS/ferretdb.log"
  else
    printf '%-9s down\n' ferretdb
  fi
}

case "${1:-}" in
  start | stop | status) "$1" ;;
  *) die "usage: ferretdb.sh start|stop|status" ;;
esac
