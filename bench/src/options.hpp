#pragma once
// The bench's command line. Every option is `--name` or `--name=value`; README.md lists them.
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::bench {

// The case groups, in the order they run; --cases picks among these names.
inline constexpr std::string_view case_groups[] = {
    "copy",      "lin_comb", "lin_comb_expr", "fused",  "fused_expr", "contiguous_add", "strided_add",
    "transpose", "permute3d", "cumsum_axis0", "cumsum_axis1", "sort_axis1", "sum_axis0", "sum_axis1",
    "argmax_axis1", "mean_axes02", "take", "take_raise", "mask_select", "concatenate", "sum", "dot",
    "cumsum",    "sort",      "spmv_poisson3d", "spmv_poisson2d", "cg_poisson3d", "cg1_poisson3d", "stencil_poisson3d", "cg_stencil3d",
    "bicgstab_poisson3d", "gmres_poisson3d", "spmv_rmat", "spmm_poisson3d",
    "launch",    "graph_replay", "compile", "fft",  "rfft"};

struct Options {
    bool quick = false;               // small sizes, short timing budgets: smoke runs
    bool list = false;                // print the case groups, one a line, and run nothing
    std::vector<std::string> cases;   // case groups to run; empty: all
    int min_log2 = 10;                // sizes 2^min_log2 .. 2^max_log2 elements,
    int max_log2 = 28;                // every log2_step-th power of two
    int log2_step = 2;
    std::string csv_path;             // where the CSV goes; empty: standard output, after the table
    std::string system;               // the CSV's system column; empty: rtcg-<RTCG_BACKEND>
    // Policy overrides for the device, each "algorithm:field=value,...", applied before any case.
    std::vector<std::string> policies;
    bool fft_built_in = false; // the FFT cases' plans by the built-in rules instead of tuned
    // More complex lengths for the fft group (--fft-lengths), each a case fft_c2c_<length> after
    // the group's own; lengths the group has already are left out.
    std::vector<std::size_t> fft_lengths;
    // Internal: run as a compile-cost probe child (compile_cases.cpp) instead of the benchmark.
    std::string compile_probe;
    std::string probe_nonce;

    bool wants(std::string_view group) const;
    std::vector<std::size_t> sizes() const;
};

// Throws InvalidArgument naming the option for anything unknown or malformed.
Options parse_options(int argc, char** argv);

} // namespace rtcg::bench
