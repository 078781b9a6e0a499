#pragma once
// One compiled variant from start to verdict: does its block fit, does it run, is its result
// right, and only then how fast it is.
#include "variant_builder.hpp"

#include <rtcg/tuning/report.hpp>

#include <optional>

namespace rtcg::tuning::detail {

// `best_ms`: the fastest time so far, which lets a hopeless variant's timing stop early.
VariantRecord evaluate_variant(const TuningProblem& problem, const BuiltVariant& variant, Queue& queue,
                               const TimingOptions& timing, std::optional<double> best_ms);

} // namespace rtcg::tuning::detail
