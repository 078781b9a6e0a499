#!/usr/bin/env bash
# Sets up, builds, and runs the main demo on the default backend (RTCG_BACKEND picks another):
# what rtcg sees on this machine, then the papers' twice program.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
./scripts/setup.sh default
./build/bin/rtcg-info
./build/bin/twice
