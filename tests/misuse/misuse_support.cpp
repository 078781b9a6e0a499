#include "misuse_support.hpp"

#include <rtcg/core.hpp>

#include <vector>

namespace rtcg::test {

void check_context_usable() {
    const Context& ctx = context();
    Module module = compile(R"(
        RTCG_KERNEL void rtcg_misuse_probe(RTCG_GLOBAL int* values, int added) {
            values[RTCG_GLOBAL_ID(0)] += added;
        })");
    std::vector<int> host(64);
    for (std::size_t k = 0; k < host.size(); ++k) host[k] = static_cast<int>(k);
    Buffer values = ctx.to_device(host);
    module.kernel("rtcg_misuse_probe")(ctx.queue(), LaunchConfig::covering(host.size(), 32), values, 7);
    const std::vector<int> result = ctx.to_host<int>(values);
    for (std::size_t k = 0; k < host.size(); ++k)
        REQUIRE_MESSAGE(result[k] == static_cast<int>(k) + 7, "the context no longer computes correctly");
}

} // namespace rtcg::test
