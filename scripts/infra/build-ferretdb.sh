#!/usr/bin/env bash
# Builds FerretDB (MongoDB wire protocol, SQLite backend) from its Go module into the cache, once.
# `go install ...@v1.24.2` does not work here (the module proxy refuses the version list, and the module zip
# lacks build/version/version.txt, without which the binary panics at start), so: download the module,
# copy it, write version.txt, apply the three fixes below (FERRETDB_PATCH, default 1), build.
set -euo pipefail
source "$(dirname "$0")/common.sh"
[ -x "$FERRETDB_BIN" ] && exit 0
[ "${FERRETDB_PATCH:-1}" = 1 ] || die "only the patched build is supported (stock $FERRETDB_VERSION deadlocks on bulk updates)"
command -v go >/dev/null || die "go is needed to build FerretDB"
t0="$(now)"
WORK="$(mktemp -d)"
trap 'chmod -R u+w "$WORK" 2>/dev/null; rm -rf "$WORK"' EXIT
BUILD_LOG="$LOGS/ferretdb-build.log"
: >"$BUILD_LOG"
MODDIR="$(cd "$WORK" && go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" 2>>"$BUILD_LOG" |
  sed -n 's/^\t"Dir": "\(.*\)",$/\1/p' || true)"
[ -d "$MODDIR" ] || die "go mod download of FerretDB $FERRETDB_VERSION failed; see $BUILD_LOG"
cp -r "$MODDIR" "$WORK/src"
chmod -R u+w "$WORK/src"
cd "$WORK/src"

# Fix 1: lookups by _id never used the _id index (the query expression differed from the indexed one),
# so every find/update/delete by _id scanned the whole table.
sed -i "s|IDColumn = DefaultColumn + \"->'\$._id'\"|IDColumn = DefaultColumn + \`->\"_id\"\`|" \
  internal/backends/sqlite/metadata/metadata.go
# shellcheck disable=SC2016 # the backquotes are Go source text
grep -q 'IDColumn = DefaultColumn + `->"_id"`' internal/backends/sqlite/metadata/metadata.go || die "fix 1 did not apply"
# Fix 2: narrow by _id also when the filter has more keys ({_id, _position: {$lt: n}}); the handler
# checks the whole filter again afterwards.
sed -i 's|if params.Filter.Len() == 1 {|if params.Filter.Len() > 0 \&\& params.Filter.Has("_id") {|' \
  internal/backends/sqlite/collection.go
grep -q 'params.Filter.Has("_id") {' internal/backends/sqlite/collection.go || die "fix 2 did not apply"
# Fix 3: `update` closed each statement's cursor only at the end of the command, holding one pooled
# connection per matched statement: 100+ matched statements deadlocked the server. Close per statement.
perl -0pi -e 's|(result, err := common\.UpdateDocument\(ctx, c, "update", iter, &u\)\n)|$1\t\tcloser.Close()\n|' \
  internal/handler/msg_update.go
grep -A1 'common.UpdateDocument(ctx, c, "update", iter, &u)' internal/handler/msg_update.go |
  grep -q 'closer.Close()' || die "fix 3 did not apply"

echo "$FERRETDB_VERSION-patched" >build/version/version.txt
mkdir -p "$(dirname "$FERRETDB_BIN")"
CGO_ENABLED=0 go build -trimpath -o "$FERRETDB_BIN.tmp" ./cmd/ferretdb >>"$BUILD_LOG" 2>&1 ||
  die "go build of FerretDB failed; see $BUILD_LOG"
mv "$FERRETDB_BIN.tmp" "$FERRETDB_BIN"
log "ferretdb: built $("$FERRETDB_BIN" --version | head -1) in $(elapsed "$t0") s"
