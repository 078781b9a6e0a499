// Every way an ElementwiseKernel call or declaration can be wrong is an InvalidArgument that
// names the problem, and nothing is launched.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"

#include <rtcg/arrays/elementwise.hpp>

#include <doctest/doctest.h>

#include <complex>
#include <cstdint>
#include <vector>

using rtcg::Array;
using rtcg::ElementwiseKernel;
using rtcg::InvalidArgument;
using rtcg::Range;
using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;

namespace {

ElementwiseKernel lin_comb() {
    return ElementwiseKernel(context(), "float a, float *x, float b, float *y, float *z", "z[i] = a*x[i] + b*y[i]",
                             {.name = "lin_comb"});
}

} // namespace

TEST_CASE("the number of arguments") {
    const auto x = Array<float>::zeros(context(), 4);
    const std::string message = message_of<InvalidArgument>([&] { lin_comb()(1.0f, x, 2.0f, x); });
    CHECK(contains(message, "lin_comb"));
    CHECK(contains(message, "expected 5 arguments"));
    CHECK(contains(message, "got 4"));
}

TEST_CASE("arrays and scalars in each other's places") {
    const auto x = Array<float>::zeros(context(), 4);
    CHECK(contains(message_of<InvalidArgument>([&] { lin_comb()(1.0f, 2.0f, 2.0f, x, x); }),
                   "pointer argument 'x' (float32) needs an Array"));
    CHECK(contains(message_of<InvalidArgument>([&] { lin_comb()(x, x, 2.0f, x, x); }),
                   "scalar argument 'a' (float32) needs a value"));
}

TEST_CASE("an array's dtype must be the declared element type") {
    const auto x = Array<float>::zeros(context(), 4);
    const auto d = Array<double>::zeros(context(), 4);
    const std::string message = message_of<InvalidArgument>([&] { lin_comb()(1.0f, x, 2.0f, d, x); });
    CHECK(contains(message, "'y' (float32)"));
    CHECK(contains(message, "float64"));
}

TEST_CASE("scalars that do not convert by the same_kind rule") {
    const ElementwiseKernel kernel(context(), "int k, unsigned char b, bool flag, float f, int *x",
                                   "x[i] = k + b + flag + (int)f", {.name = "conversions"});
    auto x = Array<std::int32_t>::zeros(context(), 2);
    CHECK(contains(message_of<InvalidArgument>([&] { kernel(1.5, 1, true, 1.0f, x); }),
                   "'k' (int32): a floating value does not convert to it"));
    CHECK(contains(message_of<InvalidArgument>([&] { kernel(1, 256, true, 1.0f, x); }), "the value 256 does not fit"));
    CHECK(contains(message_of<InvalidArgument>([&] { kernel(1, -1, true, 1.0f, x); }), "the value -1 does not fit"));
    CHECK(contains(message_of<InvalidArgument>([&] { kernel(1, 1, 1, 1.0f, x); }),
                   "'flag' (bool): an integer value does not convert"));
    CHECK(contains(message_of<InvalidArgument>([&] { kernel(1, 1, true, std::complex<float>(1, 0), x); }),
                   "'f' (float32): a complex value"));
    CHECK_NOTHROW(kernel(std::int64_t{-5}, std::uint64_t{255}, false, 3, x));
    CHECK(x.get() == std::vector<std::int32_t>{253, 253});
}

TEST_CASE("arrays of different sizes need a range") {
    const auto x = Array<float>::zeros(context(), 4);
    const auto y = Array<float>::zeros(context(), 5);
    const std::string message = message_of<InvalidArgument>([&] { lin_comb()(1.0f, x, 2.0f, y, x); });
    CHECK(contains(message, "do not broadcast together: 'x' (4,), 'y' (5,), 'z' (4,)"));
    CHECK_NOTHROW(lin_comb()(Range{0, 4, 1}, 1.0f, x, 2.0f, y, x));
}

TEST_CASE("a range must stay inside every array") {
    const auto x = Array<float>::zeros(context(), 4);
    const auto y = Array<float>::zeros(context(), 8);
    CHECK(contains(message_of<InvalidArgument>([&] { lin_comb()(Range{0, 5, 1}, 1.0f, x, 2.0f, y, y); }),
                   "outside array 'x' of 4 elements"));
    CHECK(contains(message_of<InvalidArgument>([&] { lin_comb()(Range{3, -2, -1}, 1.0f, x, 2.0f, y, y); }),
                   "indices -1 to 3"));
    CHECK_THROWS_AS(lin_comb()(Range{0, 4, 0}, 1.0f, x, 2.0f, y, y), InvalidArgument);
    CHECK_NOTHROW(lin_comb()(Range{7, 7, 1}, 1.0f, x, 2.0f, y, y)); // no index: nothing to check
}

TEST_CASE("a kernel without arrays needs a range") {
    const ElementwiseKernel kernel(context(), "int a", "(void)a", {.name = "no_arrays"});
    CHECK(contains(message_of<InvalidArgument>([&] { kernel(1); }), "needs a Range"));
    CHECK_NOTHROW(kernel(Range{0, 3, 1}, 1));
}

TEST_CASE("arrays and queues of another context") {
    const rtcg::Context other = rtcg::Context::create(context().selector());
    const auto x = Array<float>::zeros(context(), 4);
    const auto foreign = Array<float>::zeros(other, 4);
    CHECK(contains(message_of<InvalidArgument>([&] { lin_comb()(1.0f, x, 2.0f, foreign, x); }),
                   "'y' (float32) was given an array of another context"));
    CHECK(contains(message_of<InvalidArgument>([&] { lin_comb()(other.queue(), 1.0f, x, 2.0f, x, x); }),
                   "the queue belongs to another context"));
}

TEST_CASE("declarations a kernel cannot be built from") {
    CHECK(contains(
        message_of<InvalidArgument>([] { ElementwiseKernel(context(), "float *x", "x[i] = 0", {.name = "bad name"}); }),
        "'bad name' is not a C identifier"));
    CHECK(contains(message_of<InvalidArgument>([] { ElementwiseKernel(context(), "float *x, int n", "x[i] = n"); }),
                   "may not be named 'n'"));
    CHECK(contains(message_of<InvalidArgument>([] { ElementwiseKernel(context(), "__local float *x", "x[i] = 0"); }),
                   "global or constant memory"));
    CHECK_THROWS_AS(ElementwiseKernel(context(), "float *x,", "x[i] = 0"), rtcg::codegen::DeclarationError);
    CHECK_THROWS_AS(ElementwiseKernel(context(), "float *x", "x[i] = undefined_name"), rtcg::CompileError);
}
