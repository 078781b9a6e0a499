#pragma once
// The case groups, one function each; main.cpp runs those the options ask for.
#include "workload.hpp"

namespace rtcg::bench {

void run_copy(Workload& workload);          // device-to-device Queue::copy: the practical ceiling
void run_lin_comb(Workload& workload);      // z = a*x + b*y, ElementwiseKernel
void run_lin_comb_expr(Workload& workload); // the same as an array expression assigned to z
void run_fused(Workload& workload);         // sin, exp and sqrt in one ElementwiseKernel
void run_fused_expr(Workload& workload);    // the same as an array expression
void run_contiguous_add(Workload& workload); // z = x + y, an array expression (nd_cases.cpp)
void run_strided_add(Workload& workload);  // z = x[:, ::2] + y[newaxis, :]
void run_transpose(Workload& workload);    // ascontiguousarray(x.T) of a matrix
void run_permute3d(Workload& workload);    // a contiguous copy of a 3-D array transposed (2, 0, 1)
void run_cumsum_axis0(Workload& workload); // rtcg::cumsum of a matrix along axis 0
void run_cumsum_axis1(Workload& workload); // the same along axis 1
void run_sort_axis1(Workload& workload);   // rtcg::sort of each row of a matrix
void run_sum_axis0(Workload& workload);     // rtcg::sum of a matrix along axis 0 (axis_reduction_cases.cpp)
void run_sum_axis1(Workload& workload);     // the same along axis 1
void run_argmax_axis1(Workload& workload);  // rtcg::argmax along axis 1
void run_mean_axes02(Workload& workload);   // rtcg::mean of a 3-D array over axes 0 and 2
void run_take(Workload& workload);          // rtcg::take with random indices, wrapped (indexing_cases.cpp)
void run_take_raise(Workload& workload);    // the same, checked (mode raise)
void run_mask_select(Workload& workload);   // rtcg::extract: numpy's x[mask]
void run_concatenate(Workload& workload);   // rtcg::concatenate of two halves
void run_sum(Workload& workload);           // rtcg::sum
void run_dot(Workload& workload);           // ReductionKernel x[i]*y[i], a+b
void run_cumsum(Workload& workload);        // inclusive ScanKernel
void run_sort(Workload& workload);          // rtcg::sort of uint32 keys
void run_spmv_poisson3d(Workload& workload); // y = A x, 3-D 7-point Poisson (sparse_cases.cpp)
void run_spmv_poisson2d(Workload& workload); // y = A x with the 2-D 5-point Poisson matrix (sides 64 .. 4096)
void run_cg_poisson3d(Workload& workload);   // one conjugate-gradient iteration on it
void run_cg1_poisson3d(Workload& workload);  // the same, CgVariant::single_reduction
void run_stencil_poisson3d(Workload& workload); // y = A x through the matrix-free 7-point stencil
void run_cg_stencil3d(Workload& workload);      // one conjugate-gradient iteration on it
void run_bicgstab_poisson3d(Workload& workload); // one BiCGStab iteration, 7-point Poisson matrix
void run_gmres_poisson3d(Workload& workload);    // one GMRES(30) step on it
void run_spmv_rmat(Workload& workload);          // y = A x, an R-MAT power-law graph
void run_spmm_poisson3d(Workload& workload);     // Y = A X, 8 vectors, 3-D 7-point Poisson
void run_launch(Workload& workload);        // host cost and latency of launches
void run_graph_replay(Workload& workload);  // 100 small kernels: one by one against one Graph
void run_compile(Workload& workload);       // first build, disk-cache and in-process hits
void run_fft(Workload& workload);           // batched 1-D and 3-D FFTs, complex64 (fft_cases.cpp)
void run_rfft(Workload& workload);          // batched 1-D real FFTs, float32 (fft_cases.cpp)

// The child-process side of run_compile (--compile-probe=build|disk); returns the exit status.
int run_compile_probe(const Options& options);

} // namespace rtcg::bench
