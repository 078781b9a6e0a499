// The process model: node-local ranks and the device each rank takes from RTCG_BACKEND.
#include "distributed_support.hpp"

#include <rtcg/core/backends.hpp>
#include <rtcg/distributed/session.hpp>

#include <doctest/doctest.h>

#include <cstdlib>
#include <optional>
#include <string>

namespace rtcg::test {
namespace {

// Sets RTCG_BACKEND for one scope, then puts back what was there.
class BackendVariable {
public:
    explicit BackendVariable(const char* value) {
        if (const char* old = std::getenv("RTCG_BACKEND")) saved_ = old;
        if (value)
            ::setenv("RTCG_BACKEND", value, 1);
        else
            ::unsetenv("RTCG_BACKEND");
    }
    ~BackendVariable() {
        if (saved_)
            ::setenv("RTCG_BACKEND", saved_->c_str(), 1);
        else
            ::unsetenv("RTCG_BACKEND");
    }
    BackendVariable(const BackendVariable&) = delete;
    BackendVariable& operator=(const BackendVariable&) = delete;

private:
    std::optional<std::string> saved_;
};

} // namespace

TEST_CASE("node-local ranks: every test rank runs on this one node") {
    CHECK(node_local_rank(MPI_COMM_WORLD) == comm().rank());
}

TEST_CASE("rank_device_selector: a named device as it is, else round robin over the named platform's") {
    const std::string own = comm().context().selector();
    {
        const BackendVariable named(own.c_str());
        CHECK(rank_device_selector(0) == own);
        CHECK(rank_device_selector(5) == own);
    }
    if (own.rfind("opencl:", 0) == 0) {
        // "opencl:P": local rank k takes device k modulo the platform's devices.
        const std::string platform = own.substr(0, own.rfind(':'));
        std::size_t devices = 0;
        for (const BackendReport& report : backend_reports())
            for (const DeviceDescription& device : report.devices)
                if (device.selector.rfind(platform + ":", 0) == 0) ++devices;
        REQUIRE(devices > 0);
        const BackendVariable named(platform.c_str());
        for (int local = 0; local < 5; ++local)
            CHECK(rank_device_selector(local) == platform + ":" + std::to_string(local % static_cast<int>(devices)));
    }
    {
        const BackendVariable unset(nullptr);
        CHECK_FALSE(rank_device_selector(comm().rank()).empty());
    }
    {
        const BackendVariable nothing("opencl:no-such-platform-anywhere");
        CHECK_THROWS_AS(rank_device_selector(0), BackendUnavailable);
    }
}

} // namespace rtcg::test
