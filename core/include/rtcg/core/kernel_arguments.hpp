#pragma once
// How C++ values become kernel arguments: a Buffer passes its device memory, any other
// trivially-copyable value (every fixed-width integer, float, double, enums, plain structs)
// passes its bytes. Host pointers are refused at compile time: on a device they are garbage.
#include <rtcg/core/buffer.hpp>
#include <rtcg/core/plugin/backend.hpp>

#include <type_traits>

namespace rtcg::detail {

template <class T>
plugin::KernelArgument kernel_argument(const T& value) noexcept {
    if constexpr (std::is_same_v<T, Buffer>) {
        // A zero-byte or released buffer has no device memory: packed as an empty argument,
        // which the launch refuses unless the launch has no work at all.
        return plugin::KernelArgument{value.impl(), nullptr, 0, value.context_state()};
    } else {
        static_assert(!std::is_pointer_v<T>,
                      "rtcg: a host pointer cannot be a kernel argument; pass an rtcg::Buffer");
        static_assert(std::is_trivially_copyable_v<T>,
                      "rtcg: kernel arguments must be Buffers or trivially-copyable values");
        return plugin::KernelArgument{nullptr, &value, sizeof(T)};
    }
}

} // namespace rtcg::detail
