#pragma once
// The CUDA driver functions the interop tests call on rtcg's objects, opened with dlopen as the
// CUDA plug-in opens the driver, so that the test programs link nothing of CUDA; and the check
// that the test context is a CUDA one.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"

#include <rtcg/core/interop/cuda.hpp>

#include <doctest/doctest.h>

#include <cuda.h>
#include <dlfcn.h>

namespace rtcg::test {

// cuda.h #defines some names to versioned symbols (cuMemAlloc -> cuMemAlloc_v2); stringifying
// after expansion looks up the symbol the declaration's type belongs to.
#define RTCG_TEST_DRIVER_FUNCTIONS(X) \
    X(cuCtxSetCurrent)                \
    X(cuMemAlloc)                     \
    X(cuMemFree)                      \
    X(cuMemcpyHtoDAsync)              \
    X(cuMemcpyDtoH)                   \
    X(cuStreamCreate)                 \
    X(cuStreamDestroy)                \
    X(cuStreamSynchronize)            \
    X(cuModuleLoadData)               \
    X(cuModuleUnload)                 \
    X(cuModuleGetFunction)            \
    X(cuLaunchKernel)
#define RTCG_TEST_NAME(function) RTCG_TEST_NAME_EXPANDED(function)
#define RTCG_TEST_NAME_EXPANDED(function) #function

struct Driver {
#define RTCG_TEST_DECLARE(function) decltype(&::function) function = nullptr;
    RTCG_TEST_DRIVER_FUNCTIONS(RTCG_TEST_DECLARE)
#undef RTCG_TEST_DECLARE
};

// The process already has libcuda.so.1 open (the plug-in opened it), so this finds that copy.
inline const Driver& driver() {
    static const Driver loaded = [] {
        Driver api;
        void* library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
        REQUIRE(static_cast<bool>(library));
#define RTCG_TEST_RESOLVE(function)                                                                    \
    api.function = reinterpret_cast<decltype(api.function)>(dlsym(library, RTCG_TEST_NAME(function))); \
    REQUIRE(static_cast<bool>(api.function));
        RTCG_TEST_DRIVER_FUNCTIONS(RTCG_TEST_RESOLVE)
#undef RTCG_TEST_RESOLVE
        return api;
    }();
    return loaded;
}

inline void ok(CUresult result) { REQUIRE(result == CUDA_SUCCESS); }

// True on the CUDA backend; elsewhere checks that the CUDA handles are refused, which is all a
// CUDA interop test can check there.
inline bool on_cuda() {
    if (interop::backend_of(context()) == "cuda") return true;
    message_of<BackendMismatch>([] { interop::cuda::context(context()); });
    return false;
}

} // namespace rtcg::test
