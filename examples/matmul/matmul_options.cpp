#include "matmul_options.hpp"

#include <rtcg/core/error.hpp>

#include <charconv>
#include <cstring>
#include <string_view>

namespace matmul {
namespace {

constexpr const char* usage =
    "usage: matmul [M N K] [--budget N] [--retune] [--report FILE.csv] [--show] [--config TEXT]\n"
    "       matmul --bench SIZE,SIZE,... [--budget N] [--retune] [--config TEXT]";

[[noreturn]] void refuse(const std::string& why) {
    throw rtcg::InvalidArgument(why + "\n" + usage, "matmul");
}

template <class T>
T positive(std::string_view text, const char* what) {
    T value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value <= 0)
        refuse(std::string(what) + " '" + std::string(text) + "' is not a positive integer");
    return value;
}

} // namespace

Options parse_options(int argc, char** argv) {
    Options options;
    std::vector<std::int32_t> extents;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        const auto next = [&]() -> std::string_view {
            if (i + 1 >= argc) refuse(std::string(arg) + " needs a value");
            return argv[++i];
        };
        if (arg == "--budget")
            options.budget = positive<std::size_t>(next(), "budget");
        else if (arg == "--retune")
            options.retune = true;
        else if (arg == "--report")
            options.report_path = next();
        else if (arg == "--show")
            options.show = true;
        else if (arg == "--config")
            options.configuration = next();
        else if (arg == "--bench") {
            const std::string_view list = next();
            for (std::size_t start = 0; start <= list.size();) {
                const std::size_t comma = std::min(list.find(',', start), list.size());
                options.bench_sizes.push_back(positive<std::int32_t>(list.substr(start, comma - start), "size"));
                start = comma + 1;
            }
        } else if (!arg.empty() && arg[0] != '-')
            extents.push_back(positive<std::int32_t>(arg, "size"));
        else
            refuse("unknown option '" + std::string(arg) + "'");
    }
    if (!extents.empty() && extents.size() != 3) refuse("give all three sizes M N K, or none");
    if (extents.size() == 3) options.shape = Shape{extents[0], extents[1], extents[2]};
    if (!extents.empty() && !options.bench_sizes.empty()) refuse("--bench takes its sizes from its list");
    if (!options.configuration.empty() && (options.budget || options.retune || !options.report_path.empty()))
        refuse("--config runs one configuration: it takes no --budget, --retune or --report");
    return options;
}

} // namespace matmul
