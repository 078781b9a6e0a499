// The radix sort's kernels (rtcg/arrays/radix_sort_source.hpp lists them): the sort's
// configuration, rendered by the template engine, followed by the device files that build the
// kernels (arrays/device: the key's digit, the histogram and the digits' starts, the pass's
// look-back, a block radix rank (radix_sort_ranking.hpp chooses which), the tile's write, then
// the pass and the one-tile sort).
#include "radix_sort_source.hpp"
#include "device_sources.hpp"
#include "policies/sort.hpp"
#include "radix_sort_ranking.hpp"

#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/codegen/template.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg {
namespace {

using codegen::Dialect;
using codegen::DType;

// The sort's configuration, in front of the device files (arrays/device): its shape, the key,
// value, bits and count types, and the key's bits as an unsigned number that orders like the key.
// Integers: unsigned as they are, signed with the sign bit flipped. Floating: NaNs (of either
// sign) above everything, -0.0 as 0.0, and IEEE bits flipped so that negatives order reversed
// below positives.
constexpr std::string_view configuration_text = R"(
#define RTCG_SORT_BLOCK {{ block }}
#define RTCG_SORT_ITEMS {{ items }}
#define RTCG_SORT_TILE (RTCG_SORT_BLOCK * RTCG_SORT_ITEMS)
#define RTCG_SORT_DIGIT_BITS {{ digit_bits }}
#define RTCG_SORT_DIGITS (1u << RTCG_SORT_DIGIT_BITS)
#define RTCG_SORT_POSITIONS {{ positions }}
#define RTCG_SORT_HAS_VALUES {{ has_values }}
#define RTCG_SORT_HISTOGRAM_ITEMS {{ histogram_items }}
// 64-bit counts: each status of the look-back takes two words (agent/radix_sort_look_back.rtcg).
#define RTCG_SORT_WIDE_STATUS {{ wide_status }}
typedef {{ key_type }} rtcg_sort_key_t;
typedef {{ value_type }} rtcg_sort_value_t;
typedef {{ bits_type }} rtcg_sort_bits_t;
typedef {{ counter_type }} rtcg_sort_count_t;

// The key's bits as an unsigned number that orders like the key.
RTCG_DEVICE rtcg_sort_bits_t rtcg_sort_bits(rtcg_sort_key_t key)
{
{% if key_kind == 'unsigned' %}
    return (rtcg_sort_bits_t)key;
{% elif key_kind == 'signed' and width >= 32 %}
    return ((rtcg_sort_bits_t)key & (rtcg_sort_bits_t)~(rtcg_sort_bits_t)0) ^ ((rtcg_sort_bits_t)1 << {{ width - 1 }});
{% elif key_kind == 'signed' %}
    return ((rtcg_sort_bits_t)key & (((rtcg_sort_bits_t)1 << {{ width }}) - 1)) ^ ((rtcg_sort_bits_t)1 << {{ width - 1 }});
{% else %}
    if (key != key) return ~(rtcg_sort_bits_t)0;
    if (key == 0) key = 0;
{% if opencl and width == 64 %}
    const rtcg_sort_bits_t bits = as_ulong(key);
{% elif opencl %}
    const rtcg_sort_bits_t bits = as_uint(key);
{% elif width == 64 %}
    const rtcg_sort_bits_t bits = (rtcg_sort_bits_t)__double_as_longlong(key);
{% else %}
    const rtcg_sort_bits_t bits = __float_as_uint(key);
{% endif %}
    return (bits & ((rtcg_sort_bits_t)1 << {{ width - 1 }})) ? ~bits : (bits | ((rtcg_sort_bits_t)1 << {{ width - 1 }}));
{% endif %}
}

)";

const codegen::Template& configuration_template() {
    static const codegen::Template configuration(configuration_text, "radix sort configuration");
    return configuration;
}

// The device files of a sort, in the order they build on each other: the ranking by warp votes
// where the target has them (detail::ranks_by_warp_votes), by counting rounds elsewhere.
std::array<std::string_view, 8> device_files(bool warp_votes) {
    namespace device = detail::device;
    return {device::block::radix_digit,
            device::kernel::radix_sort_histogram,
            device::kernel::radix_sort_starts,
            device::agent::radix_sort_look_back,
            warp_votes ? device::block::radix_rank_warp_votes : device::block::radix_rank_counting,
            device::agent::radix_sort_write_tile,
            device::kernel::radix_sort_pass,
            device::kernel::radix_sort_one_tile};
}

} // namespace

std::string radix_sort_source(const codegen::Target& target, const codegen::DType& key,
                              const std::optional<codegen::DType>& value, const codegen::DType& counter,
                              std::size_t block, std::size_t items) {
    const DeviceClass device_class = target.warp_primitives ? DeviceClass::nvidia_gpu : DeviceClass::gpu;
    return detail::radix_sort_source(target, key, value, counter, block, items,
                                     detail::sort_policies[device_class].histogram_items_per_work_item);
}

std::string detail::radix_sort_source(const codegen::Target& target, const codegen::DType& key,
                                      const std::optional<codegen::DType>& value, const codegen::DType& counter,
                                      std::size_t block, std::size_t items, std::size_t histogram_items) {
    if (!(key.is_integer() || key == codegen::DType::float32() || key == codegen::DType::float64()) ||
        key == codegen::DType::boolean())
        throw InvalidArgument("sort: keys of type " + std::string(key.name()) +
                              " cannot be radix sorted (integers, float32 and float64 can)");
    if (block == 0 || items == 0)
        throw InvalidArgument("sort: tiles of " + std::to_string(block) + " work-items with " + std::to_string(items) +
                              " keys each; both must be at least 1");
    // The ranking counts a tile's keys in 16-bit halves and keeps places in it in 16 bits.
    if (block * items > std::numeric_limits<std::uint16_t>::max())
        throw InvalidArgument("sort: tiles of " + std::to_string(block * items) +
                              " keys; the passes rank tiles of at most 65535");
    if (counter != codegen::DType::uint32() && counter != codegen::DType::uint64())
        throw InvalidArgument("sort: counts of type " + std::string(counter.name()) + "; uint32 or uint64 can");
    const Dialect dialect = target.dialect;
    const bool warp_votes = detail::ranks_by_warp_votes(target, block);
    std::vector<codegen::DType> types;
    if (value) types.push_back(*value);
    std::string source = codegen::struct_declarations(types, dialect);
    const std::size_t width = key.size() * 8;
    const codegen::Values values{
        {"block", block},
        {"items", items},
        {"digit_bits", detail::radix_bits},
        {"histogram_items", histogram_items},
        {"positions", detail::digit_positions(key)},
        {"has_values", value ? 1 : 0},
        {"key_type", key.c_name(dialect)},
        // Without values the typedef is unused; the key type keeps it valid.
        {"value_type", (value ? *value : key).c_name(dialect)},
        {"bits_type", width == 64 ? "rtcg_uindex_t" : "unsigned int"},
        {"counter_type", counter.c_name(dialect)},
        {"wide_status", counter.size() == 8 ? 1 : 0},
        {"width", width},
        {"key_kind", !key.is_integer() ? "floating" : key.is_signed() ? "signed" : "unsigned"},
        {"opencl", dialect == Dialect::opencl}};
    source += configuration_template().render(values);
    for (std::string_view file : device_files(warp_votes)) (source += file) += '\n';
    return codegen::with_prelude(dialect, source, {.complex = value && value->contains_complex(), .warp = warp_votes});
}

} // namespace rtcg
