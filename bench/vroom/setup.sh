#!/usr/bin/env bash
# Installs VROOM (the pyvroom wheel: VROOM's C++ solver with Python bindings) into a venv outside the repo.
# Idempotent: a second run only checks that the pinned version imports. Prints the venv's python path.
set -euo pipefail
PYVROOM_VERSION="${PYVROOM_VERSION:-1.15.2}"
cache="${FLEET_INFRA_CACHE:-$HOME/.cache/fleet-infra}"
venv="$cache/pyvroom-venv"
py="$venv/bin/python"

installed() {
  [ -x "$py" ] && "$py" -c "import importlib.metadata as m, sys; sys.exit(m.version('pyvroom') != '$PYVROOM_VERSION')" 2>/dev/null
}

if ! installed; then
  mkdir -p "$cache"
  [ -x "$py" ] || python3 -m venv "$venv"
  "$py" -m pip install --quiet --disable-pip-version-check "pyvroom==$PYVROOM_VERSION" >&2
fi
"$py" -c 'import vroom' >&2
echo "$py"
