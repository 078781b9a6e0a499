#pragma once
// Compiling for a named architecture without a device or driver: NVRTC alone, to a cubin.
#include "nvrtc_api.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::cuda {

// "sm_XX" for each architecture NVRTC compiles for; empty when NVRTC is missing.
std::vector<std::string> offline_targets();

// A compiler for `target` ("sm_90"). Throws BackendUnavailable when NVRTC is missing and
// InvalidArgument, listing the valid targets, for a target NVRTC does not know.
std::unique_ptr<plugin::OfflineCompiler> make_offline_compiler(std::string_view target);

} // namespace rtcg::cuda
