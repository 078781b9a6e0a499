#include "raw_driver.hpp"

#include <rtcg/core/error.hpp>

#include <cuda.h>
#include <dlfcn.h>

namespace rtcg::bench {
namespace {

// Stringifies after macro expansion: cuda.h #defines some names to versioned symbols
// (cuStreamDestroy -> cuStreamDestroy_v2), and dlsym must look up the symbol the pointer's
// type was declared for.
#define RTCG_BENCH_SYMBOL(function) RTCG_BENCH_SYMBOL_EXPANDED(function)
#define RTCG_BENCH_SYMBOL_EXPANDED(function) #function

struct Driver {
    decltype(&::cuInit) cuInit;
    decltype(&::cuGetErrorName) cuGetErrorName;
    decltype(&::cuDeviceGet) cuDeviceGet;
    decltype(&::cuDevicePrimaryCtxRetain) cuDevicePrimaryCtxRetain;
    decltype(&::cuDevicePrimaryCtxRelease) cuDevicePrimaryCtxRelease;
    decltype(&::cuCtxSetCurrent) cuCtxSetCurrent;
    decltype(&::cuModuleLoadDataEx) cuModuleLoadDataEx;
    decltype(&::cuModuleUnload) cuModuleUnload;
    decltype(&::cuModuleGetFunction) cuModuleGetFunction;
    decltype(&::cuMemAlloc) cuMemAlloc;
    decltype(&::cuMemFree) cuMemFree;
    decltype(&::cuStreamCreate) cuStreamCreate;
    decltype(&::cuStreamDestroy) cuStreamDestroy;
    decltype(&::cuStreamSynchronize) cuStreamSynchronize;
    decltype(&::cuLaunchKernel) cuLaunchKernel;
};

template <class Pointer>
void resolve(void* library, Pointer& pointer, const char* name) {
    pointer = reinterpret_cast<Pointer>(dlsym(library, name));
    if (!pointer) throw BackendUnavailable(std::string("libcuda.so.1 lacks ") + name, "dlsym");
}

// The library stays loaded for the process: rtcg's plug-in holds it open too.
const Driver& driver() {
    static const Driver loaded = [] {
        void* library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!library) throw BackendUnavailable("no libcuda.so.1: " + std::string(dlerror()), "dlopen");
        Driver d{};
#define RTCG_BENCH_RESOLVE(function) resolve(library, d.function, RTCG_BENCH_SYMBOL(function))
        RTCG_BENCH_RESOLVE(cuInit);
        RTCG_BENCH_RESOLVE(cuGetErrorName);
        RTCG_BENCH_RESOLVE(cuDeviceGet);
        RTCG_BENCH_RESOLVE(cuDevicePrimaryCtxRetain);
        RTCG_BENCH_RESOLVE(cuDevicePrimaryCtxRelease);
        RTCG_BENCH_RESOLVE(cuCtxSetCurrent);
        RTCG_BENCH_RESOLVE(cuModuleLoadDataEx);
        RTCG_BENCH_RESOLVE(cuModuleUnload);
        RTCG_BENCH_RESOLVE(cuModuleGetFunction);
        RTCG_BENCH_RESOLVE(cuMemAlloc);
        RTCG_BENCH_RESOLVE(cuMemFree);
        RTCG_BENCH_RESOLVE(cuStreamCreate);
        RTCG_BENCH_RESOLVE(cuStreamDestroy);
        RTCG_BENCH_RESOLVE(cuStreamSynchronize);
        RTCG_BENCH_RESOLVE(cuLaunchKernel);
#undef RTCG_BENCH_RESOLVE
        return d;
    }();
    return loaded;
}

void check(CUresult result, const char* call) {
    if (result == CUDA_SUCCESS) return;
    const char* name = nullptr;
    if (driver().cuGetErrorName(result, &name) != CUDA_SUCCESS || !name) name = "unknown CUresult";
    throw BackendError(std::string("the driver answered ") + name, call, result, name);
}

} // namespace

struct RawDriverKernel::State {
    const Driver& api = driver();
    CUdevice device = 0;
    CUcontext context = nullptr;
    CUmodule module = nullptr;
    CUfunction function = nullptr;
    CUstream stream = nullptr;
    CUdeviceptr flag = 0;
    int count = 1;
    void* parameters[2] = {&flag, &count};

    // Releases what was acquired, in reverse order; also after a failed constructor.
    ~State() {
        if (!context) return;
        api.cuCtxSetCurrent(context);
        if (flag) api.cuMemFree(flag);
        if (stream) api.cuStreamDestroy(stream);
        if (module) api.cuModuleUnload(module);
        api.cuDevicePrimaryCtxRelease(device);
    }
};

RawDriverKernel::RawDriverKernel(int ordinal, std::span<const std::byte> cubin, const std::string& kernel_name)
    : state_(std::make_unique<State>()) {
    State& s = *state_;
    check(s.api.cuInit(0), "cuInit");
    check(s.api.cuDeviceGet(&s.device, ordinal), "cuDeviceGet");
    check(s.api.cuDevicePrimaryCtxRetain(&s.context, s.device), "cuDevicePrimaryCtxRetain");
    check(s.api.cuCtxSetCurrent(s.context), "cuCtxSetCurrent");
    check(s.api.cuModuleLoadDataEx(&s.module, cubin.data(), 0, nullptr, nullptr), "cuModuleLoadDataEx");
    check(s.api.cuModuleGetFunction(&s.function, s.module, kernel_name.c_str()), "cuModuleGetFunction");
    check(s.api.cuStreamCreate(&s.stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
    check(s.api.cuMemAlloc(&s.flag, sizeof(int)), "cuMemAlloc");
}

RawDriverKernel::~RawDriverKernel() = default;

void RawDriverKernel::launch() {
    State& s = *state_;
    check(s.api.cuLaunchKernel(s.function, 1, 1, 1, 32, 1, 1, 0, s.stream, s.parameters, nullptr), "cuLaunchKernel");
}

void RawDriverKernel::synchronize() { check(state_->api.cuStreamSynchronize(state_->stream), "cuStreamSynchronize"); }

} // namespace rtcg::bench

