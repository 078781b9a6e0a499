#include "compile_request.hpp"

#include "environment.hpp"

#include <rtcg/core/error.hpp>

namespace rtcg::detail {

plugin::CompileRequest make_compile_request(std::string_view source, const CompileOptions& options,
                                            const DeviceInfo& device) {
    plugin::CompileRequest request;
    if (options.prelude) request.source = options.prelude(device) + "#line 1\n";
    request.source += source;
    request.options = options.options;
    for (const auto& [name, value] : options.defines) {
        if (name.empty() || name.find_first_of(" \t\n=") != std::string::npos)
            throw InvalidArgument("'" + name + "' is not a valid macro name", "Module");
        request.options.push_back(value.empty() ? "-D" + name : "-D" + name + "=" + value);
    }
    request.debug = detail::env_flag(detail::debug_variable);
    return request;
}

} // namespace rtcg::detail
