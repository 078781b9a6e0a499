#include "programs.hpp"

#include <rtcg/codegen/prelude.hpp>

#include <algorithm>
#include <bit>

namespace rtcg::sparse_detail {

codegen::Dialect dialect(const Context& context) { return codegen::dialect_of(context.device()); }

codegen::Target target(const Context& context) { return codegen::target_of(context.device()); }

std::string program_source(const codegen::Target& target, std::string_view configuration,
                           std::initializer_list<std::string_view> files, bool complex) {
    std::string source(configuration);
    for (const std::string_view file : files) (source += file) += '\n';
    return codegen::with_prelude(target, source, {.complex = complex});
}

Module compile(const Context& context, std::string_view configuration, std::initializer_list<std::string_view> files,
               bool complex) {
    return context.compile(program_source(target(context), configuration, files, complex));
}

std::string index_name(const codegen::DType& index) {
    return index == codegen::DType::int32() ? "int" : "rtcg_index_t";
}

std::size_t most_block(const DeviceInfo& device) {
    return std::bit_floor(std::max<std::size_t>(std::min<std::size_t>(device.max_work_group_size, 256), 1));
}

LaunchConfig grid_stride(const Context& context, std::size_t n, std::size_t block) {
    block = std::min(block, std::max<std::size_t>(context.device().max_work_group_size, 1));
    const std::size_t most = std::max<std::size_t>(context.device().compute_units, 1) * 8;
    const std::size_t groups = std::clamp<std::size_t>((n + block - 1) / block, 1, most);
    return LaunchConfig{Dim3{groups}, Dim3{block}, 0};
}

} // namespace rtcg::sparse_detail
