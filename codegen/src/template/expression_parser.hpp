#pragma once
// Expressions, by precedence climbing (lowest first): or; and; not; == != < <= > >= (which do
// not chain); + -; * / // %; unary -; xs[i].
#include "ast.hpp"
#include "token_cursor.hpp"

namespace rtcg::codegen::templating {

// Parses one expression from `tokens`, leaving the cursor after it; variables get their numbers
// from `names`. `inside_loop` says whether loop.index and friends exist here. Throws
// TemplateError for bad syntax and for expressions nested more than max_nesting_depth deep.
ExpressionPtr parse_expression(TokenCursor& tokens, NameTable& names, bool inside_loop);

} // namespace rtcg::codegen::templating
