#!/usr/bin/env bash
# shellcheck disable=SC2034,SC2329 # the settings and functions below are used by server_main (common.sh)
# Apache Kafka, single node in KRaft mode: kafka.sh start|stop|status
# Data in CACHE/data/kafka, logs in CACHE/logs/kafka (server.log) and CACHE/logs/kafka.out (stdout/stderr).
set -euo pipefail
source "$(dirname "$0")/common.sh"
NAME=kafka
MARKER=kafka.Kafka
CONF="$RUN/kafka-server.properties"
LOGDIR="$LOGS/kafka"
WHERE="$HOST:$KAFKA_PORT"
DETAILS="$WHERE (controller $KAFKA_CONTROLLER_PORT)  logs $LOGDIR/server.log"
FREE_PORTS=("kafka:$KAFKA_PORT" "kafka-controller:$KAFKA_CONTROLLER_PORT")
MISSING="jars missing; run fetch-kafka.sh"
STOP_BOUND=30
READY_BOUND=120

installed() { [ -f "$KAFKA_HOME/.complete" ]; }

render_config() {
  sed -e "s|@HOST@|$HOST|g" -e "s|@PORT@|$KAFKA_PORT|g" -e "s|@CONTROLLER_PORT@|$KAFKA_CONTROLLER_PORT|g" \
    -e "s|@LOG_DIRS@|$DATA/kafka/log|g" "$INFRA_DIR/kafka/server.properties.in" >"$CONF"
}

# A cluster id as Kafka makes them (16 random bytes, URL-safe base64 without padding, not starting with '-'),
# without a second JVM start.
new_cluster_id() {
  local id=-
  while [[ "$id" == -* ]]; do id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')"; done
  echo "$id"
}

# Formats the KRaft storage once (meta.properties marks a formatted log dir); the cluster id is kept beside it.
format_storage() {
  local java="$1"
  [ -f "$DATA/kafka/log/meta.properties" ] && return 0
  mkdir -p "$DATA/kafka"
  local jopts=(-Dlog4j2.configurationFile="$INFRA_DIR/kafka/log4j2.properties" -Dkafka.logs.dir="$LOGDIR")
  [ -s "$DATA/kafka/cluster.id" ] || new_cluster_id >"$DATA/kafka/cluster.id"
  "$java" "${jopts[@]}" -cp "$KAFKA_HOME/libs/*" kafka.tools.StorageTool format --ignore-formatted \
    --cluster-id "$(cat "$DATA/kafka/cluster.id")" --config "$CONF" >>"$LOGS/kafka.out" 2>&1 ||
    die "kafka: formatting $DATA/kafka/log failed; see $LOGS/kafka.out"
  log "kafka: formatted $DATA/kafka/log (cluster $(cat "$DATA/kafka/cluster.id"))"
}

log_size() { stat -c %s "$LOGDIR/server.log" 2>/dev/null || echo 0; }

# A "Kafka Server started" line written after byte OFFSET of server.log (old lines stay in the log).
started_line_after() {
  local offset="$1"
  [ "$(log_size)" -ge "$offset" ] || offset=0 # the log rolled over meanwhile
  tail -c +"$((offset + 1))" "$LOGDIR/server.log" 2>/dev/null | grep -q 'Kafka Server started'
}

metadata_answers() {
  if [ -d "$INFRA_DIR/../../node_modules/kafkajs" ]; then
    node "$INFRA_DIR/kafka-ready.mjs" "$HOST:$KAFKA_PORT" >/dev/null 2>&1
  fi
}

prepare() {
  JAVA="$("$INFRA_DIR/java.sh" 17)"
  mkdir -p "$LOGDIR"
  render_config
  format_storage "$JAVA"
  OFFSET="$(log_size)"
}

launch() {
  spawn "$NAME" "$LOGS/kafka.out" "$JAVA" -Xms512m -Xmx512m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 \
    -Djava.awt.headless=true -Dlog4j2.configurationFile="$INFRA_DIR/kafka/log4j2.properties" \
    -Dkafka.logs.dir="$LOGDIR" -cp "$KAFKA_HOME/libs/*" "$MARKER" "$CONF"
}

# Three stages, each timed: the port opens, a new 'Kafka Server started' line, a metadata request answers.
await_ready() {
  local pid="$1" t0="$2" t_port t_line
  wait_until kafka "$pid" "$READY_BOUND" port_open "$KAFKA_PORT"
  t_port="$(elapsed "$t0")"
  wait_until kafka "$pid" "$READY_BOUND" started_line_after "$OFFSET"
  t_line="$(elapsed "$t0")"
  wait_until kafka "$pid" "$READY_BOUND" metadata_answers
  READY_HOW="port open $t_port s, 'Kafka Server started' $t_line s, metadata answered"
}

server_main "$@"
