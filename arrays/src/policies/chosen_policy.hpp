#pragma once
// The policy a generator builds its kernels with on a device (rtcg/arrays/policy.hpp), and what
// the cache key of those kernels (context_kernels.hpp) adds for it.
#include <rtcg/arrays/policy.hpp>

#include <string>

namespace rtcg::detail {

template <TuningPolicy Policy>
struct ChosenPolicy {
    Policy policy;
    // Empty for the default table's policy, so that keys stay as they were without overrides;
    // the override's fields otherwise, so that kernels built under another policy are not reused.
    std::string cache_key;
};

// The device's override, else its class's default; takes no lock while no override exists.
template <TuningPolicy Policy>
ChosenPolicy<Policy> choose_policy(const DeviceInfo& device);

} // namespace rtcg::detail
