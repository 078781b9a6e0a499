#pragma once
// How a radix sort pass ranks its tile by one 8-bit digit (radix_sort_source.cpp): by warp votes
// (arrays/device/block/radix_rank_warp_votes.rtcg) or by counting rounds in local memory
// (block/radix_rank_counting.rtcg). Both rank stably and leave the same result; they differ in
// speed and in what the target offers.
#include <rtcg/codegen/dialect.hpp>

#include <cstddef>

namespace rtcg::detail {

// Whether work-groups of `block` rank by warp votes: where the target has warp primitives (CUDA,
// OpenCL on NVIDIA) and the work-groups are whole warps (`block` a multiple of 32). Two 4-bit
// counting rounds in local memory everywhere else.
bool ranks_by_warp_votes(const codegen::Target& target, std::size_t block);

// Either ranking needs at most this many words of local memory per work-item.
inline constexpr std::size_t max_rank_scratch_words_per_item = 10;

} // namespace rtcg::detail
