#pragma once
/// \file
/// JSON string literals, as rtcg's machine-readable outputs write them (`rtcg-info --json`, the
/// tuning database's entry files).
#include "export.hpp"

#include <string>
#include <string_view>

namespace rtcg {

/// `text` as a JSON string literal (RFC 8259): in double quotes, with '"', '\\' and the control
/// characters escaped (\\n, \\r, \\t by name, the others as \\u00XX). Other bytes, UTF-8
/// included, pass unchanged.
RTCG_API std::string json_quoted(std::string_view text);

} // namespace rtcg
