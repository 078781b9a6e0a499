#pragma once
// Which identifiers may name a kernel argument.
#include <rtcg/codegen/declaration.hpp>

#include <string>
#include <string_view>

namespace rtcg::codegen::detail {

// Why `name` (a C identifier) cannot name an argument, or an empty string when it can.
std::string refused_name_reason(std::string_view name);

} // namespace rtcg::codegen::detail
