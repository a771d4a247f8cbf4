#!/usr/bin/env bash
# The Maven downloads, one after the other (they share Maven's local repository in the cache).
set -euo pipefail
"$(dirname "$0")/fetch-kafka.sh"
"$(dirname "$0")/fetch-apicurio.sh"
