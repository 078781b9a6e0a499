// The disk cache's size limit: RTCG_CACHE_MAX_SIZE and the size syntax it shares with rtcg-cache.
#include "environment.hpp"

#include <rtcg/core/compile_cache.hpp>
#include <rtcg/core/error.hpp>

#include <cctype>
#include <limits>
#include <string>

namespace rtcg {
namespace {

constexpr std::uint64_t default_limit = std::uint64_t{1} << 30;

std::string lower(std::string_view text) {
    std::string word(text);
    for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return word;
}

// The power of 1024 a suffix names, or -1 for none of them.
int suffix_power(std::string_view suffix) {
    const std::string word = lower(suffix);
    const std::string units = "kmgt";
    if (word.empty() || word == "b") return 0;
    const std::size_t unit = units.find(word[0]);
    if (unit == std::string::npos) return -1;
    const std::string_view rest = std::string_view(word).substr(1);
    return rest.empty() || rest == "b" || rest == "ib" ? static_cast<int>(unit) + 1 : -1;
}

} // namespace

std::uint64_t parse_cache_size(std::string_view text) {
    const auto refuse = [&](const std::string& why) {
        return InvalidArgument("'" + std::string(text) + "' is not a cache size: " + why +
                                   " (write a whole number of bytes, optionally followed by K, M, G or T)",
                               "parse_cache_size");
    };
    std::size_t digits = 0;
    std::uint64_t value = 0;
    constexpr std::uint64_t most = std::numeric_limits<std::uint64_t>::max();
    for (; digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits])); ++digits) {
        const auto digit = static_cast<std::uint64_t>(text[digits] - '0');
        if (value > (most - digit) / 10) throw refuse("it exceeds 2^64 - 1 bytes");
        value = value * 10 + digit;
    }
    if (digits == 0) throw refuse("it does not start with a number");
    const int power = suffix_power(text.substr(digits));
    if (power < 0) throw refuse("'" + std::string(text.substr(digits)) + "' is not a unit");
    for (int k = 0; k < power; ++k) {
        if (value > most / 1024) throw refuse("it exceeds 2^64 - 1 bytes");
        value *= 1024;
    }
    return value;
}

std::uint64_t compile_cache_size_limit() {
    const auto text = detail::env_string(detail::cache_max_size_variable);
    if (!text) return default_limit;
    try {
        return parse_cache_size(*text);
    } catch (const InvalidArgument& e) {
        throw InvalidArgument(std::string(detail::cache_max_size_variable) + ": " + e.why(), "environment");
    }
}

} // namespace rtcg
