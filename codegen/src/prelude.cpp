#include "prelude_parts.hpp"

#include <rtcg/codegen/prelude.hpp>

#include <algorithm>

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

// The text with_prelude puts before `#line 1`.
std::string prelude_text(Dialect dialect, const PreludeOptions& options) {
    std::string text(prelude(dialect));
    if (options.complex) text += complex_support(dialect);
    if (options.warp) text += warp_support(dialect);
    if (options.images) text += image_support(dialect);
    return text;
}

} // namespace

std::string_view prelude(Dialect dialect) { return full_prelude(dialect); }

std::string_view complex_support(Dialect dialect) { return full_complex_support(dialect); }

std::string_view warp_support(Dialect dialect) { return detail::warp_text(dialect); }

std::string_view image_support(Dialect dialect) { return detail::image_text(dialect); }

bool needs_complex_support(std::span<const DType> types, std::initializer_list<std::string_view> texts) {
    const auto names_complex = [](std::string_view text) {
        return text.find("cfloat") != std::string_view::npos || text.find("cdouble") != std::string_view::npos;
    };
    return std::any_of(types.begin(), types.end(), [](const DType& type) { return type.contains_complex(); }) ||
           std::any_of(texts.begin(), texts.end(), names_complex);
}

std::string with_prelude(Dialect dialect, std::string_view source, const PreludeOptions& options) {
    std::string text = prelude_text(dialect, options);
    text += "#line 1\n";
    text += source;
    return text;
}

SourcePrelude portable_prelude(const PreludeOptions& options) {
    return [options](const DeviceInfo& device) { return prelude_text(dialect_of(device), options); };
}

} // namespace rtcg::codegen
