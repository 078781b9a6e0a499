"""The peer of rtcg-distributed-bench's all_reduce_sum rows: torch.distributed's NCCL all-reduce
(sum of float32) at 8 bytes and from 64 MiB to the largest size, doubling, one process per GPU.

    torchrun --nproc_per_node=2 bench/torch_allreduce.py [max bytes, default 2^30] [repetitions, default 20]

Rank 0 prints CSV in rtcg-distributed-bench's columns (case,ranks,bytes,transport,seconds,
algorithm_GBps,bus_GBps), the case named torch_all_reduce_sum: the median over repetitions of the
slowest rank's time, each repetition started after a barrier and ended by a device synchronise.
"""
import os
import sys
import time

import torch
import torch.distributed as dist


def median_seconds(step, repetitions, device):
    step()
    torch.cuda.synchronize(device)
    times = []
    for _ in range(repetitions):
        dist.barrier()
        torch.cuda.synchronize(device)
        start = time.perf_counter()
        step()
        torch.cuda.synchronize(device)
        mine = torch.tensor([time.perf_counter() - start], dtype=torch.float64, device=device)
        dist.all_reduce(mine, op=dist.ReduceOp.MAX)
        times.append(mine.item())
    times.sort()
    return times[len(times) // 2]


def main():
    max_bytes = int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 30
    repetitions = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    os.environ.setdefault("NCCL_NVLS_ENABLE", "0")
    local = int(os.environ.get("LOCAL_RANK", "0"))
    device = torch.device("cuda", local)
    torch.cuda.set_device(device)
    dist.init_process_group("nccl", device_id=device)
    p = dist.get_world_size()
    if dist.get_rank() == 0:
        print("case,ranks,bytes,transport,seconds,algorithm_GBps,bus_GBps", flush=True)

    def row(nbytes, times):
        x = torch.ones(nbytes // 4, dtype=torch.float32, device=device)
        seconds = median_seconds(lambda: dist.all_reduce(x, op=dist.ReduceOp.SUM), times, device)
        if dist.get_rank() == 0:
            algorithm = nbytes / seconds / 1e9
            print(f"torch_all_reduce_sum,{p},{nbytes},nccl,{seconds:.9f},{algorithm:.3f},"
                  f"{algorithm * 2 * (p - 1) / p:.3f}", flush=True)

    row(8, max(repetitions, 200))
    nbytes = 64 << 20
    while nbytes <= max_bytes:
        row(nbytes, repetitions)
        nbytes *= 2
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
