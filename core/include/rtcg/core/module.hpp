#pragma once
/// \file
/// A program compiled from a source string (the papers' SourceModule), served from the compile
/// cache when the same source, options and device were compiled before.
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>
#include <rtcg/core/kernel.hpp>

#include <cstddef>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rtcg {

/// Text that a compile puts in front of the source, written for the device compiled for. The
/// portable prelude, rtcg::codegen::portable_prelude(), is one: with it, one source compiles in
/// every backend's dialect.
using SourcePrelude = std::function<std::string(const DeviceInfo& device)>;

/// Options of a compile.
///
/// \code
///   ctx.compile(source, {.defines = {{"N", "64"}}, .prelude = rtcg::codegen::portable_prelude()});
/// \endcode
struct CompileOptions {
    /// Passed to the compiler as written (NVRTC or clBuildProgram syntax).
    std::vector<std::string> options = {};
    /// Preprocessor definitions, each passed as -DNAME=VALUE (or -DNAME when VALUE is empty).
    std::vector<std::pair<std::string, std::string>> defines = {};
    /// When set, its text for the device goes before the source, followed by `#line 1`, so that
    /// compiler messages and CompileError's excerpt keep the source's own line numbers.
    SourcePrelude prelude = {};
    /// Headers held in memory, by name: `#include "my.h"` in the source (or in another of them)
    /// finds `headers["my.h"]` on every backend, before any include directory. Names are
    /// relative paths ("my.h", "sub/my.h") without "..". The compile cache's key covers their
    /// contents, and the contents of every file the source includes from the include
    /// directories given in `options` ("-Idir"), so an edit to any of them compiles anew.
    std::map<std::string, std::string> headers = {};
};

/// One translation unit of Module::link: kernel source, compiled as relocatable code, or a binary
/// object made elsewhere.
///
/// \code
///   auto module = rtcg::Module::link(ctx, {rtcg::LinkInput::source(kernel_source),
///                                          rtcg::LinkInput::source(library_source, library_options),
///                                          rtcg::LinkInput::binary(object_bytes)});
/// \endcode
class RTCG_API LinkInput {
public:
    /// Source compiled with the options given to Module::link.
    static LinkInput source(std::string text);
    /// Source compiled with its own options, in place of those given to Module::link.
    static LinkInput source(std::string text, CompileOptions options);
    /// A binary object, linked as it is: Module::compile_for_link's output; or on CUDA a
    /// relocatable cubin, PTX (NVRTC or nvcc with -rdc=true), a fatbin or a host object with
    /// relocatable device code (nvcc -dc), on OpenCL a compiled object or library
    /// (clCompileProgram's or clLinkProgram's -create-library binary) for the context's device.
    static LinkInput binary(std::vector<std::byte> bytes);

    /// Whether this is a binary unit.
    bool is_binary() const noexcept { return is_binary_; }
    /// A source unit's text (empty for a binary unit).
    const std::string& text() const noexcept { return text_; }
    /// A source unit's own options, when it has them.
    const std::optional<CompileOptions>& options() const noexcept { return options_; }
    /// A binary unit's bytes (empty for a source unit).
    const std::vector<std::byte>& bytes() const noexcept { return bytes_; }

private:
    LinkInput() = default;
    bool is_binary_ = false;
    std::string text_;
    std::optional<CompileOptions> options_;
    std::vector<std::byte> bytes_;
};

/// Compiled kernel source: a program on OpenCL, a module on CUDA. Copies share the module.
class RTCG_API Module {
public:
    /// An empty module.
    Module() noexcept;
    /// Compiles `source` for the context's device (or takes it from the cache).
    Module(const Context& context, std::string_view source, const CompileOptions& options = {});
    ~Module();
    /// Copies and moves share the same module.
    Module(const Module&) noexcept;
    /// Copies and moves share the same module.
    Module& operator=(const Module&) noexcept;
    /// Copies and moves share the same module.
    Module(Module&&) noexcept;
    /// Copies and moves share the same module.
    Module& operator=(Module&&) noexcept;

    /// A module from a binary made elsewhere, loaded as it is (not cached, not compiled here):
    /// on CUDA a cubin, a fatbin or PTX text (cuModuleLoadDataEx; the driver compiles PTX for the
    /// device), on OpenCL a program binary for the context's device (clCreateProgramWithBinary,
    /// as clGetProgramInfo(CL_PROGRAM_BINARIES) or an offline compiler makes them) or a SPIR-V
    /// module, told apart by its magic number 0x07230203 (clCreateProgramWithIL, or
    /// clCreateProgramWithILKHR of cl_khr_il_program), where DeviceInfo::il_versions lists SPIR-V.
    /// `options` go to the OpenCL build of the binary; headers and a prelude have no effect.
    /// Kernels of such a module check their arguments' sizes where the driver reports them (CUDA
    /// 12.4 and later), not their kinds: there is no source to read them from. InvalidArgument
    /// when the driver rejects the binary (another architecture or device, a truncated or foreign
    /// file), with the driver's reason; for SPIR-V on CUDA, or on an OpenCL device that takes no
    /// SPIR-V (naming the device and its IL versions).
    static Module from_binary(const Context& context, std::span<const std::byte> binary,
                              const CompileOptions& options = {});

    /// One module from several translation units, in their order: each source unit compiled as
    /// relocatable code (NVRTC with -rdc=true on CUDA, clCompileProgram on OpenCL) with its own
    /// options or else `options`, then linked with the binary units (cuLinkComplete,
    /// clLinkProgram). A kernel of one unit may call a function another unit defines: declared
    /// `extern "C" __device__` in CUDA source (so that its name is not mangled) and without body
    /// in OpenCL C. The linked binary is cached under a key covering every unit in order (its
    /// source, options, headers and included files, or its bytes), like a compile.
    ///
    /// Throws InvalidArgument for no units or an empty binary unit, and for a binary unit the
    /// backend does not link (SPIR-V on CUDA; on OpenCL anything but a compiled object or library
    /// for the device); CompileError naming the unit (by its index from 0) that failed to
    /// compile; LinkError, with the linker's log, when the units do not link (a function used and
    /// defined nowhere). NVIDIA's OpenCL driver aborts the process on a binary unit that is not
    /// whole LLVM bitcode (its objects' format): there, any other unit (PTX, an executable, bytes
    /// of no format) and bitcode cut short are refused with InvalidArgument before the driver
    /// sees them, as PoCL binaries with parts missing are on PoCL.
    static Module link(const Context& context, std::span<const LinkInput> units, const CompileOptions& options = {});
    /// Module::link of the units of a braced list.
    static Module link(const Context& context, std::initializer_list<LinkInput> units,
                       const CompileOptions& options = {});

    /// `source` compiled as relocatable code for the context's device, for LinkInput::binary:
    /// a relocatable cubin (or PTX where NVRTC does not know the device) on CUDA, a compiled object
    /// on OpenCL. Not cached. Throws CompileError.
    static std::vector<std::byte> compile_for_link(const Context& context, std::string_view source,
                                                   const CompileOptions& options = {});

    /// Throws InvalidArgument, naming the kernels the module has, when `name` is not one.
    Kernel kernel(const std::string& name) const;
    /// The names of the module's kernels.
    std::vector<std::string> kernel_names() const;
    /// The compiler's messages (warnings) from the build that produced this module.
    const std::string& build_log() const noexcept;

private:
    std::shared_ptr<detail::ContextState> context_;
    std::shared_ptr<const detail::LoadedModule> module_;
};

} // namespace rtcg
