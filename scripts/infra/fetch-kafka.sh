#!/usr/bin/env bash
# Downloads the Kafka broker's runtime jars (Maven Central, ~46 jars, 43 MB) into the cache, once.
set -euo pipefail
source "$(dirname "$0")/common.sh"
[ -f "$KAFKA_HOME/.complete" ] && exit 0
command -v mvn >/dev/null || die "mvn (Maven 3.8+) is needed to download Kafka"
t0="$(now)"
cd "$CACHE"
rm -rf "$KAFKA_HOME.tmp"
mkdir -p "$KAFKA_HOME.tmp"
mvn -B -q -Dstyle.color=never -Dmaven.repo.local="$CACHE/m2" -f "$INFRA_DIR/kafka/pom.xml" \
  "$MVN_DEP_PLUGIN:copy-dependencies" -DincludeScope=runtime -DoutputDirectory="$KAFKA_HOME.tmp/libs"
[ -f "$KAFKA_HOME.tmp/libs/kafka_2.13-$KAFKA_VERSION.jar" ] || die "kafka_2.13-$KAFKA_VERSION.jar missing after download"
touch "$KAFKA_HOME.tmp/.complete"
rm -rf "$KAFKA_HOME"
mv "$KAFKA_HOME.tmp" "$KAFKA_HOME"
log "kafka: $(find "$KAFKA_HOME/libs" -name "*.jar" | wc -l) jars downloaded in $(elapsed "$t0") s"
