#pragma once
// The matrix multiply as a tuning problem: random inputs on the device, reference entries of C
// computed on the host in double precision, and the comparison the tuner runs on every variant.
#include "matmul_kernels.hpp"

#include <rtcg/rtcg.hpp>
#include <rtcg/tuning/tuner.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace matmul {

struct Matrices {
    Shape shape;
    std::vector<float> a, b; // host copies, for the reference
    rtcg::Buffer a_gpu, b_gpu, c_gpu;
};

// Entries uniform in [-1, 1).
std::shared_ptr<Matrices> random_matrices(const rtcg::Context& context, const Shape& shape, std::uint32_t seed);

struct ReferenceEntry {
    std::int32_t row = 0, col = 0;
    double value = 0;     // the exact product's entry, to double precision
    double tolerance = 0; // what float accumulation over k terms of these magnitudes may add
};

// Every entry of C for problems up to 2^26 multiply-adds; otherwise 1024 random entries plus the
// last row's and last column's, where edge guards go wrong.
std::vector<ReferenceEntry> reference_entries(const Matrices& matrices);

// nullopt when every reference entry of `c` (m x n, row-major) is within its tolerance; else the
// first wrong entry and how many are wrong.
std::optional<std::string> compare(const std::vector<float>& c, const Shape& shape,
                                   const std::vector<ReferenceEntry>& reference);

// The tiled kernel's tuning problem on `matrices`, checked against `reference`.
rtcg::tuning::TuningProblem tuning_problem(const rtcg::Context& context, std::shared_ptr<Matrices> matrices,
                                           std::shared_ptr<const std::vector<ReferenceEntry>> reference);

// The median time of `launch` in milliseconds, with device events: at least 3 runs, more while
// they add up to less than 200 ms, at most 50.
double median_ms(rtcg::Queue& queue, const std::function<void()>& launch);

} // namespace matmul
