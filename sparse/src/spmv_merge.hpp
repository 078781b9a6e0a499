#pragma once
// The merge-based product's plan and launches (spmv.hpp's csr_merge; the kernels are
// sparse/device/kernel/spmv_merge.rtcg).
#include "indexed_values.hpp"
#include "spmv_state.hpp"

#include <rtcg/core/module.hpp>
#include <rtcg/core/queue.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

namespace rtcg::sparse_detail {

// Whether a tile of `group` work-items of `items` each fits `local_memory_bytes`.
bool merge_tile_fits(std::size_t group, std::size_t items, std::size_t value_size, std::uint64_t local_memory_bytes);

// Chooses the merge form's work-group (state.group: options.merge_group, else `most_block`, a
// power of two), merge items per work-item (options.merge_items, else
// 7 for values of 4 bytes and 5 for wider ones, or fewer where the tile would not fit), the
// columns its gathers cache (options.cached_columns, 0 from the column count on), the values'
// indices and table (options.indexed_values: `shared_indexed`'s where given, and `shared_packed`,
// the plan's columns packed with them, where given) and tiles for the matrix of `state` on its
// device, and returns the configuration lines the kernels need (the block scan's among them).
// InvalidArgument when the work-group is more than `most_block`, the tiles' local memory does not
// fit the device, the tiles are more than a launch can hold or indexed values are asked of a
// matrix of too many distinct values.
template <SparseValue T, SparseIndex I>
std::string plan_merge(detail::SpmvState<T, I>& state, const SpmvOptions& options, std::size_t most_block,
                       const IndexedValues<T>* shared_indexed, const Array<std::make_unsigned_t<I>>* shared_packed);

// After the program is compiled: finds each tile's first row on the device (on the context's
// current queue), and makes the kernels and their launches.
template <SparseValue T, SparseIndex I>
void prepare_merge(detail::SpmvState<T, I>& state, const Module& module);

// y = alpha A x + beta y: the gather of x's most-read elements where the plan keeps them apart,
// the tiles, then the fix-up of the rows that cross tiles; the carries between the two and the
// gathered elements come from the memory pool of `queue` (the context's current queue). With a dot
// plan, the shares go to partials[first ...]: the tiles' first, then the fix-up's.
template <SparseValue T, SparseIndex I>
void merge_product(const detail::SpmvState<T, I>& state, Queue& queue, T alpha, const Array<T>& x, T beta,
                   const Array<T>& y, const Array<T>& partials, std::size_t first);

// The work-groups that write dot shares: the tiles' and the fix-up's.
template <SparseValue T, SparseIndex I>
std::size_t merge_dot_shares(const detail::SpmvState<T, I>& state) {
    return state.tiles + state.fixup_launch.grid.x;
}

} // namespace rtcg::sparse_detail
