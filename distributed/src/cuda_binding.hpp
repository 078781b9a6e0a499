#pragma once
// Makes a CUDA context current on the calling thread for the length of a scope. NCCL works on the
// CUDA runtime's current device, which is the driver context current on the thread: the nccl
// transport binds the rtcg context's (the device's primary context) around every NCCL call, as
// the CUDA plug-in binds it around its own. libcuda.so.1 is opened with dlopen (the CUDA plug-in
// has loaded it already where a CUDA context exists), so this library links nothing of CUDA.
// Also the device address of an array, which the direct transports hand to NCCL or MPI.
#include <rtcg/arrays/array_data.hpp>

#include <cstdint>

namespace rtcg::detail {

class CudaContextBinding {
public:
    // Binds `context` (a CUcontext), remembering the context current before. BackendError when
    // libcuda cannot be opened or the driver refuses.
    explicit CudaContextBinding(std::uintptr_t context);
    // Binds the context that was current before, if it differs.
    ~CudaContextBinding();
    CudaContextBinding(const CudaContextBinding&) = delete;
    CudaContextBinding& operator=(const CudaContextBinding&) = delete;

private:
    void* previous_ = nullptr;
    void* bound_ = nullptr;
};

// The CUDA device address of the array's first element; null for an empty array (which has no
// memory). BackendMismatch for an array of another backend.
void* cuda_address(const ArrayData& array);

} // namespace rtcg::detail
