// Tuning policies kept in the tuning database (rtcg/tuning/policies.hpp): an entry becomes the
// device's override, and changes the launch shape kernels built after it use while their results
// stay right; entries that do not parse or that the device cannot run are refused.
#include "../support/test_context.hpp"
#include "fake_problems.hpp"

#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/policy.hpp>
#include <rtcg/arrays/reductions.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/tuning/policies.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <numeric>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

using rtcg::Array;
using rtcg::test::context;
using rtcg::test::TemporaryDirectory;
using namespace rtcg::tuning;

namespace {

// Removes every policy override of the test's device when it goes, so that the tests after it
// see the default tables.
struct RemoveOverrides {
    RemoveOverrides() = default;
    RemoveOverrides(const RemoveOverrides&) = delete;
    RemoveOverrides& operator=(const RemoveOverrides&) = delete;
    ~RemoveOverrides() {
        std::apply(
            [](const auto&... policy) {
                (rtcg::remove_policy_override<std::decay_t<decltype(policy)>>(context().device()), ...);
            },
            rtcg::PolicyTypes{});
    }
};

// The work-group size an elementwise kernel built now runs with.
std::size_t elementwise_block() {
    const rtcg::ElementwiseKernel shape(context(), "int *local_size", "local_size[i] = (int)RTCG_LOCAL_SIZE(0)",
                                        {.name = "policy_block"});
    auto local_size = Array<std::int32_t>::zeros(context(), 1000);
    shape(local_size);
    return static_cast<std::size_t>(local_size.get()[999]);
}

} // namespace

TEST_CASE("a policy entry of the tuning database becomes the device's override when applied") {
    const rtcg::DeviceInfo& device = context().device();
    TemporaryDirectory directory;
    const TuningDatabase database(directory.path());
    const RemoveOverrides removed;
    CHECK(apply_policies(database, device).empty());
    REQUIRE(elementwise_block() == rtcg::policy_for<rtcg::ElementwisePolicy>(device).block_size);

    rtcg::ElementwisePolicy elementwise = rtcg::policy_for<rtcg::ElementwisePolicy>(device);
    elementwise.block_size = 64;
    store_policy(database, device, elementwise, 0.5);
    // An entry may name some fields only: the others keep the default table's values.
    database.store(policy_key(device, rtcg::ReductionPolicy::algorithm),
                   TuningEntry{"block_size=32,max_items_per_work_item=4", 0.25});
    CHECK(database.find(policy_key(device, "elementwise"))->configuration ==
          "block_size=64,min_indices_per_work_item=2,groups_per_compute_unit=256,"
          "streaming_groups_per_compute_unit=" +
              std::to_string(elementwise.streaming_groups_per_compute_unit));

    CHECK(apply_policies(database, device) == std::vector<std::string>{"elementwise", "reduction"});
    CHECK(rtcg::policy_for<rtcg::ElementwisePolicy>(device) == elementwise);
    rtcg::ReductionPolicy reduction = rtcg::default_policy<rtcg::ReductionPolicy>(rtcg::device_class(device));
    reduction.block_size = 32;
    reduction.max_items_per_work_item = 4;
    CHECK(rtcg::policy_for<rtcg::ReductionPolicy>(device) == reduction);

    CHECK(elementwise_block() == 64);
    std::vector<float> x(100003);
    std::iota(x.begin(), x.end(), 0.0f);
    const auto x_gpu = Array<float>::to_device(context(), x);
    CHECK(rtcg::sum(x_gpu * 0.0f + 1.0f).get() == 100003.0f);
    CHECK(Array<float>(x_gpu + x_gpu).get()[100002] == 200004.0f);
}

TEST_CASE("policy entries that do not parse, or that the device cannot run, are refused naming the entry") {
    const rtcg::DeviceInfo& device = context().device();
    TemporaryDirectory directory;
    const TuningDatabase database(directory.path());
    const RemoveOverrides removed;
    const TuningKey key = policy_key(device, rtcg::ScanPolicy::algorithm);
    for (const char* configuration : {"block=64", "block_size=sixty-four", "block_size=0", "block_size=48"}) {
        CAPTURE(configuration);
        database.store(key, TuningEntry{configuration, 1.0});
        try {
            apply_policies(database, device);
            FAIL("the entry was applied");
        } catch (const rtcg::InvalidArgument& e) {
            CHECK(e.why().find(database.path_of(key).string()) != std::string::npos);
            CHECK(e.where() == "tuning::apply_policies");
        }
        CHECK(rtcg::policy_for<rtcg::ScanPolicy>(device) ==
              rtcg::default_policy<rtcg::ScanPolicy>(rtcg::device_class(device)));
    }
}
