// libFuzzer target: any bytes as a kernel argument declaration list. A DeclarationError placed
// inside the text is the expected answer to bad input; a crash, a sanitizer report, any other
// exception, or an accepted list whose printed OpenCL form does not parse back to the same
// arguments is a finding.
#include <rtcg/codegen/declaration.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

using rtcg::codegen::Argument;
using rtcg::codegen::Dialect;
using rtcg::codegen::DType;

// OpenCL forbids bool kernel arguments, so a bool prints as uchar, its one-byte twin, and
// parses back as that.
std::vector<Argument> as_printed_for_opencl(std::vector<Argument> arguments) {
    for (Argument& argument : arguments)
        if (argument.type == DType::boolean()) argument.type = DType::uint8();
    return arguments;
}

[[noreturn]] void finding(const char* what, std::string_view text, const std::string& detail) {
    std::fprintf(stderr, "declaration fuzz: %s\n--- input ---\n%.*s\n--- detail ---\n%s\n", what,
                 static_cast<int>(text.size()), text.data(), detail.c_str());
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<Argument> arguments;
    try {
        arguments = rtcg::codegen::parse_arguments(text);
    } catch (const rtcg::codegen::DeclarationError& error) {
        const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
        if (error.line() < 1 || error.line() > lines || error.column() < 1 || error.column() > size + 1)
            finding("error placed outside the text", text, error.what());
        return 0;
    }
    rtcg::codegen::print_arguments(arguments, Dialect::cuda);
    const std::string opencl = rtcg::codegen::print_arguments(arguments, Dialect::opencl);
    try {
        if (rtcg::codegen::parse_arguments(opencl) != as_printed_for_opencl(arguments))
            finding("the printed OpenCL form parses to other arguments", text, opencl);
    } catch (const rtcg::Error& error) {
        finding("the printed OpenCL form does not parse", text, opencl + "\n" + error.what());
    }
    return 0;
}
