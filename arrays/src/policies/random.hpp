#pragma once
// Random number fills (random_generator.cpp): the grid-stride shape of elementwise operations
// that compute (elementwise.hpp), since each work-item runs a block function's rounds for four
// values.
#include "policy_table.hpp"

namespace rtcg::detail {

inline constexpr PolicyTable<RandomPolicy> random_policies{
    .nvidia_gpu = {.block_size = 256, .groups_per_compute_unit = 256},
    .gpu = {.block_size = 256, .groups_per_compute_unit = 256},
    .cpu = {.block_size = 256, .groups_per_compute_unit = 256},
};

} // namespace rtcg::detail
