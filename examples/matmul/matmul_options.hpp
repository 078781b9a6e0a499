#pragma once
// The matmul example's command line:
//
//   matmul [M N K] [--budget N] [--retune] [--report FILE.csv] [--show] [--config TEXT]
//   matmul --bench 4096,8192,2048,1024 [--budget N] [--retune] [--config TEXT]
#include "matmul_kernels.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace matmul {

struct Options {
    Shape shape{512, 512, 512};
    std::optional<std::size_t> budget; // variants to try; default: the device's strategy
    bool retune = false;
    std::string report_path;           // CSV of the variants tried
    bool show = false;                 // print the tuned kernel's source
    std::string configuration;         // run this one ("tm=64,tn=64,..."), no tuning; empty: tune
    std::vector<std::int32_t> bench_sizes; // cubes to benchmark; empty: one run on `shape`
};

// Throws rtcg::InvalidArgument with the usage for anything it does not understand.
Options parse_options(int argc, char** argv);

} // namespace matmul
