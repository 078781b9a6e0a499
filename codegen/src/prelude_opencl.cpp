// The OpenCL C half of the prelude (rtcg/codegen/prelude.hpp documents what each name means).
#include "prelude_parts.hpp"

namespace rtcg::codegen::detail {
namespace {

constexpr std::string_view base_prelude =
    // Qualifiers, address spaces, index types and queries, barriers. The fp64 pragma is needed
    // before any double on OpenCL C 1.2 devices that have them. The global size is the group
    // count times the group size because NVIDIA's get_global_size computes it in 32-bit signed
    // arithmetic: from 2^31 work-items on it returns the size sign-extended or wrapped (2^31 reads
    // as 2^64 - 2^31, 2^32 + 256 as 256), and a grid-stride loop that steps by it skips or leaves
    // elements; get_global_id, get_num_groups and get_local_size are right.
    R"(#if defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define RTCG_HAS_FP64 1
#else
#define RTCG_HAS_FP64 0
#endif
#define RTCG_KERNEL __kernel
#define RTCG_DEVICE inline
#define RTCG_RESTRICT restrict
#define RTCG_GLOBAL __global
#define RTCG_LOCAL_PTR __local
#define RTCG_CONSTANT_PTR __constant
#define RTCG_LOCAL __local
#define RTCG_LOCAL_ARRAY(type, name, count) __local type name[count]
#define RTCG_CONSTANT __constant
#define RTCG_LAUNCH_BOUNDS(block, min_groups)
#define RTCG_REQUIRED_GROUP_SIZE(block) __attribute__((reqd_work_group_size(block, 1, 1)))
#define RTCG_LOAD_STREAMING(pointer) (*(pointer))
#define RTCG_STORE_STREAMING(pointer, value) (*(pointer) = (value))
typedef long rtcg_index_t;
typedef ulong rtcg_uindex_t;
#define RTCG_LOCAL_ID(d) get_local_id(d)
#define RTCG_GROUP_ID(d) get_group_id(d)
#define RTCG_LOCAL_SIZE(d) get_local_size(d)
#define RTCG_NUM_GROUPS(d) get_num_groups(d)
#define RTCG_GLOBAL_ID(d) get_global_id(d)
#define RTCG_GLOBAL_SIZE(d) (get_num_groups(d) * get_local_size(d))
#define RTCG_BARRIER() barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
#define RTCG_LOCAL_BARRIER() barrier(CLK_LOCAL_MEM_FENCE)
#define RTCG_GLOBAL_BARRIER() barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
#define RTCG_MEM_FENCE_LOCAL() mem_fence(CLK_LOCAL_MEM_FENCE)
#define RTCG_MEM_FENCE_GLOBAL() mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
#define RTCG_DYNAMIC_LOCAL_PARAM(type, name) , __local type* name
#define RTCG_DYNAMIC_LOCAL_DECL(type, name)
)"
    // OpenCL's built-in vectors under the prelude's names, with constructors that CUDA can spell too.
    R"(typedef float2 rtcg_float2;
typedef float4 rtcg_float4;
typedef int2 rtcg_int2;
typedef int4 rtcg_int4;
typedef uint2 rtcg_uint2;
typedef uint4 rtcg_uint4;
typedef long2 rtcg_long2;
typedef long4 rtcg_long4;
typedef ulong2 rtcg_ulong2;
typedef ulong4 rtcg_ulong4;
RTCG_DEVICE rtcg_float2 rtcg_make_float2(float x, float y) { return (float2)(x, y); }
RTCG_DEVICE rtcg_float4 rtcg_make_float4(float x, float y, float z, float w) { return (float4)(x, y, z, w); }
RTCG_DEVICE rtcg_int2 rtcg_make_int2(int x, int y) { return (int2)(x, y); }
RTCG_DEVICE rtcg_int4 rtcg_make_int4(int x, int y, int z, int w) { return (int4)(x, y, z, w); }
RTCG_DEVICE rtcg_uint2 rtcg_make_uint2(uint x, uint y) { return (uint2)(x, y); }
RTCG_DEVICE rtcg_uint4 rtcg_make_uint4(uint x, uint y, uint z, uint w) { return (uint4)(x, y, z, w); }
RTCG_DEVICE rtcg_long2 rtcg_make_long2(long x, long y) { return (long2)(x, y); }
RTCG_DEVICE rtcg_long4 rtcg_make_long4(long x, long y, long z, long w) { return (long4)(x, y, z, w); }
RTCG_DEVICE rtcg_ulong2 rtcg_make_ulong2(ulong x, ulong y) { return (ulong2)(x, y); }
RTCG_DEVICE rtcg_ulong4 rtcg_make_ulong4(ulong x, ulong y, ulong z, ulong w) { return (ulong4)(x, y, z, w); }
#if RTCG_HAS_FP64
typedef double2 rtcg_double2;
typedef double4 rtcg_double4;
RTCG_DEVICE rtcg_double2 rtcg_make_double2(double x, double y) { return (double2)(x, y); }
RTCG_DEVICE rtcg_double4 rtcg_make_double4(double x, double y, double z, double w) { return (double4)(x, y, z, w); }
#endif
)"
    // Bits of 32-bit words, under names CUDA's intrinsics can take too.
    R"(RTCG_DEVICE unsigned rtcg_popcount(unsigned x) { return popcount(x); }
RTCG_DEVICE unsigned rtcg_leading_zeros(unsigned x) { return clz(x); }
RTCG_DEVICE unsigned rtcg_lowest_set_bit(unsigned x) { return 31u - clz(x & (0u - x)); }
RTCG_DEVICE unsigned rtcg_mul_hi(unsigned a, unsigned b) { return mul_hi(a, b); }
RTCG_DEVICE rtcg_uindex_t rtcg_mul_hi64(rtcg_uindex_t a, rtcg_uindex_t b) { return mul_hi(a, b); }
)"
    // The bits of floating-point values as unsigned integers of their width, and back; double's
    // only where the device has it.
    R"(RTCG_DEVICE unsigned rtcg_float_bits(float x) { return as_uint(x); }
RTCG_DEVICE float rtcg_float_from_bits(unsigned bits) { return as_float(bits); }
#if RTCG_HAS_FP64
RTCG_DEVICE rtcg_uindex_t rtcg_double_bits(double x) { return as_ulong(x); }
RTCG_DEVICE double rtcg_double_from_bits(rtcg_uindex_t bits) { return as_double(bits); }
#endif
)";

} // namespace

std::string_view opencl_base_prelude() { return base_prelude; }

} // namespace rtcg::codegen::detail
