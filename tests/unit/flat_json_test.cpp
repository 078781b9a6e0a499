// The tuning database's JSON reader and writer (tuning/src/flat_json.hpp): what RFC 8259 allows
// in a one-level object of strings and numbers, and a located reason for everything else.
#include "flat_json.hpp"

#include <rtcg/core/json_text.hpp>

#include <doctest/doctest.h>

#include <string>

using namespace rtcg::tuning::detail;
using rtcg::json_quoted;

namespace {

FlatJsonObject parsed(std::string_view text) {
    auto result = parse_flat_json(text);
    if (const auto* why = std::get_if<std::string>(&result)) FAIL_CHECK(*why);
    return std::get_if<FlatJsonObject>(&result) ? std::get<FlatJsonObject>(result) : FlatJsonObject{};
}

std::string fault_of(std::string_view text) {
    auto result = parse_flat_json(text);
    const auto* why = std::get_if<std::string>(&result);
    return why ? *why : std::string("(parsed)");
}

} // namespace

TEST_CASE("flat JSON: strings with every escape and numbers in JSON's grammar") {
    const auto object =
        parsed(" {\n\t\"a\" : \"x\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\", \"n\":-0.5e+2,\"z\":0 }\r\n");
    CHECK(std::get<std::string>(object.at("a")) == "x\"\\/\b\f\n\r\t\xc3\xa9\xf0\x9f\x98\x80");
    CHECK(std::get<double>(object.at("n")) == -50.0);
    CHECK(std::get<double>(object.at("z")) == 0.0);
    CHECK(parsed("{}").empty());
    CHECK(parsed("{\"big\": 1.7976931348623157e308}").size() == 1);
}

TEST_CASE("flat JSON: what the writer quotes, the reader gives back") {
    std::string every_byte;
    for (int c = 1; c < 256; ++c) every_byte += static_cast<char>(c);
    const auto object = parsed("{" + json_quoted("k") + ":" + json_quoted(every_byte) + "}");
    CHECK(std::get<std::string>(object.at("k")) == every_byte);
    CHECK(json_quoted("a\"b\n") == "\"a\\\"b\\n\"");
}

TEST_CASE("flat JSON: anything else is refused with its line and column") {
    CHECK(fault_of("") == "line 1, column 1: expected '{' to open the object");
    CHECK(fault_of("{\"a\": 1,\n \"a\": 2}") == "line 2, column 2: a name appears twice in the object");
    CHECK(fault_of("{\"a\": 1} x") == "line 1, column 10: text follows the object's closing '}'");
    for (const char* text : {"{\"a\": true}", "{\"a\": null}", "{\"a\": [1]}", "{\"a\": {}}", "{\"a\": 01}",
                             "{\"a\": 1.}", "{\"a\": .5}", "{\"a\": 1e}", "{\"a\": +1}", "{\"a\": 1e999}",
                             "{\"a\": \"\\x\"}", "{\"a\": \"\\ud800\"}", "{\"a\": \"\\u12\"}", "{\"a\": \"\n\"}",
                             "{\"a\": \"open", "{\"a\" 1}", "{\"a\": 1 \"b\": 2}", "{\"a\": 1,}", "{a: 1}", "[1]",
                             "{\"a\": 1"}) {
        CAPTURE(text);
        CHECK(fault_of(text).rfind("line 1, column ", 0) == 0);
    }
}
