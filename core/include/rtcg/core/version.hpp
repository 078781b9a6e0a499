#pragma once
#include <rtcg/core/export.hpp>

namespace rtcg {
/// The version of the librtcg.so in use (part of every compile-cache key).
RTCG_API const char* version() noexcept;
} // namespace rtcg
