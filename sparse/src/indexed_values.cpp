#include "indexed_values.hpp"

#include <rtcg/arrays/operators.hpp>

#include <array>
#include <complex>
#include <cstring>
#include <utility>
#include <vector>

namespace rtcg::sparse_detail {
namespace {

// A value's bits, in whole 64-bit words (the last one's unused bytes zero).
template <class T>
using Bits = std::array<std::uint64_t, (sizeof(T) + 7) / 8>;

template <class T>
Bits<T> bits_of(const T& value) {
    Bits<T> bits{};
    std::memcpy(bits.data(), &value, sizeof(T));
    return bits;
}

template <class T>
std::size_t hash_of(const Bits<T>& bits) {
    std::uint64_t hash = 0;
    for (const std::uint64_t word : bits) hash = (hash ^ word) * 0x9E3779B97F4A7C15ULL;
    return static_cast<std::size_t>(hash >> 32);
}

// The table and each entry's index into it, on the host (indexed_values).
template <class T>
struct HostIndexedValues {
    std::vector<std::uint8_t> indices;
    std::vector<T> table;
};

template <SparseValue T>
std::optional<HostIndexedValues<T>> host_indexed_values(const std::vector<T>& host) {
    // Open addressing, at most a quarter full: each slot holds a table index plus one, 0 if free.
    constexpr std::size_t slots = 4 * most_indexed_values;
    std::array<std::uint16_t, slots> slot_entry{};
    std::vector<Bits<T>> table_bits;
    std::vector<T> table;
    std::vector<std::uint8_t> indices(host.size());
    // Neighbouring entries often share a value (a graph's unit weights, a stencil's coefficients).
    Bits<T> previous{};
    std::uint8_t previous_index = 0;
    for (std::size_t e = 0; e < host.size(); ++e) {
        const Bits<T> bits = bits_of(host[e]);
        if (e > 0 && bits == previous) {
            indices[e] = previous_index;
            continue;
        }
        std::size_t slot = hash_of<T>(bits) % slots;
        while (slot_entry[slot] != 0 && table_bits[slot_entry[slot] - 1] != bits) slot = (slot + 1) % slots;
        if (slot_entry[slot] == 0) {
            if (table.size() == most_indexed_values) return std::nullopt;
            table.push_back(host[e]);
            table_bits.push_back(bits);
            slot_entry[slot] = static_cast<std::uint16_t>(table.size());
        }
        previous = bits;
        previous_index = indices[e] = static_cast<std::uint8_t>(slot_entry[slot] - 1);
    }
    return HostIndexedValues<T>{std::move(indices), std::move(table)};
}

} // namespace

template <SparseValue T>
std::optional<IndexedValues<T>> indexed_values(const Array<T>& values) {
    const std::optional<HostIndexedValues<T>> host = host_indexed_values(values.get());
    if (!host) return std::nullopt;
    const Context& context = values.context();
    return IndexedValues<T>{Array<std::uint8_t>::to_device(context, host->indices),
                            Array<T>::to_device(context, host->table)};
}

template <SparseValue T>
bool indexable_values(const Array<T>& values) {
    return host_indexed_values(values.get()).has_value();
}

template <SparseIndex I>
Array<std::make_unsigned_t<I>> packed_columns(const Array<I>& columns, const Array<std::uint8_t>& indices) {
    using Word = std::make_unsigned_t<I>;
    return Array<Word>(columns.template astype<Word>() | (indices.template astype<Word>() << Word{packed_shift<I>}));
}

template Array<std::uint32_t> packed_columns(const Array<std::int32_t>&, const Array<std::uint8_t>&);
template Array<std::uint64_t> packed_columns(const Array<std::int64_t>&, const Array<std::uint8_t>&);
template std::optional<IndexedValues<float>> indexed_values(const Array<float>&);
template std::optional<IndexedValues<double>> indexed_values(const Array<double>&);
template std::optional<IndexedValues<std::complex<float>>> indexed_values(const Array<std::complex<float>>&);
template std::optional<IndexedValues<std::complex<double>>> indexed_values(const Array<std::complex<double>>&);
template bool indexable_values(const Array<float>&);
template bool indexable_values(const Array<double>&);
template bool indexable_values(const Array<std::complex<float>>&);
template bool indexable_values(const Array<std::complex<double>>&);

} // namespace rtcg::sparse_detail
