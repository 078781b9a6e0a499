#pragma once
// How the bench times work.
//
// Device work (median_device_ms): repetitions are enqueued back to back and grouped into
// batches, with one event between consecutive batches; a batch's time is the device time between
// its two events divided by its repetitions, and the result is the median over batches. Batches
// rather than one event pair per repetition, because a small kernel runs for a few microseconds,
// near the events' resolution and their own cost; the median over batches still discards
// batches disturbed by something else on the machine. Nothing waits between batches, so the
// device never idles inside a measurement unless the host cannot enqueue work as fast as the
// device runs it -- and then that is the honest cost of a launch at that size. Each repetition
// gets the next index, so callers rotate through their input sets with `index % sets`.
//
// Before timing: one warm-up round of `warmup` repetitions (first touches, kernel builds, pool
// allocations), then a calibration round of as many, timed, which sizes the batches.
//
// Host work (median_host_us): the same, with a steady clock around batches of calls, and a
// `drain` call (untimed) after each batch so that queued work never piles up. Several kinds of
// call that are to be compared take their batches in turn, so that a drift in the host's or the
// driver's speed during the measurement (NVIDIA's OpenCL driver moved by 1 us per launch from one
// process to the next) weighs on each of them alike.
#include <rtcg/core/queue.hpp>

#include <cstddef>
#include <functional>
#include <vector>

namespace rtcg::bench {

struct TimingPlan {
    double batch_ms;       // aim for batches this long
    double budget_ms;      // and this much time in all, within the batch limits
    std::size_t min_batches;
    std::size_t max_batches;

    static TimingPlan standard() { return {2.0, 80.0, 7, 25}; }
    static TimingPlan quick() { return {0.5, 10.0, 3, 5}; }
};

double median_device_ms(Queue& queue, const std::function<void(std::size_t index)>& repetition, std::size_t warmup,
                        const TimingPlan& plan);

struct HostWork {
    std::function<void()> call;
    std::function<void()> drain;
};

// The median host time of one call of each of `works`, in microseconds, in their order.
std::vector<double> median_host_us(const std::vector<HostWork>& works, std::size_t batch_calls, std::size_t batches);

double median(std::vector<double> values);

} // namespace rtcg::bench
