#pragma once
/// \file
/// Tuning policies (rtcg/arrays/policy.hpp) kept in the tuning database: one entry per algorithm
/// and device, whose configuration is the policy's text form ("block_size=128,batch_bytes=32"),
/// all of its fields or some; the fields it leaves out keep the default table's values.
///
/// \code
///   rtcg::tuning::store_policy(database, ctx.device(), tuned_reduction_policy, best_ms);
///   ...                                              // a later run, in another process
///   rtcg::tuning::apply_policies(database, ctx.device());  // the stored policies, as overrides
/// \endcode
#include <rtcg/arrays/policy.hpp>
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/tuning/database.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace rtcg::tuning {

/// The key of `algorithm`'s policy entry for `device`: kernel "rtcg.policy.<algorithm>", size
/// class "any" (a policy holds for every size; those it tells apart are among its fields).
RTCG_API TuningKey policy_key(const DeviceInfo& device, std::string_view algorithm);

/// Stores `policy` as `device`'s entry for its algorithm, measured at `time_ms`.
template <TuningPolicy Policy>
void store_policy(const TuningDatabase& database, const DeviceInfo& device, const Policy& policy, double time_ms) {
    database.store(policy_key(device, Policy::algorithm), TuningEntry{rtcg::to_string(policy), time_ms});
}

/// Makes every policy entry of `device` its override (rtcg::override_policy): the default
/// table's policy of the device's class with the entry's fields. Returns the algorithms
/// overridden, in PolicyTypes order. InvalidArgument, naming the entry's file, for an entry whose
/// configuration does not parse or whose policy the device cannot run; the entries before it
/// stay applied.
RTCG_API std::vector<std::string> apply_policies(const TuningDatabase& database, const DeviceInfo& device);

} // namespace rtcg::tuning
