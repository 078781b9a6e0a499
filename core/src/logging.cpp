// The "rtcg" logger: stderr, quiet (warnings and errors only) unless RTCG_LOG_LEVEL says
// otherwise. Plug-ins share it through rtcg::plugin::logger().
#include <rtcg/core/plugin/support.hpp>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string>

namespace rtcg::plugin {
namespace {

std::shared_ptr<spdlog::logger> make_logger() {
    auto sink = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
    auto log = std::make_shared<spdlog::logger>("rtcg", std::move(sink));
    log->set_pattern("[rtcg %l] %v");
    log->set_level(spdlog::level::warn);
    if (const char* level = std::getenv("RTCG_LOG_LEVEL"); level && *level) {
        std::string word = level;
        std::transform(word.begin(), word.end(), word.begin(), [](unsigned char c) { return std::tolower(c); });
        const auto parsed = spdlog::level::from_str(word);
        // from_str maps an unknown word to "off": say so rather than silently go quiet. The logger
        // is made on first use, anywhere, so a bad value is a warning, not an exception.
        if (parsed == spdlog::level::off && word != "off")
            log->warn("RTCG_LOG_LEVEL='{}' is not one of trace, debug, info, warn, error, critical, off (in any case)",
                      level);
        else
            log->set_level(parsed);
    }
    return log;
}

} // namespace

spdlog::logger& logger() {
    static const std::shared_ptr<spdlog::logger> instance = make_logger();
    return *instance;
}

} // namespace rtcg::plugin
