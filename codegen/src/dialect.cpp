#include <rtcg/codegen/dialect.hpp>
#include <rtcg/core/error.hpp>

namespace rtcg::codegen {
namespace {

// CUDA's built-in index variables are vectors; RTCG_*_ID(d) takes a dimension number, so pick
// the component. With a literal d the compiler folds the choice away.
constexpr std::string_view cuda_prelude = R"(#define RTCG_KERNEL extern "C" __global__
#define RTCG_DEVICE __device__ inline
#define RTCG_GLOBAL
#define RTCG_LOCAL __shared__
#define RTCG_RESTRICT __restrict__
__device__ inline unsigned rtcg_component_(uint3 v, int d) { return d == 0 ? v.x : d == 1 ? v.y : v.z; }
__device__ inline unsigned rtcg_component_(dim3 v, int d) { return d == 0 ? v.x : d == 1 ? v.y : v.z; }
#define RTCG_LOCAL_ID(d) ((size_t)rtcg_component_(threadIdx, (d)))
#define RTCG_GROUP_ID(d) ((size_t)rtcg_component_(blockIdx, (d)))
#define RTCG_LOCAL_SIZE(d) ((size_t)rtcg_component_(blockDim, (d)))
#define RTCG_NUM_GROUPS(d) ((size_t)rtcg_component_(gridDim, (d)))
#define RTCG_GLOBAL_ID(d) (RTCG_GROUP_ID(d) * RTCG_LOCAL_SIZE(d) + RTCG_LOCAL_ID(d))
#define RTCG_GLOBAL_SIZE(d) (RTCG_NUM_GROUPS(d) * RTCG_LOCAL_SIZE(d))
#define RTCG_BARRIER() __syncthreads()
#define RTCG_DYNAMIC_LOCAL_PARAM(type, name)
#define RTCG_DYNAMIC_LOCAL_DECL(type, name) \
    extern __shared__ __align__(16) unsigned char rtcg_dynamic_local_[]; type* name = (type*)rtcg_dynamic_local_
)";

constexpr std::string_view opencl_prelude = R"(#if defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#define RTCG_KERNEL __kernel
#define RTCG_DEVICE inline
#define RTCG_GLOBAL __global
#define RTCG_LOCAL __local
#define RTCG_RESTRICT restrict
#define RTCG_LOCAL_ID(d) get_local_id(d)
#define RTCG_GROUP_ID(d) get_group_id(d)
#define RTCG_LOCAL_SIZE(d) get_local_size(d)
#define RTCG_NUM_GROUPS(d) get_num_groups(d)
#define RTCG_GLOBAL_ID(d) get_global_id(d)
#define RTCG_GLOBAL_SIZE(d) get_global_size(d)
#define RTCG_BARRIER() barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
#define RTCG_DYNAMIC_LOCAL_PARAM(type, name) , __local type* name
#define RTCG_DYNAMIC_LOCAL_DECL(type, name)
)";

} // namespace

Dialect dialect_of(const DeviceInfo& device) {
    if (device.backend == "cuda") return Dialect::cuda;
    if (device.backend == "opencl") return Dialect::opencl;
    throw InvalidArgument("no kernel dialect for backend '" + device.backend + "'", "codegen::dialect_of");
}

std::string_view to_string(Dialect dialect) noexcept { return dialect == Dialect::cuda ? "cuda" : "opencl"; }

std::string_view prelude(Dialect dialect) { return dialect == Dialect::cuda ? cuda_prelude : opencl_prelude; }

std::string with_prelude(Dialect dialect, std::string_view source) {
    std::string text(prelude(dialect));
    text += "#line 1\n";
    text += source;
    return text;
}

} // namespace rtcg::codegen
