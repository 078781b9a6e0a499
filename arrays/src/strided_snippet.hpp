#pragma once
// A user's elementwise code made to read arrays through strides: for a broadcast call
// (call_layout.hpp), each use `x[e]` of a strided array becomes `x[rtcg_at_x(e)]`, the element
// that index e of the call's shape names, and of a uniform one (all strides 0) `x[0 * (e)]`, so
// that `e` is still evaluated. Flat arrays are left as they are.
#include "call_layout.hpp"

#include <rtcg/codegen/declaration.hpp>

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace rtcg::detail {

// The name of the macro that maps an index of the call to an element of strided argument `name`.
std::string strided_element_macro(std::string_view name);

// nullopt where rtcg cannot see every use of a strided or uniform array: the code uses its name
// other than as `x[...]` (as a pointer, after '&'), holds a preprocessor line, or names a macro the
// preamble defines. `access` has one entry per argument.
std::optional<std::string> strided_snippet(std::string_view code, std::span<const codegen::Argument> arguments,
                                           std::span<const ArrayAccess> access, std::string_view preamble);

} // namespace rtcg::detail
