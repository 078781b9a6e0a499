#pragma once
// The device functions of the Philox kernels, as syntax trees; random.hpp documents what they
// compute, random_constants.hpp the constants they are written with.
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/syntax.hpp>

#include <vector>

namespace rtcg::random::detail {

// rtcg_philox_counter(block, subsequence) -> uint4 counter, and
// rtcg_philox4x32_10(uint4 counter, uint2 key) -> uint4 words, its ten rounds unrolled.
std::vector<codegen::syntax::Code> philox_functions(codegen::Dialect dialect);

// What normal numbers need, all in double (the source must be compiled only where RTCG_HAS_FP64):
// rtcg_philox_{add,sub,mul,div}, operations that the compiler may not fuse or reorder;
// rtcg_philox_open_uniform32(w), rtcg_philox_open_uniform64(x) -> (0, 1);
// rtcg_philox_log(u); rtcg_philox_cos_sin_turns(t) -> (cos, sin) of 2 pi t;
// rtcg_philox_box_muller(u_radius, u_angle) -> two normal numbers.
std::vector<codegen::syntax::Code> normal_functions(codegen::Dialect dialect);

} // namespace rtcg::random::detail
