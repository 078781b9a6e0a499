// KeyValueSorter: the keys are converted to the sort's key type by a kernel that also finds the
// first key out of range (an atomic minimum of its index); then the keys' counts (bincount's
// atomic additions) are scanned into starts, and the stable radix sort orders the positions of the
// values by key, which a gather follows. The keys are sorted as uint32 (uint64 for more than 2^32
// keys) and the positions as uint32 (uint64 beyond 2^32 values), so that one sort program serves
// every key and value type.
#include "list_offsets.hpp"
#include "untyped_calls.hpp"

#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/arrays/counting.hpp>
#include <rtcg/arrays/key_value_sort.hpp>
#include <rtcg/arrays/queue_scope.hpp>

#include <array>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

namespace rtcg::detail {
namespace {

using codegen::AddressSpace;
using codegen::Argument;
using codegen::DType;

constexpr std::string_view where = "KeyValueSorter";

// Converts the keys to the sort's key type in `converted` and returns the index of the first key
// outside [0, nkeys), or n when there is none (then `converted` holds every key exactly).
std::int64_t converted_keys(const ArrayData& keys, const ArrayData& converted, std::int64_t nkeys) {
    const Context& context = keys.context();
    // Any integer key converts to int64 exactly, but for unsigned keys from 2^63, which wrap to
    // negative values and so are out of range too.
    const ElementwiseKernel convert(
        context,
        {Argument::pointer(keys.dtype(), "keys", AddressSpace::global, true), Argument::pointer(converted.dtype(), "out"),
         Argument::pointer(DType::int64(), "first_bad"), Argument::scalar(DType::int64(), "nkeys")},
        "const rtcg_index_t key = (rtcg_index_t)keys[i];\n"
        "if (key < 0 || key >= nkeys) rtcg_atomic_min_i64_global(&first_bad[0], i);\n"
        "out[i] = keys[i];",
        {.name = "key_value_sort_keys"});
    const auto n = static_cast<std::int64_t>(keys.size());
    const ArrayData first_bad(context, DType::int64(), {1});
    fill(first_bad, host_scalar(n));
    const CallArgument args[] = {{&keys, {}}, {&converted, {}}, {&first_bad, {}, true}, {nullptr, host_scalar(nkeys)}};
    UntypedCalls::launch(convert, current_queue(context), args);
    std::int64_t index = 0;
    first_bad.read(&index, sizeof index);
    return index;
}

// lists[i] = values[order[i]].
void gather(const ArrayData& order, const ArrayData& values, const ArrayData& lists) {
    const ElementwiseKernel take(
        values.context(),
        {Argument::pointer(order.dtype(), "order", AddressSpace::global, true),
         Argument::pointer(values.dtype(), "values", AddressSpace::global, true), Argument::pointer(values.dtype(), "lists")},
        "lists[i] = values[order[i]];", {.name = "key_value_sort_gather"});
    const CallArgument args[] = {{&order, {}}, {&values, {}, true}, {&lists, {}}};
    UntypedCalls::launch(take, current_queue(values.context()), args);
}

std::string key_text(const ArrayData& keys, std::int64_t index) {
    const Index at[] = {index};
    const ArrayData key = keys.index(at);
    std::array<unsigned char, 8> bytes{};
    key.read(bytes.data(), keys.dtype().size());
    // Little-endian bytes of the key, widened by its signedness.
    std::uint64_t raw = 0;
    std::memcpy(&raw, bytes.data(), sizeof raw);
    const unsigned bits = static_cast<unsigned>(8 * keys.dtype().size());
    if (!keys.dtype().is_signed() || bits == 64) {
        if (keys.dtype().is_signed()) return std::to_string(static_cast<std::int64_t>(raw));
        return std::to_string(raw);
    }
    const std::uint64_t sign = std::uint64_t{1} << (bits - 1);
    const auto value = static_cast<std::int64_t>((raw ^ sign) - sign);
    return std::to_string(value);
}

} // namespace

GroupedValues group_by_key(const Context& context, const ArrayData& keys, const ArrayData& values, std::size_t nkeys) {
    if (!keys.dtype().is_integer() || keys.dtype().kind() == codegen::TypeKind::boolean)
        throw InvalidArgument("the keys must be integers, not " + std::string(keys.dtype().name()), std::string(where));
    if (keys.size() != values.size())
        throw InvalidArgument(std::to_string(keys.size()) + " keys for " + std::to_string(values.size()) + " values",
                              std::string(where));
    if (keys.context() != context || values.context() != context)
        throw InvalidArgument("the keys and values must be arrays of the sorter's context", std::string(where));
    if (nkeys >= static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max()))
        throw InvalidArgument("nkeys = " + std::to_string(nkeys) + " is more than int64 offsets count",
                              std::string(where));
    const std::size_t n = keys.size();
    GroupedValues grouped{ArrayData(context, DType::int64(), {nkeys + 1}), ArrayData(context, values.dtype(), {n})};
    if (n == 0) {
        fill(grouped.starts, host_scalar(std::int64_t{0}));
        return grouped;
    }
    const ArrayData flat_keys = contiguous(keys);
    const DType key_type = nkeys > std::numeric_limits<std::uint32_t>::max() ? DType::uint64() : DType::uint32();
    const std::array<ArrayData, 3> sort_keys{ArrayData(context, key_type, {n}), ArrayData(context, key_type, {n}),
                                             ArrayData(context, key_type, {n})};
    // Checked before anything is counted: an out-of-range key would count outside `counts`.
    const std::int64_t bad = converted_keys(flat_keys, sort_keys[0], static_cast<std::int64_t>(nkeys));
    if (bad < static_cast<std::int64_t>(n))
        throw InvalidArgument("key " + key_text(flat_keys, bad) + " at index " + std::to_string(bad) +
                                  " is outside [0, " + std::to_string(nkeys) + ")",
                              std::string(where));
    const ArrayData counts(context, DType::int64(), {nkeys});
    fill(counts, host_scalar(std::int64_t{0}));
    count_occurrences(sort_keys[0], counts);
    const ArrayData total(context, DType::int64(), {1});
    scan_offsets(counts, grouped.starts, total, 0);

    const bool wide_positions = n > std::numeric_limits<std::uint32_t>::max();
    const DType position_type = wide_positions ? DType::uint64() : DType::uint32();
    const std::array<ArrayData, 3> positions{ArrayData(context, position_type, {n}),
                                             ArrayData(context, position_type, {n}),
                                             ArrayData(context, position_type, {n})};
    if (wide_positions)
        fill_arange(positions[0], host_scalar(std::uint64_t{0}), host_scalar(std::uint64_t{1}));
    else
        fill_arange(positions[0], host_scalar(std::uint32_t{0}), host_scalar(std::uint32_t{1}));
    const std::size_t result = radix_sort(sort_keys[0], &positions[0], {&sort_keys[1], &sort_keys[2]},
                                          {&positions[1], &positions[2]});
    gather(positions[1 + result], contiguous(values), grouped.lists);
    return grouped;
}

} // namespace rtcg::detail
