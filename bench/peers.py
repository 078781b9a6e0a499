#!/usr/bin/env python3
"""The rtcg bench's cases through CuPy and PyTorch, on the same GPU and by the same rules.

Timing, rotation and sizes follow rtcg-bench (bench/src/timing.hpp, workload.hpp): each
repetition uses the next of several input sets that together exceed the L2 cache; after a
warm-up round and a timed calibration round, repetitions run back to back in batches between
CUDA events, and the time of one repetition is the median over batches. Writes the same CSV
columns as rtcg-bench: system,case,dtype,n,time_ms,bytes,gbps.

    python3 bench/peers.py [--quick] [--cases=lin_comb,sum] [--max-log2=28] [--csv=peers.csv]

A peer that is not installed is reported as skipped; exit status 77 when neither is.
"""
import argparse
import csv
import math
import os
import statistics
import sys
import traceback

# CuPy uses CUB for cupy.sum and cupy.cumsum only where this names it; make that the default,
# so that the comparison is with CUB (the strongest CuPy has), unless the caller chose.
os.environ.setdefault("CUPY_ACCELERATORS", "cub")

ROTATION_BYTES = 256 << 20  # as rtcg-bench: sets until one rotation streams past the L2
MAX_SETS = 32
USABLE_MEMORY_FRACTION = 0.7
CASES = ["copy", "lin_comb", "fused", "sum", "dot", "cumsum", "sort"]
ND_CASES = ["contiguous_add", "strided_add", "transpose", "permute3d",  # bench/src/nd_cases.cpp
            "cumsum_axis0", "cumsum_axis1", "sort_axis1"]
AXIS_CASES = ["sum_axis0", "sum_axis1", "argmax_axis1", "mean_axes02"]  # bench/src/axis_reduction_cases.cpp
INDEXING_CASES = ["take", "mask_select", "concatenate"]  # bench/src/indexing_cases.cpp
SPARSE_CASES = ["spmv_poisson3d", "spmv_poisson2d", "cg_poisson3d",  # bench/src/sparse_cases.cpp, CuPy only
                "stencil_poisson3d", "cg_stencil3d", "gmres_poisson3d", "spmm_poisson3d"]
RMAT_CASES = ["spmv_rmat"]  # bench/src/sparse_cases.cpp, CuPy only
# bench/src/fft_cases.cpp: batched 1-D transforms of one length each, and a cube's 3-D transform;
# --cases=fft names the complex ones and --cases=rfft the real ones, as they name rtcg-bench's groups.
FFT_LENGTHS = [1 << k for k in range(8, 25, 2)] + [14175, 52920]
FFT_R2C_LENGTHS = [1 << k for k in range(8, 25, 4)]
CASES += ND_CASES + AXIS_CASES + INDEXING_CASES + SPARSE_CASES + RMAT_CASES


def fft_lengths_with(extra):
    """The complex lengths: FFT_LENGTHS, then those of `extra` not among them (--fft-lengths)."""
    return FFT_LENGTHS + [length for length in dict.fromkeys(extra) if length not in FFT_LENGTHS]


def fft_groups(lengths):
    """The fft and rfft groups' cases for the complex `lengths`, as rtcg-bench names them."""
    return {"fft": [f"fft_c2c_{length}" for length in lengths] + ["fftn_cube"],
            "rfft": [f"fft_r2c_{length}" for length in FFT_R2C_LENGTHS]}
# rtcg-bench's other case groups have no peer here; --cases accepts them, so that one list can
# go to both programs.
RTCG_ONLY_CASES = ["lin_comb_expr", "fused_expr", "launch", "graph_replay", "compile"]


class Plan:
    def __init__(self, batch_ms, budget_ms, min_batches, max_batches):
        self.batch_ms, self.budget_ms = batch_ms, budget_ms
        self.min_batches, self.max_batches = min_batches, max_batches


STANDARD = Plan(2.0, 80.0, 7, 25)
QUICK = Plan(0.5, 10.0, 3, 5)


def rotation_sets(set_bytes):
    return max(1, min(MAX_SETS, -(-ROTATION_BYTES // max(set_bytes, 1))))


def median_device_ms(peer, repetition, warmup, plan):
    """rtcg-bench's median_device_ms: see bench/src/timing.hpp for why it is done this way."""
    warmup = max(warmup, 1)
    index = 0
    for _ in range(warmup):
        repetition(index)
        index += 1
    peer.synchronize()
    start = peer.record()
    for _ in range(warmup):
        repetition(index)
        index += 1
    end = peer.record()
    estimate = max(peer.elapsed_ms(start, end) / warmup, 1e-3)
    per_batch = int(min(max(math.ceil(plan.batch_ms / estimate), 1), 1e5))
    batches = int(min(max(math.floor(plan.budget_ms / (per_batch * estimate)), plan.min_batches), plan.max_batches))
    boundaries = [peer.record()]
    for _ in range(batches):
        for _ in range(per_batch):
            repetition(index)
            index += 1
        boundaries.append(peer.record())
    return statistics.median(peer.elapsed_ms(a, b) / per_batch for a, b in zip(boundaries, boundaries[1:]))


class CuPy:
    name = "cupy"

    def __init__(self):
        import cupy
        self.cp = cupy
        self.device_name = cupy.cuda.runtime.getDeviceProperties(cupy.cuda.Device().id)["name"].decode()
        self.version = f"CuPy {cupy.__version__}, CUPY_ACCELERATORS={os.environ['CUPY_ACCELERATORS']}"
        cp = cupy
        self.lin_comb_kernel = cp.ElementwiseKernel("T a, T x, T b, T y", "T z", "z = a * x + b * y",
                                                    "bench_lin_comb")
        self.fused_kernel = cp.ElementwiseKernel("T a, T x, T y", "T z",
                                                 "z = sin(x) * exp(-y) + a * sqrt(x * x + y * y)", "bench_fused")
        self.dot_kernel = cp.ReductionKernel("T x, T y", "T z", "x * y", "a + b", "z = a", "0", "bench_dot")

    def record(self):
        event = self.cp.cuda.Event()
        event.record()
        return event

    def elapsed_ms(self, start, end):
        end.synchronize()
        return self.cp.cuda.get_elapsed_time(start, end)

    def synchronize(self):
        self.cp.cuda.Device().synchronize()

    def free_memory(self):
        self.cp.get_default_memory_pool().free_all_blocks()
        return self.cp.cuda.runtime.memGetInfo()[0]

    def random(self, n, dtype, seed):
        cp = self.cp
        generator = cp.random.default_rng(seed)
        if dtype in ("float32", "float64"):
            return generator.random(n, dtype=dtype)
        bits = (generator.random(n, dtype=cp.float64) * 4294967296.0).astype(cp.uint32)
        return bits.view(cp.int32) if dtype == "int32" else bits

    def empty(self, n, dtype):
        return self.cp.empty(n, dtype=dtype)

    def scalar(self, value, dtype):
        return self.cp.dtype(dtype).type(value)

    def copy(self, x, z):
        z.data.copy_from_device_async(x.data, x.nbytes)

    def complex_random(self, n, seed):
        return (self.random(n, "float32", 2 * seed) + 1j * self.random(n, "float32", 2 * seed + 1)).astype(self.cp.complex64)

    def fft(self, x, axes):
        # cuFFT through cupy.fft, whose plan cache keeps the plan from one call to the next.
        return self.cp.fft.fftn(x, axes=axes) if len(axes) > 1 else self.cp.fft.fft(x, axis=axes[0])

    def rfft(self, x):
        return self.cp.fft.rfft(x, axis=-1)

    def lin_comb(self, a, x, b, y, z):
        self.lin_comb_kernel(a, x, b, y, z)

    def fused(self, a, x, y, z):
        self.fused_kernel(a, x, y, z)

    def sum(self, x):
        self.cp.sum(x)

    def dot(self, x, y):
        self.dot_kernel(x, y)

    def cumsum(self, x, y):
        self.cp.cumsum(x, dtype=x.dtype, out=y)

    def sort(self, keys):
        self.cp.sort(keys)

    def add(self, x, y, z):
        self.cp.add(x, y, out=z)

    def contiguous(self, x):
        self.cp.ascontiguousarray(x)

    def transposed(self, x, axes):
        return x.transpose(axes)

    def axis_reduction(self, x, name, axes):
        getattr(x, name)(axis=axes)

    def along_axis(self, x, name, axis):
        getattr(self.cp, name)(x, axis=axis)

    def indices(self, n, seed):
        return self.cp.random.default_rng(seed).integers(0, n, size=n, dtype=self.cp.int64)

    def take(self, x, indices):
        # cupy.take wraps out-of-range indices, as rtcg's "take" case does (IndexMode::wrap).
        self.cp.take(x, indices)

    def select(self, x, mask):
        x[mask]

    def concatenate(self, arrays):
        self.cp.concatenate(arrays)


class Torch:
    name = "torch"

    def __init__(self):
        import torch
        if not torch.cuda.is_available():
            raise ImportError("PyTorch has no CUDA device here")
        self.torch = torch
        self.device = torch.device("cuda")
        self.device_name = torch.cuda.get_device_name()
        self.version = f"PyTorch {torch.__version__}"

    def record(self):
        event = self.torch.cuda.Event(enable_timing=True)
        event.record()
        return event

    def elapsed_ms(self, start, end):
        end.synchronize()
        return start.elapsed_time(end)

    def synchronize(self):
        self.torch.cuda.synchronize()

    def free_memory(self):
        self.torch.cuda.empty_cache()
        return self.torch.cuda.mem_get_info()[0]

    def random(self, n, dtype, seed):
        torch = self.torch
        generator = torch.Generator(device=self.device).manual_seed(seed)
        if dtype in ("float32", "float64"):
            return torch.rand(n, dtype=getattr(torch, dtype), device=self.device, generator=generator)
        # PyTorch sorts no uint32 on CUDA: its "uint32" keys are int32 with the same random bits,
        # the same work for a radix sort of 32-bit keys.
        return torch.randint(-(1 << 31), 1 << 31, (n,), dtype=torch.int32, device=self.device, generator=generator)

    def empty(self, n, dtype):
        torch_dtype = self.torch.int32 if dtype == "uint32" else getattr(self.torch, dtype)
        return self.torch.empty(n, dtype=torch_dtype, device=self.device)

    def scalar(self, value, dtype):
        return float(value)

    def complex_random(self, n, seed):
        return self.torch.complex(self.random(n, "float32", 2 * seed), self.random(n, "float32", 2 * seed + 1))

    def fft(self, x, axes):
        return self.torch.fft.fftn(x, dim=axes) if len(axes) > 1 else self.torch.fft.fft(x, dim=axes[0])

    def rfft(self, x):
        return self.torch.fft.rfft(x, dim=-1)

    def copy(self, x, z):
        z.copy_(x)

    # Eager PyTorch runs one kernel per operation: this is what a PyTorch user writes.
    def lin_comb(self, a, x, b, y, z):
        self.torch.add(self.torch.mul(x, a), y, alpha=b, out=z)

    def fused(self, a, x, y, z):
        torch = self.torch
        torch.add(torch.sin(x) * torch.exp(-y), torch.sqrt(x * x + y * y), alpha=a, out=z)

    def sum(self, x):
        self.torch.sum(x)

    def dot(self, x, y):
        # torch.dot has no integer kernels on CUDA.
        if x.dtype.is_floating_point:
            self.torch.dot(x, y)
        else:
            self.torch.sum(x * y, dtype=x.dtype)

    def cumsum(self, x, y):
        self.torch.cumsum(x, 0, dtype=x.dtype, out=y)

    def sort(self, keys):
        self.torch.sort(keys)

    def add(self, x, y, z):
        self.torch.add(x, y, out=z)

    def contiguous(self, x):
        x.contiguous()

    def transposed(self, x, axes):
        return x.permute(*axes)

    def axis_reduction(self, x, name, axes):
        getattr(self.torch, name)(x, dim=axes)

    def along_axis(self, x, name, axis):
        getattr(self.torch, name)(x, dim=axis)

    def indices(self, n, seed):
        generator = self.torch.Generator(device=self.device).manual_seed(seed)
        return self.torch.randint(0, n, (n,), dtype=self.torch.int64, device=self.device, generator=generator)

    def take(self, x, indices):
        # torch.take checks the indices with a device-side assertion: no host synchronisation.
        self.torch.take(x, indices)

    def select(self, x, mask):
        self.torch.masked_select(x, mask)

    def concatenate(self, arrays):
        self.torch.cat(arrays)


class NumPy:
    """The FFT cases on the CPU through numpy.fft (pocketfft), to set rtcg on PoCL against the same
    CPU: host time, as numpy returns when it is done."""
    name = "numpy"

    def __init__(self):
        import time
        import numpy
        self.np, self.clock = numpy, time.perf_counter
        self.device_name = platform_processor()
        self.version = f"NumPy {numpy.__version__}"

    def record(self):
        return self.clock()

    def elapsed_ms(self, start, end):
        return (end - start) * 1e3

    def synchronize(self):
        pass

    def free_memory(self):
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")

    def random(self, n, dtype, seed):
        return self.np.random.default_rng(seed).random(n, dtype=dtype)

    def complex_random(self, n, seed):
        return (self.random(n, "float32", 2 * seed) + 1j * self.random(n, "float32", 2 * seed + 1)).astype(self.np.complex64)

    def fft(self, x, axes):
        return self.np.fft.fftn(x, axes=axes) if len(axes) > 1 else self.np.fft.fft(x, axis=axes[0])

    def rfft(self, x):
        return self.np.fft.rfft(x, axis=-1)

    def case_table(self, fft_lengths):
        """The FFT cases only: the others have no CPU peer here."""
        return fft_cases(self, fft_lengths)


def platform_processor():
    """The CPU's model name, as /proc/cpuinfo gives it, with the cores this process may use."""
    try:
        with open("/proc/cpuinfo") as info:
            model = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        model = "an unknown CPU"
    return f"{model} ({len(os.sched_getaffinity(0))} cores)"


def element_bytes(dtype):
    return 8 if dtype in ("float64", "complex64") else 4


def streaming(peer, operation, reads):
    """Cases reading `reads` arrays and writing one: prepare(n, dtype, sets) -> repetition."""
    def prepare(n, dtype, sets):
        data = [(peer.random(n, dtype, 2 * s + 1), peer.random(n, dtype, 2 * s + 2) if reads == 2 else None,
                 peer.empty(n, dtype)) for s in range(sets)]
        a, b = peer.scalar(2, dtype), peer.scalar(3, dtype)

        def repetition(index):
            x, y, z = data[index % sets]
            operation(a, b, x, y, z)
        return repetition
    return prepare


def matrix_shape(n):
    """rtcg-bench's shapes for n = 2^k elements (bench/src/nd_cases.cpp): 8192 x 8192 at 2^26."""
    k = n.bit_length() - 1
    columns = 1 << ((k + 1) // 2)
    return n // columns, columns


def cube_shape(n):
    """512 x 256 x 512 at 2^26."""
    k = n.bit_length() - 1
    first = (k + 2) // 3
    last = (k - first + 1) // 2
    return 1 << first, 1 << (k - first - last), 1 << last


def nd_cases(peer):
    """The n-dimensional cases in float32, n elements written: name -> case_table's tuple."""
    def contiguous_add(n, dtype, sets):
        data = [(peer.random(n, dtype, 2 * s + 1), peer.random(n, dtype, 2 * s + 2), peer.empty(n, dtype))
                for s in range(sets)]
        return lambda index: peer.add(*data[index % sets])

    def strided_add(n, dtype, sets):
        rows, columns = matrix_shape(n)
        data = [(peer.random(2 * n, dtype, 2 * s + 1).reshape(rows, 2 * columns)[:, ::2],
                 peer.random(columns, dtype, 2 * s + 2)[None, :], peer.empty(n, dtype).reshape(rows, columns))
                for s in range(sets)]
        return lambda index: peer.add(*data[index % sets])

    def permuted_copy(shape_of, axes):
        def prepare(n, dtype, sets):
            data = [peer.random(n, dtype, s + 1).reshape(shape_of(n)) for s in range(sets)]
            return lambda index: peer.contiguous(peer.transposed(data[index % sets], axes))
        return prepare

    def along_axis(name, axis):
        def prepare(n, dtype, sets):
            data = [peer.random(n, dtype, s + 1).reshape(matrix_shape(n)) for s in range(sets)]
            return lambda index: peer.along_axis(data[index % sets], name, axis)
        return prepare

    return {
        "contiguous_add": (["float32"], 3, 3, contiguous_add),
        # x holds 2n elements, of which n are read; y's one row is not counted.
        "strided_add": (["float32"], 3, 2, strided_add),
        "transpose": (["float32"], 1, 2, permuted_copy(matrix_shape, (1, 0))),
        "permute3d": (["float32"], 1, 2, permuted_copy(cube_shape, (2, 0, 1))),
        "cumsum_axis0": (["float32"], 1, 2, along_axis("cumsum", 0)),
        "cumsum_axis1": (["float32"], 1, 2, along_axis("cumsum", 1)),
        # Counted as the flat sort: the keys read and written once.
        "sort_axis1": (["float32"], 1, 2, along_axis("sort", 1)),
    }


def axis_cases(peer):
    """Reductions along axes in float32, n elements read: name -> case_table's tuple."""
    def reduction(shape_of, name, axes):
        def prepare(n, dtype, sets):
            data = [peer.random(n, dtype, s + 1).reshape(shape_of(n)) for s in range(sets)]
            return lambda index: peer.axis_reduction(data[index % sets], name, axes)
        return prepare

    return {
        "sum_axis0": (["float32"], 1, 1, reduction(matrix_shape, "sum", 0)),
        "sum_axis1": (["float32"], 1, 1, reduction(matrix_shape, "sum", 1)),
        "argmax_axis1": (["float32"], 1, 1, reduction(matrix_shape, "argmax", 1)),
        "mean_axes02": (["float32"], 1, 1, reduction(cube_shape, "mean", (0, 2))),
    }


def indexing_cases(peer):
    """Indexing and building float32 arrays of n elements: name -> case_table's tuple. The arrays
    moved count what each must read and write, in float32 elements (int64 indices count two, a bool
    mask a quarter, the half selected by the mask a half)."""
    def take(n, dtype, sets):
        data = [(peer.random(n, dtype, s + 1), peer.indices(n, 100 + s)) for s in range(sets)]
        return lambda index: peer.take(*data[index % sets])

    def mask_select(n, dtype, sets):
        data = [(peer.random(n, dtype, s + 1), peer.random(n, dtype, 1000 + s) < 0.5) for s in range(sets)]
        return lambda index: peer.select(*data[index % sets])

    def concatenate(n, dtype, sets):
        data = [(peer.random(n // 2, dtype, 2 * s + 1), peer.random(n - n // 2, dtype, 2 * s + 2)) for s in range(sets)]
        return lambda index: peer.concatenate(data[index % sets])

    return {
        "take": (["float32"], 3, 4, take),
        "mask_select": (["float32"], 2, 1.75, mask_select),
        "concatenate": (["float32"], 1, 2, concatenate),
    }


def fft_cases(peer, lengths):
    """complex64 FFTs of n elements, read and written once, the complex ones of `lengths`: name ->
    case_table's tuple. Sizes below a case's length are skipped (fft_length)."""
    def transform(shape_of, axes):
        def prepare(n, dtype, sets):
            # Whole transforms only: a length that does not divide n leaves the rest out.
            shape = shape_of(n)
            data = [peer.complex_random(math.prod(shape), s + 1).reshape(shape) for s in range(sets)]
            return lambda index: peer.fft(data[index % sets], axes)
        return prepare

    cases = {f"fft_c2c_{length}": (["complex64"], 2, 2, transform(lambda n, m=length: (n // m, m), (-1,)))
             for length in lengths}
    cases["fftn_cube"] = (["complex64"], 2, 2, transform(cube_shape, (0, 1, 2)))

    def real_transform(length):
        def prepare(n, dtype, sets):
            data = [peer.random(n // length * length, "float32", s + 1).reshape(n // length, length) for s in range(sets)]
            return lambda index: peer.rfft(data[index % sets])
        return prepare

    # float32 rows: n floats read, about as many bytes of half spectrum written.
    for length in FFT_R2C_LENGTHS:
        cases[f"fft_r2c_{length}"] = (["float32"], 1, 2, real_transform(length))
    return cases


def fft_length(name):
    """The transform length of an fft_c2c or fft_r2c case (its smallest n), else 0."""
    return int(name.rsplit("_", 1)[1]) if name.startswith(("fft_c2c_", "fft_r2c_")) else 0


def case_table(peer, fft_lengths):
    """name -> (dtypes, arrays per set, arrays moved per repetition, prepare), the complex FFTs of
    `fft_lengths`."""
    def reduction(operation, reads):
        def prepare(n, dtype, sets):
            data = [[peer.random(n, dtype, reads * s + k + 1) for k in range(reads)] for s in range(sets)]
            return lambda index: operation(*data[index % sets])
        return prepare

    def scan(n, dtype, sets):
        data = [(peer.random(n, dtype, s + 1), peer.empty(n, dtype)) for s in range(sets)]
        return lambda index: peer.cumsum(*data[index % sets])

    return {
        "copy": (["float32", "float64"], 2, 2, streaming(peer, lambda a, b, x, y, z: peer.copy(x, z), 1)),
        "lin_comb": (["float32", "float64"], 3, 3, streaming(peer, lambda a, b, x, y, z: peer.lin_comb(a, x, b, y, z), 2)),
        "fused": (["float32", "float64"], 3, 3, streaming(peer, lambda a, b, x, y, z: peer.fused(a, x, y, z), 2)),
        "sum": (["float32", "float64", "int32"], 1, 1, reduction(peer.sum, 1)),
        "dot": (["float32", "float64", "int32"], 2, 2, reduction(peer.dot, 2)),
        "cumsum": (["int32", "float32"], 2, 2, scan),
        # The sort allocates its result and scratch; rtcg-bench counts the same two key arrays.
        "sort": (["uint32"], 1, 2, reduction(peer.sort, 1)),
        **nd_cases(peer),
        **axis_cases(peer),
        **indexing_cases(peer),
        **fft_cases(peer, fft_lengths),
    }


def sizes(args):
    return [1 << k for k in range(args.min_log2, args.max_log2 + 1, args.log2_step)]


def grid_sides(args):
    """rtcg-bench's grids (bench/src/sparse_cases.cpp): the sides whose cube is within the sizes."""
    return [s for s in (16, 32, 64, 128, 256) if 2 ** args.min_log2 <= s ** 3 <= 2 ** args.max_log2]


def poisson_3d(sparse, side, dtype):
    """The 7-point Laplacian of an side^3 grid, rtcg's poisson_3d: 6 on the diagonal, -1 per neighbour."""
    line = sparse.diags([-1, 2, -1], [-1, 0, 1], shape=(side, side), format="csr", dtype=dtype)
    one = sparse.identity(side, format="csr", dtype=dtype)
    return (sparse.kron(sparse.kron(line, one), one) + sparse.kron(sparse.kron(one, line), one)
            + sparse.kron(sparse.kron(one, one), line)).tocsr()


def poisson_2d(sparse, side, dtype):
    """The 5-point Laplacian of an side^2 grid, rtcg's poisson_2d: 4 on the diagonal, -1 per neighbour."""
    line = sparse.diags([-1, 2, -1], [-1, 0, 1], shape=(side, side), format="csr", dtype=dtype)
    one = sparse.identity(side, format="csr", dtype=dtype)
    return (sparse.kron(line, one) + sparse.kron(one, line)).tocsr()


def stencil_matvec(cp, side):
    """The 7-point Laplacian of an side^3 grid without a matrix, in CuPy's array operations."""
    def matvec(v):
        u = v.reshape(side, side, side)
        y = 6 * u
        y[1:] -= u[:-1]
        y[:-1] -= u[1:]
        y[:, 1:] -= u[:, :-1]
        y[:, :-1] -= u[:, 1:]
        y[:, :, 1:] -= u[:, :, :-1]
        y[:, :, :-1] -= u[:, :, 1:]
        return y.ravel()
    return matvec


def rmat(cp, sparse, scale, edge_factor, dtype):
    """An R-MAT graph as rtcg::rmat draws it (quadrant probabilities 0.57, 0.19, 0.19, 0.05, duplicate
    edges summed), from CuPy's generator: the same distribution, not the same edges."""
    edges = (1 << scale) * edge_factor
    rows = cp.zeros(edges, dtype=cp.int64)
    cols = cp.zeros(edges, dtype=cp.int64)
    random = cp.random.default_rng(1)
    for _ in range(scale):
        p = random.random(edges)
        down = p >= 0.57 + 0.19
        right = ((p >= 0.57) & (p < 0.57 + 0.19)) | (p >= 0.57 + 0.19 + 0.19)
        rows = 2 * rows + down
        cols = 2 * cols + right
    ones = cp.ones(edges, dtype=dtype)
    n = 1 << scale
    return sparse.coo_matrix((ones, (rows.astype(cp.int32), cols.astype(cp.int32))), shape=(n, n)).tocsr()


def run_rmat_cases(peer, args, plan, write):
    """spmv_rmat through cupyx.scipy.sparse (cuSPARSE), as rtcg-bench times it."""
    cp = peer.cp
    import cupyx.scipy.sparse as sparse
    failures = 0
    for scale in (14, 18, 22):
        if not args.min_log2 <= scale <= args.max_log2:
            continue
        for dtype in ("float32", "float64"):
            try:
                a = rmat(cp, sparse, scale, 16, dtype)
                a.sum_duplicates()
                rows = a.shape[0]
                x = cp.ones(rows, dtype=dtype)
                y = a @ x
                if not bool(cp.all(y == cp.asarray(a.sum(axis=1)).ravel())):
                    raise RuntimeError("A @ ones differs from the row sums")
                width = element_bytes(dtype)
                moved = a.nnz * (width + 4) + (rows + 1) * 4 + 2 * rows * width

                def repetition(index):
                    a @ x
                write(peer.name, "spmv_rmat", dtype, rows, median_device_ms(peer, repetition, 1, plan), moved)
            except Exception:  # one broken case must not cost the others' numbers
                failures += 1
                print(f"failed: {peer.name} spmv_rmat {dtype} scale={scale}:\n{traceback.format_exc()}", file=sys.stderr)
            peer.free_memory()
    return failures


def run_sparse_cases(peer, args, plan, write):
    """spmv_poisson3d, cg_poisson3d and gmres_poisson3d through cupyx.scipy.sparse (cuSPARSE), stencil_poisson3d and
    cg_stencil3d through CuPy's array operations, as rtcg-bench times them."""
    import time
    cp = peer.cp
    import cupyx.scipy.sparse as sparse
    import cupyx.scipy.sparse.linalg as linalg
    failures = 0

    def solve_ms(solver, operator, b, iterations, **options):
        """The median of 3 solves' wall times, each synchronised, with tolerance 0 (none stops early)."""
        times = []
        for _ in range(3):
            cp.cuda.Device().synchronize()
            start = time.perf_counter()
            solver(operator, b, x0=cp.zeros_like(b), rtol=0, atol=0, maxiter=iterations, **options)
            cp.cuda.Device().synchronize()
            times.append((time.perf_counter() - start) * 1e3)
        return statistics.median(times)
    def spmv_case(name, a, dtype):
        """y = A x timed as rtcg-bench's spmv cases, x all ones, checked against the row sums."""
        rows = a.shape[0]
        x = cp.ones(rows, dtype=dtype)
        y = a @ x
        expected = cp.asarray(a.sum(axis=1)).ravel()
        if not bool(cp.all(y == expected)):
            raise RuntimeError("A @ ones differs from the row sums")
        width = element_bytes(dtype)
        moved = a.nnz * (width + 4) + (rows + 1) * 4 + 2 * rows * width

        def repetition(index):
            a @ x
        write(peer.name, name, dtype, rows, median_device_ms(peer, repetition, 1, plan), moved)
    if not args.cases or "spmv_poisson2d" in args.cases:
        for side in (s for s in (64, 256, 1024, 4096) if 2 ** args.min_log2 <= s * s <= 2 ** args.max_log2):
            for dtype in ("float32", "float64"):
                try:
                    spmv_case("spmv_poisson2d", poisson_2d(sparse, side, dtype), dtype)
                except Exception:  # one broken case must not cost the others' numbers
                    failures += 1
                    print(f"failed: {peer.name} spmv_poisson2d {dtype} side={side}:\n{traceback.format_exc()}",
                          file=sys.stderr)
                peer.free_memory()
    for side in grid_sides(args):
        for dtype in ("float32", "float64"):
            rows = side ** 3
            try:
                a = poisson_3d(sparse, side, dtype)
                if not args.cases or "spmv_poisson3d" in args.cases:
                    spmv_case("spmv_poisson3d", a, dtype)
                if not args.cases or "cg_poisson3d" in args.cases:
                    b = cp.ones(rows, dtype=dtype)
                    few, many = (2, 12) if args.quick else (10, 110)

                    few_ms, many_ms = solve_ms(linalg.cg, a, b, few), solve_ms(linalg.cg, a, b, many)
                    write(peer.name, "cg_poisson3d", dtype, rows, max(many_ms - few_ms, 0) / (many - few), 0)
                if not args.cases or "spmm_poisson3d" in args.cases:
                    k = 8
                    block = cp.ones((rows, k), dtype=dtype)
                    if not bool(cp.all(a @ block == cp.asarray(a.sum(axis=1)).reshape(rows, 1))):
                        raise RuntimeError("A @ ones differs from the row sums")
                    width = element_bytes(dtype)
                    moved = a.nnz * (width + 4) + (rows + 1) * 4 + 2 * k * rows * width

                    def repetition(index):
                        a @ block
                    write(peer.name, "spmm_poisson3d", dtype, rows, median_device_ms(peer, repetition, 1, plan), moved)
                if not args.cases or "gmres_poisson3d" in args.cases:
                    b = cp.ones(rows, dtype=dtype)
                    few, many = 30, (60 if args.quick else 120)  # whole cycles of restart=30
                    few_ms, many_ms = (solve_ms(linalg.gmres, a, b, few, restart=30),
                                       solve_ms(linalg.gmres, a, b, many, restart=30))
                    write(peer.name, "gmres_poisson3d", dtype, rows, max(many_ms - few_ms, 0) / (many - few), 0)
                # Matrix-free: CuPy's array operations as the stencil, and its cg on a LinearOperator.
                matvec = stencil_matvec(cp, side)
                if not args.cases or "stencil_poisson3d" in args.cases:
                    x = cp.ones(rows, dtype=dtype)
                    if not bool(cp.all(matvec(x) == a @ x)):
                        raise RuntimeError("the stencil differs from the matrix")

                    def repetition(index):
                        matvec(x)
                    write(peer.name, "stencil_poisson3d", dtype, rows, median_device_ms(peer, repetition, 1, plan),
                          2 * rows * element_bytes(dtype))
                if not args.cases or "cg_stencil3d" in args.cases:
                    b = cp.ones(rows, dtype=dtype)
                    few, many = (2, 12) if args.quick else (10, 110)
                    operator = linalg.LinearOperator((rows, rows), matvec=matvec, dtype=dtype)
                    few_ms, many_ms = solve_ms(linalg.cg, operator, b, few), solve_ms(linalg.cg, operator, b, many)
                    write(peer.name, "cg_stencil3d", dtype, rows, max(many_ms - few_ms, 0) / (many - few), 0)
            except Exception:  # one broken case must not cost the others' numbers
                failures += 1
                print(f"failed: {peer.name} sparse {dtype} side={side}:\n{traceback.format_exc()}", file=sys.stderr)
            peer.free_memory()
    return failures


def run_scipy_cases(args, write):
    """spmv_poisson3d and cg_poisson3d through scipy.sparse on the CPU (the issue's CPU peer): wall
    times, the product's the median of repeats, CG's by the same difference of two solves."""
    import time
    import numpy
    import scipy.sparse as sparse
    import scipy.sparse.linalg as linalg
    failures = 0
    for side in grid_sides(args):
        for dtype in ("float32", "float64"):
            rows = side ** 3
            try:
                a = poisson_3d(sparse, side, dtype)
                if not args.cases or "spmv_poisson3d" in args.cases:
                    x = numpy.ones(rows, dtype=dtype)
                    if not numpy.array_equal(a @ x, numpy.asarray(a.sum(axis=1)).ravel()):
                        raise RuntimeError("A @ ones differs from the row sums")
                    times = []
                    for _ in range(3 if args.quick else 11):
                        start = time.perf_counter()
                        a @ x
                        times.append((time.perf_counter() - start) * 1e3)
                    width = element_bytes(dtype)
                    moved = a.nnz * (width + 4) + (rows + 1) * 4 + 2 * rows * width
                    write("scipy", "spmv_poisson3d", dtype, rows, statistics.median(times), moved)
                if not args.cases or "cg_poisson3d" in args.cases:
                    b = numpy.ones(rows, dtype=dtype)
                    few, many = (2, 12) if args.quick else (10, 60)

                    def solve_ms(iterations):
                        times = []
                        for _ in range(3):
                            start = time.perf_counter()
                            linalg.cg(a, b, x0=numpy.zeros_like(b), rtol=0, atol=0, maxiter=iterations)
                            times.append((time.perf_counter() - start) * 1e3)
                        return statistics.median(times)
                    few_ms, many_ms = solve_ms(few), solve_ms(many)
                    write("scipy", "cg_poisson3d", dtype, rows, max(many_ms - few_ms, 0) / (many - few), 0)
            except Exception:  # one broken case must not cost the others' numbers
                failures += 1
                print(f"failed: scipy sparse {dtype} side={side}:\n{traceback.format_exc()}", file=sys.stderr)
    return failures


def run_peer(peer, args, plan, write):
    print(f"{peer.name}: {peer.version} on {peer.device_name}", flush=True)
    failures = 0
    if peer.name == "cupy" and (not args.cases or set(args.cases) & set(SPARSE_CASES)):
        failures += run_sparse_cases(peer, args, plan, write)
    if peer.name == "cupy" and (not args.cases or "spmv_rmat" in args.cases):
        failures += run_rmat_cases(peer, args, plan, write)
    table = peer.case_table(args.fft_lengths) if hasattr(peer, "case_table") else case_table(peer, args.fft_lengths)
    groups = fft_groups(args.fft_lengths)
    for name, (dtypes, set_arrays, moved_arrays, prepare) in table.items():
        grouped = any(name in groups[group] for group in args.cases if group in groups)
        if args.cases and name not in args.cases and not grouped:
            continue
        for dtype in dtypes:
            try:
                for n in sizes(args):
                    if n < fft_length(name):
                        continue
                    width = element_bytes(dtype)
                    sets = rotation_sets(n * width * set_arrays)
                    needed = (sets * set_arrays + 2) * n * width
                    if needed > USABLE_MEMORY_FRACTION * peer.free_memory():
                        print(f"skipped: {peer.name} {name} {dtype} n={n}: needs {needed >> 20} MiB", file=sys.stderr)
                        continue
                    repetition = prepare(n, dtype, sets)
                    time_ms = median_device_ms(peer, repetition, sets, plan)
                    del repetition
                    write(peer.name, name, dtype, n, time_ms, moved_arrays * n * width)
            except Exception:  # one broken case must not cost the others' numbers
                failures += 1
                print(f"failed: {peer.name} {name} {dtype}:\n{traceback.format_exc()}", file=sys.stderr)
            peer.free_memory()
    return failures


def fft_lengths_argument(text):
    """--fft-lengths's value: lengths from 1 to 2^40, as rtcg-bench takes them."""
    try:
        lengths = [int(item) for item in text.split(",")]
    except ValueError:
        lengths = []
    if not lengths or any(length < 1 or length > 1 << 40 for length in lengths):
        raise argparse.ArgumentTypeError(f"expected lengths from 1 to 2^40, got '{text}'")
    return lengths


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small sizes, short timing budgets")
    known = fft_groups(FFT_LENGTHS)
    parser.add_argument("--cases", type=lambda text: text.split(","), default=[],
                        help="comma-separated: " + ",".join(CASES + known["fft"] + known["rfft"] + list(known)) +
                        " (default: all; rtcg-only ones are ignored)")
    parser.add_argument("--min-log2", type=int, default=10)
    parser.add_argument("--max-log2", type=int, default=None, help="default 28, or 16 with --quick")
    parser.add_argument("--log2-step", type=int, default=2)
    parser.add_argument("--csv", default=None, help="CSV file (default: standard output, after the table)")
    parser.add_argument("--peers", type=lambda text: text.split(","), default=["cupy", "torch"],
                        help="comma-separated: cupy, torch, numpy (the FFT cases on the CPU), scipy (the sparse cases on the CPU)")
    parser.add_argument("--fft-lengths", type=fft_lengths_argument, default=[],
                        help="comma-separated complex lengths the fft group adds, each a case fft_c2c_<length>")
    args = parser.parse_args()
    args.fft_lengths = fft_lengths_with(args.fft_lengths)
    groups = fft_groups(args.fft_lengths)
    cases = CASES + groups["fft"] + groups["rfft"] + list(groups) + RTCG_ONLY_CASES
    unknown = [c for c in args.cases if c not in cases]
    if unknown:
        parser.error(f"unknown cases {unknown}; the cases are {cases}")
    if args.max_log2 is None:
        args.max_log2 = 16 if args.quick else 28
    if args.log2_step < 1 or args.min_log2 > args.max_log2:
        parser.error("need --log2-step >= 1 and --min-log2 <= --max-log2")
    return args


def main():
    args = parse_arguments()
    plan = QUICK if args.quick else STANDARD
    rows = []
    header = ["system", "case", "dtype", "n", "time_ms", "bytes", "gbps"]
    csv_file = open(args.csv, "w", newline="") if args.csv else None
    writer = csv.writer(csv_file) if csv_file else None
    if writer:
        writer.writerow(header)

    def write(system, name, dtype, n, time_ms, moved):
        gbps = moved / (time_ms * 1e6) if time_ms > 0 else 0
        row = [system, name, dtype, n, f"{time_ms:.6g}", f"{moved:.0f}", f"{gbps:.4g}"]
        shown = f"{time_ms * 1e3:.3f} us" if time_ms < 1 else f"{time_ms:.3f} ms"
        print(f"{system:<7} {name:<10} {dtype:<8} {n:>11} {shown:>14} {gbps:>10.1f}", flush=True)
        if writer:
            writer.writerow(row)
            csv_file.flush()  # a run cut short keeps what it measured
        else:
            rows.append(row)

    classes = {"cupy": CuPy, "torch": Torch, "numpy": NumPy}
    ran = failures = 0
    if "scipy" in args.peers:
        try:
            import scipy  # noqa: F401  (the CPU peer of the sparse cases; skipped when absent)
        except ImportError as error:
            print(f"skipped: scipy: {error}", flush=True)
        else:
            ran += 1
            failures += run_scipy_cases(args, write)
    for name in (peer for peer in args.peers if peer != "scipy"):
        if name not in classes:
            print(f"skipped: unknown peer {name} (cupy, torch, numpy, scipy)", file=sys.stderr)
            continue
        try:
            peer = classes[name]()
        except Exception as error:  # not installed, no GPU, broken installation: all mean skip
            print(f"skipped: {name}: {type(error).__name__}: {error}", flush=True)
            continue
        ran += 1
        failures += run_peer(peer, args, plan, write)
        peer.free_memory()
        del peer

    if csv_file:
        csv_file.close()
    elif rows:
        print(",".join(header))
        for row in rows:
            print(",".join(str(v) for v in row))
    if ran == 0:
        return 77
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
