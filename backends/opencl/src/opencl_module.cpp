#include "opencl_module.hpp"

#include "info.hpp"
#include "opencl_kernel.hpp"
#include "status.hpp"

#include <rtcg/core/error.hpp>

namespace rtcg::opencl {

std::unique_ptr<plugin::KernelImpl> OpenclModule::kernel(const std::string& name) {
    cl_int status = CL_SUCCESS;
    KernelHandle kernel(clCreateKernel(program_.get(), name.c_str(), &status));
    if (status == CL_INVALID_KERNEL_NAME) {
        std::string known;
        for (const auto& kernel_name : kernel_names()) known += (known.empty() ? "" : ", ") + kernel_name;
        throw InvalidArgument("module has no kernel '" + name + "'; it has: " + known, "OpenclModule::kernel", status,
                              error_name(status));
    }
    check(status, "clCreateKernel");
    return std::make_unique<OpenclKernel>(std::move(kernel), name, device_, *built_from_, chain_);
}

std::vector<std::string> OpenclModule::kernel_names() const {
    // NVIDIA's driver crashes the process when asked for the names of a program without kernels.
    if (program_info<std::size_t>(program_.get(), CL_PROGRAM_NUM_KERNELS) == 0) return {};
    // A ';'-separated list, e.g. "scale;sum".
    const auto list = program_info<std::string>(program_.get(), CL_PROGRAM_KERNEL_NAMES);
    std::vector<std::string> names;
    std::size_t start = 0;
    while (start < list.size()) {
        const auto end = std::min(list.find(';', start), list.size());
        if (end > start) names.push_back(list.substr(start, end - start));
        start = end + 1;
    }
    return names;
}

} // namespace rtcg::opencl
