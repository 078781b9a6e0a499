// The warp primitives (rtcg/codegen/prelude.hpp documents them): CUDA's intrinsics, and the same
// operations in inline PTX for NVIDIA's OpenCL compiler, which has no intrinsics for them but
// passes `asm` statements through to ptxas as NVRTC does.
#include "prelude_parts.hpp"

namespace rtcg::codegen::detail {
namespace {

constexpr std::string_view cuda_warp = R"(RTCG_DEVICE unsigned rtcg_warp_ballot(unsigned lanes, int predicate)
{
    return __ballot_sync(lanes, predicate);
}
RTCG_DEVICE void rtcg_warp_sync(unsigned lanes) { __syncwarp(lanes); }
RTCG_DEVICE unsigned rtcg_warp_active(void) { return __activemask(); }
RTCG_DEVICE unsigned rtcg_warp_shuffle(unsigned lanes, unsigned value, unsigned lane)
{
    return __shfl_sync(lanes, value, lane);
}
RTCG_DEVICE unsigned rtcg_warp_shuffle_up(unsigned lanes, unsigned value, unsigned delta)
{
    return __shfl_up_sync(lanes, value, delta);
}
RTCG_DEVICE unsigned rtcg_warp_shuffle_xor(unsigned lanes, unsigned value, unsigned lane_mask)
{
    return __shfl_xor_sync(lanes, value, lane_mask);
}
RTCG_DEVICE void rtcg_fence_acq_rel_device(void) { asm volatile("fence.acq_rel.gpu;" ::: "memory"); }
)";

// The shuffles' third operand packs the lanes' clamp: 31 for idx and bfly (the whole warp), 0 for
// up (lanes below delta keep their value), as CUDA's intrinsics pass for a width of 32. The
// asm statements are volatile so that the compiler neither drops nor moves them across branches,
// which a warp-synchronous instruction must not be.
constexpr std::string_view opencl_warp = R"(RTCG_DEVICE unsigned rtcg_warp_ballot(unsigned lanes, int predicate)
{
    unsigned ballot;
    asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.s32 p, %1, 0;\n\tvote.sync.ballot.b32 %0, p, %2;\n\t}"
                 : "=r"(ballot) : "r"(predicate), "r"(lanes));
    return ballot;
}
RTCG_DEVICE void rtcg_warp_sync(unsigned lanes) { asm volatile("bar.warp.sync %0;" :: "r"(lanes) : "memory"); }
RTCG_DEVICE unsigned rtcg_warp_active(void)
{
    unsigned lanes;
    asm volatile("activemask.b32 %0;" : "=r"(lanes));
    return lanes;
}
RTCG_DEVICE unsigned rtcg_warp_shuffle(unsigned lanes, unsigned value, unsigned lane)
{
    unsigned got;
    asm volatile("shfl.sync.idx.b32 %0, %1, %2, 31, %3;" : "=r"(got) : "r"(value), "r"(lane), "r"(lanes));
    return got;
}
RTCG_DEVICE unsigned rtcg_warp_shuffle_up(unsigned lanes, unsigned value, unsigned delta)
{
    unsigned got;
    asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, %3;" : "=r"(got) : "r"(value), "r"(delta), "r"(lanes));
    return got;
}
RTCG_DEVICE unsigned rtcg_warp_shuffle_xor(unsigned lanes, unsigned value, unsigned lane_mask)
{
    unsigned got;
    asm volatile("shfl.sync.bfly.b32 %0, %1, %2, 31, %3;" : "=r"(got) : "r"(value), "r"(lane_mask), "r"(lanes));
    return got;
}
RTCG_DEVICE void rtcg_fence_acq_rel_device(void) { asm volatile("fence.acq_rel.gpu;" ::: "memory"); }
)";

} // namespace

std::string_view warp_text(Dialect dialect) { return dialect == Dialect::cuda ? cuda_warp : opencl_warp; }

} // namespace rtcg::codegen::detail
