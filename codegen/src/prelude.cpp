#include "prelude_parts.hpp"

#include <rtcg/codegen/prelude.hpp>

#include <algorithm>

namespace rtcg::codegen {
namespace {

// Each text is built once, on first use, and lives for the program. OpenCL's has two forms: with
// the L2-only loads through inline PTX on targets whose compiler takes it, and plain loads.
const std::string& full_prelude(const Target& target) {
    static const std::string cuda = std::string(detail::cuda_base_prelude()) + detail::atomics_text(Dialect::cuda);
    const auto opencl_text = [](bool inline_ptx) {
        return std::string(detail::opencl_base_prelude()) + std::string(detail::opencl_l2_only_load(inline_ptx)) +
               detail::atomics_text(Dialect::opencl);
    };
    static const std::string opencl = opencl_text(false);
    static const std::string opencl_ptx = opencl_text(true);
    if (target.dialect == Dialect::cuda) return cuda;
    return l2_only_loads(target) ? opencl_ptx : opencl;
}

const std::string& full_complex_support(Dialect dialect) {
    static const std::string cuda = detail::complex_text(Dialect::cuda);
    static const std::string opencl = detail::complex_text(Dialect::opencl);
    return dialect == Dialect::cuda ? cuda : opencl;
}

// The text with_prelude puts before `#line 1`.
std::string prelude_text(const Target& target, const PreludeOptions& options) {
    const Dialect dialect = target.dialect;
    std::string text(prelude(target));
    if (options.complex) text += complex_support(dialect);
    if (options.warp) text += warp_support(dialect);
    if (options.images) text += image_support(dialect);
    return text;
}

} // namespace

std::string_view prelude(const Target& target) { return full_prelude(target); }

bool l2_only_loads(const Target& target) noexcept { return target.dialect == Dialect::cuda || target.warp_primitives; }

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

std::string with_prelude(const Target& target, std::string_view source, const PreludeOptions& options) {
    std::string text = prelude_text(target, options);
    text += "#line 1\n";
    text += source;
    return text;
}

SourcePrelude portable_prelude(const PreludeOptions& options) {
    return [options](const DeviceInfo& device) { return prelude_text(target_of(device), options); };
}

} // namespace rtcg::codegen
