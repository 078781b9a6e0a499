// Tuning policies (rtcg/arrays/policy.hpp): the default table of each algorithm per device class,
// the device classes, overrides applied and removed, invalid overrides refused, the text form,
// and on the test's backend the launch shape an override gives and the results under overrides.
#include "../support/test_context.hpp"

#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/arrays/axis_reductions.hpp>
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/policy.hpp>
#include <rtcg/arrays/random.hpp>
#include <rtcg/arrays/reductions.hpp>
#include <rtcg/arrays/scan.hpp>
#include <rtcg/core/error.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

using rtcg::Array;
using rtcg::AxisReductionPolicy;
using rtcg::DeviceClass;
using rtcg::DeviceInfo;
using rtcg::ElementwisePolicy;
using rtcg::RandomPolicy;
using rtcg::ReductionPolicy;
using rtcg::ScanPolicy;
using rtcg::SortPolicy;
using rtcg::test::context;

namespace {

constexpr DeviceClass all_classes[] = {DeviceClass::nvidia_gpu, DeviceClass::gpu, DeviceClass::cpu};

DeviceInfo gpu_device(std::string backend, std::string platform, std::uint32_t simd_width) {
    DeviceInfo device;
    device.backend = std::move(backend);
    device.platform = std::move(platform);
    device.name = "a test GPU";
    device.type = rtcg::DeviceType::gpu;
    device.simd_width = simd_width;
    device.max_work_group_size = 1024;
    device.max_work_item_sizes = {1024, 1024, 64};
    return device;
}

// Removes the override of `Policy` for `device` when it goes, so that a failed check leaves no
// override behind for the tests after it.
template <class Policy>
struct ScopedOverride {
    const DeviceInfo& device;
    ScopedOverride(const DeviceInfo& on, const Policy& policy) : device(on) { rtcg::override_policy(device, policy); }
    ScopedOverride(const ScopedOverride&) = delete;
    ScopedOverride& operator=(const ScopedOverride&) = delete;
    ~ScopedOverride() { rtcg::remove_policy_override<Policy>(device); }
};

} // namespace

TEST_CASE("the default policies hold the tuned constants of every device class") {
    for (const DeviceClass device_class : all_classes) {
        CAPTURE(rtcg::to_string(device_class));
        const auto elementwise = rtcg::default_policy<ElementwisePolicy>(device_class);
        CHECK(elementwise.block_size == 256);
        CHECK(elementwise.min_indices_per_work_item == 2);
        CHECK(elementwise.groups_per_compute_unit == 256);
        CHECK(elementwise.streaming_groups_per_compute_unit ==
              (device_class == DeviceClass::cpu ? 256 : rtcg::unlimited_groups));

        CHECK(rtcg::default_policy<RandomPolicy>(device_class) == RandomPolicy{256, 256});
        CHECK(rtcg::default_policy<ReductionPolicy>(device_class) == ReductionPolicy{256, 64, 4, 16, 1024});
        CHECK(rtcg::default_policy<ScanPolicy>(device_class) == ScanPolicy{256, 15, 16 * 1024, 8, 8});

        const auto sort = rtcg::default_policy<SortPolicy>(device_class);
        CHECK(sort.block_size == 256);
        CHECK(sort.local_memory_bytes == 42 * 1024);
        CHECK(sort.counting_items_per_work_item == 15);
        CHECK(sort.vote_items_per_work_item == 19);
        CHECK(sort.large_vote_items_per_work_item == 27);
        CHECK(sort.wide_vote_items_per_work_item == 13);
        CHECK(sort.large_sort_from == std::size_t{1} << 24);
        CHECK(sort.histogram_items_per_work_item == 16);
        CHECK(sort.histogram_groups_per_compute_unit == 4);
        CHECK(sort.read_back_from == std::size_t{1} << 24);
    }
}

TEST_CASE("the device class follows the device's type and its target's warp primitives") {
    CHECK(rtcg::device_class(gpu_device("cuda", "NVIDIA CUDA", 32)) == DeviceClass::nvidia_gpu);
    CHECK(rtcg::device_class(gpu_device("opencl", "NVIDIA CUDA", 32)) == DeviceClass::nvidia_gpu);
    CHECK(rtcg::device_class(gpu_device("opencl", "AMD Accelerated Parallel Processing", 64)) == DeviceClass::gpu);
    DeviceInfo cpu = gpu_device("opencl", "Portable Computing Language", 1);
    cpu.type = rtcg::DeviceType::cpu;
    CHECK(rtcg::device_class(cpu) == DeviceClass::cpu);
    cpu.type = rtcg::DeviceType::accelerator;
    CHECK(rtcg::device_class(cpu) == DeviceClass::cpu);
    CHECK(std::string(rtcg::to_string(DeviceClass::nvidia_gpu)) == "nvidia_gpu");
}

TEST_CASE("an override holds for its device alone until it is removed") {
    const DeviceInfo device = gpu_device("opencl", "AMD Accelerated Parallel Processing", 64);
    DeviceInfo other = device;
    other.driver_version = "another driver";
    const ReductionPolicy defaults = rtcg::default_policy<ReductionPolicy>(DeviceClass::gpu);
    REQUIRE(rtcg::policy_for<ReductionPolicy>(device) == defaults);

    ReductionPolicy tuned = defaults;
    tuned.block_size = 128;
    rtcg::override_policy(device, tuned);
    CHECK(rtcg::policy_for<ReductionPolicy>(device) == tuned);
    CHECK(rtcg::policy_for<ReductionPolicy>(other) == defaults);
    CHECK(rtcg::policy_for<ScanPolicy>(device) == rtcg::default_policy<ScanPolicy>(DeviceClass::gpu));

    tuned.batch_bytes = 32; // a second override replaces the first
    rtcg::override_policy(device, tuned);
    CHECK(rtcg::policy_for<ReductionPolicy>(device) == tuned);

    CHECK(rtcg::remove_policy_override<ReductionPolicy>(device));
    CHECK(rtcg::policy_for<ReductionPolicy>(device) == defaults);
    CHECK_FALSE(rtcg::remove_policy_override<ReductionPolicy>(device));
}

TEST_CASE("invalid overrides are refused with InvalidArgument saying what and why, and change nothing") {
    const DeviceInfo device = gpu_device("opencl", "AMD Accelerated Parallel Processing", 64);
    const auto refused = [&](const auto& policy, const std::string& says) {
        using Policy = std::decay_t<decltype(policy)>;
        CAPTURE(says);
        try {
            rtcg::override_policy(device, policy);
            FAIL("the override was taken");
        } catch (const rtcg::InvalidArgument& e) {
            CHECK(std::string(e.why()).find(says) != std::string::npos);
            CHECK(std::string(e.where()).find(Policy::algorithm) != std::string::npos);
        }
        CHECK(rtcg::policy_for<Policy>(device) == rtcg::default_policy<Policy>(DeviceClass::gpu));
    };

    ReductionPolicy reduction = rtcg::default_policy<ReductionPolicy>(DeviceClass::gpu);
    reduction.block_size = 96;
    refused(reduction, "block_size=96 is not a power of two");
    reduction.block_size = 2048;
    refused(reduction, "block_size=2048 is more work-items than the device's limit of 1024");
    reduction.block_size = 256;
    reduction.min_items_per_work_item = 32;
    refused(reduction, "min_items_per_work_item=32 is more than max_items_per_work_item=16");

    ElementwisePolicy elementwise = rtcg::default_policy<ElementwisePolicy>(DeviceClass::gpu);
    elementwise.groups_per_compute_unit = 0;
    refused(elementwise, "groups_per_compute_unit=0 must be at least 1");
    elementwise.groups_per_compute_unit = 256;
    elementwise.block_size = 96; // elementwise work-groups need not be powers of two
    rtcg::override_policy(device, elementwise);
    CHECK(rtcg::remove_policy_override<ElementwisePolicy>(device));

    SortPolicy sort = rtcg::default_policy<SortPolicy>(DeviceClass::gpu);
    sort.block_size = 1024;
    sort.large_vote_items_per_work_item = 99;
    refused(sort, "more than the 65535 keys a pass ranks");
    ScanPolicy scan = rtcg::default_policy<ScanPolicy>(DeviceClass::gpu);
    scan.block_size = 0;
    refused(scan, "block_size=0 must be at least 1");
}

TEST_CASE("a policy's text names every field and parses back, in whole or in part") {
    const ScanPolicy scan = rtcg::default_policy<ScanPolicy>(DeviceClass::cpu);
    const std::string text = rtcg::to_string(scan);
    CHECK(text == "block_size=256,max_items_per_work_item=15,tile_bytes=16384,groups_per_compute_unit=8,"
                  "single_pass_groups_per_compute_unit=8");
    CHECK(rtcg::parse_policy(text, ScanPolicy{}) == scan);

    ScanPolicy expected = scan;
    expected.block_size = 64;
    expected.tile_bytes = 4096;
    CHECK(rtcg::parse_policy("tile_bytes=4096,block_size=64", scan) == expected);
    CHECK(rtcg::parse_policy("", scan) == scan);

    CHECK_THROWS_AS(rtcg::parse_policy("block_size", scan), rtcg::InvalidArgument);
    CHECK_THROWS_AS(rtcg::parse_policy("block=64", scan), rtcg::InvalidArgument);
    CHECK_THROWS_AS(rtcg::parse_policy("block_size=64,block_size=32", scan), rtcg::InvalidArgument);
    CHECK_THROWS_AS(rtcg::parse_policy("block_size=-1", scan), rtcg::InvalidArgument);
    CHECK_THROWS_AS(rtcg::parse_policy("block_size=6x", scan), rtcg::InvalidArgument);
    CHECK_THROWS_AS(rtcg::parse_policy("block_size=", scan), rtcg::InvalidArgument);
}

TEST_CASE("an elementwise override changes the launch shape that kernels built after it use") {
    const DeviceInfo& device = context().device();
    // Each index records its work-group's size and the grid's: calls make the operation compute,
    // and 8-byte elements leave it one index per step (element_pairing.hpp).
    const auto launch_shape = [&] {
        const rtcg::ElementwiseKernel shape(context(), "long *local_size, long *groups",
                                            "local_size[i] = (long)RTCG_LOCAL_SIZE(0); "
                                            "groups[i] = (long)RTCG_NUM_GROUPS(0)",
                                            {.name = "launch_shape"});
        constexpr std::size_t n = 100000;
        auto local_size = Array<std::int64_t>::zeros(context(), n);
        auto groups = Array<std::int64_t>::zeros(context(), n);
        shape(local_size, groups);
        const std::vector<std::int64_t> local_sizes = local_size.get();
        const std::vector<std::int64_t> group_counts = groups.get();
        REQUIRE(std::count(local_sizes.begin(), local_sizes.end(), local_sizes[0]) == std::int64_t{n});
        REQUIRE(std::count(group_counts.begin(), group_counts.end(), group_counts[0]) == std::int64_t{n});
        return std::pair<std::size_t, std::size_t>(local_sizes[0], group_counts[0]);
    };
    const std::size_t units = std::max<std::size_t>(device.compute_units, 1);

    const ElementwisePolicy defaults = rtcg::policy_for<ElementwisePolicy>(device);
    const auto [default_block, default_groups] = launch_shape();
    CHECK(default_block == std::min<std::size_t>(defaults.block_size, device.max_work_group_size));
    CHECK(default_groups == std::min<std::size_t>((100000 + 2 * default_block - 1) / (2 * default_block),
                                                  units * defaults.groups_per_compute_unit));

    ElementwisePolicy tuned = defaults;
    tuned.block_size = 32;
    tuned.min_indices_per_work_item = 4;
    tuned.groups_per_compute_unit = 1;
    {
        const ScopedOverride<ElementwisePolicy> scoped(device, tuned);
        const auto [block, groups] = launch_shape();
        CHECK(block == 32);
        CHECK(groups == std::min<std::size_t>((100000 + 127) / 128, units));

        // The arithmetic of the array operations is right under the override.
        std::vector<float> x(12345);
        std::iota(x.begin(), x.end(), 0.0f);
        const auto x_gpu = Array<float>::to_device(context(), x);
        const std::vector<float> y = Array<float>(2.0f * x_gpu + 1.0f).get();
        for (std::size_t k = 0; k < x.size(); ++k) REQUIRE(y[k] == 2.0f * x[k] + 1.0f);
    }
    CHECK(launch_shape() == std::pair(default_block, default_groups));
}

TEST_CASE("reductions, scans, sorts, random numbers and reductions along axes give the same results under overridden policies") {
    const DeviceInfo& device = context().device();
    std::vector<std::int32_t> values(300001);
    for (std::size_t k = 0; k < values.size(); ++k) values[k] = static_cast<std::int32_t>((k * 2654435761u) % 1000);
    const auto values_gpu = Array<std::int32_t>::to_device(context(), values);
    // Reductions along axes: rows (the reduced run innermost, over two merged axes for axes 0 and
    // 2) and columns (axis 0). Integer sums are exact in any order.
    const auto cube = Array<std::int32_t>::to_device(context(), std::vector<std::int32_t>(values.begin(), values.begin() + 37 * 53 * 61),
                                                     {37, 53, 61});

    const auto results = [&] {
        rtcg::random::Philox generator(context(), 42);
        return std::tuple(rtcg::sum(values_gpu).get(), rtcg::cumsum(values_gpu).get(), rtcg::sort(values_gpu).get(),
                          generator.uniform<float>(10007).get(), rtcg::sum(cube, {.axes = {0, 2}}).get(),
                          rtcg::sum(cube, {.axes = {0}}).get(), rtcg::argmax(cube, {.axes = {1}}).get());
    };
    const auto expected = results();
    std::vector<std::int32_t> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    std::vector<std::int32_t> running(values.size());
    std::partial_sum(values.begin(), values.end(), running.begin());
    REQUIRE(std::get<0>(expected) == std::accumulate(values.begin(), values.end(), std::int32_t{0}));
    REQUIRE(std::get<1>(expected) == running);
    REQUIRE(std::get<2>(expected) == sorted);

    ReductionPolicy reduction = rtcg::policy_for<ReductionPolicy>(device);
    reduction.block_size = 64;
    reduction.min_items_per_work_item = reduction.max_items_per_work_item = 2;
    reduction.resident_work_items_per_compute_unit = 128;
    ScanPolicy scan = rtcg::policy_for<ScanPolicy>(device);
    scan.block_size = 32;
    scan.max_items_per_work_item = 3;
    scan.tile_bytes = 1024;
    scan.groups_per_compute_unit = 2;
    SortPolicy sort = rtcg::policy_for<SortPolicy>(device);
    sort.block_size = 64;
    sort.counting_items_per_work_item = sort.vote_items_per_work_item = 5;
    sort.large_vote_items_per_work_item = sort.wide_vote_items_per_work_item = 7;
    sort.large_sort_from = sort.read_back_from = 1000; // the large sort's tiles and its read-back
    sort.histogram_items_per_work_item = 3;
    sort.histogram_groups_per_compute_unit = 1;
    const RandomPolicy random{.block_size = 16, .groups_per_compute_unit = 1};
    const AxisReductionPolicy axis{.block_size = 32,
                                   .items_per_work_item = 3,
                                   .row_block_size = 64,
                                   .wide_row_block_size = 16,
                                   .row_items_per_work_item = 5,
                                   .groups_per_compute_unit = 64,
                                   .min_items_per_slice = 2};

    const ScopedOverride<ReductionPolicy> reductions(device, reduction);
    const ScopedOverride<ScanPolicy> scans(device, scan);
    const ScopedOverride<SortPolicy> sorts(device, sort);
    const ScopedOverride<RandomPolicy> randoms(device, random);
    const ScopedOverride<AxisReductionPolicy> axes(device, axis);
    CHECK(results() == expected);
}
