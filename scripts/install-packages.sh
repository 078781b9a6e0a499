# Sourced by setup.sh and fuzz.sh: install_missing_packages TAG PACKAGE... installs, as root,
# the Debian packages that are not installed yet, and does nothing with .devdeps active (the GPU
# machine, which has no package registry). TAG prefixes the messages.
install_missing_packages() {
  local tag="$1"; shift
  if [[ "${CMAKE_PREFIX_PATH:-}" == *"/.devdeps/"* ]]; then
    echo "$tag: using the packed dependencies in .devdeps (no package manager)"
    return 0
  fi
  command -v dpkg-query >/dev/null 2>&1 || return 0
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  if [[ $(id -u) -ne 0 ]]; then
    echo "$tag: missing packages: ${missing[*]}; run as root or install them with apt-get" >&2
    exit 1
  fi
  echo "$tag: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
