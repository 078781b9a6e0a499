// Array creation for every element type and size: empty, zeros, full, to_device / get and
// empty_like, compared with host references; and a declared struct as the element type.
#include "../support/test_context.hpp"
#include "array_test_support.hpp"

#include <rtcg/arrays/array.hpp>
#include <rtcg/codegen/device_struct.hpp>

#include <doctest/doctest.h>

#include <array>
#include <complex>
#include <cstdint>
#include <vector>

using rtcg::Array;
using rtcg::test::array_sizes;
using rtcg::test::context;

namespace {

struct Sample {
    std::int32_t id;
    float weight;
    std::array<double, 2> position;
};

rtcg::codegen::DType declare_sample() {
    return rtcg::codegen::declare_struct<Sample>("arrays_sample", {"id", "weight", "position"});
}

bool operator==(const Sample& a, const Sample& b) {
    return a.id == b.id && a.weight == b.weight && a.position == b.position;
}

} // namespace

TEST_CASE_TEMPLATE("empty arrays have the requested size, shape and dtype", T, RTCG_ARRAY_ELEMENT_TYPES) {
    for (std::size_t n : array_sizes) {
        const auto a = Array<T>::empty(context(), n);
        CHECK(a.size() == n);
        CHECK(a.shape() == std::vector<std::size_t>{n});
        CHECK(a.ndim() == 1);
        CHECK(a.nbytes() == n * sizeof(T));
        CHECK(a.dtype() == rtcg::codegen::dtype_of<T>());
        CHECK(a.context() == context());
        const auto b = Array<T>::empty_like(a);
        CHECK(b.shape() == a.shape());
    }
    const auto m = Array<T>::empty(context(), std::vector<std::size_t>{2, 3, 4});
    CHECK(m.size() == 24);
    CHECK(m.ndim() == 3);
}

TEST_CASE_TEMPLATE("zeros and full fill every element on the device", T, RTCG_ARRAY_ELEMENT_TYPES) {
    const T value = rtcg::test::value_at<T>(5);
    for (std::size_t n : array_sizes) {
        CAPTURE(n);
        CHECK(Array<T>::zeros(context(), n).get() == std::vector<T>(n, T{}));
        CHECK(Array<T>::full(context(), n, value).get() == std::vector<T>(n, value));
    }
    CHECK(Array<T>::full(context(), std::vector<std::size_t>{3, 5}, value).get() == std::vector<T>(15, value));
}

TEST_CASE_TEMPLATE("to_device and get round-trip", T, RTCG_ARRAY_ELEMENT_TYPES) {
    for (std::size_t n : array_sizes) {
        CAPTURE(n);
        const std::vector<T> host = rtcg::test::values<T>(n);
        const auto a = Array<T>::to_device(context(), host);
        CHECK(a.size() == n);
        CHECK(a.get() == host);
    }
}

TEST_CASE("to_device takes spans and initializer lists; get fills a span of the right size") {
    const std::vector<float> host{1, 2, 3, 4};
    const auto a = Array<float>::to_device(context(), std::span<const float>(host));
    const auto b = Array<float>::to_device(context(), {1.0f, 2.0f, 3.0f, 4.0f});
    std::vector<float> out(4);
    b.get(std::span<float>(out));
    CHECK(out == host);
    CHECK(a.get() == host);
    std::vector<float> wrong(3);
    CHECK_THROWS_AS(a.get(std::span<float>(wrong)), rtcg::InvalidArgument);
}

TEST_CASE("a declared struct is an element type") {
    declare_sample();
    const Sample sample{7, 2.5f, {1.25, -3.0}};
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{33}, std::size_t{1025}}) {
        CAPTURE(n);
        CHECK(Array<Sample>::full(context(), n, sample).get() == std::vector<Sample>(n, sample));
        CHECK(Array<Sample>::zeros(context(), n).get() == std::vector<Sample>(n, Sample{}));
        std::vector<Sample> host(n);
        for (std::size_t k = 0; k < n; ++k)
            host[k] = Sample{static_cast<std::int32_t>(k), 0.5f * static_cast<float>(k), {static_cast<double>(k), -1.0}};
        CHECK(Array<Sample>::to_device(context(), host).get() == host);
    }
}
