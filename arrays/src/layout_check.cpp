// verify_layout: runs the layout probe on a device, compares with the host, remembers the outcome.
#include <rtcg/arrays/layout_check.hpp>
#include <rtcg/codegen/layout_probe.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/core/buffer.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/core/launch.hpp>
#include <rtcg/core/module.hpp>
#include <rtcg/core/queue.hpp>

#include <algorithm>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace rtcg {
namespace {

using codegen::DType;
using codegen::LayoutProbe;
using codegen::StructLayout;

std::string device_identity(const DeviceInfo& device) {
    return device.backend + "\n" + device.platform + "\n" + device.name + "\n" + device.driver_version;
}

// The probe's source names every struct, field, type and alignment attribute; the host layouts
// add the offsets. Together they tell apart any two layouts, also of re-declared names.
std::string layout_key(const DeviceInfo& device, const LayoutProbe& probe) {
    std::string key = device_identity(device) + "\n" + probe.source;
    for (const StructLayout& layout : codegen::host_layouts(probe)) {
        key += std::to_string(layout.size) + "," + std::to_string(layout.alignment);
        for (const auto& field : layout.fields)
            key += ";" + std::to_string(field.offset) + "," + std::to_string(field.size);
        key += "\n";
    }
    return key;
}

std::vector<std::uint32_t> run_probe(const Context& context, const LayoutProbe& probe) {
    // cfloat_t and cdouble_t come with the prelude's complex support, added only where a field needs it.
    const codegen::PreludeOptions prelude_options{.complex = codegen::needs_complex_support(probe.structs)};
    const Module module = context.compile(
        codegen::with_prelude(codegen::dialect_of(context.device()), probe.source, prelude_options));
    // A queue of its own: the context's queue belongs to one thread, and callers may be several.
    Queue queue = context.create_queue();
    std::vector<std::uint32_t> output(codegen::probe_output_count(probe));
    Buffer buffer = context.allocate(output.size() * sizeof(std::uint32_t));
    module.kernel(std::string(codegen::layout_probe_kernel))(queue, LaunchConfig{1, 1}, buffer);
    queue.read(buffer, std::span<std::uint32_t>(output));
    return output;
}

std::string host_and_device(std::size_t host, std::size_t device) {
    return std::to_string(host) + " on the host, " + std::to_string(device) + " on the device";
}

// Every difference, each naming its struct and field; empty when the layouts agree.
std::string differences(const LayoutProbe& probe, const std::vector<StructLayout>& host,
                        const std::vector<StructLayout>& device) {
    std::string found;
    const auto report = [&](const DType& type, const std::string& what) {
        found += (found.empty() ? "" : "; ") + std::string("struct '") + std::string(type.name()) + "': " + what;
    };
    for (std::size_t s = 0; s < probe.structs.size(); ++s) {
        const DType& type = probe.structs[s];
        for (std::size_t f = 0; f < type.fields().size(); ++f) {
            const std::string field = "field '" + type.fields()[f].name + "'";
            const auto& on_host = host[s].fields[f];
            const auto& on_device = device[s].fields[f];
            if (on_host.offset != on_device.offset)
                report(type, field + " at offset " + host_and_device(on_host.offset, on_device.offset));
            if (on_host.size != on_device.size)
                report(type, field + " size " + host_and_device(on_host.size, on_device.size));
        }
        if (host[s].size != device[s].size) report(type, "size " + host_and_device(host[s].size, device[s].size));
        if (host[s].alignment != device[s].alignment)
            report(type, "alignment " + host_and_device(host[s].alignment, device[s].alignment));
    }
    return found;
}

// Outcomes by layout_key: empty for a layout that matched, else the differences found.
struct VerifiedLayouts {
    std::mutex mutex;
    std::unordered_map<std::string, std::string> outcomes;
};

VerifiedLayouts& verified_layouts() {
    static VerifiedLayouts instance;
    return instance;
}

std::optional<std::string> recorded_outcome(const std::string& key) {
    auto& verified = verified_layouts();
    const std::lock_guard lock(verified.mutex);
    if (const auto entry = verified.outcomes.find(key); entry != verified.outcomes.end()) return entry->second;
    return std::nullopt;
}

void record_outcome(const std::string& key, const std::string& outcome) {
    auto& verified = verified_layouts();
    const std::lock_guard lock(verified.mutex);
    verified.outcomes.emplace(key, outcome);
}

} // namespace

void verify_layout(const Context& context, const DType& type) {
    if (type.kind() != codegen::TypeKind::structure) return;
    const DeviceInfo& device = context.device();
    const LayoutProbe probe = codegen::make_layout_probe(type, codegen::dialect_of(device));
    const std::string key = layout_key(device, probe);
    std::optional<std::string> outcome = recorded_outcome(key);
    if (!outcome) {
        // Probed without holding the lock: threads racing on one new layout each run the probe,
        // and the compile cache builds it once. Compile errors propagate and are not recorded.
        const auto on_device = codegen::device_layouts(probe, run_probe(context, probe));
        outcome = differences(probe, codegen::host_layouts(probe), on_device);
        record_outcome(key, *outcome);
    }
    if (!outcome->empty())
        throw InvalidArgument(device.name + " (" + device.backend + ") lays out structs differently from the host: " +
                                  *outcome,
                              "verify_layout");
}

} // namespace rtcg
