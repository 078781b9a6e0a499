#!/usr/bin/env python3
"""Compares two runs of bench/run.sh case by case: rtcg's time after a change against its time
before, with the peers' own change between the two runs as the run-to-run spread.

    bench/compare.py BEFORE.csv AFTER.csv [--threshold 0.05]

Both files are report.py's results.csv (bench/results/*.csv). For every case, dtype and size
measured in both, and for each rtcg system, prints after / before of the median time, and the
same ratio for CuPy and PyTorch, whose code did not change: where rtcg's ratio lies outside the
peers' range by more than the threshold, the case moved. Sizes up to 2^20 are host-bound (launch
latency) and listed apart. Exit status 0; the table goes to standard output as Markdown.
"""
import argparse
import csv
import math
import sys

RTCG_SYSTEMS = ("rtcg-cuda", "rtcg-opencl-nvidia")
PEERS = ("cupy", "torch")
HOST_BOUND_MAX = 1 << 20


def read(path):
    with open(path, newline="") as f:
        return {(row["case"], row["dtype"], row["n"]): row for row in csv.DictReader(f)}


def time_of(row, system):
    text = row.get(f"{system} time_ms", "")
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) and value > 0 else None


def ratio(before, after, system):
    b, a = time_of(before, system), time_of(after, system)
    return a / b if a is not None and b is not None else None


def size_label(n):
    n = int(n)
    return f"2^{n.bit_length() - 1}" if n > 0 and n & (n - 1) == 0 else str(n)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--threshold", type=float, default=0.05,
                        help="how far outside the peers' range a ratio must lie to count as moved")
    options = parser.parse_args()
    before, after = read(options.before), read(options.after)

    print("| case | dtype | n | " + " | ".join(f"{s} after/before" for s in RTCG_SYSTEMS) +
          " | peers after/before | moved |")
    print("|---|---|---|" + "---|" * len(RTCG_SYSTEMS) + "---|---|")
    moved = []
    for key in (k for k in after if k in before):
        case, dtype, n = key
        if not n.isdigit():
            continue
        peer_ratios = [r for r in (ratio(before[key], after[key], p) for p in PEERS) if r is not None]
        low = min(peer_ratios, default=1.0)
        high = max(peer_ratios, default=1.0)
        cells, flags = [], []
        for system in RTCG_SYSTEMS:
            r = ratio(before[key], after[key], system)
            cells.append("" if r is None else f"{r:.3f}")
            if r is None:
                continue
            if r > high * (1 + options.threshold):
                flags.append(f"{system} slower")
            elif r < low * (1 - options.threshold):
                flags.append(f"{system} faster")
        host_bound = int(n) <= HOST_BOUND_MAX
        peers = f"{low:.3f}-{high:.3f}" if peer_ratios else ""
        verdict = ", ".join(flags) + (" (host-bound size)" if flags and host_bound else "")
        print(f"| {case} | {dtype} | {size_label(n)} | " + " | ".join(cells) + f" | {peers} | {verdict} |")
        if flags and not host_bound:
            moved.append(f"{case} {dtype} {size_label(n)}: {', '.join(flags)}")
    print()
    print("Moved beyond the peers' spread at sizes above 2^20: " + ("; ".join(moved) if moved else "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
