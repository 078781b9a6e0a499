#pragma once
/// \file
/// Keyword substitution, the simplest way to generate a kernel: `{{name}}` (or `{{ name }}`) in
/// the text is replaced by values.at(name).
///
/// \code
///   substitute("c[i] = a[i] {{op}} b[i];", {{"op", "+"}}) == "c[i] = a[i] + b[i];"
/// \endcode
///
/// Nothing else is interpreted. A name is [A-Za-z_][A-Za-z0-9_]*; an unknown name, a `{{` with
/// no `}}`, or braces that do not hold a name throw TemplateError with the line and column. Use
/// Template (template.hpp) for loops, conditions and expressions.
#include <rtcg/codegen/template_error.hpp>
#include <rtcg/core/export.hpp>

#include <functional>
#include <map>
#include <string>
#include <string_view>

namespace rtcg::codegen {

/// `name` only appears in error messages.
RTCG_API std::string substitute(std::string_view text, const std::map<std::string, std::string, std::less<>>& values,
                                std::string_view name = "template");

} // namespace rtcg::codegen
