#pragma once
/// \file
/// The prelude: macros, types and helper functions put in front of a hand-written kernel so that
/// one source compiles as CUDA C++ (NVRTC) and as OpenCL C 1.2 alike.
///
/// \code
///   RTCG_KERNEL void twice(RTCG_GLOBAL float* a, unsigned n) {
///       const size_t i = RTCG_GLOBAL_ID(0);
///       if (i < n) a[i] *= 2;
///   }
/// \endcode
///
/// Functions and qualifiers
///   RTCG_KERNEL, RTCG_DEVICE (helper functions), RTCG_RESTRICT (after a pointer's `*`).
///   RTCG_LAUNCH_BOUNDS(block, min_groups), after RTCG_KERNEL: CUDA's __launch_bounds__, which caps
///   the registers so that min_groups work-groups of `block` fit on a multiprocessor; nothing in
///   OpenCL, which has no such attribute (codegen::launch_bounds_options gives NVIDIA's OpenCL
///   compiler the same cap as an option).
///   RTCG_REQUIRED_GROUP_SIZE(block), after RTCG_KERNEL and before the return type: the kernel is
///   only launched in 1-D work-groups of `block` work-items. OpenCL's reqd_work_group_size, which
///   lets a compiler fit the code to that size: NVIDIA's gives each work-item the registers
///   `block` of them leave, where without it a kernel must fit groups of 1024 and may spill. A
///   launch of another size is an error there. Nothing in CUDA (RTCG_LAUNCH_BOUNDS bounds it).
/// Pointers, written before the pointee type
///   RTCG_GLOBAL, RTCG_LOCAL_PTR, RTCG_CONSTANT_PTR (`const` in CUDA: do not add your own const).
/// Loads and stores
///   RTCG_LOAD_STREAMING(pointer): *pointer, for data the kernel reads once: CUDA's __ldcs
///   (cache-streaming, as below), for scalars of the types below; a plain load in OpenCL.
///   RTCG_LOAD_L2_ONLY(pointer): *pointer, for scattered reads that would evict data the kernel
///   keeps in the first-level cache: cached in the L2 only, as CUDA's __ldcg, for a pointer to
///   global memory. In OpenCL on targets with inline PTX (Target::warp_primitives: NVIDIA's
///   platform) the same load through PTX, for int, uint, long, ulong, float and double (those
///   types alone); a plain load on other OpenCL targets, whose C has no cache operators.
///   l2_only_loads(target) tells which.
///   RTCG_STORE_STREAMING(pointer, value): *pointer = value, for data the kernel writes once and
///   does not read: CUDA's __stcs (cache-streaming: its lines leave the L2 first, ahead of the
///   data still to be read), for scalars and for 2-vectors and 4-byte 4-vectors of the types
///   below; a plain store in OpenCL.
/// Variables
///   RTCG_LOCAL float tile[64];  or  RTCG_LOCAL_ARRAY(float, tile, 64);  work-group memory, at the
///   kernel's outermost scope (OpenCL's rule). RTCG_CONSTANT float table[4] = {...}; at program
///   scope.
/// Work-items (d = 0, 1, 2; values are size_t)
///   RTCG_GLOBAL_ID(d), RTCG_LOCAL_ID(d), RTCG_GROUP_ID(d), RTCG_LOCAL_SIZE(d),
///   RTCG_NUM_GROUPS(d), RTCG_GLOBAL_SIZE(d).
/// Synchronisation (work-group barriers; fences order one work-item's accesses)
///   RTCG_LOCAL_BARRIER() (local memory), RTCG_GLOBAL_BARRIER() and RTCG_BARRIER() (local and
///   global), RTCG_MEM_FENCE_LOCAL(), RTCG_MEM_FENCE_GLOBAL() (global and local, like CUDA's
///   __threadfence).
/// Dynamic local memory (LaunchConfig::dynamic_local_bytes)
///   RTCG_DYNAMIC_LOCAL_PARAM(type, name) as the last parameter (no comma before it) and
///   RTCG_DYNAMIC_LOCAL_DECL(type, name); as the body's first statement.
/// Types
///   rtcg_index_t, rtcg_uindex_t: signed and unsigned 64-bit integers.
///   rtcg_float2, rtcg_float4, rtcg_double2, rtcg_double4, rtcg_int2, rtcg_int4, rtcg_uint2,
///   rtcg_uint4, rtcg_long2, rtcg_long4, rtcg_ulong2, rtcg_ulong4 (long = 64 bits), with the
///   layout of OpenCL's vectors (a 4-vector of 64-bit elements is 32-byte aligned) and members
///   .x .y (.z .w); rtcg_make_float2(x, y), rtcg_make_float4(x, y, z, w), ... build them.
///   Arithmetic on them is OpenCL-only: CUDA's vectors are plain structs.
/// Capabilities (0 or 1, for \#if)
///   RTCG_HAS_FP64: doubles, rtcg_double2/4 and cdouble_t exist (always in CUDA; OpenCL with
///   cl_khr_fp64, whose pragma the prelude enables).
///   RTCG_HAS_INT64_ATOMICS: the 64-bit atomics exist (always in CUDA; OpenCL with both
///   cl_khr_int64_base_atomics and cl_khr_int64_extended_atomics, whose pragmas the prelude
///   enables).
/// Constants
///   INFINITY and NAN (float), as OpenCL C defines them, in CUDA too.
/// Bits (unsigned 32-bit words, but for rtcg_mul_hi64)
///   rtcg_popcount(x), rtcg_leading_zeros(x) (32 for 0), rtcg_lowest_set_bit(x) (x non-zero),
///   rtcg_mul_hi(a, b): the high 32 bits of the 64-bit product a * b; rtcg_mul_hi64(a, b), of
///   rtcg_uindex_t words: the high 64 bits of the 128-bit product.
///   rtcg_float_bits(x) and rtcg_float_from_bits(bits): a float's bits as an unsigned 32-bit
///   word, and back; rtcg_double_bits and rtcg_double_from_bits likewise for a double and an
///   rtcg_uindex_t (where RTCG_HAS_FP64).
/// Atomics: rtcg_atomic_<op>_<type>_<space>(p, ...), returning the value *p held before.
///   op: add, min, max, exch (store v), cas (p, expected, desired: store desired if *p was
///   expected). type: i32, u32, i64, u64 (int, unsigned int, rtcg_index_t, rtcg_uindex_t), f32.
///   space: global or local, the pointer's address space (OpenCL 1.2 has no generic pointers).
///   The operations are relaxed (no ordering of other accesses), like CUDA's atomic* and
///   OpenCL 1.2's atomic_*. Float add (OpenCL), min and max loop on a compare-exchange; min and
///   max follow fmin/fmax (a NaN operand is ignored); float cas compares bit patterns, so
///   -0.0f is not 0.0f and a NaN can match itself.
///
/// Complex numbers (complex_support, after the prelude; PreludeOptions::complex)
///   cfloat_t and cdouble_t (cdouble_t where RTCG_HAS_FP64): structs of `real` and `imag`, laid
///   out like std::complex<float> / std::complex<double>, so arrays and arguments pass unchanged.
///   Functions, each prefixed cfloat_ or cdouble_ (P below is cfloat_t or cdouble_t, R its
///   element type):
///     new(R re, R im), fromreal(R), real(P), imag(P),
///     add, sub, mul, div, pow (P, P) -> P, eq, ne (P, P) -> int,
///     neg, conj, exp, log, sqrt, sin, cos, tan, sinh, cosh, tanh (P) -> P,
///     abs (hypot), abs_squared, arg (P) -> R,
///     addr, subr, mulr, divr, powr (P, R) -> P, radd, rsub, rmul, rdiv (R, P) -> P;
///     cdouble_fromcfloat(cfloat_t), cfloat_fromcdouble(cdouble_t).
///   div gives numpy's quotient, special values included (NaN for NaN, the signs of zeros and
///   infinities): numpy's Smith's method, which never squares the divisor and so does not
///   overflow before the quotient does, each operation rounded on its own as numpy's; a zero
///   divisor divides each part by +0 ((1 + 1i) / 0 is inf + inf i). rdiv(x, z) is
///   div(fromreal(x), z), numpy's x / z. The other mixed forms work on each part, as
///   std::complex's mixed operators do: divr(z, x) is (re / x, im / x), where numpy, promoting x
///   to complex, gives (inf + 1i) / 2 = inf + NaN i. add, sub and mul are the textbook formulas,
///   as numpy's. exp, log, sqrt and abs give C99's special values (cexp, clog, csqrt, cabs),
///   which numpy's are; sin, cos, tan, sinh, cosh, tanh and pow are their textbook formulas,
///   which differ from numpy's on infinite and NaN parts.
///   Branch cuts are the principal ones of std::complex (log, sqrt and pow along the negative
///   real axis, with the sign of a zero imaginary part choosing the side). pow and powr give 1
///   for 0 to the power 0 and 0 for 0 to any other power (numpy: NaN unless the power is a
///   positive real), and compute integer powers as exp(w log z) (numpy multiplies).
///
/// Warp primitives (warp_support, after the prelude; PreludeOptions::warp), for targets that have
/// them (Target::warp_primitives): NVIDIA's warps of 32 work-items, consecutive in a
/// one-dimensional work-group, lane = local id % 32. `lanes` masks the lanes taking part, each of
/// which must call; values are unsigned.
///   rtcg_warp_ballot(lanes, predicate): the lanes whose predicate is non-zero.
///   rtcg_warp_sync(lanes): a barrier of those lanes that also orders their local memory accesses.
///   rtcg_warp_active(): the lanes executing the call together (CUDA's __activemask), those of the
///   warp that took the branches the caller took.
///   rtcg_warp_shuffle(lanes, value, lane), rtcg_warp_shuffle_up(lanes, value, delta) (the lanes
///   below delta get their own), rtcg_warp_shuffle_xor(lanes, value, lane_mask): another lane's value.
///   rtcg_fence_acq_rel_device(): PTX fence.acq_rel.gpu, which with volatile accesses orders one
///   work-item's global writes (or reads) for work-items of other work-groups.
///
/// Images (image_support, after the prelude; PreludeOptions::images), for rtcg::Image arguments.
///   Parameters: RTCG_IMAGE1D(name), RTCG_IMAGE2D(name), RTCG_IMAGE3D(name) take
///   Image::sampled(sampler) (two parameters: CUDA's texture object and the extents, OpenCL's
///   image and sampler, so `name_info` is taken too); RTCG_WRITE_IMAGE1D/2D/3D(name) take
///   Image::storage() (one parameter). A kernel reads an image or writes it, never both.
///   Sampled reads at float coordinates, through the sampler (filtering, addressing, normalized
///   or pixel coordinates, pixel centres at i + 0.5):
///     rtcg_image2d_read_float4(name, x, y) for float32, float16, unorm8 and unorm16 formats,
///     rtcg_image2d_read_int4 for int8/16/32, rtcg_image2d_read_uint4 for uint8/16/32;
///     image1d (x) and image3d (x, y, z) alike. They return rtcg_float4, rtcg_int4, rtcg_uint4.
///   Loads of one pixel at int coordinates inside the image, unfiltered:
///     rtcg_image2d_load_float4(name, x, y), _int4, _uint4 (and 1d, 3d).
///   Writes at int coordinates inside the image, converting as OpenCL's write_image* does
///   (integers saturate, unorm rounds to nearest and saturates, float16 rounds to an adjacent half):
///     rtcg_image2d_write_float4(name, x, y, value), _int4, _uint4 (and 1d, 3d).
///   Channels a format lacks read as unspecified values and are ignored when written.
///   RTCG_HAS_3D_IMAGE_WRITES: 1 where 3-D writes exist (CUDA; OpenCL with cl_khr_3d_image_writes).
///   CUDA's linear filtering weighs pixels with 8-bit fixed-point fractions (1/256 steps), so a
///   filtered value differs from exact interpolation by up to about 1/256 of the pixels' spread.
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/module.hpp>

#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

namespace rtcg::codegen {

/// What with_prelude adds after the prelude itself.
struct PreludeOptions {
    bool complex = false; ///< complex_support(dialect)
    bool warp = false;    ///< warp_support(dialect)
    bool images = false;  ///< image_support(dialect)
};

/// The prelude described above, for `target` (a Dialect names its dialect's target without inline
/// PTX in OpenCL; target_of(device) gives a device's).
RTCG_API std::string_view prelude(const Target& target);

/// Whether the prelude's RTCG_LOAD_L2_ONLY on `target` reads past the first-level cache (CUDA, and
/// OpenCL with inline PTX) rather than as a plain load.
RTCG_API bool l2_only_loads(const Target& target) noexcept;

/// cfloat_t, cdouble_t and their functions; uses the prelude's macros, so it comes after it.
RTCG_API std::string_view complex_support(Dialect dialect);

/// The warp primitives above: CUDA's intrinsics, or inline PTX, which NVIDIA's OpenCL compiler
/// takes. Uses the prelude's macros, so it comes after it.
RTCG_API std::string_view warp_support(Dialect dialect);

/// The image macros above (rtcg/core/image.hpp's images in kernels). Uses the prelude's macros,
/// so it comes after it.
RTCG_API std::string_view image_support(Dialect dialect);

/// Whether a kernel needs complex_support (PreludeOptions::complex): one of `types` contains a
/// complex type, or one of `texts` (user snippets, preambles) names cfloat or cdouble.
RTCG_API bool needs_complex_support(std::span<const DType> types, std::initializer_list<std::string_view> texts = {});

/// prelude(target) + the supports `options` asks for + `#line 1` + source: compiler messages keep
/// the line numbers of `source`. For text that is compiled elsewhere or later; a compile takes
/// portable_prelude() instead.
RTCG_API std::string with_prelude(const Target& target, std::string_view source, const PreludeOptions& options = {});

/// The prelude and the supports `options` asks for, for the target of the device compiled for
/// (target_of), as a CompileOptions::prelude:
/// \code
///   ctx.compile(source, {.prelude = rtcg::codegen::portable_prelude({.complex = true})});
/// \endcode
/// Throws InvalidArgument, when the compile runs, for a device of a backend with no dialect.
RTCG_API SourcePrelude portable_prelude(const PreludeOptions& options = {});

} // namespace rtcg::codegen
