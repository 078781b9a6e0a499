#pragma once
/// \file
/// A program compiled from a source string (the papers' SourceModule), served from the compile
/// cache when the same source, options and device were compiled before.
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>
#include <rtcg/core/kernel.hpp>

#include <functional>
#include <map>
#include <cstddef>
#include <memory>
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
    /// as clGetProgramInfo(CL_PROGRAM_BINARIES) or an offline compiler makes them; SPIR-V is not
    /// taken). `options` go to the OpenCL build of the binary; headers and a prelude have no
    /// effect. Kernels of such a module check their arguments' sizes where the driver reports
    /// them (CUDA 12.4 and later), not their kinds: there is no source to read them from.
    /// InvalidArgument when the driver rejects the binary (another architecture or device, a
    /// truncated or foreign file), with the driver's reason.
    static Module from_binary(const Context& context, std::span<const std::byte> binary,
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
