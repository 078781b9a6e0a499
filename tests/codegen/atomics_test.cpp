// The prelude's atomics, for every type, on global and on local memory: many work-items hammer
// one counter (add, and a compare-exchange loop), fold an array into its minimum and maximum,
// and pass one slot along by exchange; the host checks the final values and the old values
// each call returned.
#include "compile_everywhere.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

using rtcg::test::context;

namespace {

// The kernel type and the functions' key for each host type.
template <class T>
struct AtomicType;
template <>
struct AtomicType<std::int32_t> {
    static constexpr std::string_view name = "int", key = "i32";
};
template <>
struct AtomicType<std::uint32_t> {
    static constexpr std::string_view name = "unsigned int", key = "u32";
};
template <>
struct AtomicType<std::int64_t> {
    static constexpr std::string_view name = "rtcg_index_t", key = "i64";
};
template <>
struct AtomicType<std::uint64_t> {
    static constexpr std::string_view name = "rtcg_uindex_t", key = "u64";
};
template <>
struct AtomicType<float> {
    static constexpr std::string_view name = "float", key = "f32";
};

// TYPE and KEY are replaced per type.
constexpr std::string_view kernels = R"(
RTCG_KERNEL void hammer(RTCG_GLOBAL TYPE* counter, RTCG_GLOBAL TYPE* olds) {
    const size_t i = RTCG_GLOBAL_ID(0);
    olds[i] = rtcg_atomic_add_KEY_global(counter, (TYPE)1);
}
RTCG_KERNEL void cas_counter(RTCG_GLOBAL TYPE* counter) {
    TYPE seen = *counter, expected;
    do {
        expected = seen;
        seen = rtcg_atomic_cas_KEY_global(counter, expected, expected + (TYPE)1);
    } while (seen != expected);
}
RTCG_KERNEL void extremes(RTCG_GLOBAL const TYPE* values, RTCG_GLOBAL TYPE* result) {
    const TYPE value = values[RTCG_GLOBAL_ID(0)];
    rtcg_atomic_min_KEY_global(&result[0], value);
    rtcg_atomic_max_KEY_global(&result[1], value);
}
RTCG_KERNEL void exchange(RTCG_GLOBAL TYPE* slot, RTCG_GLOBAL TYPE* olds) {
    const size_t i = RTCG_GLOBAL_ID(0);
    olds[i] = rtcg_atomic_exch_KEY_global(slot, (TYPE)(i + 1));
}
/* All five on one work-group's local slots: counter, minimum, maximum, cas counter, exchange. */
RTCG_KERNEL void in_local(RTCG_GLOBAL const TYPE* values, RTCG_GLOBAL TYPE* olds, RTCG_GLOBAL TYPE* results) {
    RTCG_LOCAL_ARRAY(TYPE, slots, 5);
    const size_t lid = RTCG_LOCAL_ID(0), gid = RTCG_GLOBAL_ID(0);
    const TYPE value = values[gid];
    if (lid == 0) {
        slots[0] = (TYPE)0;
        slots[1] = value;
        slots[2] = value;
        slots[3] = (TYPE)0;
        slots[4] = (TYPE)0;
    }
    RTCG_LOCAL_BARRIER();
    rtcg_atomic_add_KEY_local(&slots[0], (TYPE)1);
    rtcg_atomic_min_KEY_local(&slots[1], value);
    rtcg_atomic_max_KEY_local(&slots[2], value);
    TYPE seen = slots[3], expected;
    do {
        expected = seen;
        seen = rtcg_atomic_cas_KEY_local(&slots[3], expected, expected + (TYPE)1);
    } while (seen != expected);
    olds[gid] = rtcg_atomic_exch_KEY_local(&slots[4], (TYPE)(lid + 1));
    RTCG_LOCAL_BARRIER();
    if (lid < 5) results[RTCG_GROUP_ID(0) * 5 + lid] = slots[lid];
}
)";

constexpr std::size_t groups = 64, width = 64, items = groups * width;

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

template <class T>
rtcg::Module compile_atomics() {
    return rtcg::test::compile_everywhere(
        replace_all(replace_all(std::string(kernels), "TYPE", AtomicType<T>::name), "KEY", AtomicType<T>::key));
}

// 64-bit atomics are optional in OpenCL; RTCG_HAS_INT64_ATOMICS says whether they are here.
bool has_int64_atomics() {
    const auto module = rtcg::test::compile(
        "RTCG_KERNEL void has(RTCG_GLOBAL int* out) { out[0] = RTCG_HAS_INT64_ATOMICS; }");
    auto out = context().allocate(sizeof(int));
    module.kernel("has")(context().queue(), rtcg::LaunchConfig{1, 1}, out);
    return context().to_host<int>(out)[0] == 1;
}

// Values over the type's whole range: negative, and past 32 bits where the type has them.
template <class T>
std::vector<T> spread_values(std::size_t n) {
    std::mt19937_64 random(2024);
    std::vector<T> values(n);
    for (auto& v : values) {
        if constexpr (std::is_floating_point_v<T>)
            v = std::uniform_real_distribution<T>(T(-1e6), T(1e6))(random);
        else
            v = std::uniform_int_distribution<T>(std::numeric_limits<T>::lowest(),
                                                 std::numeric_limits<T>::max())(random);
    }
    return values;
}

template <class T>
std::vector<T> zeros(std::size_t n) {
    return std::vector<T>(n, T(0));
}

// 0, 1, ..., n - 1: the old values of n increments of a counter that started at 0.
template <class T>
std::vector<T> counting(std::size_t n) {
    std::vector<T> values(n);
    for (std::size_t i = 0; i < n; ++i) values[i] = static_cast<T>(i);
    return values;
}

template <class T>
std::vector<T> sorted(std::vector<T> values) {
    std::sort(values.begin(), values.end());
    return values;
}

template <class T>
void check_global_atomics(const rtcg::Module& module) {
    auto& queue = context().queue();
    const rtcg::LaunchConfig launch{groups, width};

    auto counter = context().to_device(zeros<T>(1));
    auto olds = context().allocate(items * sizeof(T));
    module.kernel("hammer")(queue, launch, counter, olds);
    CHECK(context().to_host<T>(counter)[0] == static_cast<T>(items));
    CHECK(sorted(context().to_host<T>(olds)) == counting<T>(items));

    auto cas_counter = context().to_device(zeros<T>(1));
    module.kernel("cas_counter")(queue, launch, cas_counter);
    CHECK(context().to_host<T>(cas_counter)[0] == static_cast<T>(items));

    const auto values = spread_values<T>(items);
    auto values_gpu = context().to_device(values);
    auto result = context().to_device(std::vector<T>{std::numeric_limits<T>::max(), std::numeric_limits<T>::lowest()});
    module.kernel("extremes")(queue, launch, values_gpu, result);
    const auto [smallest, largest] = std::minmax_element(values.begin(), values.end());
    CHECK(context().to_host<T>(result) == std::vector<T>{*smallest, *largest});

    // The slot starts at 0 and each item swaps in i + 1: the old values and the final one are
    // 0, 1, ..., items, each exactly once.
    auto slot = context().to_device(zeros<T>(1));
    module.kernel("exchange")(queue, launch, slot, olds);
    auto passed = context().to_host<T>(olds);
    passed.push_back(context().to_host<T>(slot)[0]);
    CHECK(sorted(passed) == counting<T>(items + 1));
}

template <class T>
void check_local_atomics(const rtcg::Module& module) {
    const auto values = spread_values<T>(items);
    auto values_gpu = context().to_device(values);
    auto olds = context().allocate(items * sizeof(T));
    auto results = context().allocate(groups * 5 * sizeof(T));
    module.kernel("in_local")(context().queue(), rtcg::LaunchConfig{groups, width}, values_gpu, olds, results);
    const auto old_values = context().to_host<T>(olds);
    const auto per_group = context().to_host<T>(results);
    for (std::size_t g = 0; g < groups; ++g) {
        CAPTURE(g);
        const auto first = values.begin() + static_cast<std::ptrdiff_t>(g * width);
        CHECK(per_group[g * 5 + 0] == static_cast<T>(width));
        CHECK(per_group[g * 5 + 1] == *std::min_element(first, first + width));
        CHECK(per_group[g * 5 + 2] == *std::max_element(first, first + width));
        CHECK(per_group[g * 5 + 3] == static_cast<T>(width));
        std::vector<T> passed(old_values.begin() + static_cast<std::ptrdiff_t>(g * width),
                              old_values.begin() + static_cast<std::ptrdiff_t>((g + 1) * width));
        passed.push_back(per_group[g * 5 + 4]);
        CHECK(sorted(passed) == counting<T>(width + 1));
    }
}

} // namespace

TEST_CASE_TEMPLATE("atomics add, min, max, exchange and compare-exchange on global and local memory", T,
                   std::int32_t, std::uint32_t, std::int64_t, std::uint64_t, float) {
    if (sizeof(T) == 8 && !has_int64_atomics()) {
        MESSAGE("this OpenCL device has no 64-bit atomics");
        return;
    }
    const auto module = compile_atomics<T>();
    check_global_atomics<T>(module);
    check_local_atomics<T>(module);
}
