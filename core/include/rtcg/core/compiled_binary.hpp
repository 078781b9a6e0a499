#pragma once
// A compiled program as bytes, for ahead-of-time builds (OfflineCompiler).
#include <cstddef>
#include <string>
#include <vector>

namespace rtcg {

/// A compiled program in the form its backend loads: a cubin (or PTX) for CUDA, the device
/// binary for OpenCL.
struct CompiledBinary {
    std::vector<std::byte> bytes; ///< the binary, as the backend loads it
    /// The compiler's warnings, when the build succeeded.
    std::string log;
};

} // namespace rtcg
