#pragma once
// The contract between rtcg's core and a backend plug-in (librtcg-cuda.so, librtcg-opencl.so).
//
// A plug-in is a shared library that links librtcg.so (for the error types and the logger) and
// exports one C entry point, `rtcg_plugin_create`, returning its Backend singleton. Core never
// calls a backend API itself; everything device-specific goes through these classes.
//
// Threading: Backend and ContextImpl methods may be called from several host threads at once.
// A QueueImpl is used by one thread at a time. KernelImpl launches may come from several
// threads at once, each on its own queue: a backend whose kernel objects hold argument state
// (OpenCL) must serialise set-arguments-and-enqueue per kernel.
//
// Validation split: core checks what it can see (bounds of copies, launch geometry against the
// device's and the kernel's limits, arguments against the kernel's parameters as the backend
// reports them, same-context use), so backends receive consistent requests; backends still
// check every return code of the API they call.
#include <rtcg/core/compiled_binary.hpp>
#include <rtcg/core/plugin/captured_command.hpp>
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>
#include <rtcg/core/image.hpp>
#include <rtcg/core/interop.hpp>
#include <rtcg/core/ipc.hpp>
#include <rtcg/core/kernel_argument.hpp>
#include <rtcg/core/kernel_attributes.hpp>
#include <rtcg/core/launch.hpp>
#include <rtcg/core/mapped_host_buffer.hpp>
#include <rtcg/core/occupancy.hpp>
#include <rtcg/core/queue_options.hpp>
#include <rtcg/core/rect_copy.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rtcg::plugin {

// Bumped whenever a class below changes shape; core refuses plug-ins built for another one.
inline constexpr std::uint32_t abi_version = 10;

// A backend object's own handle as an integer, as rtcg/core/interop.hpp describes: a CUdeviceptr,
// a CUdevice, or an object pointer (CUstream, CUcontext, cl_mem, cl_command_queue, ...) through
// std::uintptr_t.
using rtcg::NativeContextHandles;
using rtcg::NativeHandle;
// CUDA IPC's handles (rtcg/core/ipc.hpp), filled in and read by the plug-in as they are.
using rtcg::IpcEventHandle;
using rtcg::IpcMemoryHandle;

// Shared ownership: a Buffer and every graph (rtcg/core/graph.hpp) that uses the memory hold it,
// and core finds the owner of a kernel argument's buffer through shared_from_this().
class RTCG_API BufferImpl : public std::enable_shared_from_this<BufferImpl> {
public:
    virtual ~BufferImpl() = default;
    virtual std::size_t size() const noexcept = 0;
    // The CUdeviceptr of the first byte, or the cl_mem.
    virtual NativeHandle native_handle() const noexcept = 0;
};

// Page-locked host memory, mapped for fast transfers.
class RTCG_API HostBufferImpl {
public:
    virtual ~HostBufferImpl() = default;
    virtual void* data() noexcept = 0;
    virtual std::size_t size() const noexcept = 0;
};

// Core's side of a host callback (rtcg/core/queue.hpp, host_function). A driver thread calls done()
// exactly once, when the work it waits for has ended; done() only hands the callback to core's own
// thread, calls no driver API and does not throw.
class RTCG_API HostNotification {
public:
    // `failed`: the work ended in an error (OpenCL: a negative execution status; CUDA: an error
    // status for the stream).
    virtual void done(bool failed) noexcept = 0;

protected:
    ~HostNotification() = default;
};

class RTCG_API EventImpl {
public:
    virtual ~EventImpl() = default;
    virtual void wait() = 0;
    virtual bool is_complete() = 0;
    // Has a driver thread call `notification.done` once the event has happened, even if this
    // object is destroyed first. Throws, having registered nothing, where the driver refuses.
    virtual void notify_when_done(HostNotification& notification) = 0;
    // Milliseconds from `start` (recorded earlier, same context) to this event. Both must have
    // completed (callers wait first).
    virtual double elapsed_ms_since(EventImpl& start) = 0;

    // CUDA IPC (rtcg/core/ipc.hpp): the handle of an event QueueImpl::record_ipc made. Nothing
    // where the backend has no IPC; InvalidArgument for an event made otherwise.
    virtual std::optional<IpcEventHandle> export_ipc() { return {}; }
};

// The public types a plug-in fills in or receives as they are (rtcg/core/kernel_attributes.hpp,
// kernel_argument.hpp, compiled_binary.hpp). A KernelArgument's `value` points at `size` bytes
// that stay valid for the duration of the launch call.
using rtcg::CompiledBinary;
using rtcg::KernelArgument;
using rtcg::KernelAttributes;
using rtcg::BlockSuggestion;

// What a kernel parameter takes, as far as the backend can tell.
enum class ParameterKind : std::uint8_t {
    unknown,        // the backend cannot tell: only the size is checked, where it is known
    value,          // a value passed by copy: a scalar, a vector, a struct
    global_pointer, // a pointer to global (or constant) memory: takes a Buffer
    local_pointer,  // OpenCL's __local pointer: takes no argument; the launch's dynamic local
                    // memory reaches the kernel's last parameter if it is one
};

struct KernelParameter {
    ParameterKind kind = ParameterKind::unknown;
    std::size_t size = 0;    // in bytes; 0 where the backend cannot tell (OpenCL)
    std::string declaration; // as the driver or the source names it ("__global float*", "int n");
                             // empty where neither does
};

class RTCG_API KernelImpl {
public:
    virtual ~KernelImpl() = default;
    virtual const std::string& name() const noexcept = 0;
    virtual KernelAttributes attributes() const = 0;
    // Number of parameters (SIZE_MAX where the driver cannot tell, e.g. CUDA drivers before
    // 12.4), and what each one takes: one entry per parameter where the count is known, else
    // none. Each backend's header says where its kinds and sizes come from.
    virtual std::size_t parameter_count() const noexcept = 0;
    virtual const std::vector<KernelParameter>& parameters() const noexcept = 0;

    // Occupancy (rtcg/core/occupancy.hpp): the driver's answer, or nothing where it has no query
    // (core then estimates from attributes() and the device). `block` is at least 1 and at most
    // the kernel's max_threads_per_block; the local memory fits the device (core checked).
    virtual std::optional<std::size_t> active_blocks_per_compute_unit(std::size_t, std::size_t) { return {}; }
    virtual std::optional<BlockSuggestion> suggest_block_size(std::size_t) { return {}; }
};

class RTCG_API ModuleImpl {
public:
    virtual ~ModuleImpl() = default;
    // Throws InvalidArgument naming the kernels the module does have when `name` is unknown.
    virtual std::unique_ptr<KernelImpl> kernel(const std::string& name) = 0;
    virtual std::vector<std::string> kernel_names() const = 0;
};

// Images (rtcg/core/image.hpp): a CUDA array or an OpenCL image object.
using rtcg::ImageFormat;
using rtcg::ImageShape;
using rtcg::Sampler;

// The bytes of the kernel arguments that pass an image: each at most 32 bytes.
struct ImageKernelArguments {
    std::array<std::array<std::byte, 32>, 2> bytes{};
    std::array<std::size_t, 2> sizes{};
};

class RTCG_API ImageImpl {
public:
    virtual ~ImageImpl() = default;
    // The CUarray or the cl_mem.
    virtual NativeHandle native_handle() const noexcept = 0;
    // The two arguments of a sampled read: a texture object and the image's extents on CUDA, the
    // cl_mem and a cl_sampler on OpenCL (as the prelude's RTCG_IMAGE*D declares them). Core has
    // checked the sampler against the rules of image.hpp. The handles made for it live as long
    // as the image.
    virtual ImageKernelArguments sampled_arguments(const Sampler& sampler) = 0;
    // The one argument of a write (the first entry): a surface object and the format on CUDA,
    // the cl_mem on OpenCL.
    virtual ImageKernelArguments storage_arguments() = 0;
};

// A box of pixels: origin and extent along x, y, z (unused axes 0 and 1). Core checked it lies
// inside the image(s) and, for buffers, inside the buffer.
struct ImageBox {
    std::array<std::size_t, 3> origin{};
    std::array<std::size_t, 3> extent{};
};

// A graph a backend built of captured commands (QueueImpl::build_graph).
class RTCG_API GraphImpl {
public:
    virtual ~GraphImpl() = default;
    // Queues the whole graph on `queue`, a queue of the graph's context (core checked). Returns
    // false where the graph cannot run on that queue now (another queue than the one it was built
    // for, or still running where the backend cannot run it twice at once); core then queues the
    // captured commands one by one instead.
    virtual bool launch(QueueImpl& queue) = 0;
    // What replays it: "cuda graph", "cl_khr_command_buffer".
    virtual std::string_view kind() const noexcept = 0;
};

class RTCG_API QueueImpl {
public:
    virtual ~QueueImpl() = default;
    // Offsets and sizes are already bounds-checked by core. `blocking == false` returns once
    // the transfer is queued; the host memory must then stay valid until it completes.
    virtual void write(BufferImpl& dst, std::size_t dst_offset, const void* src, std::size_t bytes,
                       bool blocking) = 0;
    virtual void read(const BufferImpl& src, std::size_t src_offset, void* dst, std::size_t bytes,
                      bool blocking) = 0;
    virtual void copy(const BufferImpl& src, std::size_t src_offset, BufferImpl& dst,
                      std::size_t dst_offset, std::size_t bytes) = 0;
    // `pattern_size` is 1, 2, 4 or 8 and divides both `offset` and `bytes`.
    virtual void fill(BufferImpl& dst, std::size_t offset, std::size_t bytes, const void* pattern,
                      std::size_t pattern_size) = 0;
    // `args` match the kernel's parameters as far as KernelImpl::parameters() tells (core
    // checked); grid and block are non-empty and within the device's limits, and a local-memory
    // carveout is at most 100, which a backend whose split is the driver's ignores (and whose
    // DeviceInfo::applies_local_memory_carveout says so). On OpenCL, a non-zero
    // dynamic_local_bytes becomes one extra `__local` argument.
    virtual void launch(KernelImpl& kernel, const LaunchConfig& config,
                        std::span<const KernelArgument> args) = 0;
    virtual std::unique_ptr<EventImpl> record() = 0;
    // Later work on this queue waits for `event` (which may come from another queue).
    virtual void wait_for(EventImpl& event) = 0;
    // Later work on this queue waits for all work queued on it before (out-of-order queues; an
    // in-order queue may do nothing).
    virtual void barrier() = 0;
    // Whether the queue may run its commands out of order (rtcg/core/queue_options.hpp).
    virtual bool out_of_order() const noexcept = 0;
    virtual void finish() = 0;
    // The CUstream or cl_command_queue work goes to.
    virtual NativeHandle native_handle() const noexcept = 0;

    // Memory kinds and copies (rtcg/core/rect_copy.hpp). Core resolved every pitch (none is 0)
    // and checked that each side's box lies inside its buffer or host memory, that no extent is
    // 0, and that a copy within one buffer does not overlap itself.
    virtual void write_rect(BufferImpl& dst, const void* src, const RectCopy& copy, bool blocking) = 0;
    virtual void read_rect(const BufferImpl& src, void* dst, const RectCopy& copy, bool blocking) = 0;
    virtual void copy_rect(const BufferImpl& src, BufferImpl& dst, const RectCopy& copy) = 0;

    // Images. Pixels on the host and in buffers are tightly packed (x fastest); `host` holds the
    // box's pixels. `blocking == false`: as for write and read.
    virtual void write_image(ImageImpl& dst, const ImageBox& box, const void* host, bool blocking) = 0;
    virtual void read_image(const ImageImpl& src, const ImageBox& box, void* host, bool blocking) = 0;
    // Both images have the same format; `dst_origin` + the box's extent lies inside `dst`.
    virtual void copy_image(const ImageImpl& src, const ImageBox& box, ImageImpl& dst,
                            const std::array<std::size_t, 3>& dst_origin) = 0;
    virtual void copy_buffer_to_image(const BufferImpl& src, std::size_t src_offset, ImageImpl& dst,
                                      const ImageBox& box) = 0;
    virtual void copy_image_to_buffer(const ImageImpl& src, const ImageBox& box, BufferImpl& dst,
                                      std::size_t dst_offset) = 0;

    // Copies between contexts (rtcg/core/peer.hpp). `src` and `dst` belong to two contexts of this
    // backend, one of them this queue's; ranges are checked as for copy(). Queues the copy in order
    // on this queue and returns true, or returns false, queueing nothing, where the backend has no
    // direct path: core then stages the copy through host memory.
    virtual bool copy_peer(const BufferImpl&, std::size_t, BufferImpl&, std::size_t, std::size_t) { return false; }
    // Later work waits for `event` of another context of this backend; false, waiting for
    // nothing, where the backend cannot wait for another context's events on the device.
    virtual bool wait_for_peer(EventImpl&) { return false; }
    // CUDA IPC: an event that can be exported to another process, recorded like record()'s;
    // null where the backend has no IPC.
    virtual std::unique_ptr<EventImpl> record_ipc() { return nullptr; }
    // Graphs (rtcg/core/graph.hpp): a native graph of `commands` (never empty), built with this
    // queue, or null where the backend has no native form for them; core then replays them with
    // plugin::enqueue_commands. The buffers and kernels the commands name outlive the result.
    // Throws a typed rtcg::Error where the driver refuses the graph; the queue stays usable.
    virtual std::unique_ptr<GraphImpl> build_graph(std::span<const CapturedCommand> commands) {
        static_cast<void>(commands);
        return nullptr;
    }
};

struct CompileRequest {
    std::string source;
    std::vector<std::string> options; // user options and -D defines, in the backend's syntax
    bool debug = false;               // add the backend's device-debug flags
    // Headers `#include "name"` finds, as (name, contents), sorted by name; core checked each name
    // is a relative path without "..", empty parts or characters a path or an #include line
    // cannot hold.
    std::vector<std::pair<std::string, std::string>> headers;
};

// One translation unit of a link: a source to compile as relocatable code, or a binary object
// (core checked it is not empty). Units are linked in their order.
struct LinkUnit {
    CompileRequest request;        // a source unit's; empty for a binary unit
    std::vector<std::byte> binary; // a binary unit's bytes; empty for a source unit

    bool is_binary() const noexcept { return !binary.empty(); }
};

struct LinkRequest {
    std::vector<LinkUnit> units; // at least one (core checked)
    bool debug = false;          // as CompileRequest::debug, for the link step
};

// The sources a module was built from, whose definitions tell its kernels' parameters apart: the
// one request of a compile, the source units' of a link.
using SourcesOfModule = std::shared_ptr<const std::vector<CompileRequest>>;

inline SourcesOfModule sources_of(const CompileRequest& request) {
    return std::make_shared<const std::vector<CompileRequest>>(1, request);
}

inline SourcesOfModule sources_of(const LinkRequest& request) {
    auto sources = std::make_shared<std::vector<CompileRequest>>();
    for (const auto& unit : request.units)
        if (!unit.is_binary()) sources->push_back(unit.request);
    return sources;
}

struct CompileResult {
    std::unique_ptr<ModuleImpl> module; // ready to use, so a fresh compile costs no reload
    CompiledBinary binary;
};

// Memory kinds and copies.
struct PitchedAllocation {
    std::unique_ptr<BufferImpl> buffer; // pitch * rows bytes
    std::size_t pitch = 0;              // bytes from one row to the next, at least the width
};

// Host memory kernels use in place: `host` owns the memory and gives the host access to it,
// `buffer` is how kernels and copies reach it (it frees nothing and goes first).
class RTCG_API MappedMemoryImpl {
public:
    virtual ~MappedMemoryImpl() = default;
    // The host address of the memory, valid once the work queued on `queue` so far has finished
    // (the call waits for it) until unmap() is queued; kernels must not use the memory meanwhile.
    virtual void* map(QueueImpl& queue) = 0;
    // Gives the memory back to kernels: work queued on `queue` afterwards sees the host's writes.
    virtual void unmap(QueueImpl& queue, void* data) = 0;
    // Hints for managed memory; backends without them do nothing.
    virtual void prefetch(QueueImpl&, MemoryLocation) {}
    virtual void advise(MemoryAdvice) {}
};

struct MappedAllocation {
    std::unique_ptr<MappedMemoryImpl> host;
    std::unique_ptr<BufferImpl> buffer;
};

class RTCG_API ContextImpl {
public:
    virtual ~ContextImpl() = default;
    virtual const DeviceInfo& device() const noexcept = 0;
    // Everything besides source and options that decides what a compile produces: device
    // architecture, driver and compiler versions. Part of the compile-cache key.
    virtual std::string compiler_identity() const = 0;

    // True where dynamic local memory travels as one extra trailing kernel argument (OpenCL's
    // `__local` pointer) rather than as a launch parameter (CUDA); core counts it when checking
    // a launch's arguments.
    virtual bool dynamic_local_is_argument() const noexcept { return false; }

    // `order` is out_of_order only where DeviceInfo::out_of_order_queues (core checks).
    virtual std::unique_ptr<QueueImpl> create_queue(QueueOrder order) = 0;
    virtual std::unique_ptr<BufferImpl> allocate(std::size_t bytes) = 0;
    virtual std::unique_ptr<HostBufferImpl> allocate_host(std::size_t bytes) = 0;

    // The context, device and platform (0 where the backend has none) as native handles.
    virtual NativeContextHandles native_handles() const noexcept = 0;
    // Memory made outside rtcg, `bytes` long from `memory` (never 0 bytes, never a null handle:
    // core checks), used without taking it over: the result frees nothing of it. Throws
    // InvalidArgument when the driver says `memory` belongs to another context or device, is
    // shorter than `bytes`, or is no memory object at all.
    virtual std::unique_ptr<BufferImpl> import_buffer(NativeHandle memory, std::size_t bytes) = 0;
    // A stream or command queue made outside rtcg, used without taking it over (it is neither
    // destroyed nor released for good), in order or not as it was made. InvalidArgument when it
    // belongs to another context or device.
    virtual std::unique_ptr<QueueImpl> import_queue(NativeHandle queue) = 0;

    // Throws CompileError (with the full log and the source lines it points at).
    virtual CompileResult compile(const CompileRequest& request) = 0;
    // Loads a binary produced by compile() with the same options. Throws BackendError when the
    // driver rejects it (core then recompiles from source).
    virtual std::unique_ptr<ModuleImpl> load(std::span<const std::byte> binary,
                                             const CompileRequest& request) = 0;

    // Memory kinds and copies.
    // `rows` rows of `width_bytes` (both non-zero, product checked by core), each row starting a
    // pitch after the previous one: the pitch the device prefers for rows of that width.
    virtual PitchedAllocation allocate_pitched(std::size_t width_bytes, std::size_t rows) = 0;
    // Host memory that kernels read and write in place (never 0 bytes). Throws OutOfMemory, or
    // InvalidArgument where the device cannot map host memory.
    virtual MappedAllocation allocate_mapped(std::size_t bytes) = 0;
    // Managed memory of `coherence`, which DeviceInfo says the device has (core checked); never
    // 0 bytes. Throws OutOfMemory.
    virtual MappedAllocation allocate_managed(std::size_t bytes, Coherence coherence) = 0;

    // Images. Whether the device holds `format` in a `dimensions`-D image that kernels read and
    // write (channels 1, 2 or 4 and dimensions 1 to 3: core checked).
    virtual bool supports_image_format(const ImageFormat& format, unsigned dimensions) = 0;
    // A new image of a supported format. Throws InvalidArgument for extents past the device's
    // largest image of that dimensionality.
    virtual std::unique_ptr<ImageImpl> create_image(const ImageFormat& format, const ImageShape& shape) = 0;

    // Copies between contexts: whether this context's device reaches `peer`'s memory directly
    // (`peer` is another context of this backend). False by default.
    virtual bool can_access_peer(ContextImpl&) { return false; }

    // CUDA IPC (rtcg/core/ipc.hpp). Nothing (or null) where the backend has no IPC.
    // The handle of the allocation `buffer` lies in, with the buffer's offset in it; core fills in
    // the size. InvalidArgument for memory the driver cannot share.
    virtual std::optional<IpcMemoryHandle> export_ipc(const BufferImpl&) { return {}; }
    // Another process's memory as a buffer that unmaps it when destroyed. InvalidArgument for a
    // handle the driver cannot open, or an offset and size past the allocation's end.
    virtual std::unique_ptr<BufferImpl> open_ipc(const IpcMemoryHandle&) { return nullptr; }
    // Another process's event. InvalidArgument for a handle the driver cannot open.
    virtual std::unique_ptr<EventImpl> open_ipc_event(const IpcEventHandle&) { return nullptr; }

    // Modules of several units (Module::link). The units a request's binary came from tell the
    // kernels' parameters apart, as CompileRequest's source does for compile().
    // `request.source` compiled into relocatable code that link() takes as a binary unit. Throws
    // CompileError.
    virtual CompiledBinary compile_object(const CompileRequest& request) = 0;
    // Compiles each source unit and links them with the binary units into one module. Throws
    // CompileError naming the unit (its index from 0) that failed to compile, InvalidArgument for
    // a binary unit of a kind the backend does not link, LinkError with the linker's log when the
    // units do not link.
    virtual CompileResult link(const LinkRequest& request) = 0;
    // Loads a binary produced by link() from the same request. Throws BackendError when the driver
    // rejects it (core then links again).
    virtual std::unique_ptr<ModuleImpl> load_linked(std::span<const std::byte> binary, const LinkRequest& request) = 0;
    // A module from SPIR-V (core checked the magic number). Throws InvalidArgument where the device
    // takes no SPIR-V (DeviceInfo::il_versions), BackendError when the driver rejects the module.
    virtual std::unique_ptr<ModuleImpl> load_il(std::span<const std::byte> il, const CompileRequest& request) = 0;
};

// Compiles for a named target without a device, e.g. NVRTC for "sm_90" on a machine with no
// NVIDIA driver. Used by compile-only tests and for ahead-of-time builds.
class RTCG_API OfflineCompiler {
public:
    virtual ~OfflineCompiler() = default;
    virtual std::string identity() const = 0;
    virtual CompiledBinary compile(const CompileRequest& request) = 0;
};

struct DeviceEntry {
    std::string platform;         // platform name ("NVIDIA CUDA" for the CUDA backend)
    std::string platform_vendor;
    std::size_t platform_index = 0;
    std::size_t device_index = 0; // within the platform
    DeviceInfo info;
};

class RTCG_API Backend {
public:
    virtual ~Backend() = default;
    // The name selectors start with ("cuda", "opencl"), and the `librtcg-<name>.so` it comes in.
    virtual std::string_view name() const noexcept = 0;
    // Whether the backend groups its devices in platforms: a selector is then
    // <name>[:PLATFORM[:DEVICE]], else <name>[:DEVICE], each field an index or part of a name.
    virtual bool has_platforms() const noexcept = 0;
    // Where `device` comes in the default choice among every backend's devices, lowest first
    // (equal ranks keep the order of the backends): 0 a GPU through its vendor's own API, 1 a GPU
    // through a portable one, 2 a CPU, 3 anything else.
    virtual int preference(const DeviceInfo& device) const noexcept = 0;
    // Every usable device. Throws BackendUnavailable with the reason (driver library missing,
    // no platform, no device) when there are none.
    virtual std::vector<DeviceEntry> devices() = 0;
    virtual std::unique_ptr<ContextImpl> create_context(const DeviceEntry& device) = 0;
    // Targets an offline compiler accepts (NVRTC's sm_XX list); empty when the backend has none.
    virtual std::vector<std::string> offline_targets() = 0;
    // Throws BackendUnavailable when offline compilation is impossible, InvalidArgument for an
    // unknown target.
    virtual std::unique_ptr<OfflineCompiler> offline_compiler(std::string_view target) = 0;
};

} // namespace rtcg::plugin

// The one symbol a plug-in exports. Returns its Backend (owned by the plug-in, alive until the
// process ends), or nullptr when `core_abi_version` is not the ABI it was built for.
extern "C" {
using rtcg_plugin_create_fn = rtcg::plugin::Backend* (*)(std::uint32_t core_abi_version);
}
#define RTCG_PLUGIN_ENTRY_POINT "rtcg_plugin_create"
