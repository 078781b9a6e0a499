// The policies' default tables, overrides and text form (rtcg/arrays/policy.hpp).
#include "policies/axis_reduction.hpp"
#include "policies/chosen_policy.hpp"
#include "policies/elementwise.hpp"
#include "policies/random.hpp"
#include "policies/reduction.hpp"
#include "policies/scan.hpp"
#include "policies/sort.hpp"
#include "policies/transpose.hpp"

#include <rtcg/codegen/dialect.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <atomic>
#include <bit>
#include <charconv>
#include <map>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <tuple>

namespace rtcg {
namespace {

template <TuningPolicy Policy>
const detail::PolicyTable<Policy>& default_table() {
    static constexpr std::tuple tables{&detail::elementwise_policies, &detail::random_policies,
                                       &detail::reduction_policies, &detail::axis_reduction_policies,
                                       &detail::scan_policies, &detail::sort_policies, &detail::transpose_policies};
    return *std::get<const detail::PolicyTable<Policy>*>(tables);
}

// What an override is kept under: the fields a tuning database keys a device on.
std::string device_identity(const DeviceInfo& device) {
    std::string identity;
    for (const std::string* part :
         {&device.backend, &device.platform, &device.name, &device.architecture, &device.driver_version})
        (identity += *part) += '\x1f';
    return identity;
}

// Overrides of every policy type, counted, so that looking a policy up without any override takes
// no lock.
std::atomic<std::size_t> override_count{0};

template <TuningPolicy Policy>
struct Overrides {
    std::shared_mutex mutex;
    std::map<std::string, Policy, std::less<>> by_device;
};

template <TuningPolicy Policy>
Overrides<Policy>& overrides() {
    static Overrides<Policy> instance;
    return instance;
}

template <TuningPolicy Policy>
std::optional<Policy> override_of(const DeviceInfo& device) {
    if (override_count.load(std::memory_order_acquire) == 0) return std::nullopt;
    Overrides<Policy>& all = overrides<Policy>();
    const std::shared_lock lock(all.mutex);
    const auto found = all.by_device.find(device_identity(device));
    if (found == all.by_device.end()) return std::nullopt;
    return found->second;
}

std::string where_of(std::string_view function, std::string_view algorithm) {
    return "rtcg::" + std::string(function) + " (" + std::string(algorithm) + " policy)";
}

// The device's limit on work-items per work-group; 0 where it reports none.
std::size_t work_group_limit(const DeviceInfo& device) {
    std::size_t limit = device.max_work_group_size;
    const std::size_t dimension = device.max_work_item_sizes[0];
    if (dimension && (limit == 0 || dimension < limit)) limit = dimension;
    return limit;
}

// Why `value` breaks `rule` on `device`, or an empty string where it keeps it.
std::string broken_rule(std::size_t value, PolicyFieldRule rule, const DeviceInfo& device) {
    if (value == 0) return "must be at least 1";
    if (rule == PolicyFieldRule::positive) return {};
    if (const std::size_t limit = work_group_limit(device); limit && value > limit)
        return "is more work-items than the device's limit of " + std::to_string(limit) + " per work-group";
    if (rule == PolicyFieldRule::power_of_two_work_group_size && !std::has_single_bit(value))
        return "is not a power of two, which the algorithm's work-groups must be";
    return {};
}

// Why the fields of `policy` contradict each other, or an empty string.
template <TuningPolicy Policy>
std::string contradiction(const Policy& policy) {
    if constexpr (std::is_same_v<Policy, ReductionPolicy>) {
        if (policy.min_items_per_work_item > policy.max_items_per_work_item)
            return "min_items_per_work_item=" + std::to_string(policy.min_items_per_work_item) +
                   " is more than max_items_per_work_item=" + std::to_string(policy.max_items_per_work_item);
    }
    if constexpr (std::is_same_v<Policy, SortPolicy>) {
        // A pass ranks its tile in 16-bit counts (radix_sort_source.hpp).
        constexpr std::size_t max_tile = 65535;
        for (const std::size_t items : {policy.counting_items_per_work_item, policy.vote_items_per_work_item,
                                        policy.large_vote_items_per_work_item, policy.wide_vote_items_per_work_item})
            if (policy.block_size * items > max_tile)
                return "tiles of block_size=" + std::to_string(policy.block_size) + " times " + std::to_string(items) +
                       " keys are more than the " + std::to_string(max_tile) + " keys a pass ranks";
    }
    if constexpr (std::is_same_v<Policy, TransposePolicy>) {
        if (policy.tile_rows > policy.tile_edge)
            return "tile_rows=" + std::to_string(policy.tile_rows) + " is more than the tile_edge=" +
                   std::to_string(policy.tile_edge) + " rows a tile has";
    }
    return {};
}

template <TuningPolicy Policy>
void check_policy(const DeviceInfo& device, const Policy& policy) {
    const std::string where = where_of("override_policy", Policy::algorithm);
    const std::string on = std::string(Policy::algorithm) + " policy for '" + device.name + "': ";
    for (const PolicyField<Policy>& field : Policy::fields()) {
        const std::size_t value = policy.*field.member;
        if (std::string why = broken_rule(value, field.rule, device); !why.empty())
            throw InvalidArgument(on + std::string(field.name) + "=" + std::to_string(value) + " " + why, where);
    }
    if (std::string why = contradiction(policy); !why.empty()) throw InvalidArgument(on + why, where);
}

} // namespace

DeviceClass device_class(const DeviceInfo& device) {
    if (device.type != DeviceType::gpu) return DeviceClass::cpu;
    return codegen::target_of(device).warp_primitives ? DeviceClass::nvidia_gpu : DeviceClass::gpu;
}

const char* to_string(DeviceClass device_class) noexcept {
    switch (device_class) {
    case DeviceClass::nvidia_gpu: return "nvidia_gpu";
    case DeviceClass::gpu: return "gpu";
    case DeviceClass::cpu: return "cpu";
    }
    return "cpu";
}

template <TuningPolicy Policy>
Policy default_policy(DeviceClass device_class) {
    return default_table<Policy>()[device_class];
}

template <TuningPolicy Policy>
Policy policy_for(const DeviceInfo& device) {
    return detail::choose_policy<Policy>(device).policy;
}

template <TuningPolicy Policy>
void override_policy(const DeviceInfo& device, const Policy& policy) {
    check_policy(device, policy);
    Overrides<Policy>& all = overrides<Policy>();
    const std::unique_lock lock(all.mutex);
    if (all.by_device.insert_or_assign(device_identity(device), policy).second) override_count.fetch_add(1);
}

template <TuningPolicy Policy>
bool remove_policy_override(const DeviceInfo& device) {
    Overrides<Policy>& all = overrides<Policy>();
    const std::unique_lock lock(all.mutex);
    if (all.by_device.erase(device_identity(device)) == 0) return false;
    override_count.fetch_sub(1);
    return true;
}

template <TuningPolicy Policy>
std::string to_string(const Policy& policy) {
    std::string text;
    for (const PolicyField<Policy>& field : Policy::fields()) {
        if (!text.empty()) text += ',';
        (text += field.name) += '=' + std::to_string(policy.*field.member);
    }
    return text;
}

template <TuningPolicy Policy>
Policy parse_policy(std::string_view text, Policy base) {
    const std::string where = where_of("parse_policy", Policy::algorithm);
    const std::string quoted = "'" + std::string(text) + "'";
    constexpr auto fields = Policy::fields();
    std::array<bool, fields.size()> given{};
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view item = text.substr(start, comma - start);
        start = comma + 1;
        const std::size_t equals = item.find('=');
        if (equals == std::string_view::npos)
            throw InvalidArgument(quoted + ": '" + std::string(item) + "' is not field=value", where);
        const std::string_view name = item.substr(0, equals);
        const std::string_view digits = item.substr(equals + 1);
        const auto field = std::find_if(fields.begin(), fields.end(), [&](const auto& f) { return f.name == name; });
        if (field == fields.end())
            throw InvalidArgument(quoted + ": the " + std::string(Policy::algorithm) + " policy has no field '" +
                                      std::string(name) + "'",
                                  where);
        const auto index = static_cast<std::size_t>(field - fields.begin());
        if (given[index]) throw InvalidArgument(quoted + ": '" + std::string(name) + "' is given twice", where);
        given[index] = true;
        std::size_t value = 0;
        const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (digits.empty() || error != std::errc{} || end != digits.data() + digits.size())
            throw InvalidArgument(quoted + ": '" + std::string(digits) + "' is not a whole number for '" +
                                      std::string(name) + "'",
                                  where);
        base.*field->member = value;
    }
    return base;
}

namespace detail {

template <TuningPolicy Policy>
ChosenPolicy<Policy> choose_policy(const DeviceInfo& device) {
    if (std::optional<Policy> chosen = override_of<Policy>(device))
        return {*chosen, "\x1fpolicy\x1f" + to_string(*chosen)};
    return {default_policy<Policy>(device_class(device)), {}};
}

} // namespace detail

#define RTCG_INSTANTIATE_POLICY(Policy)                                                                                \
    template RTCG_API Policy default_policy<Policy>(DeviceClass);                                                      \
    template RTCG_API Policy policy_for<Policy>(const DeviceInfo&);                                                    \
    template RTCG_API void override_policy<Policy>(const DeviceInfo&, const Policy&);                                  \
    template RTCG_API bool remove_policy_override<Policy>(const DeviceInfo&);                                          \
    template RTCG_API std::string to_string<Policy>(const Policy&);                                                    \
    template RTCG_API Policy parse_policy<Policy>(std::string_view, Policy);                                           \
    template detail::ChosenPolicy<Policy> detail::choose_policy<Policy>(const DeviceInfo&);

RTCG_INSTANTIATE_POLICY(ElementwisePolicy)
RTCG_INSTANTIATE_POLICY(RandomPolicy)
RTCG_INSTANTIATE_POLICY(ReductionPolicy)
RTCG_INSTANTIATE_POLICY(AxisReductionPolicy)
RTCG_INSTANTIATE_POLICY(ScanPolicy)
RTCG_INSTANTIATE_POLICY(SortPolicy)
RTCG_INSTANTIATE_POLICY(TransposePolicy)

#undef RTCG_INSTANTIATE_POLICY

} // namespace rtcg
