// The compile-time typing rules of expressions (expression_types.hpp) against codegen's run-time
// promotion, which its own test checks against the table numpy 2.4 prints: every pair of array
// types, every array type with every weak scalar kind, and the static types operators give.
#include <rtcg/arrays/operators.hpp>
#include <rtcg/codegen/promotion.hpp>

#include <doctest/doctest.h>

#include <complex>
#include <cstdint>
#include <type_traits>
#include <utility>

using rtcg::Array;
using rtcg::Expr;
using rtcg::codegen::DType;
using rtcg::expr::BinaryOp;
using rtcg::expr::Code;
using rtcg::expr::UnaryOp;

namespace {

constexpr int type_count = static_cast<int>(Code::invalid);

DType dtype(Code code) {
    const DType types[] = {DType::boolean(), DType::int8(),    DType::uint8(),   DType::int16(),     DType::uint16(),
                           DType::int32(),   DType::uint32(),  DType::int64(),   DType::uint64(),    DType::float32(),
                           DType::float64(), DType::complex64(), DType::complex128()};
    return types[static_cast<int>(code)];
}

template <class A, class B>
using sum_t = typename decltype(std::declval<A>() + std::declval<B>())::value_type;
template <class A, class B>
using quotient_t = typename decltype(std::declval<A>() / std::declval<B>())::value_type;
template <class A>
using sine_t = typename decltype(rtcg::sin(std::declval<A>()))::value_type;

template <class A, class B>
concept addable = requires(const A& a, const B& b) { a + b; };
template <class A, class B>
concept subtractable = requires(const A& a, const B& b) { a - b; };
template <class A, class B>
concept bitwise_andable = requires(const A& a, const B& b) { a & b; };
template <class A, class B>
concept orderable = requires(const A& a, const B& b) { a < b; };

} // namespace

TEST_CASE("promotion of two arrays is numpy's for every pair of types") {
    for (int a = 0; a < type_count; ++a)
        for (int b = 0; b < type_count; ++b) {
            const Code ca = static_cast<Code>(a), cb = static_cast<Code>(b);
            CAPTURE(dtype(ca).name());
            CAPTURE(dtype(cb).name());
            CHECK(dtype(rtcg::expr::types::promote(ca, cb)) == rtcg::codegen::result_type(dtype(ca), dtype(cb)));
        }
}

TEST_CASE("a weak scalar of each kind with an array of each type promotes as numpy 2 does") {
    using rtcg::codegen::ScalarKind;
    const std::pair<Code, ScalarKind> kinds[] = {{Code::b, ScalarKind::boolean},
                                                 {Code::i64, ScalarKind::integer},
                                                 {Code::f64, ScalarKind::floating},
                                                 {Code::c128, ScalarKind::complex}};
    for (int a = 0; a < type_count; ++a)
        for (const auto& [code, kind] : kinds) {
            const Code array = static_cast<Code>(a);
            CAPTURE(dtype(array).name());
            CAPTURE(dtype(code).name());
            CHECK(dtype(rtcg::expr::types::promote({array, false}, {code, true})) ==
                  rtcg::codegen::result_type(dtype(array), kind));
        }
}

TEST_CASE("operators give the static types numpy gives") {
    static_assert(std::is_same_v<sum_t<Array<std::int32_t>, Array<float>>, double>);
    static_assert(std::is_same_v<sum_t<Array<std::int16_t>, Array<float>>, float>);
    static_assert(std::is_same_v<sum_t<Array<std::uint64_t>, Array<std::int64_t>>, double>);
    static_assert(std::is_same_v<sum_t<Array<std::uint8_t>, Array<std::int8_t>>, std::int16_t>);
    static_assert(std::is_same_v<sum_t<Array<float>, Array<std::complex<double>>>, std::complex<double>>);
    static_assert(std::is_same_v<sum_t<Array<bool>, Array<bool>>, bool>);
    // Weak scalars: their kind counts, not their width.
    static_assert(std::is_same_v<sum_t<Array<float>, double>, float>);
    static_assert(std::is_same_v<sum_t<int, Array<std::uint8_t>>, std::uint8_t>);
    static_assert(std::is_same_v<sum_t<Array<std::int32_t>, double>, double>);
    static_assert(std::is_same_v<sum_t<Array<float>, std::complex<double>>, std::complex<float>>);
    static_assert(std::is_same_v<sum_t<Array<bool>, int>, std::int64_t>);
    // Division of integers is float64; functions of narrow integers are float32 (numpy: float16).
    static_assert(std::is_same_v<quotient_t<Array<std::int8_t>, Array<std::int8_t>>, double>);
    static_assert(std::is_same_v<quotient_t<Array<float>, int>, float>);
    static_assert(std::is_same_v<sine_t<Array<std::int16_t>>, float>);
    static_assert(std::is_same_v<sine_t<Array<std::int32_t>>, double>);
    static_assert(std::is_same_v<sine_t<Array<std::complex<float>>>, std::complex<float>>);
    static_assert(std::is_same_v<typename decltype(rtcg::abs(std::declval<Array<std::complex<double>>>()))::value_type,
                                 double>);
    static_assert(std::is_same_v<typename decltype(std::declval<Array<float>>() < 1)::value_type, bool>);
    static_assert(std::is_same_v<typename decltype(rtcg::pow(std::declval<Array<bool>>(), std::declval<Array<bool>>()))::value_type,
                                 std::int8_t>);
    // Expressions combine like arrays.
    static_assert(std::is_same_v<sum_t<Expr<float>, Array<double>>, double>);
    // What numpy refuses does not compile.
    static_assert(addable<Array<float>, Array<float>>);
    static_assert(!subtractable<Array<bool>, Array<bool>>);
    static_assert(!bitwise_andable<Array<float>, int>);
    static_assert(!orderable<Array<std::complex<float>>, Array<std::complex<float>>>);
    CHECK(rtcg::expr::result_type(BinaryOp::subtract, {Code::b, false}, {Code::b, false}) == Code::invalid);
    CHECK(rtcg::expr::result_type(UnaryOp::negative, Code::b) == Code::invalid);
    CHECK(rtcg::expr::result_type(UnaryOp::cbrt, Code::c64) == Code::invalid);
}
