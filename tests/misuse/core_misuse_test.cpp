// Misuse of core's Context, Buffer, Module, Kernel and launch API.
#include "misuse_support.hpp"

#include <rtcg/rtcg.hpp>

namespace rtcg::test {

TEST_CASE("misuse: a copy past a buffer's end is refused") {
    Buffer small = context().allocate(16);
    std::vector<int> host(64);
    expect_misuse<InvalidArgument>([&] { context().queue().write(small, std::span<const int>(host)); }, {"16"});
}

} // namespace rtcg::test
