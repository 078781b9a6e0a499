#include "nvrtc_compile.hpp"

#include "architecture.hpp"
#include "status.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace rtcg::cuda {
namespace {

// The name NVRTC gives the source in its log ("kernel.cu(12): error: ..."), which
// plugin::source_excerpt recognises.
constexpr const char* program_name = "kernel.cu";

// An NVRTC program, destroyed when it goes out of scope.
class Program {
public:
    // `headers`: (name, contents) pairs that #include "name" finds.
    Program(const NvrtcApi& nvrtc, const std::string& source,
            const std::vector<std::pair<std::string, std::string>>& headers)
        : nvrtc_(nvrtc) {
        std::vector<const char*> names, contents;
        for (const auto& [name, text] : headers) {
            names.push_back(name.c_str());
            contents.push_back(text.c_str());
        }
        check(nvrtc_,
              nvrtc_.nvrtcCreateProgram(&program_, source.c_str(), program_name, static_cast<int>(headers.size()),
                                        contents.data(), names.data()),
              "nvrtcCreateProgram");
    }
    ~Program() {
        const nvrtcResult result = nvrtc_.nvrtcDestroyProgram(&program_);
        if (result != NVRTC_SUCCESS) plugin::logger().warn("nvrtcDestroyProgram failed: {}", nvrtc_.nvrtcGetErrorString(result));
    }
    Program(const Program&) = delete;
    Program& operator=(const Program&) = delete;

    nvrtcProgram get() const noexcept { return program_; }

private:
    const NvrtcApi& nvrtc_;
    nvrtcProgram program_ = nullptr;
};

std::vector<std::string> compile_options(const plugin::CompileRequest& request, const NvrtcTarget& target,
                                         CodeKind kind) {
    std::vector<std::string> options = request.options;
    options.push_back("--gpu-architecture=" + target.name());
    if (kind == CodeKind::relocatable) options.emplace_back("--relocatable-device-code=true");
    // Line information costs nothing at run time and lets profilers map code back to source.
    options.emplace_back(request.debug ? "--device-debug" : "--generate-line-info");
    return options;
}

// NVRTC's log without the terminating NUL and trailing blank lines: empty when it said nothing.
std::string program_log(const NvrtcApi& nvrtc, nvrtcProgram program) {
    std::size_t size = 0;
    check(nvrtc, nvrtc.nvrtcGetProgramLogSize(program, &size), "nvrtcGetProgramLogSize");
    std::string log(size, '\0');
    check(nvrtc, nvrtc.nvrtcGetProgramLog(program, log.data()), "nvrtcGetProgramLog");
    const auto end = log.find_last_not_of(std::string_view("\0\n\r\t ", 5));
    log.resize(end == std::string::npos ? 0 : end + 1);
    return log;
}

std::vector<std::byte> program_output(const NvrtcApi& nvrtc, nvrtcProgram program, bool cubin) {
    std::size_t size = 0;
    std::vector<std::byte> bytes;
    if (cubin) {
        check(nvrtc, nvrtc.nvrtcGetCUBINSize(program, &size), "nvrtcGetCUBINSize");
        bytes.resize(size);
        check(nvrtc, nvrtc.nvrtcGetCUBIN(program, reinterpret_cast<char*>(bytes.data())), "nvrtcGetCUBIN");
    } else {
        check(nvrtc, nvrtc.nvrtcGetPTXSize(program, &size), "nvrtcGetPTXSize");
        bytes.resize(size);
        check(nvrtc, nvrtc.nvrtcGetPTX(program, reinterpret_cast<char*>(bytes.data())), "nvrtcGetPTX");
    }
    return bytes;
}

} // namespace

std::string NvrtcTarget::name() const {
    return cubin ? real_architecture_name(architecture) : virtual_architecture_name(architecture);
}

NvrtcTarget target_for_device(const NvrtcApi& nvrtc, int device_architecture) {
    const auto& supported = nvrtc.supported_architectures;
    if (std::binary_search(supported.begin(), supported.end(), device_architecture))
        return {device_architecture, true};
    const auto newer = std::upper_bound(supported.begin(), supported.end(), device_architecture);
    if (newer == supported.begin())
        throw BackendUnavailable("NVRTC " + nvrtc.version + " cannot compile for " +
                                     real_architecture_name(device_architecture) +
                                     ": the oldest architecture it supports is " +
                                     (supported.empty() ? std::string("none") : real_architecture_name(supported.front())),
                                 "nvrtcGetSupportedArchs");
    const NvrtcTarget fallback{*(newer - 1), false};
    plugin::logger().debug("NVRTC {} does not know {}; compiling PTX for {}, which the driver compiles on loading",
                           nvrtc.version, real_architecture_name(device_architecture), fallback.name());
    return fallback;
}

plugin::CompiledBinary compile_with_nvrtc(const NvrtcApi& nvrtc, const plugin::CompileRequest& request,
                                          const NvrtcTarget& target, CodeKind kind) {
    const Program program(nvrtc, request.source, request.headers);
    const std::vector<std::string> options = compile_options(request, target, kind);
    std::vector<const char*> option_pointers;
    option_pointers.reserve(options.size());
    for (const auto& option : options) option_pointers.push_back(option.c_str());

    const nvrtcResult compiled =
        nvrtc.nvrtcCompileProgram(program.get(), static_cast<int>(option_pointers.size()), option_pointers.data());
    std::string log = program_log(nvrtc, program.get());
    if (compiled != NVRTC_SUCCESS) {
        std::string excerpt = plugin::source_excerpt(request.source, log);
        throw CompileError("NVRTC could not compile the kernel source for " + target.name(), "nvrtcCompileProgram",
                           std::move(log), std::move(excerpt), compiled, nvrtc.nvrtcGetErrorString(compiled));
    }
    plugin::CompiledBinary binary{program_output(nvrtc, program.get(), target.cubin), std::move(log)};
    plugin::logger().debug("NVRTC {} compiled {} bytes of source for {} into {} bytes", nvrtc.version,
                           request.source.size(), target.name(), binary.bytes.size());
    return binary;
}

} // namespace rtcg::cuda
