#include "variant_timing.hpp"

#include <rtcg/core/event.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace rtcg::tuning::detail {

double time_variant(Queue& queue, const std::function<void()>& launch_once, const TimingOptions& options,
                    std::optional<double> best_ms) {
    const Event first_start = queue.record();
    launch_once();
    const Event first_end = queue.record();
    const double first_ms = elapsed_ms(first_start, first_end);
    if (best_ms && first_ms > options.give_up_factor * *best_ms) return first_ms;

    // A clock that reads 0 for a short launch would ask for endless repetitions: assume 1 us.
    const double per_launch_ms = std::max(first_ms, 1e-3);
    const auto repeats = static_cast<std::size_t>(std::clamp(std::ceil(options.min_sample_ms / per_launch_ms), 1.0, 1e4));
    const std::size_t samples = std::max<std::size_t>(options.samples, 1);

    std::vector<Event> boundaries;
    boundaries.reserve(samples + 1);
    boundaries.push_back(queue.record());
    for (std::size_t s = 0; s < samples; ++s) {
        for (std::size_t r = 0; r < repeats; ++r) launch_once();
        boundaries.push_back(queue.record());
    }
    std::vector<double> per_launch;
    for (std::size_t s = 0; s < samples; ++s)
        per_launch.push_back(elapsed_ms(boundaries[s], boundaries[s + 1]) / static_cast<double>(repeats));
    const auto middle = per_launch.begin() + static_cast<std::ptrdiff_t>(per_launch.size() / 2);
    std::nth_element(per_launch.begin(), middle, per_launch.end());
    return *middle;
}

} // namespace rtcg::tuning::detail
