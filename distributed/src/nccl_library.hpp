#pragma once
// libnccl.so.2 opened with dlopen, as the CUDA plug-in opens libcuda: never linked, so that a
// program built with rtcg starts where NCCL is absent and reports the nccl transport unavailable.
#include <string>

namespace rtcg::detail {

// The outcome of looking for NCCL: whether libnccl.so.2 opened with every entry point the nccl
// transport calls, its version ("2.28.3") or why not.
struct NcclProbe {
    bool found = false;
    std::string version;
    std::string reason;
};

// Opens libnccl.so.2 (once per process; it stays loaded) and resolves the entry points.
const NcclProbe& probe_nccl();

} // namespace rtcg::detail
