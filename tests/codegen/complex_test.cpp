// The complex support against std::complex: every function on a spread of inputs (negative reals
// with both signs of zero, zeros, the branch cuts, large and tiny magnitudes for division), in
// float and double. std::complex arrays go to the kernels as they are; the references are
// computed in the next wider type, so that they are exact to the tolerance.
#include "compile_everywhere.hpp"
#include "../support/numpy_complex.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <iterator>
#include <limits>
#include <random>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

using rtcg::codegen::Dialect;
using rtcg::test::context;

namespace {

template <class T>
struct Precision;
template <>
struct Precision<float> {
    using Wide = double;
    static constexpr std::string_view real = "float", complex = "cfloat_t", prefix = "cfloat";
    static constexpr double tolerance = 1e-5;
};
template <>
struct Precision<double> {
    using Wide = long double;
    static constexpr std::string_view real = "double", complex = "cdouble_t", prefix = "cdouble";
    static constexpr long double tolerance = 1e-12L;
};

struct Function {
    std::string_view name;
    std::string_view call; // P_ stands for the prefix: a, b are complex, x real
    bool real_valued = false;
};

constexpr Function unary_functions[] = {
    {"neg", "P_neg(z)"},   {"conj", "P_conj(z)"}, {"exp", "P_exp(z)"},   {"log", "P_log(z)"},
    {"sqrt", "P_sqrt(z)"}, {"sin", "P_sin(z)"},   {"cos", "P_cos(z)"},   {"tan", "P_tan(z)"},
    {"sinh", "P_sinh(z)"}, {"cosh", "P_cosh(z)"}, {"tanh", "P_tanh(z)"}, {"real", "P_real(z)", true},
    {"imag", "P_imag(z)", true}, {"abs", "P_abs(z)", true}, {"abs_squared", "P_abs_squared(z)", true},
    {"arg", "P_arg(z)", true},
};

constexpr Function binary_functions[] = {
    {"add", "P_add(a, b)"},   {"sub", "P_sub(a, b)"},   {"mul", "P_mul(a, b)"},
    {"div", "P_div(a, b)"},   {"pow", "P_pow(a, b)"},   {"addr", "P_addr(a, x)"},
    {"subr", "P_subr(a, x)"}, {"mulr", "P_mulr(a, x)"}, {"divr", "P_divr(a, x)"},
    {"powr", "P_powr(a, x)"}, {"radd", "P_radd(x, b)"}, {"rsub", "P_rsub(x, b)"},
    {"rmul", "P_rmul(x, b)"}, {"rdiv", "P_rdiv(x, b)"}, {"new", "P_new(x, P_imag(a))"},
    {"fromreal", "P_fromreal(x)"},
};

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

// CPLX, REAL and P_ stand for the complex type, its element type and the functions' prefix.
// unary: out[f * n + i] = function f of in[i] (real values as complex ones).
// binary: out[f * n + i] = function f of as[i], bs[i], xs[i]; flags[2i], flags[2i+1] = eq, ne.
// scale: out[i] = in[i] * factor, factor passed by value.
// divide: out[i] = as[i] / bs[i], out[n + i] = real(as[i]) / bs[i].
template <class T>
std::string complex_kernels() {
    using P = Precision<T>;
    std::string text = "RTCG_KERNEL void unary(RTCG_GLOBAL const CPLX* in, RTCG_GLOBAL CPLX* out, unsigned n) {\n"
                       "    const size_t i = RTCG_GLOBAL_ID(0);\n"
                       "    if (i >= n) return;\n"
                       "    const CPLX z = in[i];\n";
    for (std::size_t f = 0; f < std::size(unary_functions); ++f) {
        const auto& function = unary_functions[f];
        const std::string value = std::string(function.call);
        text += "    out[" + std::to_string(f) + " * n + i] = " +
                (function.real_valued ? "P_fromreal(" + value + ")" : value) + ";\n";
    }
    text += "}\n"
            "RTCG_KERNEL void binary(RTCG_GLOBAL const CPLX* as, RTCG_GLOBAL const CPLX* bs,\n"
            "                        RTCG_GLOBAL const REAL* xs, RTCG_GLOBAL CPLX* out, RTCG_GLOBAL int* flags,\n"
            "                        unsigned n) {\n"
            "    const size_t i = RTCG_GLOBAL_ID(0);\n"
            "    if (i >= n) return;\n"
            "    const CPLX a = as[i], b = bs[i];\n"
            "    const REAL x = xs[i];\n";
    for (std::size_t f = 0; f < std::size(binary_functions); ++f)
        text += "    out[" + std::to_string(f) + " * n + i] = " + std::string(binary_functions[f].call) + ";\n";
    text += "    flags[2 * i] = P_eq(a, b);\n"
            "    flags[2 * i + 1] = P_ne(a, b);\n"
            "}\n"
            "RTCG_KERNEL void scale(CPLX factor, RTCG_GLOBAL const CPLX* in, RTCG_GLOBAL CPLX* out) {\n"
            "    const size_t i = RTCG_GLOBAL_ID(0);\n"
            "    out[i] = P_mul(in[i], factor);\n"
            "}\n"
            "RTCG_KERNEL void divide(RTCG_GLOBAL const CPLX* as, RTCG_GLOBAL const CPLX* bs, RTCG_GLOBAL CPLX* out,\n"
            "                        unsigned n) {\n"
            "    const size_t i = RTCG_GLOBAL_ID(0);\n"
            "    if (i >= n) return;\n"
            "    out[i] = P_div(as[i], bs[i]);\n"
            "    out[n + i] = P_rdiv(P_real(as[i]), bs[i]);\n"
            "}\n";
    return replace_all(replace_all(replace_all(text, "P_", std::string(P::prefix) + "_"), "CPLX", P::complex), "REAL",
                       P::real);
}

// NVRTC compiles the CUDA twin once per precision; the context's own compiles after the first are
// hits in rtcg's in-process cache. (A static Module would outlive the test context.)
template <class T>
rtcg::Module complex_module() {
    [[maybe_unused]] static const bool cuda_compiled = [] {
        rtcg::test::compile_for_cuda(
            rtcg::codegen::with_prelude(Dialect::cuda, complex_kernels<T>(), {.complex = true}));
        return true;
    }();
    return context().compile(complex_kernels<T>(), {.prelude = rtcg::codegen::portable_prelude({.complex = true})});
}

template <class W>
std::complex<W> unary_reference(std::string_view name, std::complex<W> z) {
    if (name == "neg") return -z;
    if (name == "conj") return std::conj(z);
    if (name == "exp") return std::exp(z);
    if (name == "log") return std::log(z);
    if (name == "sqrt") return std::sqrt(z);
    if (name == "sin") return std::sin(z);
    if (name == "cos") return std::cos(z);
    if (name == "tan") return std::tan(z);
    if (name == "sinh") return std::sinh(z);
    if (name == "cosh") return std::cosh(z);
    if (name == "tanh") return std::tanh(z);
    if (name == "real") return z.real();
    if (name == "imag") return z.imag();
    if (name == "abs") return std::abs(z);
    if (name == "abs_squared") return std::norm(z);
    if (name == "arg") return std::arg(z);
    FAIL("no reference for ", name);
    return {};
}

template <class W>
std::complex<W> binary_reference(std::string_view name, std::complex<W> a, std::complex<W> b, W x) {
    if (name == "add") return a + b;
    if (name == "sub") return a - b;
    if (name == "mul") return a * b;
    if (name == "div") return a / b;
    if (name == "pow") return std::pow(a, b);
    if (name == "addr") return a + x;
    if (name == "subr") return a - x;
    if (name == "mulr") return a * x;
    if (name == "divr") return a / x;
    if (name == "powr") return std::pow(a, x);
    if (name == "radd") return x + b;
    if (name == "rsub") return x - b;
    if (name == "rmul") return x * b;
    if (name == "rdiv") return x / b;
    if (name == "new") return {x, a.imag()};
    if (name == "fromreal") return x;
    FAIL("no reference for ", name);
    return {};
}

// A non-finite component must be met exactly; a finite one within the relative tolerance.
template <class W>
bool component_close(W got, W want, W tolerance) {
    if (!std::isfinite(want)) return got == want || (std::isnan(got) && std::isnan(want));
    return std::abs(got - want) <= tolerance * std::abs(want);
}

// Relative to the reference's magnitude, or component by component where the reference is not
// finite (log 0).
template <class T>
bool close(std::complex<T> got, std::complex<typename Precision<T>::Wide> want) {
    using W = typename Precision<T>::Wide;
    const std::complex<W> wide(got.real(), got.imag());
    const auto tolerance = static_cast<W>(Precision<T>::tolerance);
    if (!std::isfinite(want.real()) || !std::isfinite(want.imag()))
        return component_close(wide.real(), want.real(), tolerance) &&
               component_close(wide.imag(), want.imag(), tolerance);
    return std::abs(wide - want) <= tolerance * std::abs(want);
}

template <class T>
std::complex<typename Precision<T>::Wide> widen(std::complex<T> z) {
    return {z.real(), z.imag()};
}

// Zeros of both signs, both sides of the negative real axis, the imaginary axis, magnitudes from
// 1e-3 to 40 (past the tanh asymptote's threshold), and random points.
template <class T>
std::vector<std::complex<T>> unary_inputs() {
    const std::pair<double, double> points[] = {
        {0, 0},     {-0.0, 0},    {0, -0.0},     {-0.0, -0.0}, {1, 0},     {-1, 0},      {-4, 0},  {-4, -0.0},
        {0, 1},     {0, -2},      {3, 4},        {-3, 4},      {-3, -4},   {0.5, -0.25}, {2.5, 1.5}, {-1.75, 0.3},
        {1e-3, 2e-3}, {10, -3},   {-8, 5},       {30, 1},      {-25, 2},   {0.5, 40},    {-0.7, -35}, {1.5, 1.5}};
    std::vector<std::complex<T>> inputs;
    for (const auto& [re, im] : points) inputs.emplace_back(static_cast<T>(re), static_cast<T>(im));
    std::mt19937 random(11);
    std::uniform_real_distribution<T> part(T(-5), T(5));
    for (int i = 0; i < 40; ++i) inputs.emplace_back(part(random), part(random));
    return inputs;
}

template <class T>
void check_unary(const std::vector<std::complex<T>>& inputs) {
    const auto n = static_cast<unsigned>(inputs.size());
    const std::size_t functions = std::size(unary_functions);
    auto in = context().to_device(inputs);
    auto out = context().allocate(functions * n * sizeof(std::complex<T>));
    complex_module<T>().kernel("unary")(context().queue(), rtcg::LaunchConfig::covering(n, 32), in, out, n);
    const auto results = context().to_host<std::complex<T>>(out);
    for (std::size_t f = 0; f < functions; ++f)
        for (std::size_t i = 0; i < n; ++i) {
            const auto want = unary_reference(unary_functions[f].name, widen(inputs[i]));
            CAPTURE(unary_functions[f].name);
            CAPTURE(inputs[i]);
            CAPTURE(results[f * n + i]);
            CAPTURE(want);
            CHECK(close(results[f * n + i], want));
        }
}

// Runs `binary` and returns its complex results (function-major) and its eq / ne flags.
template <class T>
std::pair<std::vector<std::complex<T>>, std::vector<int>> run_binary(const std::vector<std::complex<T>>& as,
                                                                      const std::vector<std::complex<T>>& bs,
                                                                      const std::vector<T>& xs) {
    const auto n = static_cast<unsigned>(as.size());
    auto a = context().to_device(as), b = context().to_device(bs), x = context().to_device(xs);
    auto out = context().allocate(std::size(binary_functions) * n * sizeof(std::complex<T>));
    auto flags = context().allocate(2 * n * sizeof(int));
    complex_module<T>().kernel("binary")(context().queue(), rtcg::LaunchConfig::covering(n, 32), a, b, x, out, flags,
                                         n);
    return {context().to_host<std::complex<T>>(out), context().to_host<int>(flags)};
}

template <class T>
void check_binary() {
    using Z = std::complex<T>;
    // Branch cuts first: -4 with both signs of a zero imaginary part, to complex and real powers.
    std::vector<Z> as = {Z(-4, 0), Z(-4, -0.0), Z(2, -3), Z(-1.5, 0.5), Z(0.25, 4)};
    std::vector<Z> bs = {Z(0.5, 0), Z(0.5, 0), Z(2, -3), Z(-1.25, 2), Z(3, -0.5)};
    std::vector<T> xs = {T(0.5), T(0.5), T(-2), T(3), T(-0.75)};
    std::mt19937 random(5);
    std::uniform_real_distribution<T> part(T(-5), T(5));
    const auto away_from_zero = [&] {
        T v = part(random);
        return std::abs(v) < T(0.1) ? T(0.5) : v;
    };
    for (int i = 0; i < 40; ++i) {
        as.emplace_back(away_from_zero(), part(random));
        bs.emplace_back(away_from_zero(), part(random));
        xs.push_back(away_from_zero() / T(2));
    }
    const auto [results, flags] = run_binary(as, bs, xs);
    const std::size_t n = as.size();
    for (std::size_t f = 0; f < std::size(binary_functions); ++f)
        for (std::size_t i = 0; i < n; ++i) {
            const auto want = binary_reference(binary_functions[f].name, widen(as[i]), widen(bs[i]),
                                               static_cast<typename Precision<T>::Wide>(xs[i]));
            CAPTURE(binary_functions[f].name);
            CAPTURE(as[i]);
            CAPTURE(bs[i]);
            CAPTURE(xs[i]);
            CAPTURE(results[f * n + i]);
            CAPTURE(want);
            CHECK(close(results[f * n + i], want));
        }
    for (std::size_t i = 0; i < n; ++i) {
        CHECK(flags[2 * i] == (as[i] == bs[i] ? 1 : 0));
        CHECK(flags[2 * i + 1] == (as[i] != bs[i] ? 1 : 0));
    }
}

std::size_t function_index(const Function* functions, std::size_t count, std::string_view name) {
    for (std::size_t f = 0; f < count; ++f)
        if (functions[f].name == name) return f;
    FAIL("no function ", name);
    return 0;
}

} // namespace

TEST_CASE_TEMPLATE("every unary complex function matches std::complex", T, float, double) {
    if (std::is_same_v<T, double> && !context().device().supports_fp64) return;
    check_unary(unary_inputs<T>());
}

TEST_CASE_TEMPLATE("every binary and mixed real/complex function matches std::complex", T, float, double) {
    if (std::is_same_v<T, double> && !context().device().supports_fp64) return;
    check_binary<T>();
}

TEST_CASE_TEMPLATE("sqrt and log keep the sign of a zero imaginary part on the negative real axis", T, float,
                   double) {
    if (std::is_same_v<T, double> && !context().device().supports_fp64) return;
    using Z = std::complex<T>;
    const std::vector<Z> inputs = {Z(-4, 0), Z(-4, -0.0), Z(0, 0), Z(0, -0.0), Z(-0.0, 0), Z(-0.0, -0.0)};
    const auto n = static_cast<unsigned>(inputs.size());
    auto in = context().to_device(inputs);
    auto out = context().allocate(std::size(unary_functions) * n * sizeof(Z));
    complex_module<T>().kernel("unary")(context().queue(), rtcg::LaunchConfig{1, n}, in, out, n);
    const auto results = context().to_host<Z>(out);
    const std::size_t sqrt_row = function_index(unary_functions, std::size(unary_functions), "sqrt") * n;
    const std::size_t log_row = function_index(unary_functions, std::size(unary_functions), "log") * n;
    for (std::size_t i = 0; i < n; ++i) {
        CAPTURE(inputs[i]);
        const Z want = std::sqrt(inputs[i]);
        CHECK(results[sqrt_row + i] == want);
        CHECK(std::signbit(results[sqrt_row + i].real()) == std::signbit(want.real()));
        CHECK(std::signbit(results[sqrt_row + i].imag()) == std::signbit(want.imag()));
        CHECK(std::signbit(results[log_row + i].imag()) == std::signbit(inputs[i].imag()));
    }
}

TEST_CASE_TEMPLATE("division by large and tiny divisors does not overflow", T, float, double) {
    if (std::is_same_v<T, double> && !context().device().supports_fp64) return;
    using Z = std::complex<T>;
    // Near the top and the bottom of each type's range; squaring any of these divisors overflows
    // or underflows.
    const T big = std::is_same_v<T, float> ? T(1e30) : T(1e300);
    const T huge = std::numeric_limits<T>::max() / 4;
    const T tiny = std::is_same_v<T, float> ? T(1e-30) : T(1e-300);
    const std::vector<Z> as = {Z(big, big), Z(3 * huge / 4, -huge / 3), Z(tiny, 2 * tiny), Z(-huge, huge / 2),
                               Z(1, 1)};
    const std::vector<Z> bs = {Z(big, -2 * big), Z(T(1e-5), huge), Z(3 * tiny, -tiny), Z(huge / 2, huge),
                               Z(tiny, tiny)};
    const std::vector<T> xs = {T(2), T(-3), T(0.5), T(1), T(4)};
    const auto [results, flags] = run_binary(as, bs, xs);
    const std::size_t n = as.size();
    for (const std::string_view name : {"div", "rdiv"}) {
        const std::size_t row = function_index(binary_functions, std::size(binary_functions), name) * n;
        for (std::size_t i = 0; i < n; ++i) {
            const auto want = binary_reference(name, widen(as[i]), widen(bs[i]),
                                               static_cast<typename Precision<T>::Wide>(xs[i]));
            CAPTURE(name);
            CAPTURE(as[i]);
            CAPTURE(bs[i]);
            CAPTURE(results[row + i]);
            CHECK(close(results[row + i], want));
        }
    }
}

TEST_CASE_TEMPLATE("div and rdiv give numpy's quotient for every pair of special values", T, float, double) {
    if (std::is_same_v<T, double> && !context().device().supports_fp64) return;
    using Z = std::complex<T>;
    // Every combination of special values in the four parts: zero divisors of each sign,
    // infinities, NaNs, and the overflow and underflow at the ends of the range.
    const auto [as, bs] = rtcg::test::special_complex_pairs<T>();
    const auto n = static_cast<unsigned>(as.size());
    auto a = context().to_device(as), b = context().to_device(bs);
    auto out = context().allocate(2 * n * sizeof(Z));
    complex_module<T>().kernel("divide")(context().queue(), rtcg::LaunchConfig::covering(n, 64), a, b, out, n);
    const auto results = context().to_host<Z>(out);
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const Z quotient = rtcg::test::numpy_divide(as[i], bs[i]);
        const Z real_quotient = rtcg::test::numpy_divide(Z(as[i].real(), 0), bs[i]);
        for (const auto& [name, got, want] : {std::tuple{std::string_view("div"), results[i], quotient},
                                              std::tuple{std::string_view("rdiv"), results[n + i], real_quotient}}) {
            if (rtcg::test::numpy_close(got, want, 4)) continue;
            if (++mismatches <= 20)
                FAIL_CHECK(name, ": ", as[i], " / ", bs[i], " gave ", got, ", numpy gives ", want);
        }
    }
    CHECK(mismatches == 0);
}

TEST_CASE_TEMPLATE("exp, log, sqrt and abs give C99's special values, as numpy's do", T, float, double) {
    if (std::is_same_v<T, double> && !context().device().supports_fp64) return;
    using Z = std::complex<T>;
    const std::vector<Z> inputs = rtcg::test::special_complex_values<T>();
    const auto n = static_cast<unsigned>(inputs.size());
    auto in = context().to_device(inputs);
    auto out = context().allocate(std::size(unary_functions) * n * sizeof(Z));
    complex_module<T>().kernel("unary")(context().queue(), rtcg::LaunchConfig::covering(n, 32), in, out, n);
    const auto results = context().to_host<Z>(out);
    // std::complex's functions are C99's cexp, clog, csqrt and cabs, whose special values numpy
    // follows; finite values are compared within the test's relative tolerance.
    const auto close_enough = [](T got, T want) {
        if (!std::isfinite(want) || want == 0) return rtcg::test::numpy_close(got, want, 0);
        return std::abs(got - want) <= static_cast<T>(Precision<T>::tolerance) * std::abs(want);
    };
    for (const std::string_view name : {"exp", "log", "sqrt", "abs"}) {
        const std::size_t row = function_index(unary_functions, std::size(unary_functions), name) * n;
        for (std::size_t i = 0; i < n; ++i) {
            const Z want = unary_reference<T>(name, inputs[i]);
            const Z got = results[row + i];
            CAPTURE(name);
            CAPTURE(inputs[i]);
            CAPTURE(got);
            CAPTURE(want);
            CHECK((close_enough(got.real(), want.real()) && close_enough(got.imag(), want.imag())));
        }
    }
}

TEST_CASE_TEMPLATE("powers of zero are 1 for the exponent 0 and 0 otherwise", T, float, double) {
    if (std::is_same_v<T, double> && !context().device().supports_fp64) return;
    using Z = std::complex<T>;
    const std::vector<Z> as(3, Z(0, 0));
    const std::vector<Z> bs = {Z(0, 0), Z(2, 1), Z(0.5, 0)};
    const std::vector<T> xs = {T(0), T(2.5), T(1)};
    const auto [results, flags] = run_binary(as, bs, xs);
    const std::size_t pow_row = function_index(binary_functions, std::size(binary_functions), "pow") * 3;
    const std::size_t powr_row = function_index(binary_functions, std::size(binary_functions), "powr") * 3;
    CHECK(std::vector<Z>(results.begin() + static_cast<std::ptrdiff_t>(pow_row),
                         results.begin() + static_cast<std::ptrdiff_t>(pow_row + 3)) ==
          std::vector<Z>{Z(1, 0), Z(0, 0), Z(0, 0)});
    CHECK(std::vector<Z>(results.begin() + static_cast<std::ptrdiff_t>(powr_row),
                         results.begin() + static_cast<std::ptrdiff_t>(powr_row + 3)) ==
          std::vector<Z>{Z(1, 0), Z(0, 0), Z(0, 0)});
}

TEST_CASE_TEMPLATE("complex values pass by value as kernel arguments", T, float, double) {
    if (std::is_same_v<T, double> && !context().device().supports_fp64) return;
    using Z = std::complex<T>;
    const std::vector<Z> inputs = {Z(1, 2), Z(-3, 0.5), Z(0, -1)};
    const Z factor(T(0.5), T(-1.5));
    auto in = context().to_device(inputs);
    auto out = context().allocate(inputs.size() * sizeof(Z));
    complex_module<T>().kernel("scale")(context().queue(), rtcg::LaunchConfig{1, inputs.size()}, factor, in, out);
    const auto results = context().to_host<Z>(out);
    for (std::size_t i = 0; i < inputs.size(); ++i) CHECK(close(results[i], widen(inputs[i]) * widen(factor)));
}

TEST_CASE("cdouble_fromcfloat and cfloat_fromcdouble convert between the precisions") {
    if (!context().device().supports_fp64) return;
    const auto module = rtcg::test::compile_everywhere(R"(
RTCG_KERNEL void convert(RTCG_GLOBAL const cfloat_t* floats, RTCG_GLOBAL const cdouble_t* doubles,
                         RTCG_GLOBAL cdouble_t* widened, RTCG_GLOBAL cfloat_t* narrowed) {
    const size_t i = RTCG_GLOBAL_ID(0);
    widened[i] = cdouble_fromcfloat(floats[i]);
    narrowed[i] = cfloat_fromcdouble(doubles[i]);
}
)",
                                                       {.complex = true});
    const std::vector<std::complex<float>> floats = {{1.5f, -2.25f}, {0.1f, 3e30f}};
    const std::vector<std::complex<double>> doubles = {{1.0 / 3.0, -2.5}, {1e-3, 7.0}};
    auto floats_gpu = context().to_device(floats), doubles_gpu = context().to_device(doubles);
    auto widened = context().allocate(2 * sizeof(std::complex<double>));
    auto narrowed = context().allocate(2 * sizeof(std::complex<float>));
    module.kernel("convert")(context().queue(), rtcg::LaunchConfig{1, 2}, floats_gpu, doubles_gpu, widened, narrowed);
    CHECK(context().to_host<std::complex<double>>(widened) ==
          std::vector<std::complex<double>>{std::complex<double>(floats[0]), std::complex<double>(floats[1])});
    CHECK(context().to_host<std::complex<float>>(narrowed) ==
          std::vector<std::complex<float>>{std::complex<float>(doubles[0]), std::complex<float>(doubles[1])});
}
