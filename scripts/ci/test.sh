#!/usr/bin/env bash
# CI's test step: exactly `npm test` (build, then jest), with jest also writing its JSON report to $1.
# npm appends the arguments after `--` to the script's last command, which is the jest command.
# --ci: never write snapshots; --forceExit: a leaked handle cannot hang CI (jest still names it in a warning).
set -euo pipefail
OUT="${1:?usage: test.sh JSON_OUTPUT_FILE}"
cd "$(dirname "$0")/../.."
rm -f "$OUT"
npm test -- --ci --forceExit --json --outputFile="$OUT"
