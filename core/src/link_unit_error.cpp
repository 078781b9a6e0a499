#include <rtcg/core/plugin/support.hpp>

#include <string>

namespace rtcg::plugin {

CompileError link_unit_error(const CompileError& error, std::size_t index, std::size_t count) {
    return CompileError("unit " + std::to_string(index) + " of " + std::to_string(count) + " (source): " + error.why(),
                        error.where(), error.build_log(), error.source_excerpt(), error.code(), error.code_name());
}

} // namespace rtcg::plugin
