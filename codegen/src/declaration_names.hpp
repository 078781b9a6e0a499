#pragma once
// Which identifiers may name a kernel argument.
#include <string>
#include <string_view>

namespace rtcg::codegen::detail {

// ASCII letters, digits and '_', not starting with a digit.
bool is_c_identifier(std::string_view text) noexcept;

// Why `name` (a C identifier) cannot name an argument, or an empty string when it can.
std::string refused_name_reason(std::string_view name);

} // namespace rtcg::codegen::detail
