#include "../support/test_context.hpp"

#include <doctest/doctest.h>

#include <string>

using rtcg::test::context;

TEST_CASE("the device reports sane properties") {
    const auto& d = context().device();
    CHECK_FALSE(d.name.empty());
    CHECK_FALSE(d.vendor.empty());
    CHECK_FALSE(d.architecture.empty());
    CHECK_FALSE(d.version.empty());
    CHECK_FALSE(d.driver_version.empty());
    CHECK((d.backend == "cuda" || d.backend == "opencl"));
    CHECK(d.compute_units > 0);
    CHECK(d.global_memory_bytes > 0);
    CHECK(d.max_allocation_bytes > 0);
    CHECK(d.max_allocation_bytes <= d.global_memory_bytes);
    CHECK(d.local_memory_bytes > 0);
    CHECK(d.static_local_memory_bytes > 0);
    CHECK(d.static_local_memory_bytes <= d.local_memory_bytes);
    CHECK(d.max_work_group_size > 0);
    CHECK(d.max_work_item_sizes[0] > 0);
    CHECK(d.max_grid_size[0] > 0);
    CHECK((d.address_bits == 32 || d.address_bits == 64));
}

TEST_CASE("launches apply a local-memory carveout on CUDA drivers with per-launch attributes alone") {
    // cuLaunchKernelEx came with CUDA 12; OpenCL leaves the split to its driver. driver_version is
    // "major.minor" on CUDA.
    const auto& d = context().device();
    CAPTURE(d.driver_version);
    if (d.backend == "cuda")
        CHECK(d.applies_local_memory_carveout == (std::stoi(d.driver_version) >= 12));
    else
        CHECK_FALSE(d.applies_local_memory_carveout);
}

TEST_CASE("the context's selector opens the same device again") {
    const auto again = rtcg::Context::create(context().selector());
    CHECK(again.device().name == context().device().name);
    CHECK(again.selector() == context().selector());
    CHECK_FALSE(again == context());
}
