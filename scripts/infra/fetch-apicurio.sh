#!/usr/bin/env bash
# Downloads Apicurio Registry's runnable distribution (Maven Central, tar.gz 159 MB) into the cache, once.
set -euo pipefail
source "$(dirname "$0")/common.sh"
[ -f "$APICURIO_HOME/dist/quarkus-run.jar" ] && exit 0
command -v mvn >/dev/null || die "mvn (Maven 3.8+) is needed to download Apicurio Registry"
t0="$(now)"
cd "$CACHE"
rm -rf "$APICURIO_HOME.tmp"
mkdir -p "$APICURIO_HOME.tmp/dist"
mvn -B -q -Dstyle.color=never -Dmaven.repo.local="$CACHE/m2" "$MVN_DEP_PLUGIN:copy" \
  -Dartifact="io.apicurio:apicurio-registry-app:$APICURIO_VERSION:tar.gz:all" \
  -DoutputDirectory="$APICURIO_HOME.tmp"
# The archive has no top-level folder.
tar xzf "$APICURIO_HOME.tmp/apicurio-registry-app-$APICURIO_VERSION-all.tar.gz" -C "$APICURIO_HOME.tmp/dist"
rm -f "$APICURIO_HOME.tmp/apicurio-registry-app-$APICURIO_VERSION-all.tar.gz"
[ -f "$APICURIO_HOME.tmp/dist/quarkus-run.jar" ] || die "quarkus-run.jar missing after unpacking Apicurio"
rm -rf "$APICURIO_HOME" "$CACHE/m2/io/apicurio/apicurio-registry-app" # the unpacked copy is enough
mv "$APICURIO_HOME.tmp" "$APICURIO_HOME"
log "apicurio: downloaded and unpacked in $(elapsed "$t0") s"
