#include "cuda_queue.hpp"

#include "cuda_buffer.hpp"
#include "cuda_event.hpp"
#include "cuda_graph.hpp"
#include "cuda_image.hpp"
#include "cuda_kernel.hpp"

#include <rtcg/core/error.hpp>

#include <array>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace rtcg::cuda {
namespace {

CUdeviceptr device_address(const plugin::BufferImpl& buffer, std::size_t offset) {
    return static_cast<const CudaBuffer&>(buffer).address() + offset;
}

// What cuLaunchKernel's kernelParams holds for one argument: the address of its value. The
// array is void** in the driver's signature, but the driver only reads through it.
void* parameter_address(const plugin::KernelArgument& argument) noexcept {
    if (argument.buffer)
        return const_cast<CUdeviceptr*>(static_cast<const CudaBuffer*>(argument.buffer)->address_storage());
    return const_cast<void*>(argument.value);
}

std::string describe(const Dim3& dim) {
    return "(" + std::to_string(dim.x) + ", " + std::to_string(dim.y) + ", " + std::to_string(dim.z) + ")";
}

std::string describe_launch(const CudaKernel& kernel, const LaunchConfig& config) {
    return "launching kernel '" + kernel.name() + "' with grid " + describe(config.grid) + ", block " +
           describe(config.block) + " and " + std::to_string(config.dynamic_local_bytes) +
           " bytes of dynamic shared memory";
}

// cuLaunchKernel takes every size as unsigned int; a larger one would be silently truncated.
bool fits_launch(const LaunchConfig& config) noexcept {
    constexpr std::size_t largest = std::numeric_limits<unsigned int>::max();
    return (config.grid.x | config.grid.y | config.grid.z | config.block.x | config.block.y | config.block.z |
            config.dynamic_local_bytes) <= largest;
}

// One side of a rectangular copy: host memory or a device address.
struct RectSide {
    CUmemorytype type;
    const void* host;
    CUdeviceptr device;
};

RectSide host_side(const void* host) noexcept { return {CU_MEMORYTYPE_HOST, host, 0}; }
RectSide device_side(const plugin::BufferImpl& buffer) noexcept {
    return {CU_MEMORYTYPE_DEVICE, nullptr, device_address(buffer, 0)};
}

// The fields CUDA_MEMCPY2D and CUDA_MEMCPY3D share.
template <class Parameters>
void set_sides(Parameters& parameters, const RectSide& from, const RectSide& to, const RectCopy& copy) noexcept {
    parameters.srcXInBytes = copy.src.x_bytes;
    parameters.srcMemoryType = from.type;
    parameters.srcHost = from.host;
    parameters.srcDevice = from.device;
    parameters.srcPitch = copy.src.row_pitch;
    parameters.dstXInBytes = copy.dst.x_bytes;
    parameters.dstMemoryType = to.type;
    parameters.dstHost = const_cast<void*>(to.host);
    parameters.dstDevice = to.device;
    parameters.dstPitch = copy.dst.row_pitch;
    parameters.WidthInBytes = copy.region.width_bytes;
    parameters.Height = copy.region.height;
}

// Rows from the start of the memory to the side's origin row: its slice folded into rows (core
// checked that each slice pitch is a whole number of rows).
std::size_t origin_row(const RectLayout& side) noexcept { return side.y + side.z * (side.slice_pitch / side.row_pitch); }

// A single slice goes through cuMemcpy2DAsync, which has fewer restrictions than the 3-D call;
// several through cuMemcpy3DAsync, whose srcHeight/dstHeight are the rows per slice pitch.
void enqueue_rect(const DriverApi& api, CUstream stream, const RectSide& from, const RectSide& to,
                  const RectCopy& copy) {
    if (copy.region.depth == 1) {
        CUDA_MEMCPY2D parameters{};
        set_sides(parameters, from, to, copy);
        parameters.srcY = origin_row(copy.src);
        parameters.dstY = origin_row(copy.dst);
        check(api.cuMemcpy2DAsync(&parameters, stream), "cuMemcpy2DAsync");
        return;
    }
    CUDA_MEMCPY3D parameters{};
    set_sides(parameters, from, to, copy);
    parameters.srcY = copy.src.y;
    parameters.srcZ = copy.src.z;
    parameters.srcHeight = copy.src.slice_pitch / copy.src.row_pitch;
    parameters.dstY = copy.dst.y;
    parameters.dstZ = copy.dst.z;
    parameters.dstHeight = copy.dst.slice_pitch / copy.dst.row_pitch;
    parameters.Depth = copy.region.depth;
    check(api.cuMemcpy3DAsync(&parameters, stream), "cuMemcpy3DAsync");
}

const CudaImage& image_of(const plugin::ImageImpl& image) noexcept { return static_cast<const CudaImage&>(image); }

// The sides of a cuMemcpy3D: an array at a pixel, or tightly packed pixels of `box`'s extent in
// host or device memory.
void set_array_side(CUmemorytype& type, CUarray& array, std::size_t& x_bytes, std::size_t& y, std::size_t& z,
                    const CudaImage& image, const std::array<std::size_t, 3>& origin) noexcept {
    type = CU_MEMORYTYPE_ARRAY;
    array = image.array();
    x_bytes = origin[0] * image.format().pixel_bytes();
    y = origin[1];
    z = origin[2];
}

CUDA_MEMCPY3D box_copy(const CudaImage& image, const plugin::ImageBox& box) noexcept {
    CUDA_MEMCPY3D copy{};
    copy.WidthInBytes = box.extent[0] * image.format().pixel_bytes();
    copy.Height = box.extent[1];
    copy.Depth = box.extent[2];
    return copy;
}

// Launches with up to this many arguments build their parameter array on the stack.
constexpr std::size_t inline_parameter_capacity = 32;

} // namespace

CudaQueue::CudaQueue(const CudaContext& context) : context_(context), api_(context.api()) {
    context_.make_current();
    check(api_.cuStreamCreate(&stream_, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
}

CudaQueue::CudaQueue(const CudaContext& context, CUstream foreign) noexcept
    : context_(context), api_(context.api()), stream_(foreign), owned_(false) {}

// Work still queued completes; the driver frees the stream afterwards.
CudaQueue::~CudaQueue() {
    if (owned_ && context_.make_current_or_warn()) succeeded_or_warn(api_.cuStreamDestroy(stream_), "cuStreamDestroy");
}

void CudaQueue::write(plugin::BufferImpl& dst, std::size_t dst_offset, const void* src, std::size_t bytes,
                      bool blocking) {
    context_.make_current();
    check(api_.cuMemcpyHtoDAsync(device_address(dst, dst_offset), src, bytes, stream_), "cuMemcpyHtoDAsync");
    if (blocking) finish();
}

void CudaQueue::read(const plugin::BufferImpl& src, std::size_t src_offset, void* dst, std::size_t bytes,
                     bool blocking) {
    context_.make_current();
    check(api_.cuMemcpyDtoHAsync(dst, device_address(src, src_offset), bytes, stream_), "cuMemcpyDtoHAsync");
    if (blocking) finish();
}

void CudaQueue::copy(const plugin::BufferImpl& src, std::size_t src_offset, plugin::BufferImpl& dst,
                     std::size_t dst_offset, std::size_t bytes) {
    context_.make_current();
    check(api_.cuMemcpyDtoDAsync(device_address(dst, dst_offset), device_address(src, src_offset), bytes, stream_),
          "cuMemcpyDtoDAsync");
}

void CudaQueue::fill(plugin::BufferImpl& dst, std::size_t offset, std::size_t bytes, const void* pattern,
                     std::size_t pattern_size) {
    context_.make_current();
    const CUdeviceptr start = device_address(dst, offset);
    switch (pattern_size) {
    case 1: {
        std::uint8_t value;
        std::memcpy(&value, pattern, sizeof value);
        check(api_.cuMemsetD8Async(start, value, bytes, stream_), "cuMemsetD8Async");
        break;
    }
    case 2: {
        std::uint16_t value;
        std::memcpy(&value, pattern, sizeof value);
        check(api_.cuMemsetD16Async(start, value, bytes / sizeof value, stream_), "cuMemsetD16Async");
        break;
    }
    case 4: {
        std::uint32_t value;
        std::memcpy(&value, pattern, sizeof value);
        check(api_.cuMemsetD32Async(start, value, bytes / sizeof value, stream_), "cuMemsetD32Async");
        break;
    }
    case 8: {
        // The driver has no 64-bit memset. Viewed as rows 8 bytes apart, one 4-byte column set
        // to the pattern's first half and the next column to its second half fill the range.
        std::array<std::uint32_t, 2> halves;
        std::memcpy(halves.data(), pattern, sizeof halves);
        const std::size_t rows = bytes / 8;
        check(api_.cuMemsetD2D32Async(start, 8, halves[0], 1, rows, stream_), "cuMemsetD2D32Async");
        check(api_.cuMemsetD2D32Async(start + 4, 8, halves[1], 1, rows, stream_), "cuMemsetD2D32Async");
        break;
    }
    default:
        throw InvalidArgument("fill patterns are 1, 2, 4 or 8 bytes long, not " + std::to_string(pattern_size),
                              "Queue::fill");
    }
}

void CudaQueue::write_rect(plugin::BufferImpl& dst, const void* src, const RectCopy& copy, bool blocking) {
    context_.make_current();
    enqueue_rect(api_, stream_, host_side(src), device_side(dst), copy);
    if (blocking) finish();
}

void CudaQueue::read_rect(const plugin::BufferImpl& src, void* dst, const RectCopy& copy, bool blocking) {
    context_.make_current();
    enqueue_rect(api_, stream_, device_side(src), host_side(dst), copy);
    if (blocking) finish();
}

void CudaQueue::copy_rect(const plugin::BufferImpl& src, plugin::BufferImpl& dst, const RectCopy& copy) {
    context_.make_current();
    enqueue_rect(api_, stream_, device_side(src), device_side(dst), copy);
}

// The hot path, kept as close to a bare cuLaunchKernel as it can be: no allocation for up to
// inline_parameter_capacity arguments, no locks, no logging.
void CudaQueue::launch(plugin::KernelImpl& kernel_impl, const LaunchConfig& config,
                       std::span<const plugin::KernelArgument> args) {
    auto& kernel = static_cast<CudaKernel&>(kernel_impl);
    if (!fits_launch(config)) [[unlikely]]
        throw InvalidArgument(describe_launch(kernel, config) + ": CUDA takes no size above 2^32 - 1",
                              "Queue::launch");
    context_.make_current();
    kernel.allow_dynamic_shared_bytes(config.dynamic_local_bytes);

    std::array<void*, inline_parameter_capacity> inline_parameters;
    std::vector<void*> many_parameters;
    // A BufferView's pointer, the buffer's address plus the view's offset, needs a place of its
    // own for cuLaunchKernel to read it from.
    std::array<CUdeviceptr, inline_parameter_capacity> inline_views;
    std::vector<CUdeviceptr> many_views;
    void** parameters = inline_parameters.data();
    CUdeviceptr* views = inline_views.data();
    if (args.size() > inline_parameters.size()) [[unlikely]] {
        many_parameters.resize(args.size());
        many_views.resize(args.size());
        parameters = many_parameters.data();
        views = many_views.data();
    }
    for (std::size_t index = 0; index < args.size(); ++index) {
        const plugin::KernelArgument& argument = args[index];
        if (argument.buffer && argument.view_size != 0) [[unlikely]] {
            views[index] = device_address(*argument.buffer, argument.view_offset);
            parameters[index] = &views[index];
        } else {
            parameters[index] = parameter_address(argument);
        }
    }

    if (config.local_memory_carveout && api_.cuLaunchKernelEx) {
        launch_with_carveout(kernel, config, parameters);
        return;
    }
    const CUresult result = api_.cuLaunchKernel(
        kernel.function(), static_cast<unsigned>(config.grid.x), static_cast<unsigned>(config.grid.y),
        static_cast<unsigned>(config.grid.z), static_cast<unsigned>(config.block.x),
        static_cast<unsigned>(config.block.y), static_cast<unsigned>(config.block.z),
        static_cast<unsigned>(config.dynamic_local_bytes), stream_, parameters, nullptr);
    if (result != CUDA_SUCCESS) [[unlikely]]
        throw_driver_error(result, "cuLaunchKernel", describe_launch(kernel, config));
}

// The carveout is a launch attribute rather than the function's (cuFuncSetAttribute), so that
// launches of one function with different carveouts, from plans that share a compiled module,
// neither race nor overwrite each other's, and a captured launch keeps its own.
void CudaQueue::launch_with_carveout(const CudaKernel& kernel, const LaunchConfig& config, void** parameters) {
    CUlaunchAttribute carveout{};
    carveout.id = CU_LAUNCH_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT;
    carveout.value.sharedMemCarveout = *config.local_memory_carveout;
    CUlaunchConfig launch{};
    launch.gridDimX = static_cast<unsigned>(config.grid.x);
    launch.gridDimY = static_cast<unsigned>(config.grid.y);
    launch.gridDimZ = static_cast<unsigned>(config.grid.z);
    launch.blockDimX = static_cast<unsigned>(config.block.x);
    launch.blockDimY = static_cast<unsigned>(config.block.y);
    launch.blockDimZ = static_cast<unsigned>(config.block.z);
    launch.sharedMemBytes = static_cast<unsigned>(config.dynamic_local_bytes);
    launch.hStream = stream_;
    launch.attrs = &carveout;
    launch.numAttrs = 1;
    const CUresult result = api_.cuLaunchKernelEx(&launch, kernel.function(), parameters, nullptr);
    if (result != CUDA_SUCCESS) [[unlikely]]
        throw_driver_error(result, "cuLaunchKernelEx",
                           describe_launch(kernel, config) + " and a carveout of " +
                               std::to_string(*config.local_memory_carveout) + " percent");
}

std::unique_ptr<plugin::EventImpl> CudaQueue::record() { return std::make_unique<CudaEvent>(context_, stream_); }

void CudaQueue::wait_for(plugin::EventImpl& event) {
    context_.make_current();
    check(api_.cuStreamWaitEvent(stream_, static_cast<CudaEvent&>(event).handle(), CU_EVENT_WAIT_DEFAULT),
          "cuStreamWaitEvent");
}

bool CudaQueue::copy_peer(const plugin::BufferImpl& src, std::size_t src_offset, plugin::BufferImpl& dst,
                          std::size_t dst_offset, std::size_t bytes) {
    const CudaContext& from = static_cast<const CudaBuffer&>(src).context();
    const CudaContext& to = static_cast<const CudaBuffer&>(dst).context();
    from.enable_peer_access(to);
    context_.make_current();
    check(api_.cuMemcpyPeerAsync(device_address(dst, dst_offset), to.handle(), device_address(src, src_offset),
                                 from.handle(), bytes, stream_),
          "cuMemcpyPeerAsync");
    return true;
}

bool CudaQueue::wait_for_peer(plugin::EventImpl& event) {
    wait_for(event);
    return true;
}

std::unique_ptr<plugin::EventImpl> CudaQueue::record_ipc() { return CudaEvent::record_interprocess(context_, stream_); }

void CudaQueue::finish() {
    context_.make_current();
    check(api_.cuStreamSynchronize(stream_), "cuStreamSynchronize");
}

void CudaQueue::copy_3d(const CUDA_MEMCPY3D& copy) {
    context_.make_current();
    check(api_.cuMemcpy3DAsync(&copy, stream_), "cuMemcpy3DAsync");
}

void CudaQueue::write_image(plugin::ImageImpl& dst, const plugin::ImageBox& box, const void* host, bool blocking) {
    const CudaImage& image = image_of(dst);
    CUDA_MEMCPY3D copy = box_copy(image, box);
    copy.srcMemoryType = CU_MEMORYTYPE_HOST;
    copy.srcHost = host;
    copy.srcPitch = copy.WidthInBytes;
    copy.srcHeight = copy.Height;
    set_array_side(copy.dstMemoryType, copy.dstArray, copy.dstXInBytes, copy.dstY, copy.dstZ, image, box.origin);
    copy_3d(copy);
    if (blocking) finish();
}

void CudaQueue::read_image(const plugin::ImageImpl& src, const plugin::ImageBox& box, void* host, bool blocking) {
    const CudaImage& image = image_of(src);
    CUDA_MEMCPY3D copy = box_copy(image, box);
    set_array_side(copy.srcMemoryType, copy.srcArray, copy.srcXInBytes, copy.srcY, copy.srcZ, image, box.origin);
    copy.dstMemoryType = CU_MEMORYTYPE_HOST;
    copy.dstHost = host;
    copy.dstPitch = copy.WidthInBytes;
    copy.dstHeight = copy.Height;
    copy_3d(copy);
    if (blocking) finish();
}

void CudaQueue::copy_image(const plugin::ImageImpl& src, const plugin::ImageBox& box, plugin::ImageImpl& dst,
                           const std::array<std::size_t, 3>& dst_origin) {
    CUDA_MEMCPY3D copy = box_copy(image_of(src), box);
    set_array_side(copy.srcMemoryType, copy.srcArray, copy.srcXInBytes, copy.srcY, copy.srcZ, image_of(src), box.origin);
    set_array_side(copy.dstMemoryType, copy.dstArray, copy.dstXInBytes, copy.dstY, copy.dstZ, image_of(dst), dst_origin);
    copy_3d(copy);
}

void CudaQueue::copy_buffer_to_image(const plugin::BufferImpl& src, std::size_t src_offset, plugin::ImageImpl& dst,
                                     const plugin::ImageBox& box) {
    const CudaImage& image = image_of(dst);
    CUDA_MEMCPY3D copy = box_copy(image, box);
    copy.srcMemoryType = CU_MEMORYTYPE_DEVICE;
    copy.srcDevice = device_address(src, src_offset);
    copy.srcPitch = copy.WidthInBytes;
    copy.srcHeight = copy.Height;
    set_array_side(copy.dstMemoryType, copy.dstArray, copy.dstXInBytes, copy.dstY, copy.dstZ, image, box.origin);
    copy_3d(copy);
}

void CudaQueue::copy_image_to_buffer(const plugin::ImageImpl& src, const plugin::ImageBox& box, plugin::BufferImpl& dst,
                                     std::size_t dst_offset) {
    const CudaImage& image = image_of(src);
    CUDA_MEMCPY3D copy = box_copy(image, box);
    set_array_side(copy.srcMemoryType, copy.srcArray, copy.srcXInBytes, copy.srcY, copy.srcZ, image, box.origin);
    copy.dstMemoryType = CU_MEMORYTYPE_DEVICE;
    copy.dstDevice = device_address(dst, dst_offset);
    copy.dstPitch = copy.WidthInBytes;
    copy.dstHeight = copy.Height;
    copy_3d(copy);
}

std::unique_ptr<plugin::GraphImpl> CudaQueue::build_graph(std::span<const plugin::CapturedCommand> commands) {
    if (!api_.can_capture_graphs()) return nullptr;
    return capture_graph(context_, stream_, *this, commands);
}

} // namespace rtcg::cuda
