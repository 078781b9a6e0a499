#pragma once
// The CUDA driver API, opened with dlopen at run time. The plug-in never links libcuda, so that
// it loads on a machine without an NVIDIA driver: there it reports the driver as missing, and
// still compiles offline with NVRTC.
#include <cuda.h>

#include <string>

namespace rtcg::cuda {

// Every driver function the plug-in calls. Each entry is a cuda.h name. Where cuda.h #defines
// that name to a versioned symbol (cuMemAlloc -> cuMemAlloc_v2, cuEventElapsedTime ->
// cuEventElapsedTime_v2), the macro renames the table member, its uses and the symbol looked up
// alike, so every pointer has exactly the signature of the symbol it was resolved from.
#define RTCG_CUDA_REQUIRED_DRIVER_FUNCTIONS(X) \
    X(cuInit)                                  \
    X(cuDriverGetVersion)                      \
    X(cuGetErrorName)                          \
    X(cuGetErrorString)                        \
    X(cuDeviceGetCount)                        \
    X(cuDeviceGet)                             \
    X(cuDeviceGetName)                         \
    X(cuDeviceGetAttribute)                    \
    X(cuDeviceTotalMem)                        \
    X(cuDevicePrimaryCtxRetain)                \
    X(cuDevicePrimaryCtxRelease)               \
    X(cuCtxGetCurrent)                         \
    X(cuCtxSetCurrent)                         \
    X(cuMemAlloc)                              \
    X(cuMemFree)                               \
    X(cuMemGetAddressRange)                    \
    X(cuPointerGetAttribute)                   \
    X(cuMemHostAlloc)                          \
    X(cuMemFreeHost)                           \
    X(cuMemcpyHtoDAsync)                       \
    X(cuMemcpyDtoHAsync)                       \
    X(cuMemcpyDtoDAsync)                       \
    X(cuMemsetD8Async)                         \
    X(cuMemsetD16Async)                        \
    X(cuMemsetD32Async)                        \
    X(cuMemsetD2D32Async)                      \
    X(cuMemcpy2DAsync)                         \
    X(cuMemcpy3DAsync)                         \
    X(cuMemAllocPitch)                         \
    X(cuMemHostGetDevicePointer)               \
    X(cuMemAllocManaged)                       \
    X(cuOccupancyMaxActiveBlocksPerMultiprocessor) \
    X(cuOccupancyMaxPotentialBlockSize)        \
    X(cuStreamCreate)                          \
    X(cuStreamDestroy)                         \
    X(cuStreamSynchronize)                     \
    X(cuStreamWaitEvent)                       \
    X(cuStreamAddCallback)                     \
    X(cuStreamGetCtx)                          \
    X(cuEventCreate)                           \
    X(cuEventDestroy)                          \
    X(cuEventRecord)                           \
    X(cuEventSynchronize)                      \
    X(cuEventQuery)                            \
    X(cuEventElapsedTime)                      \
    X(cuModuleLoadDataEx)                      \
    X(cuLinkCreate)                            \
    X(cuLinkAddData)                           \
    X(cuLinkComplete)                          \
    X(cuLinkDestroy)                           \
    X(cuModuleUnload)                          \
    X(cuModuleGetFunction)                     \
    X(cuFuncGetAttribute)                      \
    X(cuFuncSetAttribute)                      \
    X(cuLaunchKernel)                          \
    X(cuArray3DCreate)                         \
    X(cuArrayDestroy)                          \
    X(cuTexObjectCreate)                       \
    X(cuTexObjectDestroy)                      \
    X(cuSurfObjectCreate)                      \
    X(cuSurfObjectDestroy)                     \
    X(cuMemcpyPeerAsync)                       \
    X(cuDeviceCanAccessPeer)                   \
    X(cuCtxEnablePeerAccess)                   \
    X(cuIpcGetMemHandle)                       \
    X(cuIpcOpenMemHandle)                      \
    X(cuIpcCloseMemHandle)                     \
    X(cuIpcGetEventHandle)                     \
    X(cuIpcOpenEventHandle)

// Functions that only newer drivers have (CUDA 11.4 to 12.4). Their pointers are null on older
// drivers, and the features built on them degrade: no parameter sizes, no list of kernel names,
// no managed-memory hints, no per-launch carveout hint, graphs re-enqueued command by command
// instead of CUDA graphs.
#define RTCG_CUDA_OPTIONAL_DRIVER_FUNCTIONS(X) \
    X(cuFuncGetParamInfo)                      \
    X(cuFuncGetName)                           \
    X(cuModuleGetFunctionCount)                \
    X(cuModuleEnumerateFunctions)              \
    X(cuLaunchKernelEx)                        \
    X(cuMemPrefetchAsync)                      \
    X(cuMemAdvise)                             \
    X(cuStreamBeginCapture)                    \
    X(cuStreamEndCapture)                      \
    X(cuGraphInstantiateWithFlags)             \
    X(cuGraphLaunch)                           \
    X(cuGraphExecDestroy)                      \
    X(cuGraphDestroy)

struct DriverApi {
#define RTCG_CUDA_DECLARE_POINTER(function) decltype(&::function) function = nullptr;
    RTCG_CUDA_REQUIRED_DRIVER_FUNCTIONS(RTCG_CUDA_DECLARE_POINTER)
    RTCG_CUDA_OPTIONAL_DRIVER_FUNCTIONS(RTCG_CUDA_DECLARE_POINTER)
#undef RTCG_CUDA_DECLARE_POINTER

    bool can_list_kernels() const noexcept {
        return cuModuleGetFunctionCount && cuModuleEnumerateFunctions && cuFuncGetName;
    }
    bool can_capture_graphs() const noexcept {
        return cuStreamBeginCapture && cuStreamEndCapture && cuGraphInstantiateWithFlags && cuGraphLaunch &&
               cuGraphExecDestroy && cuGraphDestroy;
    }
};

// The driver table, loaded on first use and kept for the rest of the process. Throws
// BackendUnavailable when libcuda.so.1 cannot be opened (no NVIDIA driver) or lacks a required
// function (a driver older than the CUDA headers the plug-in was built with). Does not call
// cuInit.
const DriverApi& driver_api();

// "13.0" for 13000, the encoding of cuDriverGetVersion and CUDA_VERSION.
std::string cuda_version_string(int version);

} // namespace rtcg::cuda
