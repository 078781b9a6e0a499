#include "compile_request.hpp"

#include "environment.hpp"

#include <rtcg/core/error.hpp>

#include <algorithm>
#include <string>
#include <string_view>

namespace rtcg::detail {
namespace {

// A header name becomes a file below a private directory on OpenCL and an #include's argument
// everywhere, so it must stay below that directory and fit between quotes.
void check_header_name(const std::string& name) {
    const auto refuse = [&](const std::string& why) {
        throw InvalidArgument("the header name '" + name + "' " + why, "CompileOptions::headers");
    };
    if (name.empty()) refuse("is empty");
    if (name.front() == '/') refuse("is an absolute path; header names are relative");
    constexpr std::string_view forbidden("\"<>\\\n\r\0", 7);
    if (name.find_first_of(forbidden) != std::string::npos)
        refuse("holds a quote, an angle bracket, a backslash, a line break or a NUL");
    std::size_t start = 0;
    while (start <= name.size()) {
        const std::size_t end = std::min(name.find('/', start), name.size());
        const std::string_view part(name.data() + start, end - start);
        if (part.empty() || part == "." || part == "..") refuse("has an empty, '.' or '..' part");
        start = end + 1;
    }
}

} // namespace

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
    for (const auto& [name, contents] : options.headers) {
        check_header_name(name);
        request.headers.emplace_back(name, contents);
    }
    request.debug = detail::env_flag(detail::debug_variable);
    return request;
}

} // namespace rtcg::detail
