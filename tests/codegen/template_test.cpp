// The template engine: every construct, the whitespace rules (the exact text is the contract),
// every error with its line and column, and the limits that keep a bad template from hanging.
#include <rtcg/codegen/template.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace {

using rtcg::codegen::render;
using rtcg::codegen::Template;
using rtcg::codegen::TemplateError;
using rtcg::codegen::Value;
using rtcg::codegen::Values;

std::optional<TemplateError> error_of(std::string_view text, const Values& values = {}) {
    try {
        Template(text, "test").render(values);
    } catch (const TemplateError& error) {
        return error;
    }
    return std::nullopt;
}

// The template fails at line:column with a problem that starts with `problem`.
void check_error(std::string_view text, std::size_t line, std::size_t column, std::string_view problem,
                 const Values& values = {}) {
    CAPTURE(text);
    const auto error = error_of(text, values);
    REQUIRE(error);
    CAPTURE(error->what());
    CHECK(error->line() == line);
    CHECK(error->column() == column);
    CHECK(error->problem().substr(0, problem.size()) == problem);
}

std::string repeated(std::string_view text, std::size_t times) {
    std::string result;
    for (std::size_t i = 0; i < times; ++i) result += text;
    return result;
}

} // namespace

TEST_CASE("the papers' unrolled vector add") {
    const Template unrolled_add(R"(__global__ void add(float* a, float* b, float* c) {
    int tid = threadIdx.x + {{ thread_strides }} * {{ block_size }} * blockIdx.x;
    {% for i in range(thread_strides) %}
    c[{{ i }} * {{ block_size }} + tid] = a[{{ i }} * {{ block_size }} + tid] + b[{{ i }} * {{ block_size }} + tid];
    {% endfor %}
}
)",
                                "unrolled_add");
    CHECK(unrolled_add.name() == "unrolled_add");
    CHECK(unrolled_add.render({{"thread_strides", 3}, {"block_size", 256}}) ==
          R"(__global__ void add(float* a, float* b, float* c) {
    int tid = threadIdx.x + 3 * 256 * blockIdx.x;
    c[0 * 256 + tid] = a[0 * 256 + tid] + b[0 * 256 + tid];
    c[1 * 256 + tid] = a[1 * 256 + tid] + b[1 * 256 + tid];
    c[2 * 256 + tid] = a[2 * 256 + tid] + b[2 * 256 + tid];
}
)");
    // Parsed once, rendered again with other values.
    CHECK(unrolled_add.render({{"thread_strides", 0}, {"block_size", 64}}) ==
          "__global__ void add(float* a, float* b, float* c) {\n"
          "    int tid = threadIdx.x + 0 * 64 * blockIdx.x;\n}\n");

    const auto error = error_of("__global__ void add() {\n    int n = {{ thread_strides }};\n"
                                "    int m = {{ thread_strides }} * {{ block_sze }};\n}\n",
                                {{"thread_strides", 3}, {"block_size", 256}});
    REQUIRE(error);
    CHECK(std::string(error->what()) ==
          "rtcg: codegen::Template: template 'test', line 3, column 39: unknown variable 'block_sze'\n"
          "    int m = {{ thread_strides }} * {{ block_sze }};\n"
          "                                      ^");
    CHECK(error->where() == "codegen::Template");
    CHECK(error->template_name() == "test");
}

TEST_CASE("text without tags is kept as it is") {
    CHECK(render("", {}).empty());
    CHECK(render("int a = {0};\n  x % y } { #\n", {}) == "int a = {0};\n  x % y } { #\n");
    CHECK(render("{", {}) == "{");
    CHECK(render("}}", {}) == "}}");
}

TEST_CASE("{{ }} writes ints, floats, booleans and strings") {
    const Values values{{"n", 42}, {"x", 0.5}, {"flag", true}, {"type", "float"}, {"big", std::uint64_t{1} << 40}};
    CHECK(render("{{ n }} {{ x }} {{ flag }} {{ type }} {{ big }}", values) == "42 0.5 true float 1099511627776");
    CHECK(render("{{n}}{{-n-}}{{ n }}", values) == "424242");
    CHECK(render("{{ 1.0 }} {{ -2.5 }} {{ 0.1 }} {{ 1e20 }} {{ 1.5e-7 }} {{ 123456789.0 }}", {}) ==
          "1.0 -2.5 0.1 1e+20 1.5e-07 123456789.0");
    CHECK(render("{{ 1/3 }}", {}) == "0.3333333333333333");
    CHECK(render("{{ false }} {{ True }} {{ False }}", {}) == "false true false");
    CHECK(render(R"({{ 'its' }} {{ "a\tb\n" }} {{ 'q\'s' }} {{ "\\" }} {{ "}} %} {{" }})", {}) ==
          "its a\tb\n q's \\ }} %} {{");
    CHECK(render("{{ -9223372036854775807 - 1 }}", {}) == "-9223372036854775808");
}

TEST_CASE("arithmetic: ints stay ints, / gives a float, // and % round down") {
    CHECK(render("{{ 1 + 2 * 3 - 4 }} {{ (1 + 2) * 3 }} {{ 2 * -3 }} {{ --5 }}", {}) == "3 9 -6 5");
    CHECK(render("{{ 7 / 2 }} {{ 4 / 2 }} {{ 7 // 2 }} {{ -7 // 2 }} {{ 7 // -2 }} {{ -7 // -2 }}", {}) ==
          "3.5 2.0 3 -4 -4 3");
    CHECK(render("{{ 7 % 3 }} {{ -7 % 3 }} {{ 7 % -3 }} {{ -7 % -3 }} {{ 6 % 3 }}", {}) == "1 2 -2 -1 0");
    CHECK(render("{{ 1 + 0.5 }} {{ 3 * 0.5 }} {{ 7.5 // 2 }} {{ -7.5 % 2 }} {{ 2 - 0.5 }}", {}) ==
          "1.5 1.5 3.0 0.5 1.5");
    CHECK(render("{{ 9223372036854775807 // -1 }} {{ 9223372036854775807 % 2 }}", {}) == "-9223372036854775807 1");
    CHECK(render("{{ (-9223372036854775807 - 1) % -1 }}", {}) == "0");
    CHECK(render("{{ 'float' + '4' }}", {}) == "float4");
}

TEST_CASE("comparisons, and, or, not") {
    CHECK(render("{{ 1 < 2 }} {{ 2 <= 2 }} {{ 3 > 4 }} {{ 4 >= 5 }} {{ 1 == 1.0 }} {{ 1 != 2 }}", {}) ==
          "true true false false true true");
    CHECK(render("{{ 'a' < 'b' }} {{ 'x' == 'x' }} {{ 'x' == 1 }} {{ true == 1 }} {{ true != false }}", {}) ==
          "true true false false true");
    // As in Jinja, `and` and `or` give the operand that decided.
    CHECK(render("{{ 1 and 2 }} {{ 0 and 2 }} {{ 0 or 'x' }} {{ 3 or 4 }} {{ not 0 }} {{ not 'a' }}", {}) ==
          "2 0 x 3 true false");
    CHECK(render("{{ not 1 == 2 }} {{ 1 < 2 and 2 < 3 }} {{ false or 1 == 1 and false }}", {}) ==
          "true true false");
    // The right side is not evaluated when the left decides.
    CHECK(render("{{ false and missing }} {{ true or 1 // 0 }}", {}) == "false true");
}

TEST_CASE("lists: literals, indexing from either end, loops") {
    const Values values{{"xs", std::vector<Value>{10, 20, 30}},
                        {"rows", std::vector<Value>{std::vector<Value>{1, 2}, std::vector<Value>{3, 4}}},
                        {"types", std::vector<Value>{"float", "double"}}};
    CHECK(render("{{ xs[0] }} {{ xs[2] }} {{ xs[-1] }} {{ xs[-3] }} {{ xs[1 + 1] }}", values) == "10 30 30 10 30");
    CHECK(render("{{ rows[1][0] }} {{ [4, 5, 6][1] }} {{ [[7], [8, 9],][1][-1] }} {{ types[0] }}", values) ==
          "3 5 9 float");
    CHECK(render("{% for t in types %}{{ t }} {% endfor %}", values) == "float double ");
    CHECK(render("{% for x in [] %}never{% endfor %}", values).empty());
    CHECK(render("{% for row in rows %}{% for x in row %}{{ x }}{% endfor %};{% endfor %}", values) == "12;34;");
}

TEST_CASE("for over range() with one, two or three arguments") {
    CHECK(render("{% for i in range(4) %}{{ i }}{% endfor %}", {}) == "0123");
    CHECK(render("{% for i in range(2, 5) %}{{ i }}{% endfor %}", {}) == "234");
    CHECK(render("{% for i in range(0, 10, 3) %}{{ i }} {% endfor %}", {}) == "0 3 6 9 ");
    CHECK(render("{% for i in range(5, 0, -2) %}{{ i }} {% endfor %}", {}) == "5 3 1 ");
    CHECK(render("{% for i in range(-3, -1) %}{{ i }} {% endfor %}", {}) == "-3 -2 ");
    CHECK(render("{% for i in range(0) %}x{% endfor %}{% for i in range(3, 3) %}x{% endfor %}", {}).empty());
    CHECK(render("{% for i in range(5, 1) %}x{% endfor %}{% for i in range(1, 5, -1) %}x{% endfor %}", {}).empty());
    // Ranges near the ends of 64 bits neither overflow nor loop forever.
    CHECK(render("{% for i in range(9223372036854775805, 9223372036854775807) %}{{ i }} {% endfor %}", {}) ==
          "9223372036854775805 9223372036854775806 ");
    CHECK(render("{% for i in range(-9223372036854775807 - 1, 9223372036854775807, 9223372036854775807) %}"
                 "{{ i }} {% endfor %}",
                 {}) == "-9223372036854775808 -1 9223372036854775806 ");
    CHECK(render("{% for i in range(n) %}{{ i }}{% endfor %}", {{"n", 3}}) == "012");
}

TEST_CASE("loop.index0, index, revindex0, revindex, first, last, length") {
    CHECK(render("{% for x in ['a', 'b', 'c'] %}{{ loop.index0 }}{{ loop.index }}{{ loop.revindex0 }}"
                 "{{ loop.revindex }}{{ loop.length }}{% if loop.first %}F{% endif %}{% if loop.last %}L{% endif %}"
                 "{% if not loop.last %},{% endif %}{% endfor %}",
                 {}) == "01233F,12123,23013L");
    // `loop` is the innermost loop's.
    CHECK(render("{% for i in range(2) %}{% for j in range(3) %}{{ loop.index }}{% endfor %}{{ loop.length }};"
                 "{% endfor %}",
                 {}) == "1232;1232;");
}

TEST_CASE("nested loops see the outer loop's variable") {
    CHECK(render("{% for i in range(3) %}{% for j in range(i) %}{{ i }}{{ j }} {% endfor %}{% endfor %}", {}) ==
          "10 20 21 ");
}

TEST_CASE("if, elif, else, and what counts as true") {
    const std::string_view choice = "{% if n < 0 %}negative{% elif n == 0 %}zero{% elif n < 10 %}small"
                                    "{% else %}large{% endif %}";
    CHECK(render(choice, {{"n", -4}}) == "negative");
    CHECK(render(choice, {{"n", 0}}) == "zero");
    CHECK(render(choice, {{"n", 7}}) == "small");
    CHECK(render(choice, {{"n", 70}}) == "large");
    CHECK(render("{% if x %}t{% endif %}", {{"x", false}}).empty());
    const Values values{{"zero", 0}, {"one", 1}, {"none", 0.0}, {"half", 0.5}, {"empty", ""},
                        {"text", "a"}, {"nothing", std::vector<Value>{}}, {"some", std::vector<Value>{0}}};
    CHECK(render("{% if zero %}1{% endif %}{% if one %}2{% endif %}{% if none %}3{% endif %}{% if half %}4{% endif %}"
                 "{% if empty %}5{% endif %}{% if text %}6{% endif %}{% if nothing %}7{% endif %}"
                 "{% if some %}8{% endif %}",
                 values) == "2468");
}

TEST_CASE("set, and the scope of what is set in a loop") {
    CHECK(render("{% set n = 4 %}{% set m = n * 2 %}{{ m }}", {}) == "8");
    CHECK(render("{% set n = 5 %}{{ n }}", {{"n", 1}}) == "5");
    // As in Jinja: what a loop body sets is gone at its next iteration and after the loop; an if
    // opens no scope.
    CHECK(render("{% set s = 0 %}{% for i in range(3) %}{% set s = s + i %}{{ s }}{% endfor %}{{ s }}", {}) ==
          "0120");
    CHECK(render("{% for i in range(2) %}{% if true %}{% set t = i %}{% endif %}{{ t }}{% endfor %}", {}) == "01");
    CHECK(render("{% if true %}{% set t = 3 %}{% endif %}{{ t }}", {}) == "3");
    CHECK(render("{% for i in range(2) %}{% endfor %}{{ i }}", {{"i", "outer"}}) == "outer");
}

TEST_CASE("comments disappear") {
    CHECK(render("a{# note #}b", {}) == "ab");
    CHECK(render("a{# {{ x }} {% if %} #}b", {}) == "ab");
    CHECK(render("a{# line one\nline two #}b", {}) == "ab");
}

TEST_CASE("whitespace: a line holding only block tags or comments disappears with its newline") {
    CHECK(render("a\n{% if true %}\nb\n{% endif %}\nc\n", {}) == "a\nb\nc\n");
    CHECK(render("a\n    {% if true %}   \n    b\n    {% endif %}\nc", {}) == "a\n    b\nc");
    CHECK(render("a\n\t{# a comment #}\t\nb\n", {}) == "a\nb\n");
    CHECK(render("a\n{% set x = 1 %}{% set y = 2 %}\n{{ x + y }}\n", {}) == "a\n3\n");
    CHECK(render("a\n{# several\n   lines #}\nb\n", {}) == "a\nb\n");
    CHECK(render("{% if true %}\nfirst\n{% endif %}", {}) == "first\n");
    CHECK(render("a\r\n  {% if true %}\r\nb\r\n{% endif %}\r\n", {}) == "a\r\nb\r\n");
    CHECK(render("  {% for i in range(2) %}\n  x{{ i }}\n  {% endfor %}\n", {}) == "  x0\n  x1\n");
}

TEST_CASE("whitespace: lines with text or {{ }} keep their blanks and newlines") {
    CHECK(render("a\n  {{ 1 }}  \nb", {}) == "a\n  1  \nb");
    CHECK(render("x {% if true %}y{% endif %} z\nw", {}) == "x y z\nw");
    CHECK(render("a\n{% if true %}b{% endif %}\nc", {}) == "a\nb\nc");
    CHECK(render("{% if true %}{{ '' }}{% endif %}\nc", {}) == "\nc");
    CHECK(render("\n\n{% if false %}\n{% endif %}\n\n", {}) == "\n\n\n");
}

TEST_CASE("whitespace: '-' strips all whitespace on its side of the tag") {
    CHECK(render("a  \n  {{- 1 -}}  \n  b", {}) == "a1b");
    CHECK(render("a \n {{- 1 }} \n b", {}) == "a1 \n b");
    CHECK(render("a \n {{ 1 -}} \n b", {}) == "a \n 1b");
    CHECK(render("[ {%- if true -%} x {%- endif -%} ]", {}) == "[x]");
    CHECK(render("a \n {#- c -#} \n b", {}) == "ab");
    CHECK(render("{% for i in range(3) -%}\n  {{ i }},\n{%- endfor %}", {}) == "0,1,2,");
    // As in Jinja, the line rule goes first: here it removes the tag's line and '-' the newline before.
    CHECK(render("a\n{%- if true %}\nb\n{% endif %}\n", {}) == "ab\n");
    CHECK(render("{{-1-}}", {}) == "1");
    CHECK(render("{{- 5 - 2 -}}", {}) == "3");
}

TEST_CASE("Values convert from C++ types") {
    CHECK(Value().as_int() == 0);
    CHECK(Value(7).as_int() == 7);
    CHECK(Value(std::int8_t{-3}).as_int() == -3);
    CHECK(Value(std::size_t{12}).as_int() == 12);
    CHECK(Value(2.5f).as_float() == 2.5);
    CHECK(Value(true).as_bool());
    CHECK(Value("text").as_string() == "text");
    CHECK(Value(std::string("s")).as_string() == "s");
    CHECK(Value(std::vector<Value>{1, "two"}).as_list().size() == 2);
    CHECK(Value(std::vector<Value>{1, "two"}).as_list()[1].kind() == Value::Kind::string);
    CHECK_THROWS_AS(Value(std::numeric_limits<std::uint64_t>::max()), rtcg::InvalidArgument);
    CHECK_THROWS_AS(Value(1).as_string(), rtcg::InvalidArgument);
    CHECK_THROWS_AS(Value("1").as_int(), rtcg::InvalidArgument);

    Values values;
    values["n"] = 3;
    values["name"] = "x";
    CHECK(render("{{ name }}{{ n }}", values) == "x3");
}

TEST_CASE("a Template is parsed once and can be copied and rendered many times") {
    const Template original("{{ a }}-{{ b }}");
    const Template copy = original; // NOLINT(performance-unnecessary-copy-initialization): copying is the point
    CHECK(original.render({{"a", 1}, {"b", 2}}) == "1-2");
    CHECK(copy.render({{"a", "x"}, {"b", 0.5}}) == "x-0.5");
    CHECK(copy.name() == "template");
    CHECK_THROWS_AS(Template("{% for %}"), TemplateError);
}

TEST_CASE("errors: unclosed tags and strings point at where they open") {
    check_error("a\nb {{ x ", 2, 3, "'{{' is never closed with '}}'");
    check_error("a {% if x ", 1, 3, "'{%' is never closed with '%}'");
    check_error("\n\n  {# note", 3, 3, "comment '{#' is never closed with '#}'");
    check_error("{{ 'abc }}", 1, 4, "string is never closed with '");
    check_error("{{ \"abc }}\n\n", 1, 4, "string is never closed with \"");
    check_error("{{ 'a\\q' }}", 1, 6, "unknown escape '\\q'");
}

TEST_CASE("errors: unclosed, stray and mismatched blocks") {
    check_error("a\n{% for i in range(3) %}\nx\n", 2, 4, "'for' is never closed with 'endfor'");
    check_error("{% if a %}{% else %}", 1, 4, "'if' is never closed with 'endif'");
    check_error("x\n{% endfor %}", 2, 4, "'endfor' without an open 'for'");
    check_error("{% endif %}", 1, 4, "'endif' without an open 'if'");
    check_error("{% else %}", 1, 4, "'else' without an open 'if'");
    check_error("{% elif x %}", 1, 4, "'elif' without an open 'if'");
    check_error("{% for i in xs %}\n{% endif %}", 2, 4, "'endif' where the 'for' on line 1 needs 'endfor'");
    check_error("{% if x %}\n{% for i in xs %}{% endfor %}{% endfor %}", 2, 33, "'endfor' where the 'if' on line 1");
    check_error("{% if x %}{% else %}{% else %}{% endif %}", 1, 24, "'else' after 'else'");
    check_error("{% if x %}{% else %}{% elif y %}{% endif %}", 1, 24, "'elif' after 'else'");
    check_error("{% if x %}{% endif y %}", 1, 20, "unexpected 'y' after 'endif'");
    check_error("{% for i in xs %}{% endfor i %}", 1, 28, "unexpected 'i' after 'endfor'");
    check_error("{% if x %}{% else if %}{% endif %}", 1, 19, "unexpected 'if' after 'else'");
}

TEST_CASE("errors: statements that do not parse") {
    check_error("{% %}", 1, 4, "expected a statement");
    check_error("{% 1 %}", 1, 4, "expected a statement");
    check_error("{% while x %}", 1, 4, "unknown statement 'while'");
    check_error("{% for in xs %}{% endfor %}", 1, 8, "'in' is reserved");
    check_error("{% for 1 in xs %}{% endfor %}", 1, 8, "expected a variable name, found '1'");
    check_error("{% for i of xs %}{% endfor %}", 1, 10, "expected 'in', found 'of'");
    check_error("{% for loop in xs %}{% endfor %}", 1, 8, "'loop' is reserved");
    check_error("{% set true = 1 %}", 1, 8, "'true' is reserved");
    check_error("{% set x 1 %}", 1, 10, "expected '=', found '1'");
    check_error("{% set x = %}", 1, 12, "expected an expression, found the end of the tag");
    check_error("{% for i in range() %}{% endfor %}", 1, 13, "range() takes 1 to 3 arguments");
    check_error("{% for i in range(1, 2, 3, 4) %}{% endfor %}", 1, 13, "range() takes 1 to 3 arguments");
    check_error("{% for i in range(3) x %}{% endfor %}", 1, 22, "unexpected 'x' after the sequence");
    check_error("{% if %}{% endif %}", 1, 7, "expected an expression");
}

TEST_CASE("errors: expressions that do not parse") {
    check_error("{{ }}", 1, 4, "expected an expression, found the end of the tag");
    check_error("{{ 1 + }}", 1, 8, "expected an expression, found the end of the tag");
    check_error("{{ (1 + 2 }}", 1, 11, "expected ')', found the end of the tag");
    check_error("{{ xs[1 }}", 1, 9, "expected ']'");
    check_error("{{ 1 2 }}", 1, 6, "unexpected '2' after the expression");
    check_error("line\n  {{ a $ b }}", 2, 8, "unexpected character '$'");
    check_error("{{ a\x01 }}", 1, 5, "unexpected character byte 0x01");
    check_error("{{ 1 < 2 < 3 }}", 1, 10, "comparisons do not chain");
    check_error("{{ f(1) }}", 1, 4, "there are no functions to call");
    check_error("{{ range(3) }}", 1, 4, "there are no functions to call");
    check_error("{{ x.y }}", 1, 5, "only 'loop' has attributes");
    check_error("{{ loop.index }}", 1, 4, "'loop' only exists inside a for loop");
    check_error("{% for i in xs %}{{ loop.size }}{% endfor %}", 1, 26, "'loop' has no attribute 'size'");
    check_error("{{ and }}", 1, 4, "expected an expression, found 'and'");
    check_error("{{ 99999999999999999999 }}", 1, 4, "integer 99999999999999999999 does not fit in 64 bits");
    check_error("{{ 1e999 }}", 1, 4, "float 1e999 is out of range");
    check_error("{{ [1, 2 }}", 1, 10, "expected ']'");
}

TEST_CASE("errors: unknown variables and wrong types, at the operator or operand") {
    check_error("{{ x }}", 1, 4, "unknown variable 'x'");
    check_error("{% for i in range(2) %}{% set t = i %}{% endfor %}{{ t }}", 1, 54, "unknown variable 't'");
    check_error("{{ 'a' + 1 }}", 1, 8, "cannot add string and int");
    check_error("{{ 1 - 'a' }}", 1, 6, "cannot subtract int and string");
    check_error("{{ true + 1 }}", 1, 9, "cannot add bool and int");
    check_error("{{ 'ab' * 2 }}", 1, 9, "cannot multiply string and int");
    check_error("{{ [1] + [2] }}", 1, 8, "cannot add list and list");
    check_error("{{ 'a' // 'b' }}", 1, 8, "cannot floor-divide string and string");
    check_error("{{ -'a' }}", 1, 4, "cannot negate string");
    check_error("{{ 1 < 'a' }}", 1, 6, "cannot compare int and string");
    check_error("{{ true < false }}", 1, 9, "cannot compare bool and bool");
    check_error("{{ xs == xs }}", 1, 7, "cannot compare list and list", {{"xs", std::vector<Value>{1}}});
    check_error("{{ xs }}", 1, 4, "cannot output a list", {{"xs", std::vector<Value>{1}}});
    check_error("{{ n[0] }}", 1, 5, "cannot index int", {{"n", 3}});
    check_error("{{ xs['a'] }}", 1, 6, "a list index must be an int, not string", {{"xs", std::vector<Value>{1}}});
    check_error("{{ xs[3] }}", 1, 6, "index 3 is out of range for a list of 3 items",
                {{"xs", std::vector<Value>{1, 2, 3}}});
    check_error("{{ xs[-2] }}", 1, 6, "index -2 is out of range for a list of 1 item", {{"xs", std::vector<Value>{1}}});
    check_error("{% for c in 'abc' %}{% endfor %}", 1, 13, "cannot loop over string; expected a list or range()");
    check_error("{% for i in range(2.0) %}{% endfor %}", 1, 19, "range() takes ints, not float");
    check_error("{% for i in range(0, 5, 0) %}{% endfor %}", 1, 25, "range() step must not be zero");
    check_error("{{ 1.0 / 0 * 0 }}", 1, 8, "division by zero");
}

TEST_CASE("errors: division by zero and integer overflow are errors, not undefined behaviour") {
    check_error("{{ 1 / 0 }}", 1, 6, "division by zero");
    check_error("{{ 1 // 0 }}", 1, 6, "division by zero");
    check_error("{{ 1 % 0 }}", 1, 6, "modulo by zero");
    check_error("{{ 1.5 % 0.0 }}", 1, 8, "modulo by zero");
    check_error("{{ 1.5 // 0 }}", 1, 8, "division by zero");
    check_error("{{ 9223372036854775807 + 1 }}", 1, 24, "integer overflow: 9223372036854775807 + 1");
    check_error("{{ -9223372036854775807 - 2 }}", 1, 25, "integer overflow");
    check_error("{{ 4294967296 * 4294967296 }}", 1, 15, "integer overflow");
    check_error("{{ -(-9223372036854775807 - 1) }}", 1, 4, "integer overflow");
    check_error("{{ (-9223372036854775807 - 1) // -1 }}", 1, 31, "integer overflow");
    check_error("{{ 1e308 * 10 }}", 1, 4, "float inf has no C literal");
}

TEST_CASE("errors: columns count characters, tabs are kept for the caret, long lines are cut") {
    const auto error = error_of("\t\xC3\xA9 {{ x }}");
    REQUIRE(error);
    CHECK(error->column() == 7);
    CHECK(std::string(error->what()).substr(std::string(error->what()).find('\n')) == "\n\t\xC3\xA9 {{ x }}\n\t     ^");

    const auto long_line = error_of(std::string(1000, ' ') + "{{ x }}" + std::string(1000, ' '));
    REQUIRE(long_line);
    CHECK(long_line->column() == 1004);
    const std::string text = long_line->what();
    const std::string excerpt = text.substr(text.find('\n') + 1);
    CHECK(excerpt.size() < 400);
    CHECK(excerpt.find("...") == 0);
    CHECK(excerpt.find("{{ x }}") != std::string::npos);
    // The caret sits under the x.
    const std::size_t caret_line = excerpt.find('\n') + 1;
    CHECK(excerpt[excerpt.find("{{ x }}") + 3] == 'x');
    CHECK(excerpt.size() - caret_line - 1 == excerpt.find("{{ x }}") + 3);
}

TEST_CASE("limits: nesting deeper than 256 is an error, not a stack overflow") {
    CHECK(render(repeated("{% if true %}", 256) + "x" + repeated("{% endif %}", 256), {}) == "x");
    check_error(repeated("{% if true %}", 257) + repeated("{% endif %}", 257), 1, 13 * 256 + 4,
                "blocks nested too deeply");
    check_error(repeated("{% for i in range(1) %}", 300), 1, 23 * 256 + 4, "blocks nested too deeply");
    CHECK(render("{{ " + repeated("(", 200) + "1" + repeated(")", 200) + " }}", {}) == "1");
    check_error("{{ " + repeated("(", 100000) + "1" + repeated(")", 100000) + " }}", 1, 4 + 256,
                "expression nested too deeply");
    check_error("{{ " + repeated("-", 300) + "1 }}", 1, 4 + 256, "expression nested too deeply");
    check_error("{{ 1" + repeated(" + 1", 300) + " }}", 1, 2 + 4 * 256, "expression nested too deeply");
    check_error("{{ " + repeated("[", 300) + repeated("]", 300) + " }}", 1, 4 + 256, "expression nested too deeply");
}

TEST_CASE("limits: runaway loops and runaway output are errors, quickly") {
    check_error("x\n{% for i in range(1000000000000) %}{% endfor %}", 2, 4, "the loop would run 1000000000000 times");
    check_error("{% for i in range(5000) %}{% for j in range(5000) %}{% endfor %}{% endfor %}", 1, 30,
                "the loop would run 5000 times, but the render has only");
    check_error("{% for i in range(10000000) %}{{ i }}{% endfor %}", 1, 34, "the template takes more than 16777216 steps");
    // 16 * (2 + 4 + ... + 2^22) bytes passes 64 MiB at the 22nd doubling.
    check_error("{% set s = 'xxxxxxxxxxxxxxxx' %}" + repeated("{% set s = s + s %}", 30), 1, 32 + 19 * 21 + 14,
                "the template works through more than 64 MiB of text");
    const Values long_string{{"s", std::string(1 << 20, 'x')}};
    check_error("{% for i in range(100) %}{{ s }}{% endfor %}", 1, 29, "the template works through more than 64 MiB",
                long_string);
    check_error("{% for i in range(100) %}{% if s == s %}{% endif %}{% endfor %}", 1, 34,
                "the template works through more than 64 MiB", long_string);
}
