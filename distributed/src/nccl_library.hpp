#pragma once
// libnccl.so.2 opened with dlopen, as the CUDA plug-in opens libcuda: never linked, so that a
// program built with rtcg starts where NCCL is absent and reports the nccl transport unavailable.
// The few types and entry points the nccl transport calls are declared here after NCCL 2.x's
// nccl.h, whose ABI they follow: ncclResult_t, ncclDataType_t and ncclRedOp_t are C enums (ints),
// ncclComm_t an opaque pointer, ncclUniqueId 128 bytes passed by value, cudaStream_t a pointer.
#include <cstddef>
#include <string>

namespace rtcg::detail {

// ncclResult_t's values.
inline constexpr int nccl_success = 0;
inline constexpr int nccl_in_progress = 7;
// ncclDataType_t's values.
enum NcclDataType : int {
    nccl_int8 = 0,
    nccl_uint8 = 1,
    nccl_int32 = 2,
    nccl_uint32 = 3,
    nccl_int64 = 4,
    nccl_uint64 = 5,
    nccl_float16 = 6,
    nccl_float32 = 7,
    nccl_float64 = 8,
};
// ncclRedOp_t's values.
enum NcclRedOp : int { nccl_sum = 0, nccl_prod = 1, nccl_max = 2, nccl_min = 3 };

// ncclUniqueId: NCCL_UNIQUE_ID_BYTES (128) opaque bytes.
struct NcclUniqueId {
    char internal[128];
};
using NcclComm = void*;
using CudaStream = void*;

// The entry points, resolved once.
struct NcclApi {
    int (*get_version)(int*);
    int (*get_unique_id)(NcclUniqueId*);
    int (*comm_init_rank)(NcclComm*, int, NcclUniqueId, int);
    int (*comm_destroy)(NcclComm);
    int (*comm_abort)(NcclComm);
    int (*comm_get_async_error)(NcclComm, int*);
    const char* (*get_error_string)(int);
    int (*all_reduce)(const void*, void*, std::size_t, int, int, NcclComm, CudaStream);
    int (*broadcast)(const void*, void*, std::size_t, int, int, NcclComm, CudaStream);
    int (*reduce)(const void*, void*, std::size_t, int, int, int, NcclComm, CudaStream);
    int (*all_gather)(const void*, void*, std::size_t, int, NcclComm, CudaStream);
    int (*reduce_scatter)(const void*, void*, std::size_t, int, int, NcclComm, CudaStream);
    int (*send)(const void*, std::size_t, int, int, NcclComm, CudaStream);
    int (*recv)(void*, std::size_t, int, int, NcclComm, CudaStream);
    int (*group_start)();
    int (*group_end)();
};

// The outcome of looking for NCCL: whether libnccl.so.2 opened with every entry point the nccl
// transport calls, its version ("2.28.3") or why not, and the entry points when it did.
struct NcclProbe {
    bool found = false;
    std::string version;
    std::string reason;
    NcclApi api{};
};

// Opens libnccl.so.2 (once per process; it stays loaded) and resolves the entry points.
const NcclProbe& probe_nccl();

} // namespace rtcg::detail
