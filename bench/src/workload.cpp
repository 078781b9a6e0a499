#include "workload.hpp"

#include <rtcg/arrays/expression.hpp>
#include <rtcg/arrays/random.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace rtcg::bench {
namespace {

// Room left for the pool's rounding, the driver and the other process on the device (peers).
constexpr double usable_memory_fraction = 0.7;

} // namespace

std::size_t rotation_sets(std::size_t set_bytes) {
    if (set_bytes == 0) return 1;
    return std::clamp<std::size_t>((rotation_bytes + set_bytes - 1) / set_bytes, 1, max_sets);
}

namespace {

template <class T, class Differs>
void check_elements(const std::string& what, const std::vector<T>& actual, const std::vector<T>& expected,
                    Differs differs) {
    if (actual.size() != expected.size())
        throw Error(what + ": " + std::to_string(actual.size()) + " elements, not " + std::to_string(expected.size()),
                    "rtcg-bench verification");
    for (std::size_t k = 0; k < expected.size(); ++k)
        if (differs(actual[k], expected[k]))
            throw Error(what + ": element " + std::to_string(k) + " is " + std::to_string(actual[k]) + ", not " +
                            std::to_string(expected[k]),
                        "rtcg-bench verification");
}

} // namespace

void check_equal(const std::string& what, const std::vector<float>& actual, const std::vector<float>& expected) {
    check_elements(what, actual, expected, [](float a, float e) { return a != e; });
}

void check_close(const std::string& what, const std::vector<double>& actual, const std::vector<double>& expected) {
    check_elements(what, actual, expected, [](double a, double e) { return std::abs(a - e) > 1e-3 * (1 + std::abs(e)); });
}

void run_sized_case(Workload& workload, const SizedCase& c) {
    const std::vector<std::size_t> sizes = workload.options.sizes();
    const auto memory = static_cast<double>(workload.context.device().global_memory_bytes);
    for (const std::size_t n : sizes) {
        const std::string what = c.name + " " + c.dtype + " n=" + std::to_string(n);
        if (n < c.min_elements) continue;
        const std::size_t sets = rotation_sets(n * c.set_bytes_per_element);
        const double needed = static_cast<double>(sets * n * c.set_bytes_per_element + n * c.scratch_bytes_per_element);
        if (needed > usable_memory_fraction * memory) {
            workload.results.skip(what, "needs " + std::to_string(static_cast<long long>(needed / 1e6)) +
                                            " MB of the device's " + std::to_string(static_cast<long long>(memory / 1e6)) +
                                            " MB");
            continue;
        }
        try {
            const Prepared prepared = c.prepare(n, sets);
            if (prepared.verify && (n == sizes.front() || n / 4 < c.min_elements)) {
                prepared.repetition(0);
                prepared.verify();
            }
            const double time_ms = median_device_ms(workload.context.queue(), prepared.repetition, sets, workload.plan);
            workload.results.add({c.name, c.dtype, n, time_ms, c.moved_bytes_per_element * static_cast<double>(n)});
        } catch (const OutOfMemory& e) {
            workload.results.skip(what, e.what());
        }
    }
    workload.context.memory_pool().free_held();
}

template <>
std::string dtype_name<float>() { return "float32"; }
template <>
std::string dtype_name<double>() { return "float64"; }
template <>
std::string dtype_name<int>() { return "int32"; }
template <>
std::string dtype_name<std::uint32_t>() { return "uint32"; }

template <>
Array<float> random_array<float>(const Context& context, std::size_t n, std::uint64_t seed) {
    return random::Philox(context, seed).uniform<float>(n);
}
template <>
Array<double> random_array<double>(const Context& context, std::size_t n, std::uint64_t seed) {
    return random::Philox(context, seed).uniform<double>(n);
}
template <>
Array<std::uint32_t> random_array<std::uint32_t>(const Context& context, std::size_t n, std::uint64_t seed) {
    return random::Philox(context, seed).bits(n);
}
template <>
Array<int> random_array<int>(const Context& context, std::size_t n, std::uint64_t seed) {
    return Array<int>(random::Philox(context, seed).bits(n).astype<int>());
}

void expect_close(const std::string& what, double actual, double expected, double tolerance) {
    if (std::abs(actual - expected) <= tolerance * std::max(1.0, std::abs(expected))) return;
    char numbers[128];
    std::snprintf(numbers, sizeof numbers, ": the device gave %.17g, the host reference %.17g", actual, expected);
    throw Error(what + numbers, "rtcg-bench verification");
}

} // namespace rtcg::bench
