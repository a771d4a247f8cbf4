#!/usr/bin/env bash
# Downloads Apicurio Registry's runnable distribution (Maven Central, tar.gz 159 MB) into the cache, once.
set -euo pipefail
source "$(dirname "$0")/common.sh"

# shellcheck disable=SC2329 # called by fetch_with_maven
download() {
  local dir="$1" archive="$1/apicurio-registry-app-$APICURIO_VERSION-all.tar.gz"
  mkdir -p "$dir/dist"
  maven "$MVN_DEP_PLUGIN:copy" -Dartifact="io.apicurio:apicurio-registry-app:$APICURIO_VERSION:tar.gz:all" \
    -DoutputDirectory="$dir"
  # The archive has no top-level folder.
  tar xzf "$archive" -C "$dir/dist"
  rm -f "$archive"
  [ -f "$dir/dist/quarkus-run.jar" ] || die "quarkus-run.jar missing after unpacking Apicurio"
  rm -rf "$CACHE/m2/io/apicurio/apicurio-registry-app" # the unpacked copy is enough
}

fetch_with_maven "$APICURIO_HOME" dist/quarkus-run.jar "Apicurio Registry"
log "apicurio: downloaded and unpacked in $(elapsed "$FETCH_T0") s"
