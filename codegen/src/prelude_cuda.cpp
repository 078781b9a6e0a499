// The CUDA half of the prelude (rtcg/codegen/prelude.hpp documents what each name means).
#include "prelude_parts.hpp"

namespace rtcg::codegen::detail {
namespace {

constexpr std::string_view base_prelude =
    // Qualifiers, address spaces, index types and queries, barriers. CUDA's built-in index
    // variables are vectors; RTCG_*_ID(d) takes a dimension number, so rtcg_component_ picks the
    // component. With a literal d the compiler folds the choice away.
    R"(#define RTCG_KERNEL extern "C" __global__
#define RTCG_DEVICE __device__ inline
#define RTCG_RESTRICT __restrict__
#define RTCG_GLOBAL
#define RTCG_LOCAL_PTR
#define RTCG_CONSTANT_PTR const
#define RTCG_LOCAL __shared__
#define RTCG_LOCAL_ARRAY(type, name, count) __shared__ type name[count]
#define RTCG_CONSTANT __constant__
#define RTCG_LAUNCH_BOUNDS(block, min_groups) __launch_bounds__(block, min_groups)
#define RTCG_REQUIRED_GROUP_SIZE(block)
#define RTCG_LOAD_STREAMING(pointer) __ldcs(pointer)
#define RTCG_LOAD_L2_ONLY(pointer) __ldcg(pointer)
#define RTCG_STORE_STREAMING(pointer, value) __stcs((pointer), (value))
#define RTCG_HAS_FP64 1
/* OpenCL C and C's math.h define these; NVRTC has no math.h, so kernels written for either
   dialect (a reduction's neutral "-INFINITY") would not compile for CUDA without them. */
#ifndef INFINITY
#define INFINITY __int_as_float(0x7f800000)
#endif
#ifndef NAN
#define NAN __int_as_float(0x7fffffff)
#endif
typedef long long rtcg_index_t;
typedef unsigned long long rtcg_uindex_t;
__device__ inline unsigned rtcg_component_(uint3 v, int d) { return d == 0 ? v.x : d == 1 ? v.y : v.z; }
__device__ inline unsigned rtcg_component_(dim3 v, int d) { return d == 0 ? v.x : d == 1 ? v.y : v.z; }
#define RTCG_LOCAL_ID(d) ((size_t)rtcg_component_(threadIdx, (d)))
#define RTCG_GROUP_ID(d) ((size_t)rtcg_component_(blockIdx, (d)))
#define RTCG_LOCAL_SIZE(d) ((size_t)rtcg_component_(blockDim, (d)))
#define RTCG_NUM_GROUPS(d) ((size_t)rtcg_component_(gridDim, (d)))
#define RTCG_GLOBAL_ID(d) (RTCG_GROUP_ID(d) * RTCG_LOCAL_SIZE(d) + RTCG_LOCAL_ID(d))
#define RTCG_GLOBAL_SIZE(d) (RTCG_NUM_GROUPS(d) * RTCG_LOCAL_SIZE(d))
#define RTCG_BARRIER() __syncthreads()
#define RTCG_LOCAL_BARRIER() __syncthreads()
#define RTCG_GLOBAL_BARRIER() __syncthreads()
#define RTCG_MEM_FENCE_LOCAL() __threadfence_block()
#define RTCG_MEM_FENCE_GLOBAL() __threadfence()
#define RTCG_DYNAMIC_LOCAL_PARAM(type, name)
#define RTCG_DYNAMIC_LOCAL_DECL(type, name) \
    extern __shared__ __align__(16) unsigned char rtcg_dynamic_local_[]; type* name = (type*)rtcg_dynamic_local_
)"
    // CUDA's own vector structs where their layout is OpenCL's. CUDA 13 deprecates the 4-vectors
    // of 64-bit elements in favour of explicitly aligned ones; the 32-byte-aligned kind matches
    // OpenCL. Before CUDA 13, whose double4 is only 16-byte aligned, the prelude declares its own.
    R"(typedef float2 rtcg_float2;
typedef float4 rtcg_float4;
typedef double2 rtcg_double2;
typedef int2 rtcg_int2;
typedef int4 rtcg_int4;
typedef uint2 rtcg_uint2;
typedef uint4 rtcg_uint4;
typedef longlong2 rtcg_long2;
typedef ulonglong2 rtcg_ulong2;
RTCG_DEVICE rtcg_float2 rtcg_make_float2(float x, float y) { return make_float2(x, y); }
RTCG_DEVICE rtcg_float4 rtcg_make_float4(float x, float y, float z, float w) { return make_float4(x, y, z, w); }
RTCG_DEVICE rtcg_double2 rtcg_make_double2(double x, double y) { return make_double2(x, y); }
RTCG_DEVICE rtcg_int2 rtcg_make_int2(int x, int y) { return make_int2(x, y); }
RTCG_DEVICE rtcg_int4 rtcg_make_int4(int x, int y, int z, int w) { return make_int4(x, y, z, w); }
RTCG_DEVICE rtcg_uint2 rtcg_make_uint2(unsigned x, unsigned y) { return make_uint2(x, y); }
RTCG_DEVICE rtcg_uint4 rtcg_make_uint4(unsigned x, unsigned y, unsigned z, unsigned w) { return make_uint4(x, y, z, w); }
RTCG_DEVICE rtcg_long2 rtcg_make_long2(rtcg_index_t x, rtcg_index_t y) { return make_longlong2(x, y); }
RTCG_DEVICE rtcg_ulong2 rtcg_make_ulong2(rtcg_uindex_t x, rtcg_uindex_t y) { return make_ulonglong2(x, y); }
#if __CUDACC_VER_MAJOR__ >= 13
typedef double4_32a rtcg_double4;
typedef longlong4_32a rtcg_long4;
typedef ulonglong4_32a rtcg_ulong4;
RTCG_DEVICE rtcg_double4 rtcg_make_double4(double x, double y, double z, double w) {
    return make_double4_32a(x, y, z, w);
}
RTCG_DEVICE rtcg_long4 rtcg_make_long4(rtcg_index_t x, rtcg_index_t y, rtcg_index_t z, rtcg_index_t w) {
    return make_longlong4_32a(x, y, z, w);
}
RTCG_DEVICE rtcg_ulong4 rtcg_make_ulong4(rtcg_uindex_t x, rtcg_uindex_t y, rtcg_uindex_t z, rtcg_uindex_t w) {
    return make_ulonglong4_32a(x, y, z, w);
}
#else
typedef struct __align__(32) { double x, y, z, w; } rtcg_double4;
typedef struct __align__(32) { rtcg_index_t x, y, z, w; } rtcg_long4;
typedef struct __align__(32) { rtcg_uindex_t x, y, z, w; } rtcg_ulong4;
RTCG_DEVICE rtcg_double4 rtcg_make_double4(double x, double y, double z, double w) {
    rtcg_double4 v = {x, y, z, w};
    return v;
}
RTCG_DEVICE rtcg_long4 rtcg_make_long4(rtcg_index_t x, rtcg_index_t y, rtcg_index_t z, rtcg_index_t w) {
    rtcg_long4 v = {x, y, z, w};
    return v;
}
RTCG_DEVICE rtcg_ulong4 rtcg_make_ulong4(rtcg_uindex_t x, rtcg_uindex_t y, rtcg_uindex_t z, rtcg_uindex_t w) {
    rtcg_ulong4 v = {x, y, z, w};
    return v;
}
#endif
)"
    // Bits of 32-bit words.
    R"(RTCG_DEVICE unsigned rtcg_popcount(unsigned x) { return (unsigned)__popc(x); }
RTCG_DEVICE unsigned rtcg_leading_zeros(unsigned x) { return (unsigned)__clz(x); }
RTCG_DEVICE unsigned rtcg_lowest_set_bit(unsigned x) { return (unsigned)__ffs(x) - 1u; }
RTCG_DEVICE unsigned rtcg_mul_hi(unsigned a, unsigned b) { return __umulhi(a, b); }
RTCG_DEVICE rtcg_uindex_t rtcg_mul_hi64(rtcg_uindex_t a, rtcg_uindex_t b) { return __umul64hi(a, b); }
)"
    // The bits of floating-point values as unsigned integers of their width, and back.
    R"(RTCG_DEVICE unsigned rtcg_float_bits(float x) { return __float_as_uint(x); }
RTCG_DEVICE float rtcg_float_from_bits(unsigned bits) { return __uint_as_float(bits); }
RTCG_DEVICE rtcg_uindex_t rtcg_double_bits(double x) { return (rtcg_uindex_t)__double_as_longlong(x); }
RTCG_DEVICE double rtcg_double_from_bits(rtcg_uindex_t bits) { return __longlong_as_double((long long)bits); }
)";

} // namespace

std::string_view cuda_base_prelude() { return base_prelude; }

} // namespace rtcg::codegen::detail
