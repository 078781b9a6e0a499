#!/usr/bin/env bash
# Builds the API reference of the public headers (the `docs` target, Doxygen) and fails on any
# Doxygen warning: an undocumented public class, function or member, a \param that names no
# parameter, a malformed command. Run after setup.sh, which installs Doxygen:
#   ./scripts/check-docs.sh [build directory, default build]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build_dir="${1:-build}"
if ! command -v doxygen >/dev/null 2>&1; then
  echo "check-docs: doxygen is not installed (scripts/setup.sh installs it)" >&2
  exit 1
fi
# Configure again: a build directory configured before Doxygen was installed has no docs target.
cmake "$build_dir" >/dev/null
cmake --build "$build_dir" --target docs
echo "check-docs: the API reference is $build_dir/docs/html/index.html"
