#pragma once
// Whether a GPU's local memory holds a pass's rows, as the FFT's plans (AxisPlan::usable_local_bytes)
// reckon it: the rows take a skew element per 16 points, and room is kept for the padding of 16
// rows of 17 elements.
#include <rtcg/core/device_info.hpp>

#include <cstddef>

namespace rtcg::test {

inline bool local_memory_holds(const rtcg::DeviceInfo& device, std::size_t points, std::size_t element_bytes) {
    const std::size_t padding_bytes = 16 * 17 * element_bytes;
    return device.type == rtcg::DeviceType::gpu && device.local_memory_bytes > padding_bytes &&
           points * element_bytes <= (device.local_memory_bytes - padding_bytes) / 17 * 16;
}

} // namespace rtcg::test
