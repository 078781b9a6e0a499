#include "environment.hpp"

#include <rtcg/core/error.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <string_view>

namespace rtcg::detail {
namespace {

constexpr std::array<std::string_view, 4> true_words = {"1", "true", "yes", "on"};
constexpr std::array<std::string_view, 4> false_words = {"0", "false", "no", "off"};

bool is_one_of(const std::string& value, const std::array<std::string_view, 4>& words) {
    return std::find(words.begin(), words.end(), value) != words.end();
}

} // namespace

std::optional<std::string> env_string(const char* name) {
    const char* value = std::getenv(name);
    if (!value || !*value) return std::nullopt;
    return std::string(value);
}

bool env_flag(const char* name) {
    const auto value = env_string(name);
    if (!value) return false;
    std::string word = *value;
    std::transform(word.begin(), word.end(), word.begin(), [](unsigned char c) { return std::tolower(c); });
    if (is_one_of(word, true_words)) return true;
    if (is_one_of(word, false_words)) return false;
    throw InvalidArgument(std::string(name) + "='" + *value +
                              "' is not a yes/no value: use 1, true, yes or on to set it, 0, false, no or off (or "
                              "leave it empty or unset) to clear it, in any case",
                          "environment");
}

} // namespace rtcg::detail
