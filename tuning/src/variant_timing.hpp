#pragma once
// Timing one variant with device events: the median of several samples, each long enough for
// the event clock to resolve it.
#include <rtcg/core/queue.hpp>
#include <rtcg/tuning/tuner.hpp>

#include <functional>
#include <optional>

namespace rtcg::tuning::detail {

// Milliseconds per `launch_once` on `queue`. When a first timed launch is already more than
// give_up_factor times `best_ms`, that launch's time is the answer: the variant cannot win and
// sampling it would only cost time.
double time_variant(Queue& queue, const std::function<void()>& launch_once, const TimingOptions& options,
                    std::optional<double> best_ms);

} // namespace rtcg::tuning::detail
