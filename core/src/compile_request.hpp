#pragma once
// Turns the user's source and CompileOptions into what a backend compiles for `device`: the
// prelude goes before the source, defines become -D options, RTCG_DEBUG=1 asks for device debug
// information.
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/module.hpp>
#include <rtcg/core/plugin/backend.hpp>

#include <string_view>

namespace rtcg::detail {

plugin::CompileRequest make_compile_request(std::string_view source, const CompileOptions& options,
                                            const DeviceInfo& device);

} // namespace rtcg::detail
