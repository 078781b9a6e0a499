#pragma once
// Variable names, numbered while parsing, so that rendering finds a variable by its number
// instead of comparing strings (names can be long, and lookups happen at every step).
#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rtcg::codegen::templating {

using NameId = std::size_t;

class NameTable {
public:
    // The name's number, given on first sight.
    NameId id_of(std::string_view name);
    // Indexed by NameId.
    std::vector<std::string> take_names() { return std::move(names_); }

private:
    std::map<std::string, NameId, std::less<>> ids_;
    std::vector<std::string> names_;
};

} // namespace rtcg::codegen::templating
