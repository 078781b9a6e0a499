#pragma once
// The layout probe: a one-thread kernel that writes, for each struct it probes, the struct's size
// and alignment and each field's offset and size as the device compiler sees them. This file
// owns the order of those numbers, for the kernel and for the host's expectations alike.
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::codegen::detail {

inline constexpr std::string_view layout_probe_kernel = "rtcg_layout_probe";

struct FieldLayout {
    std::size_t offset;
    std::size_t size;
};

struct StructLayout {
    std::size_t size;
    std::size_t alignment;
    std::vector<FieldLayout> fields;
};

struct LayoutProbe {
    std::vector<DType> structs; // the probed structs, dependencies first
    std::string source;         // the struct declarations and the kernel, without the prelude
};

// InvalidArgument unless `type` is a struct.
LayoutProbe make_layout_probe(const DType& type, Dialect dialect);

// How many unsigned ints the probe writes.
std::size_t probe_output_count(const LayoutProbe& probe);

// The layouts the host expects, and those the device wrote, in the order of probe.structs.
std::vector<StructLayout> host_layouts(const LayoutProbe& probe);
std::vector<StructLayout> device_layouts(const LayoutProbe& probe, std::span<const std::uint32_t> output);

} // namespace rtcg::codegen::detail
