#pragma once
// What every sized case shares: the context, the sizes, the timing plan, and the rule for how
// many input sets a size rotates through.
//
// Rotation: a repetition reads set `index % sets`, so that consecutive repetitions read data
// the last-level cache no longer holds (H100: 50 MB of L2, H200: 60 MB; PoCL's CPUs: tens of
// MB). Sets are added until they total at least rotation_bytes, at most max_sets of them: the
// smallest sizes then stay cache-resident, as such arrays are in real use, instead of
// allocating thousands of tiny sets. One set larger than rotation_bytes needs no company.
#include "options.hpp"
#include "results.hpp"
#include "timing.hpp"

#include <rtcg/arrays/array.hpp>
#include <rtcg/core/context.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>
#include <type_traits>

namespace rtcg::bench {

inline constexpr std::size_t rotation_bytes = std::size_t{256} << 20;
inline constexpr std::size_t max_sets = 32;

std::size_t rotation_sets(std::size_t set_bytes);

struct Workload {
    Context context;
    Options options;
    Results& results;
    TimingPlan plan;
};

// A case prepared at one size: `repetition(index)` enqueues one repetition on the context's
// queue, on input set index % sets; `verify`, when set, checks (after the warm-up) that set 0's
// output matches a host reference, throwing Error when it does not.
struct Prepared {
    std::function<void(std::size_t index)> repetition;
    std::function<void()> verify;
};

struct SizedCase {
    std::string name;
    std::string dtype;
    std::size_t set_bytes_per_element;   // device memory one input set holds, per element
    std::size_t scratch_bytes_per_element; // device memory a repetition allocates, per element
    double moved_bytes_per_element;      // what one repetition must read and write at least
    std::function<Prepared(std::size_t n, std::size_t sets)> prepare;
    std::size_t min_elements = 0; // sizes below it are skipped (an FFT of a longer length)
};

// Runs `c` at every size of the options: prepares its sets, verifies the smallest size, times
// it, and adds each measurement. Sizes that do not fit in device memory are skipped with the
// reason. The context's pool gives its held blocks back to the driver afterwards.
void run_sized_case(Workload& workload, const SizedCase& c);

// Verifications of a case's result against the host's: an Error naming `what` and the first
// element that differs (or the sizes). check_close allows a relative 1e-3, for floating sums
// grouped differently on the device and the host.
void check_equal(const std::string& what, const std::vector<float>& actual, const std::vector<float>& expected);
void check_close(const std::string& what, const std::vector<double>& actual, const std::vector<double>& expected);

// numpy's name for T: "float32", "float64", "int32", "uint32".
template <class T>
std::string dtype_name();
template <>
std::string dtype_name<float>();
template <>
std::string dtype_name<double>();
template <>
std::string dtype_name<int>();
template <>
std::string dtype_name<std::uint32_t>();

// Set contents: uniform numbers in [0, 1) for floating types, random bits for integers, from a
// Philox stream seeded with `seed` (so every set differs and every run repeats).
template <class T>
Array<T> random_array(const Context& context, std::size_t n, std::uint64_t seed);
template <>
Array<float> random_array<float>(const Context& context, std::size_t n, std::uint64_t seed);
template <>
Array<double> random_array<double>(const Context& context, std::size_t n, std::uint64_t seed);
template <>
Array<int> random_array<int>(const Context& context, std::size_t n, std::uint64_t seed);
template <>
Array<std::uint32_t> random_array<std::uint32_t>(const Context& context, std::size_t n, std::uint64_t seed);

// False, with the reason reported as a skip, when the device cannot run `case_name` in T
// (float64 on a device without it).
template <class T>
bool device_supports(Workload& workload, const std::string& case_name) {
    if (sizeof(T) == 8 && std::is_floating_point_v<T> && !workload.context.device().supports_fp64) {
        workload.results.skip(case_name + " " + dtype_name<T>(), "the device has no float64");
        return false;
    }
    return true;
}

// Error unless |actual - expected| <= tolerance * max(1, |expected|).
void expect_close(const std::string& what, double actual, double expected, double tolerance);

} // namespace rtcg::bench
