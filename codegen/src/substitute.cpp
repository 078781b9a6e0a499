#include <rtcg/codegen/substitute.hpp>

namespace rtcg::codegen {
namespace {

constexpr std::string_view blanks = " \t\r\n";

bool is_name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_name_char(char c) { return is_name_start(c) || (c >= '0' && c <= '9'); }

} // namespace

std::string substitute(std::string_view text, const std::map<std::string, std::string, std::less<>>& values,
                       std::string_view name) {
    const auto fail = [&](std::size_t offset, std::string problem) {
        throw TemplateError(std::move(problem), "codegen::substitute", std::string(name), text, offset);
    };
    std::string result;
    std::size_t done = 0;
    for (std::size_t open = text.find("{{"); open != std::string_view::npos; open = text.find("{{", done)) {
        result += text.substr(done, open - done);
        const std::size_t close = text.find("}}", open + 2);
        if (close == std::string_view::npos) fail(open, "'{{' is never closed with '}}'");

        const std::string_view inside = text.substr(open + 2, close - open - 2);
        const std::size_t first = inside.find_first_not_of(blanks);
        if (first == std::string_view::npos) fail(open, "'{{ }}' holds no name");
        const std::string_view key = inside.substr(first, inside.find_last_not_of(blanks) - first + 1);
        const std::size_t key_offset = open + 2 + first;
        for (std::size_t i = 0; i < key.size(); ++i) {
            if (i == 0 ? !is_name_start(key[i]) : !is_name_char(key[i]))
                fail(key_offset + i, "'" + std::string(key) + "' is not a name (letters, digits and _, not starting with a digit)");
        }
        const auto value = values.find(key);
        if (value == values.end()) fail(key_offset, "unknown name '" + std::string(key) + "'");
        result += value->second;
        done = close + 2;
    }
    result += text.substr(done);
    return result;
}

} // namespace rtcg::codegen
