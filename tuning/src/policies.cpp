// Tuning policies kept in the tuning database (rtcg/tuning/policies.hpp).
#include <rtcg/core/error.hpp>
#include <rtcg/tuning/policies.hpp>

#include <optional>
#include <tuple>

namespace rtcg::tuning {
namespace {

constexpr const char* where = "tuning::apply_policies";

// Overrides `Policy` for `device` from its entry, if there is one; true when there was.
template <TuningPolicy Policy>
bool apply(const TuningDatabase& database, const DeviceInfo& device) {
    const TuningKey key = policy_key(device, Policy::algorithm);
    const std::optional<TuningEntry> entry = database.find(key);
    if (!entry) return false;
    try {
        override_policy(device, parse_policy(entry->configuration, default_policy<Policy>(device_class(device))));
    } catch (const InvalidArgument& e) {
        throw InvalidArgument("the tuning database's entry " + database.path_of(key).string() + ": " + e.why(), where);
    }
    return true;
}

} // namespace

TuningKey policy_key(const DeviceInfo& device, std::string_view algorithm) {
    return TuningKey::of(device, "rtcg.policy." + std::string(algorithm), "any");
}

std::vector<std::string> apply_policies(const TuningDatabase& database, const DeviceInfo& device) {
    std::vector<std::string> applied;
    std::apply(
        [&]<class... Policy>(const Policy&...) {
            ((apply<Policy>(database, device) ? void(applied.emplace_back(Policy::algorithm)) : void()), ...);
        },
        PolicyTypes{});
    return applied;
}

} // namespace rtcg::tuning
