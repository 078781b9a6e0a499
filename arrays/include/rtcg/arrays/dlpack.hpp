#pragma once
/// \file
/// DLPack, the tensor exchange format of PyTorch, CuPy, JAX and NumPy: Arrays out as DLPack
/// tensors and DLPack tensors in as Arrays, sharing the device memory (no copies).
///
/// The structs below are DLPack's C ABI, written from its specification (version 1.x, with the
/// versioned DLManagedTensorVersioned, and the older unversioned DLManagedTensor), so that rtcg
/// needs no DLPack header: they have the same layout as dlpack.h's types of the same names, and a
/// pointer to one is passed to or taken from code that uses dlpack.h with a reinterpret_cast.
///
/// Ownership, as the specification has it: a tensor from to_dlpack belongs to the consumer, which
/// calls its deleter exactly once when done; meanwhile rtcg keeps the memory alive (the array may
/// go). from_dlpack takes over a tensor when it returns: the Array (and every view of it) keeps
/// the memory, and the tensor's deleter runs exactly once when the last of them is gone. When
/// from_dlpack throws it has taken nothing: the caller still owns the tensor.
///
/// Device memory as the specification has it: on CUDA `data` is the device pointer, on OpenCL the
/// cl_mem (device type kDLOpenCL); `byte_offset` is where element (0, ..., 0) lies from `data`,
/// in bytes. Strides are in elements; rtcg always writes them, and reads none (a null pointer) as
/// C order. The device id is the device's index (the selector's last field).
///
/// Element types: bool, signed and unsigned integers of 8 to 64 bits, float32, float64,
/// complex64, complex128, and their 2- and 4-lane vectors. Structs, float16 and bfloat16 are
/// refused with InvalidArgument.
#include <rtcg/arrays/array.hpp>
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <cstdint>

namespace rtcg::dlpack {

/// DLPack's device types, of which rtcg uses kDLCUDA, kDLCUDAManaged and kDLOpenCL.
enum DLDeviceType : std::int32_t {
    kDLCPU = 1,         ///< host memory
    kDLCUDA = 2,        ///< CUDA device memory
    kDLCUDAHost = 3,    ///< CUDA pinned host memory
    kDLOpenCL = 4,      ///< OpenCL buffers
    kDLVulkan = 7,      ///< Vulkan buffers
    kDLMetal = 8,       ///< Metal buffers
    kDLROCM = 10,       ///< ROCm device memory
    kDLCUDAManaged = 13 ///< CUDA managed memory
};

/// A device: its type and index.
struct DLDevice {
    DLDeviceType device_type; ///< where the memory is
    std::int32_t device_id;   ///< the device's index
};

/// DLPack's element kinds.
enum DLDataTypeCode : std::uint8_t {
    kDLInt = 0,          ///< signed integers
    kDLUInt = 1,         ///< unsigned integers
    kDLFloat = 2,        ///< IEEE floating point
    kDLOpaqueHandle = 3, ///< opaque handles
    kDLBfloat = 4,       ///< bfloat16
    kDLComplex = 5,      ///< complex, both parts in `bits`
    kDLBool = 6          ///< booleans
};

/// An element type: kind, bits per lane, lanes.
struct DLDataType {
    std::uint8_t code;   ///< a DLDataTypeCode
    std::uint8_t bits;   ///< bits of one lane
    std::uint16_t lanes; ///< 1 for scalars
};

/// A tensor's description.
struct DLTensor {
    void* data;               ///< the CUDA device pointer or cl_mem
    DLDevice device;          ///< where the data is
    std::int32_t ndim;        ///< the number of dimensions
    DLDataType dtype;         ///< the element type
    std::int64_t* shape;      ///< `ndim` extents
    std::int64_t* strides;    ///< `ndim` strides in elements; null for C order
    std::uint64_t byte_offset; ///< element (0, ..., 0) from `data`, in bytes
};

/// The unversioned managed tensor of DLPack before 1.0.
struct DLManagedTensor {
    DLTensor dl_tensor;                    ///< the tensor
    void* manager_ctx;                     ///< the producer's
    void (*deleter)(DLManagedTensor* self); ///< called once by the consumer when done; may be null
};

/// A DLPack ABI version.
struct DLPackVersion {
    std::uint32_t major; ///< incompatible ABI changes
    std::uint32_t minor; ///< compatible additions
};

/// The versioned managed tensor of DLPack 1.0 and later.
struct DLManagedTensorVersioned {
    DLPackVersion version;                           ///< the producer's DLPack version
    void* manager_ctx;                               ///< the producer's
    void (*deleter)(DLManagedTensorVersioned* self); ///< called once by the consumer; may be null
    std::uint64_t flags;                             ///< flag_read_only, flag_is_copied
    DLTensor dl_tensor;                              ///< the tensor
};

/// The tensor must not be written.
inline constexpr std::uint64_t flag_read_only = 1u << 0;
/// The producer made a copy for this exchange.
inline constexpr std::uint64_t flag_is_copied = 1u << 1;
/// The version rtcg writes; it reads every 1.x.
inline constexpr DLPackVersion version = {1, 0};

/// The array as a DLPack tensor, sharing its memory, after waiting for the work queued on the
/// context's current queue (rtcg/arrays/queue_scope.hpp), so that a consumer on another stream
/// sees the array's values. The caller owns the result and calls its deleter once.
/// InvalidArgument for struct element types.
RTCG_API DLManagedTensorVersioned* to_dlpack(const detail::ArrayData& array);
/// The same in the unversioned form, for consumers older than DLPack 1.0.
RTCG_API DLManagedTensor* to_dlpack_unversioned(const detail::ArrayData& array);

/// An array over `tensor`'s memory, taking the tensor over (see dlpack.hpp). BackendMismatch for
/// a tensor of the other GPU backend's device type; InvalidArgument for a null tensor, a major
/// version other than 1, a read-only tensor (rtcg arrays are writable), host memory, another
/// device, an element type rtcg lacks, a byte offset that is no multiple of the element size,
/// memory the tensor's extent does not fit in, or more dimensions than arrays have.
RTCG_API detail::ArrayData from_dlpack(const Context& context, DLManagedTensorVersioned* tensor);
/// The same for the unversioned form.
RTCG_API detail::ArrayData from_dlpack(const Context& context, DLManagedTensor* tensor);
/// The element type of a DLPack type; InvalidArgument for one rtcg lacks.
RTCG_API codegen::DType dtype_of(const DLDataType& type);

/// The array as a DLPack tensor; see to_dlpack(const detail::ArrayData&).
template <class T>
DLManagedTensorVersioned* to_dlpack(const Array<T>& array) {
    return to_dlpack(array.data());
}
/// The array as an unversioned DLPack tensor.
template <class T>
DLManagedTensor* to_dlpack_unversioned(const Array<T>& array) {
    return to_dlpack_unversioned(array.data());
}
/// An Array<T> over `tensor`'s memory, taking it over. InvalidArgument, before taking anything,
/// when its elements are not of T.
template <class T, class Tensor>
Array<T> from_dlpack(const Context& context, Tensor* tensor) {
    if (tensor && dtype_of(tensor->dl_tensor.dtype) != codegen::dtype_of<T>())
        throw InvalidArgument("the tensor holds " + std::string(dtype_of(tensor->dl_tensor.dtype).name()) + ", not " +
                                  std::string(codegen::dtype_of<T>().name()),
                              "dlpack::from_dlpack");
    return Array<T>::from_data(from_dlpack(context, tensor));
}

} // namespace rtcg::dlpack
