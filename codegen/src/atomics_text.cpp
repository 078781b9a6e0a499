// The prelude's atomics: rtcg_atomic_<op>_<type>_<space> (rtcg/codegen/prelude.hpp documents the
// contract). OpenCL C 1.2 has no generic address space, so every function exists once per space;
// in CUDA the two are the same function under two names.
#include "prelude_parts.hpp"
#include "text_template.hpp"

namespace rtcg::codegen::detail {
namespace {

// The address spaces in the functions' names, with OpenCL's qualifier for each.
struct Space {
    std::string_view name;
    std::string_view opencl_qualifier;
};
constexpr Space spaces[] = {{"global", "__global"}, {"local", "__local"}};

// A float operation the hardware lacks, as a compare-exchange loop on the bits: $E computes the
// new value from `old` and `v`. An unchanged value ends the loop without a write, which also
// keeps a NaN (whose bits never compare equal as floats) from spinning forever.
// $S: pointer qualifier, $N: space name, $O: operation, $X: 32-bit compare-exchange,
// $I / $R: float-to-bits / bits-to-float.
constexpr std::string_view float_loop =
    R"(RTCG_DEVICE float rtcg_atomic_$O_f32_$N(volatile $S float* p, float v) {
    $S int* bits = ($S int*)p;
    int seen = *bits, expected;
    do {
        expected = seen;
        const float old = $R(expected);
        const int wanted = $I($E);
        if (wanted == expected) break;
        seen = $X(bits, expected, wanted);
    } while (seen != expected);
    return $R(seen);
}
)";

// The spellings float_loop needs from one dialect.
struct BitOperations {
    std::string_view compare_exchange, float_as_int, int_as_float;
};
constexpr BitOperations cuda_bits{"atomicCAS", "__float_as_int", "__int_as_float"};
constexpr BitOperations opencl_bits{"atomic_cmpxchg", "as_int", "as_float"};

std::string float_loop_text(const BitOperations& bits, std::string_view qualifier, std::string_view space,
                            std::string_view operation, std::string_view new_value) {
    return expand(float_loop, {{'S', qualifier},
                               {'N', space},
                               {'X', bits.compare_exchange},
                               {'I', bits.float_as_int},
                               {'R', bits.int_as_float},
                               {'O', operation},
                               {'E', new_value}});
}

// $T: the type, $K: its key, $N: space name; $U: the type CUDA adds, exchanges and compares it
// as, $M: the type CUDA orders it as. CUDA has 64-bit add, exchange and compare-exchange only
// for unsigned long long, which for two's-complement values is the same bit operation.
constexpr std::string_view cuda_integer_atomics = R"(RTCG_DEVICE $T rtcg_atomic_add_$K_$N(volatile $T* p, $T v) {
    return ($T)atomicAdd(($U*)p, ($U)v);
}
RTCG_DEVICE $T rtcg_atomic_min_$K_$N(volatile $T* p, $T v) {
    return ($T)atomicMin(($M*)p, ($M)v);
}
RTCG_DEVICE $T rtcg_atomic_max_$K_$N(volatile $T* p, $T v) {
    return ($T)atomicMax(($M*)p, ($M)v);
}
RTCG_DEVICE $T rtcg_atomic_exch_$K_$N(volatile $T* p, $T v) {
    return ($T)atomicExch(($U*)p, ($U)v);
}
RTCG_DEVICE $T rtcg_atomic_cas_$K_$N(volatile $T* p, $T expected, $T desired) {
    return ($T)atomicCAS(($U*)p, ($U)expected, ($U)desired);
}
)";

struct CudaInteger {
    std::string_view key, type, exchange_type, order_type;
};
constexpr CudaInteger cuda_integers[] = {
    {"i32", "int", "int", "int"},
    {"u32", "unsigned int", "unsigned int", "unsigned int"},
    {"i64", "long long", "unsigned long long", "long long"},
    {"u64", "unsigned long long", "unsigned long long", "unsigned long long"},
};

// CUDA adds and exchanges floats natively (the casts drop the volatile the built-ins do not take).
constexpr std::string_view cuda_float_atomics =
    R"(RTCG_DEVICE float rtcg_atomic_add_f32_$N(volatile float* p, float v) {
    return atomicAdd((float*)p, v);
}
RTCG_DEVICE float rtcg_atomic_exch_f32_$N(volatile float* p, float v) {
    return atomicExch((float*)p, v);
}
RTCG_DEVICE float rtcg_atomic_cas_f32_$N(volatile float* p, float expected, float desired) {
    return __int_as_float(atomicCAS((int*)p, __float_as_int(expected), __float_as_int(desired)));
}
)";

std::string cuda_atomics() {
    std::string text = "#define RTCG_HAS_INT64_ATOMICS 1\n";
    for (const auto& space : spaces) {
        for (const auto& integer : cuda_integers)
            text += expand(cuda_integer_atomics, {{'T', integer.type},
                                                  {'K', integer.key},
                                                  {'N', space.name},
                                                  {'U', integer.exchange_type},
                                                  {'M', integer.order_type}});
        text += expand(cuda_float_atomics, {{'N', space.name}});
        text += float_loop_text(cuda_bits, "", space.name, "min", "fminf(old, v)");
        text += float_loop_text(cuda_bits, "", space.name, "max", "fmaxf(old, v)");
    }
    return text;
}

// $T: the type, $K: its key, $S / $N: space qualifier and name, $A: the built-ins' prefix
// (atomic_ for 32-bit values, atom_ for the 64-bit extensions). The built-ins are overloaded
// on the address space.
constexpr std::string_view opencl_integer_atomics = R"(RTCG_DEVICE $T rtcg_atomic_add_$K_$N(volatile $S $T* p, $T v) {
    return $Aadd(p, v);
}
RTCG_DEVICE $T rtcg_atomic_min_$K_$N(volatile $S $T* p, $T v) {
    return $Amin(p, v);
}
RTCG_DEVICE $T rtcg_atomic_max_$K_$N(volatile $S $T* p, $T v) {
    return $Amax(p, v);
}
RTCG_DEVICE $T rtcg_atomic_exch_$K_$N(volatile $S $T* p, $T v) {
    return $Axchg(p, v);
}
RTCG_DEVICE $T rtcg_atomic_cas_$K_$N(volatile $S $T* p, $T expected, $T desired) {
    return $Acmpxchg(p, expected, desired);
}
)";

struct OpenclInteger {
    std::string_view key, type, builtin_prefix;
};
constexpr OpenclInteger opencl_32_bit_integers[] = {{"i32", "int", "atomic_"}, {"u32", "uint", "atomic_"}};
constexpr OpenclInteger opencl_64_bit_integers[] = {{"i64", "long", "atom_"}, {"u64", "ulong", "atom_"}};

// Both 64-bit extensions or no 64-bit atomics: a device with add but no min is not worth a
// second capability macro.
constexpr std::string_view opencl_int64_extensions =
    R"(#if defined(cl_khr_int64_base_atomics) && defined(cl_khr_int64_extended_atomics)
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define RTCG_HAS_INT64_ATOMICS 1
#else
#define RTCG_HAS_INT64_ATOMICS 0
#endif
)";

// OpenCL 1.2 exchanges floats natively; add, min and max go through float_loop.
constexpr std::string_view opencl_float_atomics =
    R"(RTCG_DEVICE float rtcg_atomic_exch_f32_$N(volatile $S float* p, float v) {
    return atomic_xchg(p, v);
}
RTCG_DEVICE float rtcg_atomic_cas_f32_$N(volatile $S float* p, float expected, float desired) {
    return as_float(atomic_cmpxchg((volatile $S int*)p, as_int(expected), as_int(desired)));
}
)";

std::string opencl_integer_text(const OpenclInteger& integer, const Space& space) {
    return expand(opencl_integer_atomics, {{'T', integer.type},
                                           {'K', integer.key},
                                           {'S', space.opencl_qualifier},
                                           {'N', space.name},
                                           {'A', integer.builtin_prefix}});
}

std::string opencl_atomics() {
    std::string text(opencl_int64_extensions);
    for (const auto& space : spaces)
        for (const auto& integer : opencl_32_bit_integers) text += opencl_integer_text(integer, space);
    text += "#if RTCG_HAS_INT64_ATOMICS\n";
    for (const auto& space : spaces)
        for (const auto& integer : opencl_64_bit_integers) text += opencl_integer_text(integer, space);
    text += "#endif\n";
    for (const auto& space : spaces) {
        text += expand(opencl_float_atomics, {{'S', space.opencl_qualifier}, {'N', space.name}});
        text += float_loop_text(opencl_bits, space.opencl_qualifier, space.name, "add", "old + v");
        text += float_loop_text(opencl_bits, space.opencl_qualifier, space.name, "min", "fmin(old, v)");
        text += float_loop_text(opencl_bits, space.opencl_qualifier, space.name, "max", "fmax(old, v)");
    }
    return text;
}

} // namespace

std::string atomics_text(Dialect dialect) { return dialect == Dialect::cuda ? cuda_atomics() : opencl_atomics(); }

} // namespace rtcg::codegen::detail
