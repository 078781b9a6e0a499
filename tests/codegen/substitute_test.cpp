// Keyword substitution: {{name}} replaced by its value, nothing else interpreted.
#include <rtcg/codegen/substitute.hpp>

#include <doctest/doctest.h>

#include <optional>
#include <string>

namespace {

using rtcg::codegen::substitute;
using rtcg::codegen::TemplateError;
using Map = std::map<std::string, std::string, std::less<>>;

std::optional<TemplateError> error_of(std::string_view text, const Map& values = {}) {
    try {
        substitute(text, values, "kernel");
    } catch (const TemplateError& error) {
        return error;
    }
    return std::nullopt;
}

} // namespace

TEST_CASE("substitute replaces every {{name}}, with or without blanks inside the braces") {
    const Map values{{"op", "+"}, {"type", "float"}, {"n", "256"}};
    CHECK(substitute("c[i] = a[i] {{op}} b[i];", values) == "c[i] = a[i] + b[i];");
    CHECK(substitute("{{ type }} x[{{\tn\t}}]; {{type}} y[{{n}}];", values) == "float x[256]; float y[256];");
    CHECK(substitute("{{\n  n\n}}", values) == "256");
    CHECK(substitute("{{type}}{{n}}", values) == "float256");
}

TEST_CASE("substitute leaves text without {{ alone, and does not look into values") {
    CHECK(substitute("", {}).empty());
    CHECK(substitute("int main() { return 0; }", {}) == "int main() { return 0; }");
    CHECK(substitute("a } }} { b", {}) == "a } }} { b");
    CHECK(substitute("{{x}}", {{"x", "{{y}}"}}) == "{{y}}");
    CHECK(substitute("{{x}}", {{"x", ""}}).empty());
}

TEST_CASE("substitute: an unknown name is an error at its line and column") {
    const auto error = error_of("int a;\nfloat b[{{ sise }}];\n", {{"size", "4"}});
    REQUIRE(error);
    CHECK(error->line() == 2);
    CHECK(error->column() == 12);
    CHECK(error->problem() == "unknown name 'sise'");
    CHECK(error->template_name() == "kernel");
    CHECK(error->where() == "codegen::substitute");
    CHECK(std::string(error->what()) ==
          "rtcg: codegen::substitute: template 'kernel', line 2, column 12: unknown name 'sise'\n"
          "float b[{{ sise }}];\n"
          "           ^");
}

TEST_CASE("substitute: a {{ without }} is an error at the {{") {
    const auto error = error_of("x\n  {{ n ");
    REQUIRE(error);
    CHECK(error->line() == 2);
    CHECK(error->column() == 3);
    CHECK(error->problem() == "'{{' is never closed with '}}'");
}

TEST_CASE("substitute: braces must hold exactly one name") {
    const auto empty = error_of("a {{  }} b");
    REQUIRE(empty);
    CHECK(empty->column() == 3);
    CHECK(empty->problem() == "'{{ }}' holds no name");

    const auto digit_first = error_of("{{ 2x }}");
    REQUIRE(digit_first);
    CHECK(digit_first->column() == 4);

    const auto two_words = error_of("{{ a b }}", {{"a", "1"}});
    REQUIRE(two_words);
    CHECK(two_words->column() == 5);
    CHECK(two_words->problem().find("'a b' is not a name") == 0);

    // C initializers need Template (or a space between the braces).
    const auto initializer = error_of("int a[2][2] = {{1, 2}, {3, 4}};");
    REQUIRE(initializer);
    CHECK(initializer->column() == 17);
    CHECK(substitute("int a[2][2] = { {1, 2}, {3, 4} };", {}) == "int a[2][2] = { {1, 2}, {3, 4} };");
}
