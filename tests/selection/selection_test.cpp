// Backend selection and the availability report: needs no particular backend.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include "../support/expect_error.hpp"

#include <rtcg/core.hpp>

#include <doctest/doctest.h>

#include <cstdlib>

using rtcg::test::contains;
using rtcg::test::message_of;

namespace {

bool any_device() {
    for (const auto& report : rtcg::backend_reports())
        if (report.available) return true;
    return false;
}

} // namespace

TEST_CASE("malformed selectors are invalid arguments that show the expected form") {
    for (const char* bad : {"", "vulkan", "cuda:0:1", "opencl:a:b:c", "open cl", ":0"}) {
        CAPTURE(bad);
        const auto text = message_of<rtcg::InvalidArgument>([&] { rtcg::Context::create(bad); });
        CHECK(contains(text, "opencl[:PLATFORM[:DEVICE]]"));
    }
    CHECK(contains(message_of<rtcg::InvalidArgument>([] { rtcg::Context::create("vulkan"); }), "unknown backend 'vulkan'"));
}

TEST_CASE("a malformed RTCG_BACKEND is an invalid argument") {
    ::setenv("RTCG_BACKEND", "metal:0", 1);
    const auto text = message_of<rtcg::InvalidArgument>([] { rtcg::Context::from_environment(); });
    ::unsetenv("RTCG_BACKEND");
    CHECK(contains(text, "RTCG_BACKEND"));
    CHECK(contains(text, "metal"));
}

TEST_CASE("every backend is reported, unavailable ones with their reason") {
    const auto reports = rtcg::backend_reports();
    REQUIRE(reports.size() == 2);
    CHECK(reports[0].name == "cuda");
    CHECK(reports[1].name == "opencl");
    for (const auto& report : reports) {
        CAPTURE(report.name);
        if (report.available) {
            CHECK_FALSE(report.devices.empty());
            for (const auto& device : report.devices) {
                CHECK(device.info.backend == report.name);
                CHECK(rtcg::Context::create(device.selector).selector() == device.selector);
            }
        } else {
            CHECK_FALSE(report.reason.empty());
        }
    }
}

TEST_CASE("without libcuda the CUDA backend says so") {
    const auto reports = rtcg::backend_reports();
    if (reports[0].available) return; // a machine with an NVIDIA driver
    CHECK(contains(reports[0].reason, "libcuda.so.1"));
}

TEST_CASE("an unmatched selector lists what is available and why the rest is not") {
    const auto text =
        message_of<rtcg::BackendUnavailable>([] { rtcg::Context::create("opencl:no-such-platform-anywhere"); });
    CHECK(contains(text, "opencl:no-such-platform-anywhere"));
    for (const auto& report : rtcg::backend_reports()) {
        if (report.available)
            for (const auto& device : report.devices) CHECK(contains(text, device.selector));
        else
            CHECK(contains(text, report.reason));
    }
}

TEST_CASE("names and indices select devices; the default prefers CUDA, then GPUs") {
    if (!any_device()) return;
    const auto chosen = rtcg::Context::from_environment();
    const auto reports = rtcg::backend_reports();
    if (reports[0].available) CHECK(chosen.device().backend == "cuda");
    else if (std::getenv("RTCG_BACKEND") == nullptr) CHECK(chosen.device().backend == "opencl");
    for (const auto& device : reports[1].devices) {
        CHECK(rtcg::Context::create("opencl:" + std::to_string(device.platform_index)).device().backend == "opencl");
        const auto by_name = "opencl:" + device.platform.substr(0, 4) + ":" + std::to_string(device.device_index);
        CHECK(rtcg::Context::create(by_name).device().platform == device.platform);
    }
}
