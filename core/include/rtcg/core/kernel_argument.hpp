#pragma once
// How C++ values become kernel arguments: a Buffer passes its device memory, a BufferView a
// pointer into it (rtcg/core/buffer_view.hpp), any other
// trivially-copyable value (every fixed-width integer, float, double, enums, plain structs)
// passes its bytes. Host pointers are refused at compile time: on a device they are garbage.
#include <rtcg/core/buffer.hpp>
#include <rtcg/core/buffer_view.hpp>
#include <rtcg/core/fwd.hpp>

#include <array>
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

namespace rtcg {

/// One argument of an untyped launch (Kernel::launch): a buffer's device memory or the bytes of
/// a value. Exactly one of `buffer` / `value` is set. It refers to the buffer or value it was
/// made from, which must stay alive until the launch call returns. Make one with
/// kernel_argument(); the fields are what the launch checks and what the backend passes on.
struct KernelArgument {
    /// The buffer's device memory; null for a value (and for a zero-byte or released buffer).
    const plugin::BufferImpl* buffer = nullptr;
    /// `size` bytes of a value passed by copy; null for a buffer.
    const void* value = nullptr;
    std::size_t size = 0; ///< the value's size in bytes; 0 for a buffer
    /// The context the buffer (or the image whose handle `value` is) belongs to, which the launch
    /// compares with the kernel's; null for other values.
    const detail::ContextState* context = nullptr;
    /// For a BufferView: where the kernel's pointer starts, in bytes into `buffer`; 0 otherwise.
    std::size_t view_offset = 0;
    /// For a BufferView: its length in bytes (never 0); 0 for a whole buffer or a value.
    std::size_t view_size = 0;
};

/// The argument that passes `value` to a kernel: a Buffer's device memory, or the bytes of a
/// trivially-copyable value. A zero-byte or released buffer gives an empty argument, which a
/// launch refuses unless it has no work at all.
template <class T>
KernelArgument kernel_argument(const T& value) noexcept {
    if constexpr (std::is_same_v<T, Buffer>) {
        return KernelArgument{value.impl(), nullptr, 0, value.context_state()};
    } else if constexpr (std::is_same_v<T, BufferView>) {
        return KernelArgument{value.buffer().impl(), nullptr, 0, value.buffer().context_state(), value.offset(),
                              value.size()};
    } else {
        static_assert(!std::is_pointer_v<T>, "rtcg: a host pointer cannot be a kernel argument; pass an rtcg::Buffer");
        static_assert(std::is_trivially_copyable_v<T>,
                      "rtcg: kernel arguments must be Buffers or trivially-copyable values");
        return KernelArgument{nullptr, &value, sizeof(T)};
    }
}

namespace detail {

/// Whether `T` passes several kernel arguments, which its kernel_arguments() returns as a
/// std::array (an ImageArgument, rtcg/core/image.hpp).
template <class T>
concept SpreadKernelArgument = requires(const T& value) { value.kernel_arguments(); };

template <class T>
constexpr std::size_t kernel_argument_count() noexcept {
    if constexpr (SpreadKernelArgument<T>)
        return std::tuple_size_v<decltype(std::declval<const T&>().kernel_arguments())>;
    else
        return 1;
}

/// The arguments of a typed launch, each value giving one KernelArgument or, for a
/// SpreadKernelArgument, several in a row.
template <class... Args>
auto pack_kernel_arguments(const Args&... args) noexcept {
    std::array<KernelArgument, (kernel_argument_count<Args>() + ... + 0)> packed{};
    std::size_t at = 0;
    const auto append = [&packed, &at](const auto& value) {
        if constexpr (SpreadKernelArgument<std::remove_cvref_t<decltype(value)>>) {
            for (const KernelArgument& argument : value.kernel_arguments()) packed[at++] = argument;
        } else {
            packed[at++] = kernel_argument(value);
        }
    };
    (append(args), ...);
    return packed;
}

} // namespace detail

} // namespace rtcg
