#pragma once
/// \file
/// Problem-size classes for the tuning database: sizes in one class share a tuned configuration.
#include <rtcg/core/export.hpp>

#include <cstdint>
#include <initializer_list>
#include <string>

namespace rtcg::tuning {

/// Each extent rounded up to a power of two, joined with 'x': {1000, 4096, 3} -> "1024x4096x4".
/// 0 stays 0.
RTCG_API std::string power_of_two_class(std::initializer_list<std::uint64_t> extents);

} // namespace rtcg::tuning
