#pragma once
// The layout probe: a one-thread kernel that writes, for each struct it probes, the struct's size
// and alignment and each field's offset and size as the device compiler sees them, and the host's
// expectations to compare them with. This file owns the order of those numbers. It is text only:
// rtcg::verify_layout (rtcg/arrays/layout_check.hpp) runs the probe on a device.
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::codegen {

/// The name of the probe kernel, which takes one `unsigned int*` for its output.
inline constexpr std::string_view layout_probe_kernel = "rtcg_layout_probe";

/// Where a field lies in its struct, in bytes.
struct FieldLayout {
    std::size_t offset; ///< from the start of the struct
    std::size_t size;   ///< the field's own size
};

/// A struct's size and alignment and its fields' places, in bytes.
struct StructLayout {
    std::size_t size;                ///< sizeof
    std::size_t alignment;           ///< alignof
    std::vector<FieldLayout> fields; ///< in declaration order
};

/// The probe of one struct type and every struct inside it.
struct LayoutProbe {
    std::vector<DType> structs; ///< the probed structs, dependencies first
    std::string source;         ///< the struct declarations and the kernel, without the prelude
};

/// The probe of `type` for `dialect`. InvalidArgument unless `type` is a struct.
RTCG_API LayoutProbe make_layout_probe(const DType& type, Dialect dialect);

/// How many unsigned ints the probe writes.
RTCG_API std::size_t probe_output_count(const LayoutProbe& probe);

/// The layouts the host expects, in the order of probe.structs.
RTCG_API std::vector<StructLayout> host_layouts(const LayoutProbe& probe);
/// The layouts the device wrote (`output`, probe_output_count(probe) numbers), in the order of
/// probe.structs.
RTCG_API std::vector<StructLayout> device_layouts(const LayoutProbe& probe, std::span<const std::uint32_t> output);

/// The probe kernel's source alone: make_layout_probe(type, dialect).source. With complex
/// fields, it needs the prelude's complex support (PreludeOptions::complex).
RTCG_API std::string layout_probe_source(const DType& type, Dialect dialect);

} // namespace rtcg::codegen
