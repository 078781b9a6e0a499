#include "info.hpp"

#include <spdlog/fmt/fmt.h>

namespace rtcg::opencl::detail {

void throw_info_error(cl_int status, const char* call, cl_uint param) {
    throw_backend_error(status, call, fmt::format("could not read parameter 0x{:04X}", param));
}

} // namespace rtcg::opencl::detail
