#pragma once
// Runs a parsed template's statements against the caller's values.
#include "ast.hpp"

#include <rtcg/codegen/template_value.hpp>

#include <string>

namespace rtcg::codegen::templating {

// Throws TemplateError at the statement or expression that failed.
std::string render_program(const Program& program, const Values& values);

} // namespace rtcg::codegen::templating
