#!/usr/bin/env python3
"""Work-item maps for an FFT pass that exchanges a row through local memory in parts (bench/NOTES.md,
session 57; not built yet): a power-of-two row of 2^LOG_R points held in the registers of 2^LOG_T
work-items, Stockham local passes of the given radices, local memory for 1 / 2^PART_BITS of the row.

Between a pass of radix P after ns points and the next, of radix P', point q of butterfly i goes to
(i / ns) ns P + i mod ns + q ns and point r of butterfly i' comes from i' + r R / P'. Each pass's
butterfly index is a permutation of the work-item's bits t (and, where a pass has more butterflies
than work-items, of its round's bits s). An exchange in 2^PART_BITS rounds holds every work-item's
points once if each work-item writes and reads in the same round: the part is PART_BITS bits of the
address on which the writer and the reader both have the same bit of t (never a q, r or s bit). The
search also asks:
  - the first pass reads and the last pass writes global memory in runs: t's low COALESCED bits on
    the butterfly's (and so the address's) low bits;
  - the part bits are bits of t from 5 up, so that whole warps of 32 take part in a round or not.
It draws random permutations under those conditions and prints the first that holds at every
boundary, and how many of the draws did.

    python3 bench/experiments/fft_exchange_parts.py [DRAWS]      (default 200000)
"""
import random
import sys

LOG_R = 14                 # 16384 points
LOG_RADICES = [4, 4, 4, 2]  # 16, 16, 16, 4
LOG_T = 10                 # 1024 work-items, 16 points each
PART_BITS = 2              # four parts of 4096 points (32 KiB of complex64)
COALESCED = 3              # runs of 8 points (64 bytes)
WARP_BITS = 5


def butterfly_bits(l):
    """The bits of pass l's butterfly index and of its rounds (butterflies beyond the work-items)."""
    bits = LOG_R - LOG_RADICES[l]
    return bits, bits - LOG_T


def written(l, m):
    """Address bit -> its source when pass l's butterfly m writes: ('q', k) is the point's own bit."""
    lp, lns = LOG_RADICES[l], sum(LOG_RADICES[:l])
    return [m[p] if p < lns else ('q', p - lns) if p < lns + lp else m[p - lp] for p in range(LOG_R)]


def read(l, m):
    """Address bit -> its source when pass l's butterfly m reads: ('r', k) is the point's own bit."""
    bits, _ = butterfly_bits(l)
    return [m[p] if p < bits else ('r', p - bits) for p in range(LOG_R)]


def part_positions(w, r):
    shared = [p for p in range(LOG_R) if w[p][0] == 't' and w[p] == r[p] and w[p][1] >= WARP_BITS]
    return shared[:PART_BITS] if len(shared) >= PART_BITS else None


def draw(l, low):
    _, rounds = butterfly_bits(l)
    rest = [('t', k) for k in range(LOG_T) if ('t', k) not in low] + [('s', k) for k in range(rounds)]
    random.shuffle(rest)
    return list(low) + rest


def main():
    draws = int(sys.argv[1]) if len(sys.argv) > 1 else 200000
    low = [('t', k) for k in range(COALESCED)]
    last = len(LOG_RADICES) - 1
    random.seed(1)
    found = 0
    for _ in range(draws):
        maps = [draw(l, low if l in (0, last) else []) for l in range(len(LOG_RADICES))]
        parts = [part_positions(written(l, maps[l]), read(l + 1, maps[l + 1])) for l in range(last)]
        if all(parts):
            found += 1
            if found == 1:
                for l, m in enumerate(maps):
                    print(f"pass {l}: butterfly bits <-", " ".join(f"{a}{b}" for a, b in m))
                print("part bits of the address at each boundary:", parts)
    print(f"{found} of {draws} draws hold at every boundary")


if __name__ == "__main__":
    main()
