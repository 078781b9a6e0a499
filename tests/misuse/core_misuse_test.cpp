// Misuse of core's Context, Buffer, Module, Kernel and launch API.
#include "misuse_support.hpp"

#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/rtcg.hpp>

#include <string>
#include <vector>

namespace rtcg::test {

TEST_CASE("misuse: a copy past a buffer's end is refused") {
    Buffer small = context().allocate(16);
    std::vector<int> host(64);
    expect_misuse<InvalidArgument>([&] { context().queue().write(small, std::span<const int>(host)); }, {"16"});
}

TEST_CASE("misuse: a wrong call of a kernel declaring hundreds of arguments has a short message") {
    std::string declaration;
    for (int k = 0; k < 200; ++k) declaration += (k ? ", float *a" : "float *a") + std::to_string(k);
    const ElementwiseKernel many(context(), declaration, "a0[i] = 1", "rtcg_misuse_many");
    auto x = Array<float>::zeros(context(), 4);
    const std::string message =
        expect_misuse<InvalidArgument>([&] { many(x); }, {"expected 200 arguments", "float *a0", "float *a199", "got 1"});
    CHECK(message.size() < 400);
}

} // namespace rtcg::test
