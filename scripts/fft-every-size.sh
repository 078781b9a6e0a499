#!/usr/bin/env bash
# Checks every FFT length of a range against the long-double DFT (tests/fft/fft_every_size.cpp) on
# the backend RTCG_BACKEND names, in parallel shards: one process per shard, since compiling a
# program per length is most of the cost. Prints each shard's failures and summary; exits 1 when a
# shard failed, 77 when the backend is absent.
#
#   scripts/fft-every-size.sh [--processes=P] [rtcg-fft-every-size's options: --first=1 --last=4096 ...]
#
# P defaults to the number of processors. RTCG_FFT_EVERY_SIZE names another build of the program
# (default build/bin/rtcg-fft-every-size); the shards' logs go to RTCG_FFT_EVERY_SIZE_LOGS (default a
# new temporary directory, printed).
set -euo pipefail

processes=$(nproc)
passed=()
for argument in "$@"; do
  case "$argument" in
    --processes=*) processes=${argument#--processes=} ;;
    --shard=*) echo "fft-every-size.sh: the script chooses the shards" >&2; exit 2 ;;
    *) passed+=("$argument") ;;
  esac
done
program=${RTCG_FFT_EVERY_SIZE:-build/bin/rtcg-fft-every-size}
logs=${RTCG_FFT_EVERY_SIZE_LOGS:-$(mktemp -d /tmp/rtcg-fft-every-size.XXXXXX)}
mkdir -p "$logs"
echo "fft-every-size: $processes shards of ${passed[*]:-the default range} on ${RTCG_BACKEND:-the default backend}; logs in $logs"

pids=()
for ((shard = 0; shard < processes; ++shard)); do
  "$program" "${passed[@]}" --shard="$shard/$processes" > "$logs/shard-$shard.log" 2>&1 &
  pids+=($!)
done
failed=0 skipped=0
for ((shard = 0; shard < processes; ++shard)); do
  status=0
  wait "${pids[$shard]}" || status=$?
  grep -E '^FAILED' "$logs/shard-$shard.log" || true
  echo "shard $shard: $(tail -n 1 "$logs/shard-$shard.log") (exit $status)"
  if [ "$status" -eq 77 ]; then skipped=1; elif [ "$status" -ne 0 ]; then failed=1; fi
done
if [ "$failed" -ne 0 ]; then exit 1; fi
if [ "$skipped" -ne 0 ]; then exit 77; fi
