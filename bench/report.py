#!/usr/bin/env python3
"""Merges the CSVs of rtcg-bench and peers.py into one report.

    python3 bench/report.py OUT_DIR rtcg-cuda.csv rtcg-opencl-nvidia.csv peers.csv ...

Writes, into OUT_DIR:
  results.md     the tables as Markdown (also printed): per case, dtype and size, each system's
                 time and bandwidth (bytes moved / time), each rtcg system's time divided by each
                 peer's (below 1: rtcg is faster) and its bandwidth as a fraction of its own copy
                 bandwidth; launch and compile costs; where each target of issue 6 stands;
  results.csv    the same numbers, one row per case, dtype and size;
  bandwidth.png  bandwidth against size, one panel per case and dtype, one line per system
                 (when matplotlib is installed; otherwise it says so and skips the plots);
  ratios.png     at each case's largest size, each GPU rtcg system's time ÷ the fastest peer's,
                 one bar per system (where a peer was measured).

A case named CASE_tuned is rtcg's CASE with the plan the tuner chose (rtcg-bench's spmv_rmat_tuned):
its peers are CASE's, in the tables and the ratios plot.

Systems: rtcg-* are rtcg's backends, the others peers. An rtcg system whose name contains
"pocl" runs on the CPU, as do the peers numpy and scipy: CPU systems are compared with each
other only, GPU systems likewise.
"""
import csv
import os
import sys
from collections import defaultdict

STREAMING = ["lin_comb", "lin_comb_expr", "fused", "fused_expr", "sum", "dot"]
PERMUTED_COPIES = ["transpose", "permute3d"]
# Cases timed beside a twin that does the same on contiguous arrays (bench/src/nd_cases.cpp).
TWINS = {"strided_add": "contiguous_add"}
LARGE = 1 << 26  # "at 2^26+ elements" in the targets


def load(paths):
    """{(system, case, dtype, n): (time_ms, bytes, gbps)}, the systems in order of appearance."""
    rows, systems = {}, []
    for path in paths:
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                key = (r["system"], r["case"], r["dtype"], int(r["n"]))
                rows[key] = (float(r["time_ms"]), float(r["bytes"]), float(r["gbps"]))
                if r["system"] not in systems:
                    systems.append(r["system"])
    return rows, systems


def peer_case(case):
    """The case whose peers CASE is compared with: CASE_tuned's are CASE's."""
    return case[: -len("_tuned")] if case.endswith("_tuned") else case


def is_rtcg(system):
    return system.startswith("rtcg-")


CPU_PEERS = ["numpy", "scipy"]  # peers.py --peers=numpy,scipy


def on_gpu(system):
    return "pocl" not in system and system not in CPU_PEERS


def copy_dtype(dtype):
    """The copy whose element width matches: every 4-byte type against float32's copy, complex64
    against float64's."""
    return "float64" if dtype in ("float64", "complex64") else "float32"


def show_time(ms):
    if ms < 1:
        return f"{ms * 1e3:.2f} µs"
    return f"{ms:.3f} ms"


def show_n(n):
    return f"2^{n.bit_length() - 1}" if n & (n - 1) == 0 else str(n)


class Report:
    def __init__(self, rows, systems):
        self.rows, self.systems = rows, systems
        self.rtcg = [s for s in systems if is_rtcg(s)]
        self.peers = [s for s in systems if not is_rtcg(s)]
        self.compared = [(r, p) for r in self.rtcg for p in self.peers if on_gpu(r) == on_gpu(p)]
        keys = {(c, d, n) for (s, c, d, n), v in rows.items() if v[1] > 0}
        self.case_order = []
        for (s, c, d, n) in rows:
            if (c, d) not in self.case_order and (c, d, n) in keys:
                self.case_order.append((c, d))
        self.sized = sorted(keys, key=lambda k: (self.case_order.index((k[0], k[1])), k[2]))

    def get(self, system, case, dtype, n):
        return self.rows.get((system, case, dtype, n))

    def ratio(self, a, b, case, dtype, n):
        """Time of system a ÷ time of system b, or None where either is missing."""
        x = self.get(a, case, dtype, n)
        y = self.get(b, case if is_rtcg(b) else peer_case(case), dtype, n)
        return x[0] / y[0] if x and y and y[0] > 0 else None

    def copy_fraction(self, system, case, dtype, n):
        x, c = self.get(system, case, dtype, n), self.get(system, "copy", copy_dtype(dtype), n)
        return x[2] / c[2] if x and c and c[2] > 0 else None

    def bandwidth_table(self):
        head = ["case", "dtype", "n"] + [f"{s}" for s in self.systems]
        head += [f"{r} ÷ {p}" for r, p in self.compared] + [f"{r} % of copy" for r in self.rtcg]
        lines = [head]
        for case, dtype, n in self.sized:
            row = [case, dtype, show_n(n)]
            for s in self.systems:
                v = self.get(s, case, dtype, n)
                row.append(f"{show_time(v[0])}, {v[2]:.1f} GB/s" if v else "")
            for r, p in self.compared:
                q = self.ratio(r, p, case, dtype, n)
                row.append(f"{q:.2f}" if q is not None else "")
            for r in self.rtcg:
                f = self.copy_fraction(r, case, dtype, n) if case != "copy" else None
                row.append(f"{100 * f:.0f}%" if f is not None else "")
            lines.append(row)
        return lines

    def twin_table(self):
        """Each case of TWINS as a fraction of its contiguous twin's speed (twin's time ÷ its time)."""
        lines = [["case", "dtype", "n"] + self.systems]
        for case, dtype, n in self.sized:
            if case not in TWINS:
                continue
            row = [f"{case} (of {TWINS[case]})", dtype, show_n(n)]
            for s in self.systems:
                x, twin = self.get(s, case, dtype, n), self.get(s, TWINS[case], dtype, n)
                q = twin[0] / x[0] if x and twin and x[0] > 0 else None
                row.append(f"{100 * q:.0f}%" if q is not None else "")
            lines.append(row)
        return lines if len(lines) > 1 else []

    def fixed_cost_table(self):
        cases = []
        for (s, c, d, n), v in self.rows.items():
            if v[1] == 0 and c not in cases:
                cases.append(c)
        lines = [["case"] + self.rtcg]
        for c in cases:
            row = [c]
            for s in self.rtcg:
                v = self.get(s, c, "-", 1)
                row.append(show_time(v[0]) if v else "")
            lines.append(row)
        return lines if cases else []

    def worst(self, values):
        """(value, where) of the largest value, or None."""
        found = [(v, w) for v, w in values if v is not None]
        return max(found) if found else None

    def targets(self):
        out = []

        def verdict(ok):
            return "met" if ok else "NOT met"

        for r in [s for s in self.rtcg if on_gpu(s)]:
            fractions = [(self.copy_fraction(r, c, d, n), f"{c} {d} {show_n(n)}")
                         for c, d, n in self.sized if c in STREAMING and n >= LARGE]
            found = [(v, w) for v, w in fractions if v is not None]
            if found:
                v, w = min(found)
                out.append(f"- {r}: elementwise and reductions at 2^26+ reach at least {100 * v:.1f}% of the copy "
                           f"bandwidth (lowest: {w}); target 92%: {verdict(v >= 0.92)}")
            for p in self.peers:
                w = self.worst((self.ratio(r, p, c, d, n), f"{c} {d} {show_n(n)}")
                               for c, d, n in self.sized if c in STREAMING)
                if w:
                    out.append(f"- {r} vs {p}, elementwise and reductions: at most {w[0]:.2f}x {p}'s time "
                               f"(worst: {w[1]}); target no slower at any size: {verdict(w[0] <= 1.0)}")
                for case in ["cumsum", "sort"] + PERMUTED_COPIES:
                    w = self.worst((self.ratio(r, p, c, d, n), f"{c} {d} {show_n(n)}")
                                   for c, d, n in self.sized if c == case)
                    if w:
                        out.append(f"- {r} vs {p}, {case}: at most {w[0]:.2f}x {p}'s time (worst: {w[1]}); "
                                   f"target at least as fast: {verdict(w[0] <= 1.0)}")
            for case in PERMUTED_COPIES:
                fractions = [(self.copy_fraction(r, c, d, n), f"{c} {d} {show_n(n)}")
                             for c, d, n in self.sized if c == case and n >= LARGE]
                found = [(v, w) for v, w in fractions if v is not None]
                if found:
                    v, w = min(found)
                    out.append(f"- {r}: {case} at 2^26+ reaches at least {100 * v:.1f}% of the copy bandwidth "
                               f"(lowest: {w}); target 90%: {verdict(v >= 0.9)}")
            for raw_case, call in [("launch_raw_driver", "cuLaunchKernel"), ("launch_raw_opencl", "clEnqueueNDRangeKernel")]:
                prepared, raw = self.get(r, "launch_kernel", "-", 1), self.get(r, raw_case, "-", 1)
                if prepared and raw:
                    extra = (prepared[0] - raw[0]) * 1e3
                    out.append(f"- {r}: a prepared launch costs {extra:.2f} µs more host time than {call} "
                               f"({show_time(prepared[0])} vs {show_time(raw[0])}); target at most 0.5 µs: "
                               f"{verdict(extra <= 0.5)}")
            one_by_one, replay = self.get(r, "graph_one_by_one", "-", 1), self.get(r, "graph_replay", "-", 1)
            if one_by_one and replay:
                out.append(f"- {r}: 100 small kernels replayed as one graph take {replay[0] / one_by_one[0]:.2f}x the "
                           f"time of launching them one by one ({show_time(replay[0])} vs "
                           f"{show_time(one_by_one[0])} per kernel)")
            hit = self.get(r, "compile_disk_hit", "-", 1)
            if hit:
                out.append(f"- {r}: a disk-cache hit takes {show_time(hit[0])} per kernel; target at most 1 ms: "
                           f"{verdict(hit[0] <= 1.0)}")
        cuda = [s for s in self.rtcg if s == "rtcg-cuda"]
        opencl = [s for s in self.rtcg if s.startswith("rtcg-opencl") and on_gpu(s)]
        for o in opencl:
            for c in cuda:
                for label, least in [("all sizes", 0), ("2^26+", LARGE)]:
                    w = self.worst((self.ratio(o, c, cc, d, n), f"{cc} {d} {show_n(n)}")
                                   for cc, d, n in self.sized if n >= least and cc in ["copy"] + STREAMING)
                    if w:
                        out.append(f"- {o} vs {c}, bandwidth cases at {label}: at most {w[0]:.2f}x CUDA's time "
                                   f"(worst: {w[1]}); target within 10%: {verdict(w[0] <= 1.1)}")
        return out


def markdown(lines):
    if not lines:
        return ""
    text = ["| " + " | ".join(lines[0]) + " |", "|" + "---|" * len(lines[0])]
    text += ["| " + " | ".join(row) + " |" for row in lines[1:]]
    return "\n".join(text) + "\n"


def write_csv(path, report):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        head = ["case", "dtype", "n"]
        for s in report.systems:
            head += [f"{s} time_ms", f"{s} gbps"]
        head += [f"{r} / {p} time" for r, p in report.compared] + [f"{r} fraction of copy" for r in report.rtcg]
        w.writerow(head)
        for case, dtype, n in report.sized:
            row = [case, dtype, n]
            for s in report.systems:
                v = report.get(s, case, dtype, n)
                row += [f"{v[0]:.6g}", f"{v[2]:.4g}"] if v else ["", ""]
            for r, p in report.compared:
                q = report.ratio(r, p, case, dtype, n)
                row.append(f"{q:.4f}" if q is not None else "")
            for r in report.rtcg:
                fr = report.copy_fraction(r, case, dtype, n)
                row.append(f"{fr:.4f}" if fr is not None and case != "copy" else "")
            w.writerow(row)
        for case in [row[0] for row in report.fixed_cost_table()[1:]]:
            row = [case, "-", 1]
            for s in report.systems:
                v = report.get(s, case, "-", 1)
                row += [f"{v[0]:.6g}", ""] if v else ["", ""]
            w.writerow(row)


def plot(path, report):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot skipped: matplotlib is not installed")
        return
    panels = report.case_order
    columns = 4
    rows_count = -(-len(panels) // columns)
    figure, axes = plt.subplots(rows_count, columns, figsize=(4.2 * columns, 3.2 * rows_count), squeeze=False)
    # One colour per system in every panel, whichever systems a panel has.
    palette = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    colour = {s: palette[k % len(palette)] for k, s in enumerate(report.systems)}
    for axis, (case, dtype) in zip(axes.flat, panels):
        for s in report.systems:
            points = sorted((n, v[2]) for (sy, c, d, n), v in report.rows.items() if (sy, c, d) == (s, case, dtype))
            if points:
                axis.plot([p[0] for p in points], [p[1] for p in points], marker="o", markersize=3, label=s,
                          color=colour[s])
        axis.set_xscale("log", base=2)
        axis.set_yscale("log")  # from launch-bound kilobytes to terabytes per second
        axis.set_title(f"{case} {dtype}", fontsize=10)
        axis.set_xlabel("elements")
        axis.set_ylabel("GB/s")
        axis.grid(True, alpha=0.3)
    for axis in list(axes.flat)[len(panels):]:
        axis.set_visible(False)
    legend = {}
    for axis in axes.flat:
        for handle, label in zip(*axis.get_legend_handles_labels()):
            legend.setdefault(label, handle)
    figure.legend(list(legend.values()), list(legend.keys()), loc="upper center", ncol=max(len(legend), 1))
    figure.tight_layout(rect=(0, 0, 1, 0.95))
    figure.savefig(path, dpi=110)
    print(f"plot: {path}")


def plot_ratios(path, report):
    """Bars of each GPU rtcg system's time ÷ the fastest peer's, at each case's largest size."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    systems = [r for r in report.rtcg if on_gpu(r)]
    bars = []  # (label, {system: ratio})
    for case, dtype in report.case_order:
        n = max(k[2] for k in report.sized if (k[0], k[1]) == (case, dtype))
        peers = [report.get(p, peer_case(case), dtype, n) for p in report.peers if on_gpu(p)]
        best = min((v[0] for v in peers if v and v[0] > 0), default=None)
        ratios = {r: report.get(r, case, dtype, n)[0] / best for r in systems
                  if best and report.get(r, case, dtype, n)}
        if ratios:
            bars.append((f"{case} {dtype} {show_n(n)}", ratios))
    if not bars:
        return
    figure, axis = plt.subplots(figsize=(max(6.0, 2.0 + 0.3 * len(bars) * max(len(systems), 1)), 5.5))
    width = 0.8 / max(len(systems), 1)
    for k, r in enumerate(systems):
        xs = [i + k * width for i, (_, ratios) in enumerate(bars) if r in ratios]
        ys = [ratios[r] for _, ratios in bars if r in ratios]
        axis.bar(xs, ys, width, label=r)
    axis.axhline(1.0, color="black", linewidth=0.8)
    axis.set_xticks([i + 0.4 - width / 2 for i in range(len(bars))])
    axis.set_xticklabels([label for label, _ in bars], rotation=60, ha="right", fontsize=8)
    axis.set_ylabel("time ÷ fastest peer's")
    axis.set_title("rtcg's time over the fastest peer's (below 1: rtcg is faster)", fontsize=10)
    axis.grid(True, axis="y", alpha=0.3)
    axis.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    print(f"plot: {path}")


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    out_dir, paths = sys.argv[1], [p for p in sys.argv[2:] if os.path.getsize(p) > 0]
    rows, systems = load(paths)
    if not rows:
        print("report: no measurements in " + ", ".join(sys.argv[2:]), file=sys.stderr)
        return 1
    report = Report(rows, systems)
    sections = ["## Bandwidth cases\n",
                "Each cell: median time of one repetition, bytes moved ÷ time. "
                "Ratios are rtcg's time ÷ the peer's (below 1: rtcg is faster).\n",
                markdown(report.bandwidth_table())]
    twins = report.twin_table()
    if twins:
        sections += ["## Strided cases against their contiguous twins\n",
                     "Each cell: the contiguous twin's time ÷ the strided case's time, on the same system "
                     "(100%: the strided layout costs nothing).\n", markdown(twins)]
    fixed = report.fixed_cost_table()
    if fixed:
        sections += ["## Launch and compile costs (host time)\n", markdown(fixed)]
    targets = report.targets() or ["- no GPU system was measured: the targets are for GPUs"]
    sections += ["## Targets\n", "\n".join(targets) + "\n"]
    text = "\n".join(sections)
    print(text)
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "results.md"), "w") as f:
        f.write(text)
    write_csv(os.path.join(out_dir, "results.csv"), report)
    plot(os.path.join(out_dir, "bandwidth.png"), report)
    plot_ratios(os.path.join(out_dir, "ratios.png"), report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
