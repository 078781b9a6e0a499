// The merge-based product (spmv_merge.hpp): its tile shape, the partition of the merge grid, and
// the two launches.
#include "spmv_merge.hpp"

#include "column_order.hpp"
#include "indexed_values.hpp"
#include "instantiate.hpp"
#include "programs.hpp"

#include <rtcg/arrays/operators.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>

namespace rtcg::sparse_detail {
namespace {

// The bytes of a row end in a tile's local memory (rtcg_spmv_tile_offset_t): its offset from the
// tile's first non-zero, at most the 256 x 32 items of the largest tile.
constexpr std::size_t tile_offset_bytes = 2;

// The local memory a tile of `items` merge items needs: its row ends and products, and the block
// scan's and the dot's arrays of one value (and one flag) per work-item.
std::size_t tile_local_bytes(std::size_t group, std::size_t items, std::size_t value_size) {
    return group * items * (tile_offset_bytes + value_size) + group * (2 * value_size + 1);
}

} // namespace

bool merge_tile_fits(std::size_t group, std::size_t items, std::size_t value_size, std::uint64_t local_memory_bytes) {
    return tile_local_bytes(group, items, value_size) <= local_memory_bytes;
}

template <SparseValue T, SparseIndex I>
std::string plan_merge(detail::SpmvState<T, I>& state, const SpmvOptions& options, std::size_t most_block,
                       const IndexedValues<T>* shared_indexed, const Array<std::make_unsigned_t<I>>* shared_packed) {
    const DeviceInfo& device = state.matrix->context().device();
    if (options.merge_group > most_block)
        throw InvalidArgument("the merge form's work-group of " + std::to_string(options.merge_group) +
                                  " is more than the " + std::to_string(most_block) + " it may have on " + device.name,
                              "Spmv");
    state.group = options.merge_group != 0 ? options.merge_group : most_block;
    // Enough items per work-item to hide the search's cost, few enough that a tile's staged
    // products stay small beside the device's local memory.
    std::size_t items = options.merge_items != 0 ? options.merge_items : sizeof(T) <= 4 ? 7 : 5;
    const auto fits = [&](std::size_t count) {
        return merge_tile_fits(state.group, count, sizeof(T), device.static_local_memory_bytes);
    };
    if (options.merge_items == 0)
        while (items > 1 && !fits(items)) --items;
    if (!fits(items))
        throw InvalidArgument("the merge form's tile of " + std::to_string(state.group) + " work-items needs " +
                                  std::to_string(tile_local_bytes(state.group, items, sizeof(T))) +
                                  " bytes of local memory, more than the device's " +
                                  std::to_string(device.static_local_memory_bytes) + " a kernel may declare",
                              "Spmv");
    state.merge_items = items;
    state.cached_columns = options.cached_columns < state.columns ? options.cached_columns : 0;
    if (options.indexed_values) {
        const std::optional<IndexedValues<T>> own = shared_indexed ? std::nullopt
                                                                   : indexed_values(state.matrix->values());
        if (!shared_indexed && !own)
            throw InvalidArgument("indexed values (SpmvOptions::indexed_values) take a matrix of at most " +
                                      std::to_string(most_indexed_values) + " distinct values; this one has more",
                                  "Spmv");
        const IndexedValues<T>& indexed = shared_indexed ? *shared_indexed : *own;
        state.values.emplace(kernel_argument(indexed.table));
        // The index space holds the hot columns apart from the others where they are kept apart.
        if (state.matrix->cols() <= packable_columns<I>)
            state.packed_columns.emplace(kernel_argument(
                shared_packed ? *shared_packed : packed_columns(state.matrix->col_indices(), indexed.indices)));
        else
            state.value_indices.emplace(kernel_argument(indexed.indices));
    }
    const std::size_t tile = state.group * items;
    // The kernel keeps each row end as its offset within the tile, in tile_offset_bytes: spmv.cpp's
    // bounds on the shape keep every tile within them, and this holds the kernel to that.
    if (tile >= (std::size_t{1} << (8 * tile_offset_bytes)))
        throw InvalidArgument("the merge form's tile of " + std::to_string(tile) + " items is more than its " +
                                  std::to_string(8 * tile_offset_bytes) + "-bit row-end offsets hold",
                              "Spmv");
    // rows and nnz each fit I, so their sum fits size_t.
    const std::size_t total = state.statistics.rows + state.statistics.nnz;
    state.tiles = (total + tile - 1) / tile;
    const std::size_t most_groups = std::min<std::size_t>(
        device.max_grid_size[0] != 0 ? device.max_grid_size[0] : std::numeric_limits<int>::max(),
        std::numeric_limits<int>::max());
    if (state.tiles > most_groups)
        throw InvalidArgument("the merge form's " + std::to_string(state.tiles) + " tiles of " + std::to_string(tile) +
                                  " items are more work-groups than one launch can hold (" +
                                  std::to_string(most_groups) + ")",
                              "Spmv");
    auto constant = [](const char* name, std::size_t value) {
        return std::string("#define ") + name + " ((rtcg_index_t)" + std::to_string(value) + ")\n";
    };
    return constant("RTCG_SPMV_NNZ", state.statistics.nnz) + "#define RTCG_SPMV_GROUP " + std::to_string(state.group) +
           "\n#define RTCG_SPMV_MERGE_ITEMS " + std::to_string(items) + "\n" + constant("RTCG_SPMV_MERGE_TILE", tile) +
           constant("RTCG_SPMV_MERGE_TILES", state.tiles) +
           "typedef rtcg_sparse_value_t rtcg_scan_value_t;\n#define rtcg_scan_op(a, b) RTCG_SPARSE_ADD(a, b)\n"
           "#define RTCG_SCAN_SEGMENTED 1\n#define RTCG_SCAN_BLOCK RTCG_SPMV_GROUP\n" +
           (state.cached_columns != 0 ? constant("RTCG_SPMV_CACHED_COLUMNS", state.cached_columns) : std::string()) +
           (state.hot_columns != 0 ? constant("RTCG_SPMV_HOT_COLUMNS", state.hot_columns) : std::string()) +
           (state.value_indices || state.packed_columns ? "#define RTCG_SPMV_VALUE_TABLE 1\n" : "") +
           (state.packed_columns
                ? std::string("typedef ") + (sizeof(I) == 4 ? "unsigned int" : "rtcg_uindex_t") +
                      " rtcg_spmv_packed_t;\n#define RTCG_SPMV_PACKED_SHIFT " + std::to_string(packed_shift<I>) + "\n"
                : std::string());
}

template <SparseValue T, SparseIndex I>
void prepare_merge(detail::SpmvState<T, I>& state, const Module& module) {
    const Context& context = state.matrix->context();
    state.tile_rows.emplace(Array<I>::empty(context, state.tiles + 1));
    state.cols.emplace(kernel_argument(state.matrix->col_indices()));
    // The matrix's values, unless plan_merge put the table of indexed values there.
    if (!state.values) state.values.emplace(kernel_argument(state.matrix->values()));
    module.kernel("rtcg_spmv_merge_partition")(detail::current_queue(context), grid_stride(context, state.tiles + 1),
                                               state.matrix->row_offsets().data().buffer(),
                                               state.tile_rows->data().buffer());
    state.kernel = module.kernel("rtcg_spmv_merge");
    state.launch = LaunchConfig{Dim3{state.tiles}, Dim3{state.group}, 0};
    state.fixup_kernel = module.kernel("rtcg_spmv_merge_fixup");
    state.fixup_launch = grid_stride(context, state.tiles, state.group);
}

template <SparseValue T, SparseIndex I>
void merge_product(const detail::SpmvState<T, I>& s, Queue& queue, T alpha, const Array<T>& x, T beta,
                   const Array<T>& y, const Array<T>& partials, std::size_t first) {
    const auto x_offset = static_cast<std::int64_t>(x.data().offset());
    const auto y_offset = static_cast<std::int64_t>(y.data().offset());
    const Buffer& offsets = s.matrix->row_offsets().data().buffer();
    const Buffer& tile_rows = s.tile_rows->data().buffer();
    // The tiles' trailing sums and x's most-read elements are each product's own (from the pool of
    // the queue it runs on), so that products of one plan on several queues do not share them.
    const Context& context = s.context();
    const Array<T> tile_carries = Array<T>::empty(context, std::max<std::size_t>(s.tiles, 1));
    const Buffer& carries = tile_carries.data().buffer();
    // The entries' columns, or their words with the value indices packed; their values, or their
    // indices into the table `values` then holds (the table itself where packed, unread).
    const Buffer& columns = s.packed_columns ? s.packed_columns->data().buffer() : s.cols->data().buffer();
    const Buffer& entries = s.value_indices ? s.value_indices->data().buffer() : s.values->data().buffer();
    const Buffer& table = s.values->data().buffer();
    // x's most-read elements, where the plan keeps them apart (x itself, unread, otherwise).
    const std::optional<Array<T>> hot_elements = s.hot_columns != 0 ? std::optional(gathered(x, *s.old_of_new))
                                                                    : std::nullopt;
    const Buffer& hot = hot_elements ? hot_elements->data().buffer() : x.data().buffer();
    if (s.dot) {
        s.kernel(queue, s.launch, offsets, columns, entries, table, tile_rows, x.data().buffer(), x_offset, hot,
                 y.data().buffer(), y_offset, alpha, beta, carries, partials.data().buffer(),
                 static_cast<std::int64_t>(first));
        s.fixup_kernel(queue, s.fixup_launch, tile_rows, carries, x.data().buffer(), x_offset, y.data().buffer(),
                       y_offset, alpha, partials.data().buffer(), static_cast<std::int64_t>(first + s.tiles));
    } else {
        s.kernel(queue, s.launch, offsets, columns, entries, table, tile_rows, x.data().buffer(), x_offset, hot,
                 y.data().buffer(), y_offset, alpha, beta, carries);
        s.fixup_kernel(queue, s.fixup_launch, tile_rows, carries, x.data().buffer(), x_offset, y.data().buffer(),
                       y_offset, alpha);
    }
}

#define RTCG_SPARSE_INSTANTIATE(T, I)                                                                                  \
    template std::string plan_merge<T, I>(detail::SpmvState<T, I>&, const SpmvOptions&, std::size_t,                   \
                                          const IndexedValues<T>*, const Array<std::make_unsigned_t<I>>*);             \
    template void prepare_merge<T, I>(detail::SpmvState<T, I>&, const Module&);                                        \
    template void merge_product<T, I>(const detail::SpmvState<T, I>&, Queue&, T, const Array<T>&, T, const Array<T>&,  \
                                      const Array<T>&, std::size_t);
RTCG_SPARSE_FOR_EACH_TYPE(RTCG_SPARSE_INSTANTIATE)

} // namespace rtcg::sparse_detail
