#!/usr/bin/env bash
# Several processes share one disk cache: eight runs of twice start together on a fresh cache.
# All must succeed, the cache must end with exactly one whole entry and no temporary files, and
# a later run must be served by it.
# Usage: shared_cache_processes.sh <path to twice> <cache directory>
set -euo pipefail
twice="$1" cache="$2"
rm -rf "$cache"
export RTCG_CACHE_DIR="$cache"

pids=()
for i in 1 2 3 4 5 6 7 8; do
  "$twice" > "$cache.run$i.log" 2>&1 & pids+=($!)
done
for pid in "${pids[@]}"; do
  wait "$pid" || { echo "a concurrent run failed:"; cat "$cache".run*.log; exit 1; }
done
rm -f "$cache".run*.log

# pocl/ holds PoCL's own kernel caches, one per process at a time (backends/opencl).
entries=$(find "$cache" -path "$cache/pocl" -prune -o -type f -name '*.bin' -print | wc -l)
leftovers=$(find "$cache" -path "$cache/pocl" -prune -o -type f -name '*.tmp.*' -print | wc -l)
[[ $entries -eq 1 ]] || { echo "expected one cache entry, found $entries"; exit 1; }
[[ $leftovers -eq 0 ]] || { echo "temporary files were left behind: $leftovers"; exit 1; }

log=$(RTCG_LOG_LEVEL=debug "$twice" 2>&1)
grep -q "disk compile cache hit" <<<"$log" || { echo "the entry was not used:"; echo "$log"; exit 1; }
rm -rf "$cache"
echo "8 concurrent processes shared one cache entry"
