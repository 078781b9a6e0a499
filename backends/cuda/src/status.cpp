#include "status.hpp"

#include "driver_api.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <sstream>

namespace rtcg::cuda {

std::string hex(std::uint64_t value) {
    std::ostringstream text;
    text << "0x" << std::hex << value;
    return text.str();
}

// A status code comes only from a driver that was loaded, so driver_api() cannot throw here.
std::string driver_error_name(CUresult result) {
    const char* name = nullptr;
    if (driver_api().cuGetErrorName(result, &name) != CUDA_SUCCESS || !name)
        return "CUresult " + std::to_string(static_cast<int>(result));
    return name;
}

std::string driver_error_description(CUresult result) {
    const char* description = nullptr;
    if (driver_api().cuGetErrorString(result, &description) != CUDA_SUCCESS || !description)
        return "unknown CUDA driver error";
    return description;
}

void throw_driver_error(CUresult result, const char* call, std::string_view context) {
    std::string why(context);
    if (!why.empty()) why += ": ";
    why += driver_error_description(result);
    if (result == CUDA_ERROR_OUT_OF_MEMORY) throw OutOfMemory(why, call, result, driver_error_name(result));
    throw BackendError(why, call, result, driver_error_name(result));
}

void throw_invalid_input(CUresult result, const char* call, std::string_view why) {
    if (result == CUDA_ERROR_OUT_OF_MEMORY) throw_driver_error(result, call);
    throw InvalidArgument(std::string(why) + ": " + driver_error_description(result), call,
                          static_cast<long long>(result), driver_error_name(result));
}

bool succeeded_or_warn(CUresult result, const char* call) noexcept {
    if (result == CUDA_SUCCESS) return true;
    // At process exit the driver may have shut down before the last rtcg object is released;
    // what that object owned went with the driver, so there is nothing to report.
    if (result == CUDA_ERROR_DEINITIALIZED) return false;
    try {
        plugin::logger().warn("{} failed while releasing a CUDA resource: {} ({})", call,
                              driver_error_name(result), driver_error_description(result));
    } catch (...) {
        // Logging is best effort here; a destructor must not throw.
    }
    return false;
}

void throw_nvrtc_error(const NvrtcApi& nvrtc, nvrtcResult result, const char* call) {
    const std::string name = nvrtc.nvrtcGetErrorString(result);
    throw BackendError("the CUDA run-time compiler (NVRTC) reported an error", call, result, name);
}

} // namespace rtcg::cuda
