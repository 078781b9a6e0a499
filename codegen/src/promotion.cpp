#include <rtcg/codegen/promotion.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>

namespace rtcg::codegen {
namespace {

// The smallest floating type whose mantissa holds every value of an integer type, as numpy
// picks it: 8- and 16-bit integers fit float32 (numpy would say float16, which rtcg lacks).
DType float_for_integer(const DType& integer) { return integer.size() <= 2 ? DType::float32() : DType::float64(); }

DType complex_for_float(const DType& real) { return real == DType::float32() ? DType::complex64() : DType::complex128(); }

DType signed_integer_of_size(std::size_t bytes) {
    switch (bytes) {
    case 1: return DType::int8();
    case 2: return DType::int16();
    case 4: return DType::int32();
    default: return DType::int64();
    }
}

DType promote_integers(const DType& a, const DType& b) {
    if (a.is_signed() == b.is_signed()) return a.size() >= b.size() ? a : b;
    const DType& signed_one = a.is_signed() ? a : b;
    const DType& unsigned_one = a.is_signed() ? b : a;
    if (signed_one.size() > unsigned_one.size()) return signed_one;
    // A signed type twice the unsigned one's width holds both, unless that would be 128 bits.
    if (unsigned_one.size() == 8) return DType::float64();
    return signed_integer_of_size(2 * unsigned_one.size());
}

// Ranks of kinds for scalar types: bool < integers < floating < complex.
int category(const DType& t) {
    switch (t.kind()) {
    case TypeKind::boolean: return 0;
    case TypeKind::signed_integer:
    case TypeKind::unsigned_integer: return 1;
    case TypeKind::floating: return 2;
    default: return 3;
    }
}

// The floating type (real part for complex) that a number of `t` needs.
DType real_precision(const DType& t) {
    if (t.is_complex()) return t.element();
    if (t.is_floating()) return t;
    return float_for_integer(t);
}

} // namespace

DType result_type(const DType& a, const DType& b) {
    if (!a.is_scalar() || !b.is_scalar()) {
        if (a == b) return a;
        throw InvalidArgument("no common type for " + std::string(a.name()) + " and " + std::string(b.name()),
                              "codegen::result_type");
    }
    const int ca = category(a);
    const int cb = category(b);
    if (ca == 0) return b;
    if (cb == 0) return a;
    if (ca == 1 && cb == 1) return promote_integers(a, b);
    const DType precision = std::max(real_precision(a), real_precision(b),
                                     [](const DType& x, const DType& y) { return x.size() < y.size(); });
    return std::max(ca, cb) == 3 ? complex_for_float(precision) : precision;
}

DType result_type(const DType& array, ScalarKind scalar) {
    if (!array.is_scalar())
        throw InvalidArgument("no arithmetic with scalars on " + std::string(array.name()), "codegen::result_type");
    const int array_category = category(array);
    const int scalar_category = static_cast<int>(scalar);
    if (scalar_category <= array_category) return array;
    // A weak scalar of a higher kind brings that kind at its default width (int64, float64,
    // complex128), except that a float array keeps its precision when it becomes complex.
    switch (scalar) {
    case ScalarKind::integer: return DType::int64();
    case ScalarKind::floating: return DType::float64();
    default: return array.is_floating() ? complex_for_float(array) : DType::complex128();
    }
}

} // namespace rtcg::codegen
