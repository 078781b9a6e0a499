#include "device_sources.hpp"

#include <rtcg/arrays/device_library.hpp>

namespace rtcg::device_library {

std::string_view scan_pairs() noexcept { return detail::device::block::scan_pairs; }

std::string_view block_scan() noexcept { return detail::device::block::block_scan; }

} // namespace rtcg::device_library
