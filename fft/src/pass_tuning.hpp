#pragma once
// The kernel of a one-pass transform (one that fits a work-group's local memory), chosen as
// rtcg::fft::Tuning says: the built-in rules, the tuning database's entry for the device, length,
// precision and layout, or every candidate PassChoice timed on the device by rtcg::tuning, the
// fastest correct one stored. Likewise the layout of a longer transform's passes (PassLayout),
// which AxisPlan times itself: its candidates are whole plans of several kernels.
#include "pass_source.hpp"

#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/device_info.hpp>
#include <rtcg/fft/plan.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace rtcg::detail::fft {

// The points to time tuning candidates on: on a GPU about 2^25, whose arrays no cache holds, as in
// a large transform, each array of them within 1 / `denominator` of the device's memory; 2^16 on a
// CPU device, where tuning would take minutes otherwise.
inline std::size_t tuning_point_count(const DeviceInfo& device, std::size_t element_bytes, std::size_t denominator) {
    if (device.type == DeviceType::cpu) return std::size_t{1} << 16;
    return static_cast<std::size_t>(
        std::min<std::uint64_t>(std::uint64_t{1} << 25, device.global_memory_bytes / denominator / element_bytes));
}

// `count` points that no transform maps alike by accident: the input candidates are timed and
// compared on.
template <class Real>
std::vector<std::complex<Real>> tuning_points(std::size_t count) {
    std::vector<std::complex<Real>> values(count);
    for (std::size_t i = 0; i < count; ++i)
        values[i] = {static_cast<Real>(std::sin(0.37 * static_cast<double>(i))),
                     static_cast<Real>(std::cos(1.13 * static_cast<double>(i)))};
    return values;
}

// What is wrong with a candidate's transforms of `points` points, `actual`, against the
// reference's, `expected`: their relative L2 distance where it exceeds the rounding by which two
// correct FFTs differ (a few epsilons times log2 of the length); nullopt within it.
template <class Real>
std::optional<std::string> mismatch(const std::vector<std::complex<Real>>& actual,
                                    const std::vector<std::complex<Real>>& expected, std::size_t points) {
    long double difference = 0, norm = 0;
    for (std::size_t i = 0; i < expected.size(); ++i) {
        difference += std::norm(std::complex<long double>(actual[i]) - std::complex<long double>(expected[i]));
        norm += std::norm(std::complex<long double>(expected[i]));
    }
    const long double bound = 16 * std::numeric_limits<Real>::epsilon() *
                              (std::log2(static_cast<long double>(points)) + 1);
    const long double relative = norm > 0 ? std::sqrt(difference / norm) : std::sqrt(difference);
    if (relative <= bound) return std::nullopt;
    return "relative L2 distance " + std::to_string(static_cast<double>(relative)) + " from the reference's result";
}

// The choice for sub-transforms of all `points` points of a transform of `real` elements' complex
// type, at least `min_group` per work-group, with the layout's odd radices (`wide_odd`, which the
// choice keeps); `contiguous` as for built_in_choice; `real_step`: the real step the kernel fuses
// (a RealPlan's half transform in one pass, its rows contiguous), whose kernels are timed with it
// and kept apart. The database keeps a choice per work-item limit, odd radices and pieces
// (PassLimits). An entry that no longer parses or fits is passed over (tuned again with
// Tuning::tune).
PassChoice one_pass_choice(const Context& context, std::size_t points, const codegen::DType& real,
                           const PassLimits& limits, std::size_t min_group, bool contiguous, bool wide_odd,
                           RealStep real_step, rtcg::fft::Tuning tuning);

// The layouts a multi-pass plan may be timed with (PassLayout): groups of 32, 64, 128 KiB of local
// memory or all the device has, the larger ones with up to 512 or 1024 work-items (a group that
// fills its multiprocessor alone needs them to overlap its barriers), all of it also with 384
// (more registers each), each with either pass order, with or without radix-16 local passes, with
// odd radices up to 15 or 27, in 1, 2 or 4 pieces (those above 1 serve only a transform of one
// pass that whole points would not fit), and in `dialect` OpenCL with int or 64-bit twiddle indices
// (CUDA's: int). The plan drops those its device cannot take and those that make the same passes.
std::vector<PassLayout> layout_candidates(codegen::Dialect dialect);

// The layout as the tuning database writes it ("local_kib=32,threads=256,...").
std::string layout_text(const PassLayout& layout);

// The layout of a transform of n points longer than one pass that the tuning database holds for
// the device, precision, layout of the axis (`contiguous`: the last axis) and the real step its
// passes fuse, which moves points otherwise and so may be fastest in another layout; nullopt where
// there is no usable entry, or no database.
std::optional<PassLayout> stored_layout(const Context& context, std::size_t n, const codegen::DType& real,
                                        bool contiguous, RealStep real_step);

// Stores that layout, measured at `time_ms` per execution, where there is a database.
void store_layout(const Context& context, std::size_t n, const codegen::DType& real, bool contiguous,
                  RealStep real_step, const PassLayout& layout, double time_ms);

} // namespace rtcg::detail::fft
