#pragma once
// Helpers core exports for plug-ins: the shared logger, the build-log excerpt and the error of a
// link's unit.
#include <rtcg/core/error.hpp>
#include <rtcg/core/export.hpp>

#include <spdlog/logger.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace rtcg::plugin {

// The "rtcg" spdlog logger, configured from RTCG_LOG_LEVEL (quiet by default).
RTCG_API spdlog::logger& logger();

// The lines of `source` that a compiler's `log` points at ("kernel.cu(12): error",
// "<source>:12:5: error"), each as "  12 | text", with a caret under the column where the log
// gives one; the first 24 places only, then how many more there are. Empty when the log names no
// line.
RTCG_API std::string source_excerpt(std::string_view source, std::string_view log);

// `error`, a source unit's failed compile in a link, as an error that names the unit ("unit 1 of
// 3: ...") and keeps the log and excerpt.
RTCG_API CompileError link_unit_error(const CompileError& error, std::size_t index, std::size_t count);

} // namespace rtcg::plugin
