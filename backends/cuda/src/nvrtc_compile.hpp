#pragma once
// Compiling CUDA C++ source with NVRTC: the one compile path, used by contexts (for their
// device) and by the offline compiler (for a named architecture).
#include "nvrtc_api.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <string>

namespace rtcg::cuda {

// What NVRTC is asked for: a cubin, machine code for one real architecture (sm_XY), or PTX for a
// virtual one (compute_XY), which the driver compiles for the device when it loads the module.
struct NvrtcTarget {
    int architecture = 0; // 10 * major + minor
    bool cubin = true;

    std::string name() const; // "sm_90" or "compute_90"
};

// The target for a device of the given architecture: a cubin when NVRTC supports the device's
// architecture, else PTX for the newest architecture NVRTC supports below it (a device newer
// than the NVRTC installed). Throws BackendUnavailable when NVRTC supports nothing that old.
NvrtcTarget target_for_device(const NvrtcApi& nvrtc, int device_architecture);

// Whether NVRTC makes code to load as it is, or relocatable device code (-rdc=true) for a link.
enum class CodeKind { whole, relocatable };

// Compiles `request.source` (as "kernel.cu") for `target`. Returns the cubin or the PTX (with
// its terminating NUL, as cuModuleLoadData wants it) and the compiler's warnings. Throws
// CompileError carrying NVRTC's log and the source lines it points at.
plugin::CompiledBinary compile_with_nvrtc(const NvrtcApi& nvrtc, const plugin::CompileRequest& request,
                                          const NvrtcTarget& target, CodeKind kind = CodeKind::whole);

} // namespace rtcg::cuda
