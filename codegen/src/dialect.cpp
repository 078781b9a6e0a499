#include <rtcg/codegen/dialect.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>

namespace rtcg::codegen {
namespace {

constexpr int dimensions = 3;

// OpenCL's queries by name, but the global size: NVIDIA's get_global_size is wrong from 2^31
// work-items on (the OpenCL prelude says how), so it is the group count times the group size.
std::string opencl_index_expression(IndexQuery query, int dimension) {
    const std::string argument = '(' + std::to_string(dimension) + ')';
    switch (query) {
    case IndexQuery::global_id: return "get_global_id" + argument;
    case IndexQuery::local_id: return "get_local_id" + argument;
    case IndexQuery::group_id: return "get_group_id" + argument;
    case IndexQuery::local_size: return "get_local_size" + argument;
    case IndexQuery::num_groups: return "get_num_groups" + argument;
    case IndexQuery::global_size: return "(get_num_groups" + argument + " * get_local_size" + argument + ')';
    }
    throw InvalidArgument("unknown index query", "codegen::index_expression");
}

// CUDA's built-ins are vectors of unsigned int: each is widened to size_t before it is used, so
// that global ids and sizes are computed in 64 bits.
std::string cuda_index_expression(IndexQuery query, char component) {
    const auto widened = [component](std::string_view builtin) {
        return "(size_t)" + std::string(builtin) + '.' + component;
    };
    switch (query) {
    case IndexQuery::global_id:
        return "(" + widened("blockIdx") + " * " + widened("blockDim") + " + " + widened("threadIdx") + ")";
    case IndexQuery::local_id: return "(" + widened("threadIdx") + ")";
    case IndexQuery::group_id: return "(" + widened("blockIdx") + ")";
    case IndexQuery::local_size: return "(" + widened("blockDim") + ")";
    case IndexQuery::num_groups: return "(" + widened("gridDim") + ")";
    case IndexQuery::global_size: return "(" + widened("gridDim") + " * " + widened("blockDim") + ")";
    }
    throw InvalidArgument("unknown index query", "codegen::index_expression");
}

} // namespace

Dialect dialect_of(const DeviceInfo& device) {
    if (device.backend == "cuda") return Dialect::cuda;
    if (device.backend == "opencl") return Dialect::opencl;
    throw InvalidArgument("no kernel dialect for backend '" + device.backend + "'", "codegen::dialect_of");
}

Target target_of(const DeviceInfo& device) {
    const Dialect dialect = dialect_of(device);
    if (dialect == Dialect::cuda) return Target(dialect);
    return Target(dialect, device.platform == "NVIDIA CUDA" && device.simd_width == 32);
}

std::vector<std::string> launch_bounds_options(const Target& target, std::size_t block, std::size_t min_groups) {
    if (target.dialect != Dialect::opencl || !target.warp_primitives || block == 0 || min_groups == 0) return {};
    const std::size_t threads = (block + 31) / 32 * 32 * min_groups;
    if (65536 / threads >= 255) return {};
    // ptxas allocates at least 16 registers per thread whatever the cap says.
    const std::size_t registers = std::max<std::size_t>(65536 / threads / 8 * 8, 16);
    return {"-cl-nv-maxrregcount=" + std::to_string(registers)};
}

std::string_view to_string(Dialect dialect) noexcept { return dialect == Dialect::cuda ? "cuda" : "opencl"; }

std::string_view kernel_qualifier(Dialect dialect) {
    return dialect == Dialect::cuda ? "extern \"C\" __global__" : "__kernel";
}

std::string_view device_function_qualifier(Dialect dialect) {
    return dialect == Dialect::cuda ? "__device__ inline" : "inline";
}

std::string_view restrict_qualifier(Dialect dialect) { return dialect == Dialect::cuda ? "__restrict__" : "restrict"; }

std::string_view pointer_space(Dialect dialect, AddressSpace space) {
    switch (space) {
    case AddressSpace::private_space: return "";
    case AddressSpace::global: return dialect == Dialect::cuda ? "" : "__global";
    case AddressSpace::local: return dialect == Dialect::cuda ? "" : "__local";
    case AddressSpace::constant: return dialect == Dialect::cuda ? "const" : "__constant";
    }
    throw InvalidArgument("unknown address space", "codegen::pointer_space");
}

std::string_view variable_space(Dialect dialect, AddressSpace space) {
    switch (space) {
    case AddressSpace::private_space: return "";
    case AddressSpace::global: break;
    case AddressSpace::local: return dialect == Dialect::cuda ? "__shared__" : "__local";
    case AddressSpace::constant: return dialect == Dialect::cuda ? "__constant__" : "__constant";
    }
    throw InvalidArgument("variables cannot be declared in global memory (OpenCL C 1.2 has no program-scope "
                          "global variables); pass a buffer instead",
                          "codegen::variable_space");
}

std::string index_expression(Dialect dialect, IndexQuery query, int dimension) {
    if (dimension < 0 || dimension >= dimensions)
        throw InvalidArgument("index dimension " + std::to_string(dimension) + " is not 0, 1 or 2",
                              "codegen::index_expression");
    if (dialect == Dialect::cuda) return cuda_index_expression(query, "xyz"[dimension]);
    return opencl_index_expression(query, dimension);
}

std::string_view local_barrier(Dialect dialect) {
    return dialect == Dialect::cuda ? "__syncthreads()" : "barrier(CLK_LOCAL_MEM_FENCE)";
}

std::string_view global_barrier(Dialect dialect) {
    return dialect == Dialect::cuda ? "__syncthreads()" : "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)";
}

} // namespace rtcg::codegen
