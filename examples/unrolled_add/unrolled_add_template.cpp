// The papers' Figure 5, first half: a vector add whose loop is unrolled by a template at run
// time, when the element type and the unrolling depth are known. `--show` prints the source.
#include "check_sum.hpp"

#include <rtcg/codegen/prelude.hpp>
#include <rtcg/codegen/template.hpp>
#include <rtcg/rtcg.hpp>

#include <cstdio>
#include <cstring>

namespace {

constexpr const char* add_template = R"(RTCG_KERNEL void add(
        RTCG_GLOBAL {{ type_name }} *tgt,
        RTCG_GLOBAL const {{ type_name }} *op1,
        RTCG_GLOBAL const {{ type_name }} *op2)
{
    const size_t idx = RTCG_LOCAL_ID(0) + {{ thread_block_size * block_size }} * RTCG_GROUP_ID(0);
    {% for i in range(block_size) %}
    {% set offset = i * thread_block_size %}
    tgt[idx + {{ offset }}] = op1[idx + {{ offset }}] + op2[idx + {{ offset }}];
    {% endfor %}
}
)";

} // namespace

int main(int argc, char** argv) {
    try {
        const auto context = rtcg::Context::from_environment();
        const unrolled_add::Shape shape;
        const rtcg::codegen::Template add(add_template, "unrolled_add");
        const std::string source = add.render({{"type_name", "float"},
                                               {"block_size", shape.block_size},
                                               {"thread_block_size", shape.thread_block_size}});
        if (argc > 1 && std::strcmp(argv[1], "--show") == 0) std::printf("%s\n", source.c_str());
        return unrolled_add::run_and_check(
            context, context.compile(source, {.prelude = rtcg::codegen::portable_prelude()}), shape);
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
}
