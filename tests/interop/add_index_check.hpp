#pragma once
// Runs a module's `add_index(int* data, unsigned n)` (data[i] += i), however the module was made,
// on rtcg memory and checks it against the host.
#include "../support/host_reference.hpp"
#include "../support/test_context.hpp"

#include <doctest/doctest.h>

#include <cstdint>

namespace rtcg::test {

inline void check_add_index(const Module& module) {
    const unsigned n = 300;
    const auto host = random_values<std::int32_t>(n);
    auto buffer = context().to_device(host);
    module.kernel("add_index")(context().queue(), LaunchConfig::covering(n, 64), buffer, n);
    const auto back = context().to_host<std::int32_t>(buffer);
    for (unsigned i = 0; i < n; ++i) REQUIRE(back[i] == host[i] + static_cast<std::int32_t>(i));
}

} // namespace rtcg::test
