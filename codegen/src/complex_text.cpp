// The complex support: cfloat_t, cdouble_t and their functions (rtcg/codegen/prelude.hpp
// documents the contract), written once and expanded per precision and dialect.
#include "prelude_parts.hpp"
#include "text_template.hpp"

namespace rtcg::codegen::detail {
namespace {

// $R: the element type, $C: the complex type, $P: the functions' prefix, $F: the suffix of the
// element type's math functions (CUDA's sinf; OpenCL overloads sin). Numbers are written as
// integers, which convert to $R exactly, so float code never computes in double.
constexpr std::string_view complex_functions = R"(typedef struct { $R real, imag; } $C;
RTCG_DEVICE $C $P_new($R re, $R im) { $C z; z.real = re; z.imag = im; return z; }
RTCG_DEVICE $C $P_fromreal($R x) { return $P_new(x, ($R)0); }
RTCG_DEVICE $R $P_real($C z) { return z.real; }
RTCG_DEVICE $R $P_imag($C z) { return z.imag; }
RTCG_DEVICE int $P_eq($C a, $C b) { return a.real == b.real && a.imag == b.imag; }
RTCG_DEVICE int $P_ne($C a, $C b) { return !$P_eq(a, b); }
RTCG_DEVICE $C $P_neg($C z) { return $P_new(-z.real, -z.imag); }
RTCG_DEVICE $C $P_conj($C z) { return $P_new(z.real, -z.imag); }
RTCG_DEVICE $C $P_add($C a, $C b) { return $P_new(a.real + b.real, a.imag + b.imag); }
RTCG_DEVICE $C $P_sub($C a, $C b) { return $P_new(a.real - b.real, a.imag - b.imag); }
RTCG_DEVICE $C $P_mul($C a, $C b) {
    return $P_new(a.real * b.real - a.imag * b.imag, a.real * b.imag + a.imag * b.real);
}
RTCG_DEVICE $C $P_div($C a, $C b) {
    /* numpy's complex division. Smith's method: dividing by the larger part of b first never
       squares b, which would overflow (or underflow) long before the quotient does; the sums are
       multiplied by the reciprocal of the scale, as numpy does. A zero b divides each part of a
       by +0, so that a nonzero part gives an infinity of its own sign. A NaN in b fails both
       comparisons and takes the second branch, all NaN. Each product and sum is rounded on its
       own (rtcg_$R_mul_rn, ...), as in numpy's loop: a fused multiply-add keeps the sign of a
       product that underflows, and gives -0 where numpy gives +0. */
    const $R real_size = fabs$F(b.real), imag_size = fabs$F(b.imag);
    if (real_size >= imag_size) {
        if (real_size == 0) return $P_new(a.real / real_size, a.imag / real_size);
        const $R ratio = b.imag / b.real;
        const $R scale = ($R)1 / rtcg_$R_add_rn(b.real, rtcg_$R_mul_rn(b.imag, ratio));
        return $P_new(rtcg_$R_mul_rn(rtcg_$R_add_rn(a.real, rtcg_$R_mul_rn(a.imag, ratio)), scale),
                      rtcg_$R_mul_rn(rtcg_$R_sub_rn(a.imag, rtcg_$R_mul_rn(a.real, ratio)), scale));
    }
    const $R ratio = b.real / b.imag;
    const $R scale = ($R)1 / rtcg_$R_add_rn(b.imag, rtcg_$R_mul_rn(b.real, ratio));
    return $P_new(rtcg_$R_mul_rn(rtcg_$R_add_rn(rtcg_$R_mul_rn(a.real, ratio), a.imag), scale),
                  rtcg_$R_mul_rn(rtcg_$R_sub_rn(rtcg_$R_mul_rn(a.imag, ratio), a.real), scale));
}
RTCG_DEVICE $C $P_addr($C z, $R x) { return $P_new(z.real + x, z.imag); }
RTCG_DEVICE $C $P_radd($R x, $C z) { return $P_new(x + z.real, z.imag); }
RTCG_DEVICE $C $P_subr($C z, $R x) { return $P_new(z.real - x, z.imag); }
RTCG_DEVICE $C $P_rsub($R x, $C z) { return $P_new(x - z.real, -z.imag); }
RTCG_DEVICE $C $P_mulr($C z, $R x) { return $P_new(z.real * x, z.imag * x); }
RTCG_DEVICE $C $P_rmul($R x, $C z) { return $P_new(x * z.real, x * z.imag); }
RTCG_DEVICE $C $P_divr($C z, $R x) { return $P_new(z.real / x, z.imag / x); }
RTCG_DEVICE $C $P_rdiv($R x, $C z) { return $P_div($P_fromreal(x), z); }
RTCG_DEVICE $R $P_abs($C z) {
    /* hypot may round a result within a few ulp of the largest finite value up to infinity
       (CUDA's and OpenCL's allow 2 and 4 ulp). Finite parts that overflowed are measured again
       by the larger one: with ratio <= 1 the square cannot overflow, and |z| = max exactly when
       the ratio's square vanishes against 1. */
    const $R magnitude = hypot$F(z.real, z.imag);
    if (magnitude != INFINITY || !(fabs$F(z.real) < INFINITY && fabs$F(z.imag) < INFINITY)) return magnitude;
    const $R larger = fmax$F(fabs$F(z.real), fabs$F(z.imag));
    const $R ratio = fmin$F(fabs$F(z.real), fabs$F(z.imag)) / larger;
    return larger * sqrt$F(($R)1 + ratio * ratio);
}
RTCG_DEVICE $R $P_abs_squared($C z) { return z.real * z.real + z.imag * z.imag; }
RTCG_DEVICE $R $P_arg($C z) { return atan2$F(z.imag, z.real); }
RTCG_DEVICE $C $P_exp($C z) {
    const $R magnitude = exp$F(z.real);
    /* A real argument keeps its exact zero imaginary part: an overflowed magnitude times
       sin(0) would be NaN. */
    if (z.imag == 0) return $P_new(magnitude, z.imag);
    /* An infinite real part with an infinite or NaN imaginary one has no angle: inf + NaN i
       above, zeros signed as the imaginary part below (C99's cexp, as numpy). */
    if (fabs$F(z.real) == INFINITY && !(fabs$F(z.imag) < INFINITY))
        return z.real > 0 ? $P_new(z.real, z.imag - z.imag) : $P_new(($R)0, copysign$F(($R)0, z.imag));
    return $P_new(magnitude * cos$F(z.imag), magnitude * sin$F(z.imag));
}
RTCG_DEVICE $C $P_log($C z) {
    /* Finite parts whose magnitude overflows: log(|z / 2|) + log 2, as numpy gets it. */
    const $R magnitude = $P_abs(z);
    if (magnitude == INFINITY && fabs$F(z.real) < INFINITY && fabs$F(z.imag) < INFINITY)
        return $P_new(log$F($P_abs($P_new(z.real / 2, z.imag / 2))) + log$F(($R)2), $P_arg(z));
    return $P_new(log$F(magnitude), $P_arg(z));
}
RTCG_DEVICE $C $P_sqrt($C z) {
    /* An infinite imaginary part gives inf + that part i, whatever the real part (NaN too), as
       C99's csqrt and numpy. */
    if (fabs$F(z.imag) == INFINITY) return $P_new(fabs$F(z.imag), z.imag);
    if (z.real == 0 && z.imag == 0) return $P_new(($R)0, z.imag);
    /* t is the larger part's magnitude, computed without cancellation; halving each term before
       the sum keeps |re| + |z| from overflowing, and where |z| itself overflows from finite
       parts, t is twice that of z / 4. The sign of imag picks the side of the cut. */
    const $R magnitude = $P_abs(z);
    const $R t = magnitude == INFINITY && fabs$F(z.real) < INFINITY
                     ? 2 * sqrt$F(fabs$F(z.real) / 8 + $P_abs($P_new(z.real / 4, z.imag / 4)) / 2)
                     : sqrt$F(fabs$F(z.real) / 2 + magnitude / 2);
    if (z.real >= 0) return $P_new(t, z.imag / (2 * t));
    return $P_new(fabs$F(z.imag) / (2 * t), copysign$F(t, z.imag));
}
RTCG_DEVICE $C $P_pow($C z, $C w) {
    if (z.real == 0 && z.imag == 0) return $P_fromreal(w.real == 0 && w.imag == 0 ? ($R)1 : ($R)0);
    return $P_exp($P_mul(w, $P_log(z)));
}
RTCG_DEVICE $C $P_powr($C z, $R x) {
    if (z.real == 0 && z.imag == 0) return $P_fromreal(x == 0 ? ($R)1 : ($R)0);
    /* pow on the magnitude is more accurate than exp(x * log|z|). */
    const $R magnitude = pow$F($P_abs(z), x), angle = x * $P_arg(z);
    return $P_new(magnitude * cos$F(angle), magnitude * sin$F(angle));
}
RTCG_DEVICE $C $P_sin($C z) { return $P_new(sin$F(z.real) * cosh$F(z.imag), cos$F(z.real) * sinh$F(z.imag)); }
RTCG_DEVICE $C $P_cos($C z) { return $P_new(cos$F(z.real) * cosh$F(z.imag), -sin$F(z.real) * sinh$F(z.imag)); }
RTCG_DEVICE $C $P_sinh($C z) { return $P_new(sinh$F(z.real) * cos$F(z.imag), cosh$F(z.real) * sin$F(z.imag)); }
RTCG_DEVICE $C $P_cosh($C z) { return $P_new(cosh$F(z.real) * cos$F(z.imag), sinh$F(z.real) * sin$F(z.imag)); }
RTCG_DEVICE $C $P_tanh($C z) {
    /* Past |re| = 22 the real part is +-1 to double precision, and sinh(re)^2 would soon
       overflow: the asymptote takes over, 4 sin(im) cos(im) exp(-2|re|) for the imaginary part. */
    if (fabs$F(z.real) > 22)
        return $P_new(copysign$F(($R)1, z.real), 4 * sin$F(z.imag) * cos$F(z.imag) * exp$F(-2 * fabs$F(z.real)));
    /* Kahan's formula: accurate, and finite where the textbook one's cosh(2 re) overflows. */
    const $R t = tan$F(z.imag), beta = 1 + t * t, s = sinh$F(z.real), rho = sqrt$F(1 + s * s);
    const $R denominator = 1 + beta * s * s;
    return $P_new(beta * rho * s / denominator, t / denominator);
}
RTCG_DEVICE $C $P_tan($C z) {
    /* tan(z) = -i tanh(iz) */
    const $C h = $P_tanh($P_new(-z.imag, z.real));
    return $P_new(h.imag, -h.real);
}
)";

constexpr std::string_view conversions =
    R"(RTCG_DEVICE cdouble_t cdouble_fromcfloat(cfloat_t z) { return cdouble_new(z.real, z.imag); }
RTCG_DEVICE cfloat_t cfloat_fromcdouble(cdouble_t z) { return cfloat_new((float)z.real, (float)z.imag); }
)";

// rtcg_<R>_mul_rn, _add_rn and _sub_rn: one operation each, rounded on its own and never fused
// into a multiply-add with another. CUDA's __fmul_rn and kin are never fused ($I: f or d);
// OpenCL compiles them with contraction off, then returns to its default for the code after.
constexpr std::string_view rounded_operations_cuda =
    R"(RTCG_DEVICE $R rtcg_$R_mul_rn($R x, $R y) { return __$Imul_rn(x, y); }
RTCG_DEVICE $R rtcg_$R_add_rn($R x, $R y) { return __$Iadd_rn(x, y); }
RTCG_DEVICE $R rtcg_$R_sub_rn($R x, $R y) { return __$Isub_rn(x, y); }
)";
constexpr std::string_view rounded_operations_opencl = R"(#pragma OPENCL FP_CONTRACT OFF
RTCG_DEVICE $R rtcg_$R_mul_rn($R x, $R y) { return x * y; }
RTCG_DEVICE $R rtcg_$R_add_rn($R x, $R y) { return x + y; }
RTCG_DEVICE $R rtcg_$R_sub_rn($R x, $R y) { return x - y; }
#pragma OPENCL FP_CONTRACT DEFAULT
)";

struct Precision {
    std::string_view real, complex, prefix;
    std::string_view cuda_math_suffix; // CUDA's sinf; OpenCL overloads sin
    std::string_view cuda_intrinsic;   // the letter of CUDA's __fmul_rn or __dmul_rn
};
constexpr Precision single{"float", "cfloat_t", "cfloat", "f", "f"};
constexpr Precision double_precision{"double", "cdouble_t", "cdouble", "", "d"};

std::string complex_functions_for(Dialect dialect, const Precision& precision) {
    const bool cuda = dialect == Dialect::cuda;
    return expand(cuda ? rounded_operations_cuda : rounded_operations_opencl,
                  {{'R', precision.real}, {'I', precision.cuda_intrinsic}}) +
           expand(complex_functions, {{'R', precision.real},
                                      {'C', precision.complex},
                                      {'P', precision.prefix},
                                      {'F', cuda ? precision.cuda_math_suffix : ""}});
}

} // namespace

std::string complex_text(Dialect dialect) {
    if (dialect == Dialect::cuda)
        return complex_functions_for(dialect, single) + complex_functions_for(dialect, double_precision) +
               std::string(conversions);
    return complex_functions_for(dialect, single) + "#if RTCG_HAS_FP64\n" +
           complex_functions_for(dialect, double_precision) + std::string(conversions) + "#endif\n";
}

} // namespace rtcg::codegen::detail
