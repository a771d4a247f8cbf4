#!/usr/bin/env bash
# Downloads the Kafka broker's runtime jars (Maven Central, ~46 jars, 43 MB) into the cache, once.
set -euo pipefail
source "$(dirname "$0")/common.sh"

# shellcheck disable=SC2329 # called by fetch_with_maven
download() {
  local dir="$1"
  maven -f "$INFRA_DIR/kafka/pom.xml" "$MVN_DEP_PLUGIN:copy-dependencies" -DincludeScope=runtime \
    -DoutputDirectory="$dir/libs"
  [ -f "$dir/libs/kafka_2.13-$KAFKA_VERSION.jar" ] || die "kafka_2.13-$KAFKA_VERSION.jar missing after download"
  touch "$dir/.complete"
}

fetch_with_maven "$KAFKA_HOME" .complete Kafka
log "kafka: $(find "$KAFKA_HOME/libs" -name "*.jar" | wc -l) jars downloaded in $(elapsed "$FETCH_T0") s"
