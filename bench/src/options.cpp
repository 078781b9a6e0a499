#include "options.hpp"

#include <rtcg/core/error.hpp>

#include <algorithm>
#include <charconv>
#include <cstddef>

namespace rtcg::bench {
namespace {

// --quick without an explicit --max-log2 stops here, so that a PoCL smoke run takes seconds.
constexpr int quick_max_log2 = 16;

int parse_log2(std::string_view option, std::string_view text) {
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < 0 || value > 40)
        throw InvalidArgument("expected an integer from 0 to 40, got '" + std::string(text) + "'",
                              "rtcg-bench " + std::string(option));
    return value;
}

// The items of a comma-separated list, in order; none for an empty list.
std::vector<std::string_view> split_list(std::string_view list) {
    std::vector<std::string_view> items;
    while (!list.empty()) {
        const std::size_t comma = std::min(list.find(','), list.size());
        items.push_back(list.substr(0, comma));
        list.remove_prefix(std::min(comma + 1, list.size()));
    }
    return items;
}

std::vector<std::string> parse_cases(std::string_view list) {
    std::vector<std::string> cases;
    for (const std::string_view name : split_list(list)) {
        if (std::find(std::begin(case_groups), std::end(case_groups), name) == std::end(case_groups)) {
            std::string known;
            for (std::string_view group : case_groups) known += (known.empty() ? "" : ", ") + std::string(group);
            throw InvalidArgument("unknown case '" + std::string(name) + "'; the cases are " + known,
                                  "rtcg-bench --cases");
        }
        cases.emplace_back(name);
    }
    return cases;
}

// A comma-separated list of transform lengths, each from 1 to 2^40.
std::vector<std::size_t> parse_lengths(std::string_view option, std::string_view list) {
    std::vector<std::size_t> lengths;
    for (const std::string_view text : split_list(list)) {
        std::size_t length = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), length);
        if (error != std::errc() || end != text.data() + text.size() || length == 0 || length > (std::size_t{1} << 40))
            throw InvalidArgument("expected lengths from 1 to 2^40, got '" + std::string(text) + "'",
                                  "rtcg-bench " + std::string(option));
        lengths.push_back(length);
    }
    return lengths;
}

} // namespace

bool Options::wants(std::string_view group) const {
    return cases.empty() || std::find(cases.begin(), cases.end(), group) != cases.end();
}

std::vector<std::size_t> Options::sizes() const {
    std::vector<std::size_t> sizes;
    for (int log2 = min_log2; log2 <= max_log2; log2 += log2_step) sizes.push_back(std::size_t{1} << log2);
    return sizes;
}

Options parse_options(int argc, char** argv) {
    Options options;
    bool max_given = false;
    for (int k = 1; k < argc; ++k) {
        const std::string_view argument = argv[k];
        const std::size_t equals = argument.find('=');
        const std::string_view name = argument.substr(0, equals);
        const std::string_view value = equals == std::string_view::npos ? std::string_view{} : argument.substr(equals + 1);
        const bool has_value = equals != std::string_view::npos;
        const auto require_value = [&] {
            if (!has_value || value.empty())
                throw InvalidArgument("needs a value: " + std::string(name) + "=...", "rtcg-bench " + std::string(name));
        };
        if (name == "--quick" && !has_value) {
            options.quick = true;
        } else if (name == "--fft-built-in" && !has_value) {
            options.fft_built_in = true;
        } else if (name == "--fft-lengths") {
            require_value();
            options.fft_lengths = parse_lengths(name, value);
        } else if (name == "--list" && !has_value) {
            options.list = true;
        } else if (name == "--cases") {
            require_value();
            options.cases = parse_cases(value);
        } else if (name == "--min-log2") {
            require_value();
            options.min_log2 = parse_log2(name, value);
        } else if (name == "--max-log2") {
            require_value();
            options.max_log2 = parse_log2(name, value);
            max_given = true;
        } else if (name == "--log2-step") {
            require_value();
            options.log2_step = parse_log2(name, value);
            if (options.log2_step == 0) throw InvalidArgument("the step must be at least 1", "rtcg-bench --log2-step");
        } else if (name == "--csv") {
            require_value();
            options.csv_path = value;
        } else if (name == "--system") {
            require_value();
            options.system = value;
        } else if (name == "--policy") {
            require_value();
            options.policies.emplace_back(value);
        } else if (name == "--compile-probe") {
            require_value();
            options.compile_probe = value;
        } else if (name == "--probe-nonce") {
            require_value();
            options.probe_nonce = value;
        } else {
            throw InvalidArgument("unknown option '" + std::string(argument) +
                                      "'; see bench/README.md (--quick, --list, --cases=, --min-log2=, --max-log2=, "
                                      "--log2-step=, --csv=, --system=, --policy=, --fft-built-in, --fft-lengths=)",
                                  "rtcg-bench");
        }
    }
    if (options.quick && !max_given) options.max_log2 = std::min(options.max_log2, quick_max_log2);
    if (options.min_log2 > options.max_log2)
        throw InvalidArgument("--min-log2=" + std::to_string(options.min_log2) + " is above --max-log2=" +
                                  std::to_string(options.max_log2),
                              "rtcg-bench");
    return options;
}

} // namespace rtcg::bench
