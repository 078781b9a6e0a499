#!/usr/bin/env bash
# Sixteen processes build programs at once into one fresh disk cache, then sixteen more read every
# program back from it. Twelve programs of three kernels each; every process builds two of them,
# so each program is built by two or three processes at the same moment.
#
# PoCL's kernel cache is where this goes wrong unless rtcg guards it. PoCL rebuilds a program by
# deleting its program.bc and writing it anew, so a process that serialises the same program's
# binary at that moment gets one without program.bc; stored, it aborts every later process that
# loads it.
#  1. PoCL's cache left to rtcg (POCL_CACHE_DIR unset, as for most users): every run must
#     succeed, the cache must end with one whole entry per program and no temporary files, and
#     every reading process must load every entry and compile nothing. PoCL must have kept its
#     cache in the directories rtcg gave the processes, and a process without a disk cache in a
#     temporary one, removed at its exit.
#  2. One PoCL cache that all processes share (a POCL_CACHE_DIR the user set), in which another
#     process keeps rebuilding the programs: the moment above, made frequent. Builds may fail
#     there (PoCL's own builds trip over the missing file too); what rtcg stored must still load
#     in every reading process.
# Usage: cache_stress_processes.sh <rtcg-cache-stress-worker> <scratch directory>
# Exits 77 (skipped) when the backend RTCG_BACKEND names is absent.
set -euo pipefail
worker="$1" scratch="$2"
processes=16 programs=12

# Runs `processes` workers at once, worker p with the arguments `arguments_for p` prints. Returns
# how many failed, showing their logs when `strict`.
run_together() {
  local phase="$1" arguments_for="$2" strict="$3" pids=() p failed=0
  for ((p = 0; p < processes; ++p)); do
    # shellcheck disable=SC2046
    "$worker" $("$arguments_for" "$p") > "$scratch/$phase.$p.log" 2>&1 & pids+=($!)
  done
  for p in "${!pids[@]}"; do
    if ! wait "${pids[$p]}"; then
      failed=$((failed + 1))
      [[ $strict == strict ]] && { echo "$phase: process $p failed:"; cat "$scratch/$phase.$p.log"; }
    fi
  done
  return $failed
}
build_two() { echo "$(($1 % programs)) $((($1 * 5 + 3) % programs))"; }
read_all() {
  local v
  echo -n "$2"
  for ((v = 0; v < programs; ++v)); do echo -n " $(((v + $1) % programs))"; done
}
read_all_cached() { read_all "$1" --all-cached; }
read_none_damaged() { read_all "$1" --none-damaged; }

# The cache's entries (pocl/ holds PoCL's own kernel caches, one per process at a time) and
# temporary files.
count_files() { find "$RTCG_CACHE_DIR" -path "$RTCG_CACHE_DIR/pocl" -prune -o -type f -name "$1" -print | wc -l; }

# Emulates PoCL processes rebuilding programs in the kernel cache `$1`: most of the time, each
# program.bc is gone, as it is between PoCL's deleting it and writing it anew; until the file `$2`
# appears. It then puts every file back before it ends, so that what follows finds whole entries.
keep_rebuilding() {
  local bitcode hidden
  while [[ ! -e $2 ]]; do
    hidden=()
    while read -r bitcode; do
      mv "$bitcode" "$bitcode.away" 2>/dev/null && hidden+=("$bitcode")
    done < <(find "$1" -name program.bc 2>/dev/null)
    sleep 0.03
    for bitcode in "${hidden[@]}"; do mv "$bitcode.away" "$bitcode" 2>/dev/null || true; done
    sleep 0.01
  done
}

rm -rf "$scratch"
mkdir -p "$scratch"
status=0
"$worker" > "$scratch/probe.log" 2>&1 || status=$?
if [[ $status -eq 77 ]]; then cat "$scratch/probe.log"; rm -rf "$scratch"; exit 77; fi
[[ $status -eq 0 ]] || { cat "$scratch/probe.log"; exit 1; }

# 1. PoCL's cache left to rtcg; PoCL's default one, were rtcg to leave it alone, fresh.
unset POCL_CACHE_DIR
export XDG_CACHE_HOME="$scratch/xdg" RTCG_CACHE_DIR="$scratch/own/rtcg"
run_together own-build build_two strict
entries=$(count_files '*.bin') leftovers=$(count_files '*.tmp.*')
[[ $entries -eq $programs ]] || { echo "expected $programs cache entries, found $entries"; exit 1; }
[[ $leftovers -eq 0 ]] || { echo "temporary files were left behind: $leftovers"; exit 1; }
run_together own-read read_all_cached strict
if [[ ${RTCG_BACKEND:-} == *pocl* ]]; then
  # PoCL kept its cache where rtcg put it, one directory per process running at the same time.
  [[ ! -e $XDG_CACHE_HOME/pocl ]] || { echo "PoCL used its shared default cache"; exit 1; }
  used=$(find "$RTCG_CACHE_DIR/pocl" -mindepth 1 -maxdepth 1 -type d | wc -l)
  [[ $used -ge 2 ]] || { echo "expected PoCL cache directories for several processes, found $used"; exit 1; }
  # Without a disk cache, a temporary one, gone once the process ends.
  mkdir -p "$scratch/tmp"
  RTCG_NO_CACHE=1 TMPDIR="$scratch/tmp" RTCG_LOG_LEVEL=debug "$worker" 0 > "$scratch/no-cache.log" 2>&1 ||
    { cat "$scratch/no-cache.log"; exit 1; }
  grep -q "PoCL's kernel cache for this process: $scratch/tmp/rtcg-pocl-" "$scratch/no-cache.log" ||
    { echo "no temporary PoCL cache was used:"; cat "$scratch/no-cache.log"; exit 1; }
  [[ -z $(ls -A "$scratch/tmp") ]] || { echo "the temporary PoCL cache was left behind"; exit 1; }
fi
echo "$processes processes built $programs programs at once with PoCL's cache left to rtcg; every entry loads"

# 2. One shared PoCL cache, rebuilt under the processes' feet.
export POCL_CACHE_DIR="$scratch/shared-pocl" RTCG_CACHE_DIR="$scratch/shared/rtcg"
mkdir -p "$POCL_CACHE_DIR"
keep_rebuilding "$POCL_CACHE_DIR" "$scratch/stop-rebuilding" & rebuilder=$!
failed=0
run_together shared-build build_two tolerant || failed=$?
touch "$scratch/stop-rebuilding"
wait "$rebuilder"
not_stored=$(cat "$scratch"/shared-build.*.log | grep -c 'not stored in the disk cache' || true)
entries=$(count_files '*.bin')
# Programs whose build failed or whose binary was not stored would be compiled by every reading
# process at once in the shared PoCL cache, where PoCL's own concurrent builds may crash; one
# process makes them first, so that the readers test what rtcg stored.
"$worker" --none-damaged $(seq 0 $((programs - 1))) > "$scratch/shared-complete.log" 2>&1 ||
  { echo "completing the cache failed:"; cat "$scratch/shared-complete.log"; exit 1; }
run_together shared-read read_all_cached strict
echo "$processes processes built $programs programs in a shared PoCL cache being rebuilt: $failed builds failed," \
  "$not_stored binaries did not load back and were not stored, $entries entries stored; every entry loads"
rm -rf "$scratch"
