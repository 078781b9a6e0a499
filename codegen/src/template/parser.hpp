#pragma once
// The statements of a template: text, {{ output }}, for, if/elif/else, set; blocks matched
// with their end tags.
#include "ast.hpp"

#include <memory>
#include <string>

namespace rtcg::codegen::templating {

// Throws TemplateError for any syntax error: unclosed tags, strings or blocks, stray end tags,
// unknown statements, bad expressions, nesting deeper than max_nesting_depth.
std::shared_ptr<const Program> parse_template(std::string text, std::string name);

} // namespace rtcg::codegen::templating
