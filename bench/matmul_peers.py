#!/usr/bin/env python3
"""cuBLAS SGEMM in strict FP32 (TF32 off), through PyTorch and CuPy, on n x n x n cubes.

usage: matmul_peers.py 1024,2048,4096,8192
Prints CSV on stdout: peer,size,ms,gflops. Each time is the median of CUDA-event-timed runs
(at least 3, more while they add up to less than 200 ms). A peer that cannot be imported is
reported on stderr and left out.
"""
import os
import statistics
import sys

# CuPy reads this when it is imported: cuBLAS in FP32 math mode, no TF32 tensor cores.
os.environ["CUPY_TF32"] = "0"


def median_ms(run, new_event, synchronize):
    run()  # warm-up: cuBLAS handle creation and kernel selection are not the product's time
    synchronize()
    times = []
    while len(times) < 3 or (sum(times) < 200 and len(times) < 50):
        start, end = new_event(), new_event()
        start.record()
        run()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def torch_times(sizes):
    import torch

    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.set_float32_matmul_precision("highest")
    for n in sizes:
        a = torch.rand(n, n, device="cuda", dtype=torch.float32)
        b = torch.rand(n, n, device="cuda", dtype=torch.float32)
        c = torch.empty(n, n, device="cuda", dtype=torch.float32)
        ms = median_ms(lambda: torch.matmul(a, b, out=c),
                       lambda: torch.cuda.Event(enable_timing=True), torch.cuda.synchronize)
        yield "torch", n, ms
        del a, b, c
        torch.cuda.empty_cache()


def cupy_times(sizes):
    import cupy

    for n in sizes:
        a = cupy.random.random((n, n), dtype=cupy.float32)
        b = cupy.random.random((n, n), dtype=cupy.float32)
        c = cupy.empty((n, n), dtype=cupy.float32)

        class Event:
            def __init__(self):
                self.event = cupy.cuda.Event()

            def record(self):
                self.event.record()

            def synchronize(self):
                self.event.synchronize()

            def elapsed_time(self, end):
                return cupy.cuda.get_elapsed_time(self.event, end.event)

        ms = median_ms(lambda: cupy.matmul(a, b, out=c), Event, cupy.cuda.Device().synchronize)
        yield "cupy", n, ms
        del a, b, c
        cupy.get_default_memory_pool().free_all_blocks()


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sizes = [int(s) for s in sys.argv[1].split(",")]
    print("peer,size,ms,gflops", flush=True)
    for peer in (torch_times, cupy_times):
        try:
            for name, n, ms in peer(sizes):
                print(f"{name},{n},{ms:.4f},{2.0 * n ** 3 / (ms * 1e6):.1f}", flush=True)
        except ImportError as e:
            print(f"matmul_peers: {peer.__name__[:-6]} skipped: {e}", file=sys.stderr)


if __name__ == "__main__":
    main()
