#!/usr/bin/env bash
# Builds rtcg's Conan 2 package offline and runs test_package/ against it (RTCG_BACKEND=opencl):
#
#   conan create . -pr:a conan/profiles/debian12 --build=missing
#
# with every requirement taken from the Debian packages scripts/setup.sh installs. Conan is the
# one on PATH when it is 2.x, else one installed from PyPI into build-conan/venv. Its home is
# build-conan/home, with every remote disabled, so the user's ~/.conan2 is never touched and a
# requirement the profile does not cover fails instead of being downloaded. The package's own
# tests are not built (tools.build:skip_test): scripts/test.sh has just run them.
#
#   ./scripts/check-conan.sh   (run after scripts/setup.sh)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
work=build-conan
mkdir -p "$work"

if command -v conan >/dev/null 2>&1 && conan --version | grep -q "version 2\."; then
  conan=conan
else
  conan="$work/venv/bin/conan"
  if [[ ! -x "$conan" ]]; then
    # Debian's own python3 lacks venv until python3-venv is installed.
    if ! python3 -c "import ensurepip, venv" 2>/dev/null; then
      source scripts/install-packages.sh
      install_missing_packages conan python3-venv
    fi
    python3 -m venv "$work/venv"
    "$work/venv/bin/pip" install --quiet "conan>=2,<3"
  fi
fi

export CONAN_HOME="$PWD/$work/home"
"$conan" remote disable "*" >/dev/null
"$conan" create . -pr:a conan/profiles/debian12 --build=missing \
  -c tools.build:jobs="$(nproc)" -c tools.build:skip_test=True
# Each change to the sources is a new recipe revision with its own build: keep the latest only.
"$conan" remove "rtcg/*#!latest" --confirm >/dev/null
