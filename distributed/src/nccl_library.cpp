#include "nccl_library.hpp"

#include <dlfcn.h>

#include <bit>
#include <string>

namespace rtcg::detail {
namespace {

// The entry points a NCCL transport calls: communicator set-up with an id broadcast over MPI,
// the collectives, grouped point-to-point transfers, and error text.
constexpr const char* required_symbols[] = {
    "ncclGetVersion",  "ncclGetUniqueId",   "ncclCommInitRank", "ncclCommDestroy", "ncclCommAbort",
    "ncclGetErrorString", "ncclAllReduce", "ncclBroadcast",    "ncclReduce",      "ncclAllGather",
    "ncclReduceScatter", "ncclSend",       "ncclRecv",         "ncclGroupStart",  "ncclGroupEnd",
};

NcclProbe open_nccl() {
    NcclProbe probe;
    void* handle = dlopen("libnccl.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* why = dlerror();
        probe.reason = std::string("libnccl.so.2 did not open: ") + (why ? why : "dlopen gave no reason");
        return probe;
    }
    for (const char* name : required_symbols) {
        if (!dlsym(handle, name)) {
            probe.reason = std::string("libnccl.so.2 has no ") + name;
            dlclose(handle);
            return probe;
        }
    }
    using GetVersion = int (*)(int*);
    int code = 0;
    // ncclResult_t is an enum whose success value is 0.
    if (std::bit_cast<GetVersion>(dlsym(handle, "ncclGetVersion"))(&code) != 0) {
        probe.reason = "ncclGetVersion failed";
        dlclose(handle);
        return probe;
    }
    // NCCL's version code is X * 10000 + Y * 100 + Z since 2.9, X * 1000 + Y * 100 + Z before.
    const bool wide = code >= 10000;
    probe.found = true;
    probe.version = std::to_string(wide ? code / 10000 : code / 1000) + "." +
                    std::to_string(wide ? code / 100 % 100 : code / 100 % 10) + "." + std::to_string(code % 100);
    // The library stays loaded for the process: a transport resolves its entry points again.
    return probe;
}

} // namespace

const NcclProbe& probe_nccl() {
    static const NcclProbe probe = open_nccl();
    return probe;
}

} // namespace rtcg::detail
