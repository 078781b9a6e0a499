#include "timing.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/event.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

namespace rtcg::bench {

double median(std::vector<double> values) {
    if (values.empty()) throw Error("no samples to take the median of", "rtcg-bench");
    const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    if (values.size() % 2 == 1) return *middle;
    return (*middle + *std::max_element(values.begin(), middle)) / 2;
}

double median_device_ms(Queue& queue, const std::function<void(std::size_t index)>& repetition, std::size_t warmup,
                        const TimingPlan& plan) {
    warmup = std::max<std::size_t>(warmup, 1);
    std::size_t index = 0;
    for (std::size_t k = 0; k < warmup; ++k) repetition(index++);
    queue.finish();

    const Event calibration_start = queue.record();
    for (std::size_t k = 0; k < warmup; ++k) repetition(index++);
    const Event calibration_end = queue.record();
    // A clock that reports 0 for a short round would make batches endless: assume 1 us at least.
    const double estimate_ms = std::max(elapsed_ms(calibration_start, calibration_end) / static_cast<double>(warmup), 1e-3);

    const auto per_batch = static_cast<std::size_t>(std::clamp(std::ceil(plan.batch_ms / estimate_ms), 1.0, 1e5));
    const double batch_estimate_ms = static_cast<double>(per_batch) * estimate_ms;
    const auto batches = static_cast<std::size_t>(std::clamp(std::floor(plan.budget_ms / batch_estimate_ms),
                                                             static_cast<double>(plan.min_batches),
                                                             static_cast<double>(plan.max_batches)));

    std::vector<Event> boundaries;
    boundaries.reserve(batches + 1);
    boundaries.push_back(queue.record());
    for (std::size_t b = 0; b < batches; ++b) {
        for (std::size_t k = 0; k < per_batch; ++k) repetition(index++);
        boundaries.push_back(queue.record());
    }
    std::vector<double> per_repetition;
    per_repetition.reserve(batches);
    for (std::size_t b = 0; b < batches; ++b)
        per_repetition.push_back(elapsed_ms(boundaries[b], boundaries[b + 1]) / static_cast<double>(per_batch));
    return median(std::move(per_repetition));
}

std::vector<double> median_host_us(const std::vector<HostWork>& works, std::size_t batch_calls, std::size_t batches) {
    using clock = std::chrono::steady_clock;
    for (const HostWork& work : works) {
        for (std::size_t k = 0; k < batch_calls; ++k) work.call();
        work.drain();
    }
    std::vector<std::vector<double>> per_call(works.size());
    for (std::size_t b = 0; b < batches; ++b) {
        for (std::size_t w = 0; w < works.size(); ++w) {
            const auto start = clock::now();
            for (std::size_t k = 0; k < batch_calls; ++k) works[w].call();
            const auto stop = clock::now();
            works[w].drain();
            per_call[w].push_back(std::chrono::duration<double, std::micro>(stop - start).count() /
                                  static_cast<double>(batch_calls));
        }
    }
    std::vector<double> medians;
    for (std::vector<double>& samples : per_call) medians.push_back(median(std::move(samples)));
    return medians;
}

} // namespace rtcg::bench
