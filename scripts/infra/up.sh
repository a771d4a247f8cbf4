#!/usr/bin/env bash
# npm run infra:up: downloads/builds what is missing (cached in FLEET_INFRA_CACHE, default ~/.cache/fleet-infra),
# then starts Kafka, Apicurio Registry and FerretDB and waits until each answers. Servers already up are left alone.
set -euo pipefail
source "$(dirname "$0")/common.sh"
T0="$(now)"
exec 9>"$CACHE/.lock"
flock 9 # one infra:up/down/reset at a time

# run_all LABEL CMD...: runs each shell command line in the background, output to its own file, then prints each
# output in order; fails when any failed.
run_all() {
  local label="$1" i failed=0
  shift
  local pids=() outs=()
  for cmd in "$@"; do
    outs+=("$(mktemp)")
    bash -c "$cmd" >"${outs[-1]}" 2>&1 &
    pids+=("$!")
  done
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || failed=1
    cat "${outs[$i]}"
    rm -f "${outs[$i]}"
  done
  [ "$failed" = 0 ] || die "$label failed (see above)"
}

log "cache: $CACHE"
t_fetch="$(now)"
# The two Maven downloads share Maven's local repository, so they run one after the other.
run_all "download" \
  "'$INFRA_DIR/fetch-maven.sh'" \
  "'$INFRA_DIR/build-ferretdb.sh'" \
  "'$INFRA_DIR/java.sh' 21 >/dev/null"
log "downloads and builds checked in $(elapsed "$t_fetch") s (Java for Apicurio: $("$INFRA_DIR/java.sh" 21))"

# One at a time: on 2 cores two JVMs starting together take as long as one after the other, and each
# server's own start-up time stays readable.
"$INFRA_DIR/ferretdb.sh" start
"$INFRA_DIR/kafka.sh" start
"$INFRA_DIR/apicurio.sh" start
log "infra up in $(elapsed "$T0") s: Kafka $HOST:$KAFKA_PORT, registry http://$HOST:$REGISTRY_PORT/apis/ccompat/v7," \
  "MongoDB wire mongodb://$HOST:$FERRETDB_PORT"
