#pragma once
/// \file
/// A small Jinja-like template engine for kernel generators: the "templated kernel" way of the
/// PyCUDA/PyOpenCL papers. The papers' unrolled vector add:
///
/// \code
///   __global__ void add(float* a, float* b, float* c) {
///       int tid = threadIdx.x + {{ thread_strides }} * {{ block_size }} * blockIdx.x;
///       {% for i in range(thread_strides) %}
///       c[{{ i }} * {{ block_size }} + tid] = a[{{ i }} * {{ block_size }} + tid] + b[...];
///       {% endfor %}
///   }
/// \endcode
///
/// What it understands:
/// - `{{ expr }}` outputs a value: integers in decimal, floats so they round-trip and are valid C
///   literals (0.5, 1.0, 1e+20), booleans as true/false, strings as they are. Lists cannot be
///   output, only indexed or looped over.
/// - `{% for x in expr %}...{% endfor %}` over a list or range(stop), range(start, stop),
///   range(start, stop, step). Inside: loop.index0, loop.index, loop.revindex0, loop.revindex,
///   loop.first, loop.last, loop.length.
/// - `{% if %}...{% elif %}...{% else %}...{% endif %}`, `{% set name = expr %}`, `{# comment #}`.
/// - Expressions: integer, float and string ('..' or "..", escapes `\n` `\t` `\\` `\'` `\"`) literals,
///   true/false, variables, [list, literals], xs[i] (negative i counts from the end),
///   parentheses, unary - and not, * / // % + -, == != < <= > >=, and, or.
///
/// Semantics are Jinja's (Python's) where kernel code can care: integers are 64-bit and stay
/// integers, except that `/` gives a float; `//` and `%` round towards negative infinity; `and`
/// and `or` give the operand that decided. Stricter than Jinja: integer overflow, division by
/// zero, arithmetic on booleans and comparing lists are errors; comparisons do not chain.
/// As in Jinja, `set` inside a for loop is forgotten at the end of each iteration (an if does not
/// open a scope).
///
/// Whitespace: a line that holds nothing but `{% %}` and `{# #}` tags and blanks disappears
/// with its newline, so block tags can sit on lines of their own (Jinja's trim_blocks and
/// lstrip_blocks, except that a tag that shares its line with text leaves the line alone).
/// `{%-`, `{{-`, `{#-` strip all whitespace before the tag, `-%}`, `-}}`, `-#}` all after it.
///
/// Every mistake is a TemplateError with the line and column. Rendering is bounded, so untrusted
/// or buggy templates cannot hang or exhaust memory: at most 256 nested blocks or expression
/// levels, 2^24 steps (loop iterations, statements and expression nodes) and 64 MiB of text
/// (written, joined with + or compared) per render.
///
/// A Template parses once and renders any number of times, from several threads at once.
///
/// rtcg has its own engine rather than a library's: inja, the C++ Jinja, is not packaged by
/// Debian and brings nlohmann-json with it, and no general engine bounds a render's steps and
/// output as this one does for templates users hand in.
#include <rtcg/codegen/template_error.hpp>
#include <rtcg/codegen/template_value.hpp>
#include <rtcg/core/export.hpp>

#include <memory>
#include <string>
#include <string_view>

namespace rtcg::codegen {

// The parsed template, private to the library (src/template/ast.hpp).
namespace templating {
struct Program;
}

/// A parsed template of the Jinja subset described above, rendered with values for its names.
class RTCG_API Template {
public:
    /// Throws TemplateError for syntax errors; `name` is for error messages.
    explicit Template(std::string_view text, std::string name = "template");

    /// The text with `values` substituted. Throws TemplateError naming the line and column.
    std::string render(const Values& values) const;
    /// The name used in error messages.
    const std::string& name() const noexcept;

private:
    std::shared_ptr<const templating::Program> program_;
};

/// Template(text).render(values), for templates used once.
RTCG_API std::string render(std::string_view text, const Values& values);

} // namespace rtcg::codegen
