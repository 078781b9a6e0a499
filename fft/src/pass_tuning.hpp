#pragma once
// The kernel of a one-pass transform (one that fits a work-group's local memory), chosen as
// rtcg::fft::Tuning says: the built-in rules, the tuning database's entry for the device, length,
// precision and layout, or every candidate PassChoice timed on the device by rtcg::tuning, the
// fastest correct one stored.
#include "pass_source.hpp"

#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/fft/plan.hpp>

#include <cstddef>
#include <optional>

namespace rtcg::detail::fft {

// The choice for sub-transforms of all `points` points of a transform of `real` elements' complex
// type, at least `min_group` per work-group; `contiguous` as for built_in_choice. A database entry
// that no longer parses or fits is passed over (tuned again with Tuning::tune).
PassChoice one_pass_choice(const Context& context, std::size_t points, const codegen::DType& real,
                           const PassLimits& limits, std::size_t min_group, bool contiguous, rtcg::fft::Tuning tuning);

// The order of the passes of a transform of n points over several passes that the tuning database
// holds for the device, precision and layout (`contiguous`: along the last axis): true where the
// shortest pass runs first, false where the longest does (AxisPlan's own order); nullopt where
// there is no usable entry, or no database.
std::optional<bool> stored_pass_order(const Context& context, std::size_t n, const codegen::DType& real,
                                      bool contiguous);

// Stores that order, measured at `time_ms` per execution, where there is a database.
void store_pass_order(const Context& context, std::size_t n, const codegen::DType& real, bool contiguous,
                      bool shortest_first, double time_ms);

} // namespace rtcg::detail::fft
