// SPIR-V through Module::from_binary: loaded and launched where the OpenCL device lists SPIR-V in
// CL_DEVICE_IL_VERSION, refused with the documented InvalidArgument where it does not and on CUDA.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "spirv/add_index_spirv.hpp"

#include <doctest/doctest.h>

#include <cstddef>
#include <span>
#include <string>
#include <vector>

using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;

namespace {

std::span<const std::byte> spirv_bytes() { return std::as_bytes(std::span(rtcg::test::add_index_spirv)); }

bool takes_spirv() { return contains(context().device().il_versions, "SPIR-V"); }

} // namespace

TEST_CASE("a SPIR-V module loads and runs where the device takes SPIR-V, else is refused by name") {
    if (!takes_spirv()) {
        const auto message = message_of<rtcg::InvalidArgument>(
            [] { rtcg::Module::from_binary(context(), spirv_bytes()); });
        CHECK(contains(message, "SPIR-V"));
        if (context().device().backend == "opencl") {
            CHECK(contains(message, context().device().name));
            CHECK(contains(message, "CL_DEVICE_IL_VERSION"));
        } else {
            CHECK(contains(message, "OpenCL"));
            CHECK(context().device().il_versions.empty());
        }
        return;
    }
    const auto module = rtcg::Module::from_binary(context(), spirv_bytes());
    CHECK(module.kernel_names() == std::vector<std::string>{"add_index"});
    constexpr int count = 100;
    std::vector<int> data(count);
    for (int i = 0; i < count; ++i) data[static_cast<std::size_t>(i)] = 7 - i;
    auto buffer = context().to_device(data);
    module.kernel("add_index")(context().queue(), rtcg::LaunchConfig::covering(count, 10), buffer);
    const auto result = context().to_host<int>(buffer);
    for (int i = 0; i < count; ++i) CHECK(result[static_cast<std::size_t>(i)] == 7 - i + 3 * i);
}

TEST_CASE("a truncated SPIR-V module is refused with the driver's reason, never loaded") {
    // The magic number and the header only: no device can build that.
    const auto header = spirv_bytes().first(5 * sizeof(std::uint32_t));
    const auto message = message_of<rtcg::InvalidArgument>([&] { rtcg::Module::from_binary(context(), header); });
    CHECK(contains(message, "SPIR-V"));
}
