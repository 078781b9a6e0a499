#include "reduction_operations.hpp"

#include "expression_functions.hpp"

#include <rtcg/codegen/literal.hpp>

#include <cstdint>
#include <limits>

namespace rtcg::detail {
namespace {

using codegen::Dialect;
using codegen::DType;

// a op b in the unsigned type of the integer's width, converted back: numpy's integers wrap, and
// C's signed overflow (and the int that narrow types promote to) is undefined.
std::string wrapping(const DType& type, Dialect dialect, const char* op) {
    const std::string wide = c_type(type.size() <= 4 ? DType::uint32() : DType::uint64(), dialect);
    return "((" + c_type(type, dialect) + ")((" + wide + ")a " + op + " (" + wide + ")b))";
}

} // namespace

std::string sum_of(const DType& type, Dialect dialect) {
    if (type.kind() == codegen::TypeKind::boolean) return "(a || b)";
    if (type.is_complex()) return complex_prefix(type) + "_add(a, b)";
    if (type.is_integer()) return wrapping(type, dialect, "+");
    return "(a + b)";
}

std::string product_of(const DType& type, Dialect dialect) {
    if (type.kind() == codegen::TypeKind::boolean) return "(a && b)";
    if (type.is_complex()) return complex_prefix(type) + "_mul(a, b)";
    if (type.is_integer()) return wrapping(type, dialect, "*");
    return "(a * b)";
}

std::string extreme(const DType& type, Dialect dialect, bool largest) {
    if (type.is_floating())
        return codegen::floating_literal(dialect, type, largest ? std::numeric_limits<double>::infinity()
                                                                : -std::numeric_limits<double>::infinity());
    if (type.kind() == codegen::TypeKind::boolean) return largest ? "1" : "0";
    const unsigned bits = static_cast<unsigned>(8 * type.size());
    if (!type.is_signed())
        return codegen::unsigned_literal(dialect, type, largest ? ~std::uint64_t{0} >> (64 - bits) : 0);
    const std::uint64_t half = std::uint64_t{1} << (bits - 1);
    return codegen::integer_literal(dialect, type, largest ? static_cast<std::int64_t>(half - 1)
                                                           : static_cast<std::int64_t>(0 - half));
}

} // namespace rtcg::detail
