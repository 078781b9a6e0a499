// Box-Muller with rtcg's own log, cos and sin. The device libraries' versions differ by ulps
// between CUDA, NVIDIA's OpenCL and PoCL, so these use only operations that IEEE 754 rounds
// exactly once on every device: explicit fma, sqrt, and single +, -, *, / that the compiler may
// not contract into fused operations (CUDA's __d*_rn intrinsics; OpenCL's FP_CONTRACT OFF).
#include "random_functions.hpp"

#include <rtcg/arrays/random_constants.hpp>
#include <rtcg/codegen/literal.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace rtcg::random::detail {
namespace {

using codegen::Argument;
using codegen::Dialect;
using codegen::DType;
using namespace codegen::syntax;
namespace k = constants;

std::string real(Dialect dialect, double value) { return codegen::literal(dialect, value); }
std::string bits(Dialect dialect, std::uint64_t value) { return codegen::literal(dialect, value); }

DType double2() { return DType::vector(DType::float64(), 2); }

Code binary(Dialect dialect, const char* name, const char* cuda_intrinsic, const char* opencl_operator) {
    const std::string body =
        dialect == Dialect::cuda ? std::string(cuda_intrinsic) + "(a, b)" : std::string("a ") + opencl_operator + " b";
    return DeviceFunction(DType::float64(), name, "double a, double b", Block{{Statement("return " + body)}});
}

// `name` = the polynomial in `variable` with `coefficients` (lowest degree first), by Horner's
// rule with one fma per step.
Code horner(Dialect dialect, const std::string& name, std::span<const double> coefficients,
            const std::string& variable) {
    std::vector<Code> steps{Declare(DType::float64(), name, real(dialect, coefficients.back()))};
    for (std::size_t k = coefficients.size() - 1; k-- > 0;)
        steps.push_back(Assign(name, "fma(" + name + ", " + variable + ", " + real(dialect, coefficients[k]) + ")"));
    return Sequence(std::move(steps));
}

Code open_uniform32(Dialect dialect) {
    return DeviceFunction(DType::float64(), "rtcg_philox_open_uniform32", {Argument::scalar(DType::uint32(), "w")},
                          Block{{Statement("return (double)(2 * (rtcg_uindex_t)w + 1) * " + real(dialect, 0x1p-33))}});
}

Code open_uniform64(Dialect dialect) {
    return DeviceFunction(DType::float64(), "rtcg_philox_open_uniform64", {Argument::scalar(DType::uint64(), "x")},
                          Block{{Statement("return (double)(2 * (x >> 12) + 1) * " + real(dialect, 0x1p-53))}});
}

// u = m 2^e from u's bits (u is a normal double in (0, 1)), then log(m) from atanh's series.
Code log(Dialect dialect) {
    const bool cuda = dialect == Dialect::cuda;
    const std::string bits_of_u = cuda ? "(rtcg_uindex_t)__double_as_longlong(u)" : "as_ulong(u)";
    const std::string mantissa_bits =
        "(bits & " + bits(dialect, 0x000fffffffffffffull) + ") | " + bits(dialect, 0x3ff0000000000000ull);
    const std::string mantissa =
        cuda ? "__longlong_as_double((long long)(" + mantissa_bits + "))" : "as_double(" + mantissa_bits + ")";
    return DeviceFunction(
        DType::float64(), "rtcg_philox_log", "double u",
        Block{{
            Declare(DType::uint64(), "bits", bits_of_u).constant(),
            Declare(DType::int32(), "e", "(int)((bits >> 52) & 0x7ff) - 1023"),
            Declare(DType::float64(), "m", mantissa),
            If("m > " + real(dialect, k::sqrt2), Block{{Assign("m", "rtcg_philox_mul(m, 0.5)"), Assign("e", "e + 1")}}),
            Declare(DType::float64(), "f", "rtcg_philox_sub(m, 1.0)").constant(),
            Declare(DType::float64(), "s", "rtcg_philox_div(f, rtcg_philox_add(2.0, f))").constant(),
            Declare(DType::float64(), "z", "rtcg_philox_mul(s, s)").constant(),
            horner(dialect, "p", k::log_series, "z"),
            Declare(DType::float64(), "log_m", "rtcg_philox_mul(rtcg_philox_add(s, s), p)").constant(),
            Declare(DType::float64(), "exponent", "(double)e").constant(),
            Statement("return rtcg_philox_add(rtcg_philox_mul(exponent, " + real(dialect, k::ln2_high) +
                      "), fma(exponent, " + real(dialect, k::ln2_low) + ", log_m))"),
        }});
}

// 2 pi t = (q + r) quarter turns with r in [-1/2, 1/2], both found exactly; the polynomials give
// cos and sin of r quarter turns, and q's quadrant swaps and negates them.
Code cos_sin_turns(Dialect dialect) {
    return DeviceFunction(
        double2(), "rtcg_philox_cos_sin_turns", "double t",
        Block{{
            Declare(DType::float64(), "t4", "rtcg_philox_mul(t, 4.0)").constant(),
            Declare(DType::float64(), "q", "floor(t4)"),
            Declare(DType::float64(), "r", "rtcg_philox_sub(t4, q)"),
            If("r > 0.5", Block{{Assign("r", "rtcg_philox_sub(r, 1.0)"), Assign("q", "rtcg_philox_add(q, 1.0)")}}),
            Declare(DType::float64(), "r2", "rtcg_philox_mul(r, r)").constant(),
            horner(dialect, "sine_over_r", k::sin_quarter_turn, "r2"),
            Declare(DType::float64(), "sine", "rtcg_philox_mul(r, sine_over_r)").constant(),
            horner(dialect, "cosine", k::cos_quarter_turn, "r2"),
            Declare(DType::int32(), "quadrant", "(int)q & 3").constant(),
            If("quadrant == 0", Statement("return rtcg_make_double2(cosine, sine)")),
            If("quadrant == 1", Statement("return rtcg_make_double2(-sine, cosine)")),
            If("quadrant == 2", Statement("return rtcg_make_double2(-cosine, -sine)")),
            Statement("return rtcg_make_double2(sine, -cosine)"),
        }});
}

Code box_muller() {
    return DeviceFunction(
        double2(), "rtcg_philox_box_muller", "double radius_uniform, double angle_uniform",
        Block{{
            Declare(DType::float64(), "radius", "sqrt(rtcg_philox_mul(-2.0, rtcg_philox_log(radius_uniform)))")
                .constant(),
            Declare(double2(), "cos_sin", "rtcg_philox_cos_sin_turns(angle_uniform)").constant(),
            Statement(
                "return rtcg_make_double2(rtcg_philox_mul(radius, cos_sin.x), rtcg_philox_mul(radius, cos_sin.y))"),
        }});
}

} // namespace

std::vector<Code> normal_functions(Dialect dialect) {
    std::vector<Code> functions;
    if (dialect == Dialect::opencl) functions.push_back(Raw("#pragma OPENCL FP_CONTRACT OFF"));
    for (Code function :
         {binary(dialect, "rtcg_philox_add", "__dadd_rn", "+"), binary(dialect, "rtcg_philox_sub", "__dsub_rn", "-"),
          binary(dialect, "rtcg_philox_mul", "__dmul_rn", "*"), binary(dialect, "rtcg_philox_div", "__ddiv_rn", "/"),
          open_uniform32(dialect), open_uniform64(dialect), log(dialect), cos_sin_turns(dialect), box_muller()})
        functions.push_back(std::move(function));
    return functions;
}

} // namespace rtcg::random::detail
