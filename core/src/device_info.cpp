#include <rtcg/core/device_info.hpp>

namespace rtcg {

const char* to_string(DeviceType type) noexcept {
    switch (type) {
    case DeviceType::gpu: return "gpu";
    case DeviceType::cpu: return "cpu";
    case DeviceType::accelerator: return "accelerator";
    case DeviceType::other: return "other";
    }
    return "other";
}

} // namespace rtcg
