// What ReductionKernel refuses, each an InvalidArgument (or DeclarationError) that names the
// kernel and the problem: at construction, bad names, empty expressions and refused arguments;
// at a call, the checks it shares with ElementwiseKernel, and results or queues that do not fit.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"

#include <rtcg/arrays/reduction.hpp>

#include <doctest/doctest.h>

#include <complex>
#include <string>
#include <vector>

using rtcg::Array;
using rtcg::InvalidArgument;
using rtcg::Range;
using rtcg::ReductionKernel;
using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;

namespace {

ReductionKernel<float> dot() {
    return ReductionKernel<float>(context(), "float *x, float *y",
                                  {.map_expr = "x[i]*y[i]", .reduce_expr = "a+b", .neutral = "0"}, {.name = "dot"});
}

} // namespace

TEST_CASE("construction refuses bad names, empty expressions and refused arguments") {
    const auto build = [](const char* neutral, const char* reduce, const char* map, const char* arguments,
                          const char* name) {
        return message_of<InvalidArgument>([&] {
            ReductionKernel<float>(context(), arguments, {.map_expr = map, .reduce_expr = reduce, .neutral = neutral},
                                   {.name = name});
        });
    };
    CHECK(contains(build("0", "a+b", "x[i]", "float *x", "two words"), "'two words' is not a C identifier"));
    CHECK(contains(build(" ", "a+b", "x[i]", "float *x", "blank"), "ReductionKernel 'blank': ReductionSnippets::neutral is empty"));
    CHECK(contains(build("0", "", "x[i]", "float *x", "blank"), "ReductionSnippets::reduce_expr is empty"));
    CHECK(contains(build("0", "a+b", "\n", "float *x", "blank"), "ReductionSnippets::map_expr is empty"));
    CHECK(contains(build("0", "a+b", "x[i]", "float *x, int n", "named"), "may not be named 'n'"));
    CHECK(contains(build("0", "a+b", "x[i]", "__local float *x", "in_local"), "must point to global or constant"));
    CHECK_THROWS_AS(ReductionKernel<float>(context(), "float *x,",
                                           {.map_expr = "x[i]", .reduce_expr = "a+b", .neutral = "0"},
                                           {.name = "comma"}),
                    rtcg::codegen::DeclarationError);
    const std::string compile = message_of<rtcg::CompileError>([] {
        ReductionKernel<float>(context(), "float *x", {.map_expr = "x[i]", .reduce_expr = "a+", .neutral = "0"},
                               {.name = "broken"});
    });
    CHECK(contains(compile, "rtcg_reduce_op"));
}

TEST_CASE("calls are checked as ElementwiseKernel's are") {
    const auto x = Array<float>::zeros(context(), 4);
    const auto y = Array<float>::zeros(context(), 5);
    const auto d = Array<double>::zeros(context(), 4);
    std::string message = message_of<InvalidArgument>([&] { dot()(x); });
    CHECK(contains(message, "ReductionKernel 'dot'"));
    CHECK(contains(message, "expected 2 arguments"));
    CHECK(contains(message_of<InvalidArgument>([&] { dot()(x, y); }), "'x' has 4 elements, 'y' has 5"));
    CHECK(contains(message_of<InvalidArgument>([&] { dot()(x, d); }), "'y' (float32) was given an array of float64"));
    CHECK(contains(message_of<InvalidArgument>([&] { dot()(x, 1.0f); }), "'y' (float32) needs an Array"));
    CHECK(contains(message_of<InvalidArgument>([&] { dot()(Range{0, 5, 1}, x, y); }),
                   "outside array 'x' of 4 elements"));
    // A range inside both arrays makes their sizes irrelevant.
    CHECK(dot()(Range{0, 4, 1}, x, y).get() == 0.0f);

    const ReductionKernel<float> scaled(context(), "float s, float *x",
                                        {.map_expr = "s * x[i]", .reduce_expr = "a+b", .neutral = "0"},
                                        {.name = "scaled"});
    CHECK(contains(message_of<InvalidArgument>([&] { scaled(std::complex<float>(1, 0), x); }),
                   "scalar argument 's' (float32)"));
    CHECK(contains(message_of<InvalidArgument>([&] { scaled(1.0f, 2.0f); }), "needs an Array"));
}

TEST_CASE("arrays, queues and results of another context, and results that are not one element") {
    const rtcg::Context other = rtcg::Context::create(context().selector());
    const auto x = Array<float>::zeros(context(), 4);
    const auto foreign = Array<float>::zeros(other, 4);
    CHECK(contains(message_of<InvalidArgument>([&] { dot()(x, foreign); }),
                   "'y' (float32) was given an array of another context"));
    CHECK(contains(message_of<InvalidArgument>([&] { dot()(other.queue(), x, x); }),
                   "the queue belongs to another context"));

    const ReductionKernel<float> kernel = dot();
    const rtcg::detail::UntypedReductionKernel& untyped = kernel.untyped();
    const rtcg::detail::CallArgument args[] = {rtcg::detail::call_argument(x), rtcg::detail::call_argument(x)};
    const auto two = Array<float>::zeros(context(), 2);
    const auto doubles = Array<double>::zeros(context(), std::vector<std::size_t>{});
    const auto elsewhere = Array<float>::zeros(other, std::vector<std::size_t>{});
    CHECK(contains(message_of<InvalidArgument>([&] { untyped.launch_into(context().queue(), args, two.data()); }),
                   "the result must be one element of float32"));
    CHECK(contains(message_of<InvalidArgument>([&] { untyped.launch_into(context().queue(), args, doubles.data()); }),
                   "not an array of shape () of float64"));
    CHECK(contains(message_of<InvalidArgument>([&] { untyped.launch_into(context().queue(), args, elsewhere.data()); }),
                   "in another context"));
}
