#include "element_reach.hpp"

#include <rtcg/arrays/dlpack.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/interop.hpp>

#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace rtcg::dlpack {
namespace {

constexpr const char* exporting = "dlpack::to_dlpack";
constexpr const char* importing = "dlpack::from_dlpack";

// The ABI as the specification lays it out on 64-bit platforms.
static_assert(sizeof(DLDevice) == 8 && sizeof(DLDataType) == 4);
static_assert(sizeof(DLTensor) == 48 && offsetof(DLTensor, byte_offset) == 40);
static_assert(sizeof(DLManagedTensor) == 64 && offsetof(DLManagedTensor, deleter) == 56);
static_assert(sizeof(DLManagedTensorVersioned) == 80 && offsetof(DLManagedTensorVersioned, dl_tensor) == 32);
static_assert(std::is_standard_layout_v<DLManagedTensorVersioned> && std::is_standard_layout_v<DLManagedTensor>);

// The device index DLPack names a device by: the last field of the selector ("cuda:1",
// "opencl:0:2"), which names exactly the context's device.
std::int32_t device_index(const Context& context) {
    const std::string& selector = context.selector();
    return static_cast<std::int32_t>(std::stoi(selector.substr(selector.rfind(':') + 1)));
}

DLDeviceType device_type_of(std::string_view backend) { return backend == "cuda" ? kDLCUDA : kDLOpenCL; }

std::string describe(DLDeviceType type) {
    switch (type) {
    case kDLCPU: return "host memory (kDLCPU)";
    case kDLCUDA: return "CUDA device memory (kDLCUDA)";
    case kDLCUDAHost: return "CUDA pinned host memory (kDLCUDAHost)";
    case kDLOpenCL: return "OpenCL memory (kDLOpenCL)";
    case kDLCUDAManaged: return "CUDA managed memory (kDLCUDAManaged)";
    default: return "memory of DLPack device type " + std::to_string(static_cast<int>(type));
    }
}

DLDataType dlpack_type_of(const codegen::DType& dtype) {
    const codegen::DType scalar = dtype.kind() == codegen::TypeKind::vector ? dtype.element() : dtype;
    DLDataType type{};
    switch (scalar.kind()) {
    case codegen::TypeKind::boolean: type.code = kDLBool; break;
    case codegen::TypeKind::signed_integer: type.code = kDLInt; break;
    case codegen::TypeKind::unsigned_integer: type.code = kDLUInt; break;
    case codegen::TypeKind::floating: type.code = kDLFloat; break;
    case codegen::TypeKind::complex: type.code = kDLComplex; break;
    default:
        throw InvalidArgument("arrays of " + std::string(dtype.name()) + " have no DLPack element type", exporting);
    }
    type.bits = static_cast<std::uint8_t>(scalar.size() * 8);
    type.lanes = static_cast<std::uint16_t>(dtype.lanes());
    return type;
}

// What a tensor from to_dlpack points into: the array (which keeps the memory), and the shape
// and strides the tensor's pointers point at.
template <class Managed>
struct Export {
    Managed managed{};
    detail::ArrayData array;
    std::vector<std::int64_t> shape;
    std::vector<std::int64_t> strides;

    explicit Export(const detail::ArrayData& exported) : array(exported) {
        for (std::size_t axis = 0; axis < array.shape().size(); ++axis) {
            shape.push_back(static_cast<std::int64_t>(array.shape()[axis]));
            strides.push_back(static_cast<std::int64_t>(array.strides()[axis]));
        }
        DLTensor& tensor = managed.dl_tensor;
        const Context& context = array.context();
        const std::string_view backend = interop::backend_of(context);
        tensor.device = {device_type_of(backend), device_index(context)};
        tensor.ndim = static_cast<std::int32_t>(shape.size());
        tensor.dtype = dlpack_type_of(array.dtype());
        tensor.shape = shape.data();
        tensor.strides = strides.data();
        // An empty array may have no device memory at all; nothing reads through its pointer.
        if (array.size() != 0) {
            const NativeHandle memory = interop::native_buffer(array.buffer(), backend);
            tensor.data = reinterpret_cast<void*>(static_cast<std::uintptr_t>(memory));
            tensor.byte_offset = array.offset() * array.dtype().size();
        }
        managed.manager_ctx = this;
        managed.deleter = [](Managed* self) { delete static_cast<Export*>(self->manager_ctx); };
    }
};

template <class Managed>
Managed* export_array(const detail::ArrayData& array) {
    // The consumer reads on its own stream or queue, which knows nothing of rtcg's.
    if (array.size() != 0) detail::current_queue(array.context()).finish();
    auto exported = std::make_unique<Export<Managed>>(array);
    if constexpr (std::is_same_v<Managed, DLManagedTensorVersioned>) exported->managed.version = version;
    return &exported.release()->managed;
}

void check_device(const Context& context, const DLDevice& device) {
    const std::string_view backend = interop::backend_of(context);
    const bool ours = backend == "cuda" ? device.device_type == kDLCUDA || device.device_type == kDLCUDAManaged
                                        : device.device_type == kDLOpenCL;
    if (!ours) {
        const bool other_backend = backend == "cuda" ? device.device_type == kDLOpenCL
                                                     : device.device_type == kDLCUDA ||
                                                           device.device_type == kDLCUDAManaged;
        const std::string why = "the tensor is in " + describe(device.device_type) + ", which a " +
                                std::string(backend) + " context cannot use without a copy";
        if (other_backend) throw BackendMismatch(why, importing);
        throw InvalidArgument(why, importing);
    }
    if (device.device_id != device_index(context))
        throw InvalidArgument("the tensor is on device " + std::to_string(device.device_id) + ", the context (" +
                                  context.selector() + ") on device " + std::to_string(device_index(context)),
                              importing);
}

// DLPack's reading of null strides. The shape was checked to span at most PTRDIFF_MAX bytes.
std::vector<std::ptrdiff_t> c_order_strides(const std::vector<std::size_t>& shape) {
    std::vector<std::ptrdiff_t> strides(shape.size());
    std::ptrdiff_t step = 1;
    for (std::size_t axis = shape.size(); axis-- > 0;) {
        strides[axis] = step;
        step *= static_cast<std::ptrdiff_t>(shape[axis]);
    }
    return strides;
}

// Takes `managed` over once the array over it exists; until then the caller owns it, so the
// release callback of a buffer that goes before that runs no deleter.
template <class Managed>
detail::ArrayData import_tensor(const Context& context, Managed* managed) {
    const DLTensor& tensor = managed->dl_tensor;
    check_device(context, tensor.device);
    const codegen::DType dtype = dtype_of(tensor.dtype);
    if (tensor.ndim < 0 || static_cast<std::size_t>(tensor.ndim) > detail::max_dimensions)
        throw InvalidArgument("the tensor has " + std::to_string(tensor.ndim) + " dimensions; arrays have 0 to " +
                                  std::to_string(detail::max_dimensions),
                              importing);
    const auto ndim = static_cast<std::size_t>(tensor.ndim);
    if (ndim > 0 && !tensor.shape) throw InvalidArgument("the tensor's shape is null", importing);
    std::vector<std::size_t> shape(ndim);
    std::vector<std::ptrdiff_t> strides;
    for (std::size_t axis = 0; axis < ndim; ++axis) {
        if (tensor.shape[axis] < 0)
            throw InvalidArgument("the tensor's extent " + std::to_string(tensor.shape[axis]) + " is negative",
                                  importing);
        shape[axis] = static_cast<std::size_t>(tensor.shape[axis]);
        if (tensor.strides) strides.push_back(static_cast<std::ptrdiff_t>(tensor.strides[axis]));
    }
    const std::size_t count = detail::checked_element_count(importing, shape, dtype);
    const auto call_deleter = [managed] {
        if (managed->deleter) managed->deleter(managed);
    };
    if (count == 0) {
        // No memory to keep: the tensor is done with at once.
        detail::ArrayData empty(context.allocate(0), dtype, std::move(shape), std::move(strides), 0);
        call_deleter();
        return empty;
    }
    if (!tensor.data) throw InvalidArgument("the tensor's data is null", importing);
    if (tensor.byte_offset % dtype.size() != 0)
        throw InvalidArgument("the tensor's byte offset " + std::to_string(tensor.byte_offset) +
                                  " is no multiple of its element size, " + std::to_string(dtype.size()),
                              importing);
    const auto offset = static_cast<std::size_t>(tensor.byte_offset / dtype.size());
    if (strides.empty()) strides = c_order_strides(shape);
    const auto [first, end] = detail::checked_reach(importing, shape, strides, offset);
    if (first < 0)
        throw InvalidArgument("the tensor's strides reach " + std::to_string(-first) +
                                  " elements before its data pointer",
                              importing);
    const auto bytes = static_cast<std::size_t>(end) * dtype.size();

    auto adopted = std::make_shared<bool>(false);
    Buffer buffer = interop::import_buffer(context, interop::backend_of(context),
                                           reinterpret_cast<std::uintptr_t>(tensor.data), bytes,
                                           [adopted, call_deleter] {
                                               if (*adopted) call_deleter();
                                           });
    detail::ArrayData array(std::move(buffer), dtype, std::move(shape), std::move(strides), offset);
    *adopted = true;
    return array;
}

} // namespace

codegen::DType dtype_of(const DLDataType& type) {
    const auto unsupported = [&] {
        return InvalidArgument("DLPack element type (code " + std::to_string(type.code) + ", " +
                                   std::to_string(type.bits) + " bits, " + std::to_string(type.lanes) +
                                   " lanes) has no rtcg element type",
                               importing);
    };
    std::optional<codegen::DType> scalar;
    switch (type.code) {
    case kDLBool:
        if (type.bits == 8) scalar = codegen::DType::boolean();
        break;
    case kDLInt:
        if (type.bits == 8) scalar = codegen::DType::int8();
        if (type.bits == 16) scalar = codegen::DType::int16();
        if (type.bits == 32) scalar = codegen::DType::int32();
        if (type.bits == 64) scalar = codegen::DType::int64();
        break;
    case kDLUInt:
        if (type.bits == 8) scalar = codegen::DType::uint8();
        if (type.bits == 16) scalar = codegen::DType::uint16();
        if (type.bits == 32) scalar = codegen::DType::uint32();
        if (type.bits == 64) scalar = codegen::DType::uint64();
        break;
    case kDLFloat:
        if (type.bits == 32) scalar = codegen::DType::float32();
        if (type.bits == 64) scalar = codegen::DType::float64();
        break;
    case kDLComplex:
        if (type.bits == 64) scalar = codegen::DType::complex64();
        if (type.bits == 128) scalar = codegen::DType::complex128();
        break;
    default: break;
    }
    if (!scalar) throw unsupported();
    if (type.lanes == 1) return *scalar;
    if ((type.lanes == 2 || type.lanes == 4) && scalar->kind() != codegen::TypeKind::boolean &&
        !scalar->is_complex())
        return codegen::DType::vector(*scalar, type.lanes);
    throw unsupported();
}

DLManagedTensorVersioned* to_dlpack(const detail::ArrayData& array) {
    return export_array<DLManagedTensorVersioned>(array);
}

DLManagedTensor* to_dlpack_unversioned(const detail::ArrayData& array) {
    return export_array<DLManagedTensor>(array);
}

detail::ArrayData from_dlpack(const Context& context, DLManagedTensorVersioned* tensor) {
    if (!tensor) throw InvalidArgument("the tensor is null", importing);
    if (tensor->version.major != version.major)
        throw InvalidArgument("the tensor is of DLPack " + std::to_string(tensor->version.major) + "." +
                                  std::to_string(tensor->version.minor) + "; rtcg reads DLPack " +
                                  std::to_string(version.major) + ".x",
                              importing);
    if (tensor->flags & flag_read_only)
        throw InvalidArgument("the tensor is read-only, and rtcg arrays are writable", importing);
    return import_tensor(context, tensor);
}

detail::ArrayData from_dlpack(const Context& context, DLManagedTensor* tensor) {
    if (!tensor) throw InvalidArgument("the tensor is null", importing);
    return import_tensor(context, tensor);
}

} // namespace rtcg::dlpack
