#include "nccl_library.hpp"

#include <dlfcn.h>

#include <bit>
#include <string>
#include <utility>

namespace rtcg::detail {
namespace {

// Resolves `name` into `entry`; false when the library lacks it.
template <class Function>
bool resolve(void* handle, const char* name, Function& entry) {
    void* symbol = dlsym(handle, name);
    entry = std::bit_cast<Function>(symbol);
    return symbol != nullptr;
}

NcclProbe open_nccl() {
    NcclProbe probe;
    void* handle = dlopen("libnccl.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* why = dlerror();
        probe.reason = std::string("libnccl.so.2 did not open: ") + (why ? why : "dlopen gave no reason");
        return probe;
    }
    NcclApi& api = probe.api;
    const std::pair<const char*, bool> entries[] = {
        {"ncclGetVersion", resolve(handle, "ncclGetVersion", api.get_version)},
        {"ncclGetUniqueId", resolve(handle, "ncclGetUniqueId", api.get_unique_id)},
        {"ncclCommInitRank", resolve(handle, "ncclCommInitRank", api.comm_init_rank)},
        {"ncclCommDestroy", resolve(handle, "ncclCommDestroy", api.comm_destroy)},
        {"ncclCommAbort", resolve(handle, "ncclCommAbort", api.comm_abort)},
        {"ncclCommGetAsyncError", resolve(handle, "ncclCommGetAsyncError", api.comm_get_async_error)},
        {"ncclGetErrorString", resolve(handle, "ncclGetErrorString", api.get_error_string)},
        {"ncclAllReduce", resolve(handle, "ncclAllReduce", api.all_reduce)},
        {"ncclBroadcast", resolve(handle, "ncclBroadcast", api.broadcast)},
        {"ncclReduce", resolve(handle, "ncclReduce", api.reduce)},
        {"ncclAllGather", resolve(handle, "ncclAllGather", api.all_gather)},
        {"ncclReduceScatter", resolve(handle, "ncclReduceScatter", api.reduce_scatter)},
        {"ncclSend", resolve(handle, "ncclSend", api.send)},
        {"ncclRecv", resolve(handle, "ncclRecv", api.recv)},
        {"ncclGroupStart", resolve(handle, "ncclGroupStart", api.group_start)},
        {"ncclGroupEnd", resolve(handle, "ncclGroupEnd", api.group_end)},
    };
    for (const auto& [name, found] : entries) {
        if (found) continue;
        probe.reason = std::string("libnccl.so.2 has no ") + name;
        dlclose(handle);
        return probe;
    }
    int code = 0;
    if (api.get_version(&code) != nccl_success) {
        probe.reason = "ncclGetVersion failed";
        dlclose(handle);
        return probe;
    }
    // NCCL's version code is X * 10000 + Y * 100 + Z since 2.9, X * 1000 + Y * 100 + Z before.
    const bool wide = code >= 10000;
    probe.found = true;
    probe.version = std::to_string(wide ? code / 10000 : code / 1000) + "." +
                    std::to_string(wide ? code / 100 % 100 : code / 100 % 10) + "." + std::to_string(code % 100);
    // The library stays loaded for the process, with the entry points in `api`.
    return probe;
}

} // namespace

const NcclProbe& probe_nccl() {
    static const NcclProbe probe = open_nccl();
    return probe;
}

} // namespace rtcg::detail
