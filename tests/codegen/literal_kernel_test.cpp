// Literals written by codegen::literal reach the device as exactly the host's values, bit for
// bit, including the extremes that C cannot write directly (INT_MIN, infinities, NaN).
#include "../support/cuda_compile.hpp"
#include "../support/test_context.hpp"

#include <rtcg/codegen/literal.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace {

using rtcg::codegen::Dialect;

template <class T>
std::string store_all(Dialect dialect, const std::vector<T>& values) {
    std::string body;
    for (std::size_t i = 0; i < values.size(); ++i)
        body += "    out[" + std::to_string(i) + "] = " + rtcg::codegen::literal(dialect, values[i]) + ";\n";
    return body;
}

template <class T>
std::string kernel_source(Dialect dialect, const std::vector<T>& values) {
    const std::string type = rtcg::codegen::dtype_of<T>().c_name(dialect);
    return "RTCG_KERNEL void literals(RTCG_GLOBAL " + type + "* out) {\n" + store_all(dialect, values) + "}\n";
}

// Runs the kernel on the test context, compiles its CUDA twin with NVRTC, and compares bits.
template <class T>
void check_round_trip(const std::vector<T>& values) {
    const auto& context = rtcg::test::context();
    const Dialect dialect = rtcg::codegen::dialect_of(context.device());
    rtcg::test::compile_for_cuda(rtcg::codegen::with_prelude(Dialect::cuda, kernel_source(Dialect::cuda, values)));
    auto kernel = rtcg::test::compile(kernel_source(dialect, values)).kernel("literals");
    auto out = context.allocate(values.size() * sizeof(T));
    kernel(context.queue(), rtcg::LaunchConfig{1, 1}, out);
    std::vector<T> device(values.size());
    context.queue().read(out, device.data(), device.size() * sizeof(T));
    for (std::size_t i = 0; i < values.size(); ++i) {
        CAPTURE(i);
        CHECK(std::memcmp(&device[i], &values[i], sizeof(T)) == 0);
    }
}

template <class T>
std::vector<T> integer_extremes() {
    using limits = std::numeric_limits<T>;
    return {limits::min(), limits::max(), T(0), T(1), T(limits::max() / 3)};
}

template <class T>
std::vector<T> floating_extremes() {
    using limits = std::numeric_limits<T>;
    return {T(0.1),          T(-0.0),          T(1) / T(3),        limits::max(),          limits::lowest(),
            limits::min(),   limits::denorm_min(), limits::epsilon(), limits::infinity(), -limits::infinity(),
            limits::quiet_NaN(), T(12345678.9)};
}

} // namespace

TEST_CASE("integer literals are exact at their limits") {
    check_round_trip(integer_extremes<std::int8_t>());
    check_round_trip(integer_extremes<std::uint8_t>());
    check_round_trip(integer_extremes<std::int16_t>());
    check_round_trip(integer_extremes<std::uint16_t>());
    check_round_trip(integer_extremes<std::int32_t>());
    check_round_trip(integer_extremes<std::uint32_t>());
    check_round_trip(integer_extremes<std::int64_t>());
    check_round_trip(integer_extremes<std::uint64_t>());
}

TEST_CASE("floating literals round-trip, infinities and NaN included") {
    check_round_trip(floating_extremes<float>());
    if (rtcg::test::context().device().supports_fp64) check_round_trip(floating_extremes<double>());
}
