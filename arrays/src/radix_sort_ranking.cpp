// Which block radix rank a radix sort pass uses (radix_sort_ranking.hpp).
#include "radix_sort_ranking.hpp"

namespace rtcg::detail {

bool ranks_by_warp_votes(const codegen::Target& target, std::size_t block) {
    return target.warp_primitives && block % 32 == 0;
}

} // namespace rtcg::detail
