#pragma once
// JSON objects of one level, whose values are strings and numbers: the tuning database's entry
// files, which people read and edit by hand. Written here rather than with a JSON library: the
// whole format is a page, and a library would be a dependency of every build for this one file.
#include <map>
#include <string>
#include <string_view>
#include <variant>

namespace rtcg::tuning::detail {

using FlatJsonValue = std::variant<std::string, double>;
using FlatJsonObject = std::map<std::string, FlatJsonValue, std::less<>>;

// The object in `text` (RFC 8259: any whitespace, string escapes including \uXXXX surrogate
// pairs, numbers in JSON's grammar), or why it is not one: a value that is an object, an array,
// true, false or null, a repeated name, or anything after the closing brace. The reason names
// the line and column.
std::variant<FlatJsonObject, std::string> parse_flat_json(std::string_view text);

} // namespace rtcg::tuning::detail
