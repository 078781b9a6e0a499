// cuBLAS on memory and a stream that rtcg owns (rtcg/core/interop/cuda.hpp): SAXPY on rtcg
// buffers, enqueued on the rtcg queue's stream, then an rtcg kernel on its result in the same
// stream, checked against the host. cuBLAS is opened with dlopen and the few entry points the
// test calls are declared here, so the program needs neither cuBLAS's header nor its library to
// build. Runs on the CUDA backend where libcublas loads; says why where it does not, and checks
// only that the CUDA handles are refused on other backends.
#include "../support/test_context.hpp"
#include "../support/test_kernels.hpp"
#include "cuda_driver.hpp"

#include <rtcg/core/interop/cuda.hpp>

#include <doctest/doctest.h>

#include <dlfcn.h>

#include <cstdlib>
#include <string>
#include <vector>

using rtcg::test::context;
namespace cu = rtcg::interop::cuda;

namespace {

// cuBLAS's v2 API as cublas_api.h declares it: an opaque handle, and a status that is 0
// (CUBLAS_STATUS_SUCCESS) on success. A cudaStream_t is the driver's CUstream.
struct CublasContext;
using CublasHandle = CublasContext*;
using CublasStatus = int;
constexpr CublasStatus cublas_success = 0;

struct Cublas {
    CublasStatus (*create)(CublasHandle*) = nullptr;
    CublasStatus (*destroy)(CublasHandle) = nullptr;
    CublasStatus (*set_stream)(CublasHandle, CUstream) = nullptr;
    // y = alpha * x + y over n elements with strides incx and incy; alpha on the host (cuBLAS's
    // default pointer mode).
    CublasStatus (*saxpy)(CublasHandle, int n, const float* alpha, const float* x, int incx, float* y,
                          int incy) = nullptr;
    std::string unavailable; // why cuBLAS cannot be used here; empty when it can
};

// `function` found as `name` in `library`; where it is missing, `unavailable` says so.
template <class Function>
void resolve(void* library, const char* name, Function& function, std::string& unavailable) {
    function = reinterpret_cast<Function>(dlsym(library, name));
    if (!function) unavailable += (unavailable.empty() ? "the loaded libcublas lacks " : ", ") + std::string(name);
}

// cuBLAS 13, 12 or whichever the unversioned name finds, where the CUDA plug-in looks for NVRTC:
// wherever the dynamic loader looks, then the toolkit named by CUDA_PATH, then the toolkit's
// default home. Null, with every attempt's error in `errors`, where none loads.
void* open_cublas(std::string& errors) {
    std::vector<std::string> directories{""};
    if (const char* cuda_path = std::getenv("CUDA_PATH"); cuda_path && *cuda_path)
        directories.push_back(std::string(cuda_path) + "/lib64/");
    directories.emplace_back("/usr/local/cuda/lib64/");
    for (const auto& directory : directories)
        for (const char* name : {"libcublas.so.13", "libcublas.so.12", "libcublas.so"}) {
            const std::string path = directory + name;
            if (void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) return library;
            const char* error = dlerror();
            errors += (errors.empty() ? "" : "; ") + (error ? std::string(error) : path);
        }
    return nullptr;
}

// The library stays loaded for the rest of the process, as the driver does.
const Cublas& cublas() {
    static const Cublas loaded = [] {
        Cublas api;
        std::string errors;
        void* library = open_cublas(errors);
        if (!library) {
            api.unavailable = "libcublas could not be loaded (" + errors + ")";
            return api;
        }
        resolve(library, "cublasCreate_v2", api.create, api.unavailable);
        resolve(library, "cublasDestroy_v2", api.destroy, api.unavailable);
        resolve(library, "cublasSetStream_v2", api.set_stream, api.unavailable);
        resolve(library, "cublasSaxpy_v2", api.saxpy, api.unavailable);
        return api;
    }();
    return loaded;
}

void succeeded(CublasStatus status, const char* function) {
    INFO(function, " returned cuBLAS status ", status);
    REQUIRE(status == cublas_success);
}

// A cuBLAS handle, destroyed on every way out of the test (a failed REQUIRE included).
class CublasSession {
public:
    CublasSession() { succeeded(cublas().create(&handle_), "cublasCreate_v2"); }
    ~CublasSession() { CHECK(cublas().destroy(handle_) == cublas_success); }
    CublasSession(const CublasSession&) = delete;
    CublasSession& operator=(const CublasSession&) = delete;
    CublasHandle get() const noexcept { return handle_; }

private:
    CublasHandle handle_ = nullptr;
};

} // namespace

TEST_CASE("cuBLAS SAXPY runs on rtcg's memory and stream, and an rtcg kernel reads its result") {
    if (!rtcg::test::on_cuda()) return;
    const Cublas& api = cublas();
    if (!api.unavailable.empty()) {
        MESSAGE("cuBLAS interop not tested: ", api.unavailable);
        return;
    }
    // cuBLAS works in the context current on the calling thread: rtcg's.
    rtcg::test::ok(rtcg::test::driver().cuCtxSetCurrent(cu::context(context())));

    // Not a multiple of any block size. Small integers and alpha = 0.5 keep every a * x + y exact
    // in float, whether or not cuBLAS fuses the multiply and the add.
    const int n = 4099;
    std::vector<float> x(n), y(n);
    for (int i = 0; i < n; ++i) {
        x[static_cast<std::size_t>(i)] = static_cast<float>(i % 1000);
        y[static_cast<std::size_t>(i)] = static_cast<float>((7 * i) % 777) - 300.0f;
    }
    const rtcg::Buffer x_buffer = context().to_device(x);
    rtcg::Buffer y_buffer = context().to_device(y);
    const float alpha = 0.5f;
    {
        const CublasSession session;
        succeeded(api.set_stream(session.get(), cu::stream(context().queue())), "cublasSetStream_v2");
        succeeded(api.saxpy(session.get(), n, &alpha, reinterpret_cast<const float*>(cu::device_pointer(x_buffer)), 1,
                            reinterpret_cast<float*>(cu::device_pointer(y_buffer)), 1),
                  "cublasSaxpy_v2");
        // Queued behind SAXPY on the same stream, with nothing waiting between them.
        rtcg::test::compile(rtcg::test::kernels::twice)
            .kernel("twice")(context().queue(), rtcg::LaunchConfig::covering(static_cast<std::size_t>(n), 128),
                             y_buffer, static_cast<unsigned>(n));
    }
    const auto back = context().to_host<float>(y_buffer);
    REQUIRE(back.size() == y.size());
    for (std::size_t i = 0; i < back.size(); ++i) {
        INFO("element ", i);
        REQUIRE(back[i] == 2.0f * (alpha * x[i] + y[i]));
    }
}
