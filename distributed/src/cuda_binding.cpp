#include "cuda_binding.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/interop.hpp>

#include <dlfcn.h>

#include <bit>
#include <string>

namespace rtcg::detail {
namespace {

// CUresult is a C enum (0: CUDA_SUCCESS); CUcontext an opaque pointer.
struct CurrentContextApi {
    int (*get_current)(void**) = nullptr;
    int (*set_current)(void*) = nullptr;
    std::string reason;
};

CurrentContextApi open_driver() {
    CurrentContextApi api;
    void* handle = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* why = dlerror();
        api.reason = std::string("libcuda.so.1 did not open: ") + (why ? why : "dlopen gave no reason");
        return api;
    }
    void* get = dlsym(handle, "cuCtxGetCurrent");
    void* set = dlsym(handle, "cuCtxSetCurrent");
    if (!get || !set) {
        api.reason = "libcuda.so.1 has no cuCtxGetCurrent or cuCtxSetCurrent";
        dlclose(handle);
        return api;
    }
    // The driver stays loaded for the process.
    api.get_current = std::bit_cast<int (*)(void**)>(get);
    api.set_current = std::bit_cast<int (*)(void*)>(set);
    return api;
}

const CurrentContextApi& driver() {
    static const CurrentContextApi api = open_driver();
    if (!api.get_current) throw BackendError(api.reason, "CudaContextBinding");
    return api;
}

} // namespace

CudaContextBinding::CudaContextBinding(std::uintptr_t context) : bound_(std::bit_cast<void*>(context)) {
    const CurrentContextApi& api = driver();
    if (const int code = api.get_current(&previous_); code != 0)
        throw BackendError("the driver could not say which context is current", "cuCtxGetCurrent", code);
    if (previous_ == bound_) return;
    if (const int code = api.set_current(bound_); code != 0)
        throw BackendError("the rtcg context's CUDA context could not be made current", "cuCtxSetCurrent", code);
}

CudaContextBinding::~CudaContextBinding() {
    // Restoring is best effort: the thread keeps a valid context either way.
    if (previous_ != bound_) static_cast<void>(driver().set_current(previous_));
}

void* cuda_address(const ArrayData& array) {
    if (array.nbytes() == 0) return nullptr;
    const NativeHandle base = interop::native_buffer(array.buffer(), "cuda");
    return reinterpret_cast<void*>(static_cast<std::uintptr_t>(base + array.offset() * array.dtype().size()));
}

} // namespace rtcg::detail
