// Expressions as single kernels: fusion (one kernel reading each array once), the cache keyed by
// the expression's form rather than its values, shapes and broadcasting of 0-dimensional arrays,
// in-place assignment including overlapping views, and every test size.
#include "../support/test_context.hpp"
#include "../support/cuda_compile.hpp"
#include "array_test_support.hpp"

#include <rtcg/arrays/operators.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

using rtcg::Array;
using rtcg::codegen::Dialect;
using rtcg::test::array_sizes;
using rtcg::test::context;

namespace {

std::size_t occurrences(const std::string& text, const std::string& word) {
    std::size_t count = 0;
    for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++count;
    return count;
}

// The generated statement: the line assigning out[i].
std::string statement(const std::string& source) {
    const std::size_t start = source.find("out[i] = ");
    return source.substr(start, source.find('\n', start) - start);
}

} // namespace

TEST_CASE("z = a*x + b*sin(y) is one kernel reading x and y once, at every size") {
    for (std::size_t n : array_sizes) {
        CAPTURE(n);
        const std::vector<float> x = rtcg::test::values<float>(n);
        std::vector<float> y(n);
        for (std::size_t k = 0; k < n; ++k) y[k] = static_cast<float>(k % 17) * 0.25f;
        const auto x_gpu = Array<float>::to_device(context(), x);
        const auto y_gpu = Array<float>::to_device(context(), y);
        const float a = 2, b = -3;
        const auto expression = a * x_gpu + b * rtcg::sin(y_gpu);
        Array<float> z = expression;
        const std::vector<float> got = z.get();
        for (std::size_t k = 0; k < n; ++k)
            REQUIRE(got[k] == doctest::Approx(a * x[k] + b * std::sin(y[k])).epsilon(1e-5).scale(1));
        if (n == 1) {
            const std::string source = expression.source(Dialect::opencl);
            CHECK(occurrences(source, "RTCG_KERNEL void") == 1);
            CHECK(occurrences(statement(source), "[i]") == 3); // writes z, reads x and y
            CHECK(occurrences(statement(source), "[0]") == 0);
            rtcg::test::compile_for_cuda(expression.source(Dialect::cuda));
        }
    }
}

TEST_CASE("an array used twice is one argument, read once") {
    const auto x = Array<double>::to_device(context(), {1, 2, 3});
    const auto square_plus = x * x + x;
    CHECK(statement(square_plus.source(Dialect::opencl)) == "out[i] = ((x0[i] * x0[i]) + x0[i]);");
    CHECK(square_plus.get() == std::vector<double>{2, 6, 12});
}

TEST_CASE("the kernel depends on the expression's form and types, not on its values") {
    const auto x = Array<float>::to_device(context(), {1, 2});
    const auto y = Array<float>::to_device(context(), {5, 7});
    CHECK((x * 2 + y).source(Dialect::opencl) == (y * 3.5 + x).source(Dialect::opencl));
    CHECK((x * 2 + y).source(Dialect::opencl) != (x * 2 - y).source(Dialect::opencl));
    CHECK((x * 2 + y).get() == std::vector<float>{7, 11});
    CHECK((y * 3.5 + x).get() == std::vector<float>{18.5f, 26.5f});
}

TEST_CASE("shapes must match; 0-dimensional arrays apply to every element") {
    const auto m = Array<float>::to_device(context(), {1, 2, 3, 4, 5, 6}).reshape({2, 3});
    const auto v = Array<float>::to_device(context(), {1, 2, 3, 4, 5, 6});
    CHECK_THROWS_AS(m + v, rtcg::InvalidArgument);
    CHECK_THROWS_AS(v.slice(0, 2) * v, rtcg::InvalidArgument);
    const auto total = Array<float>::full(context(), std::vector<std::size_t>{}, 21.0f);
    const auto normalised = m / total;
    CHECK(normalised.shape() == std::vector<std::size_t>{2, 3});
    const auto got = normalised.get();
    for (std::size_t k = 0; k < 6; ++k) CHECK(got[k] == static_cast<float>(k + 1) / 21.0f);
    CHECK((total * 2).shape().empty());
    CHECK((total * 2).get() == std::vector<float>{42});
}

TEST_CASE("assign writes in place, converts, broadcasts, and handles overlapping views") {
    auto x = Array<std::int32_t>::to_device(context(), {1, 2, 3, 4, 5});
    const auto view = x; // shares storage, like a numpy view
    x.assign(x * 10);
    CHECK(view.get() == std::vector<std::int32_t>{10, 20, 30, 40, 50});
    x += 1;
    CHECK(view.get() == std::vector<std::int32_t>{11, 21, 31, 41, 51});
    x.assign(Array<double>::to_device(context(), {1.9, -1.9, 2, 3, 4}).astype<std::int32_t>() * 2);
    CHECK(x.get() == std::vector<std::int32_t>{2, -2, 4, 6, 8});
    x.slice(1, 5).assign(x.slice(0, 4)); // numpy: x[1:] = x[:-1]
    CHECK(x.get() == std::vector<std::int32_t>{2, 2, -2, 4, 6});
    x.slice(0, 4).assign(x.slice(1, 5) + 0);
    CHECK(x.get() == std::vector<std::int32_t>{2, -2, 4, 6, 6});
    x.assign(Array<std::int32_t>::full(context(), std::vector<std::size_t>{}, 7));
    CHECK(x.get() == std::vector<std::int32_t>{7, 7, 7, 7, 7});
    CHECK_THROWS_AS(x.assign(Array<std::int32_t>::zeros(context(), 4) + 1), rtcg::InvalidArgument);
    auto f = Array<float>::to_device(context(), {1, 2});
    f /= 4;
    f *= f;
    CHECK(f.get() == std::vector<float>{0.0625f, 0.25f});
}

TEST_CASE("expressions over views read the viewed elements") {
    const auto x = Array<double>::arange(context(), 0.0, 10.0);
    const auto middle = x.slice(3, 7) * 2 + x.slice(2, 6);
    CHECK(middle.get() == std::vector<double>{8, 11, 14, 17});
}

TEST_CASE("an empty expression launches nothing and gives an empty array") {
    const auto x = Array<float>::empty(context(), 0);
    const Array<float> y = rtcg::exp(x) * 2;
    CHECK(y.size() == 0);
    CHECK(y.get().empty());
}
