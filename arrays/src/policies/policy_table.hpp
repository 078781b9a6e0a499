#pragma once
// A default policy table: one policy of an algorithm per device class (rtcg/arrays/policy.hpp).
// Each algorithm's table is in a file of its own here (elementwise.hpp, random.hpp, ...), which
// says why each value is what it is; the measurements behind them are in bench/NOTES.md.
#include <rtcg/arrays/policy.hpp>

namespace rtcg::detail {

template <class Policy>
struct PolicyTable {
    Policy nvidia_gpu;
    Policy gpu;
    Policy cpu;

    constexpr const Policy& operator[](DeviceClass device_class) const noexcept {
        switch (device_class) {
        case DeviceClass::nvidia_gpu: return nvidia_gpu;
        case DeviceClass::gpu: return gpu;
        case DeviceClass::cpu: return cpu;
        }
        return cpu;
    }
};

} // namespace rtcg::detail
