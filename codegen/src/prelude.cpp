#include "prelude_parts.hpp"

#include <rtcg/codegen/prelude.hpp>

namespace rtcg::codegen {
namespace {

// Each text is built once, on first use, and lives for the program.
const std::string& full_prelude(Dialect dialect) {
    static const std::string cuda = std::string(detail::cuda_base_prelude()) + detail::atomics_text(Dialect::cuda);
    static const std::string opencl =
        std::string(detail::opencl_base_prelude()) + detail::atomics_text(Dialect::opencl);
    return dialect == Dialect::cuda ? cuda : opencl;
}

const std::string& full_complex_support(Dialect dialect) {
    static const std::string cuda = detail::complex_text(Dialect::cuda);
    static const std::string opencl = detail::complex_text(Dialect::opencl);
    return dialect == Dialect::cuda ? cuda : opencl;
}

} // namespace

std::string_view prelude(Dialect dialect) { return full_prelude(dialect); }

std::string_view complex_support(Dialect dialect) { return full_complex_support(dialect); }

std::string_view warp_support(Dialect dialect) { return detail::warp_text(dialect); }

std::string with_prelude(Dialect dialect, std::string_view source, const PreludeOptions& options) {
    std::string text(prelude(dialect));
    if (options.complex) text += complex_support(dialect);
    if (options.warp) text += warp_support(dialect);
    text += "#line 1\n";
    text += source;
    return text;
}

} // namespace rtcg::codegen
