// The plug-in's one exported symbol, which core looks up after dlopen.
#include "opencl_backend.hpp"

#include <rtcg/core/plugin/backend.hpp>

extern "C" RTCG_API rtcg::plugin::Backend* rtcg_plugin_create(std::uint32_t core_abi_version) {
    if (core_abi_version != rtcg::plugin::abi_version) return nullptr;
    static rtcg::opencl::OpenclBackend backend;
    return &backend;
}
