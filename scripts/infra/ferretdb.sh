#!/usr/bin/env bash
# shellcheck disable=SC2034,SC2329 # the settings and functions below are used by server_main (common.sh)
# FerretDB (MongoDB wire protocol, SQLite backend): ferretdb.sh start|stop|status
# Data in CACHE/data/ferretdb, log in CACHE/logs/ferretdb.log
set -euo pipefail
source "$(dirname "$0")/common.sh"
NAME=ferretdb
MARKER="$FERRETDB_BIN"
WHERE="mongodb://$HOST:$FERRETDB_PORT"
DETAILS="$WHERE  log $LOGS/ferretdb.log"
FREE_PORTS=("ferretdb:$FERRETDB_PORT")
MISSING="binary missing; run build-ferretdb.sh"
READY_HOW="port accepts"
STOP_BOUND=10
READY_BOUND=30

installed() { [ -x "$FERRETDB_BIN" ]; }
prepare() { mkdir -p "$DATA/ferretdb/sqlite" "$DATA/ferretdb/state"; }
ready() { port_open "$FERRETDB_PORT"; }

launch() {
  # The SQLite URL must name an existing directory and end with a slash.
  spawn "$NAME" "$LOGS/ferretdb.log" "$FERRETDB_BIN" --handler=sqlite --sqlite-url="file:$DATA/ferretdb/sqlite/" \
    --listen-addr="$HOST:$FERRETDB_PORT" --state-dir="$DATA/ferretdb/state" \
    --telemetry=disable --debug-addr=- --log-level=warn
}

server_main "$@"
