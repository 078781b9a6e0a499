// The papers' Figure 5, second half: the same unrolled vector add built as a syntax tree and
// printed in the device's own dialect (plain CUDA or plain OpenCL C). `--show` prints it.
#include "check_sum.hpp"

#include <rtcg/codegen/prelude.hpp>
#include <rtcg/codegen/syntax.hpp>
#include <rtcg/rtcg.hpp>

#include <cstdio>
#include <cstring>

namespace {

namespace syntax = rtcg::codegen::syntax;
using rtcg::codegen::Argument;
using rtcg::codegen::DType;

syntax::Module unrolled_add_tree(const DType& type, const unrolled_add::Shape& shape) {
    std::vector<Argument> parameters;
    for (const char* name : {"tgt", "op1", "op2"}) parameters.push_back(Argument::pointer(type, name));
    parameters[1].is_const = parameters[2].is_const = true;

    std::vector<syntax::Code> body{
        syntax::Index("local_id", rtcg::codegen::IndexQuery::local_id, 0),
        syntax::Index("group_id", rtcg::codegen::IndexQuery::group_id, 0),
        syntax::Declare(DType::uint64(), "idx",
                        "local_id + " + std::to_string(shape.thread_block_size * shape.block_size) + " * group_id")
            .constant(),
    };
    for (int i = 0; i < shape.block_size; ++i) {
        const std::string offset = std::to_string(i * shape.thread_block_size);
        body.push_back(syntax::Assign("tgt[idx + " + offset + "]", "op1[idx + " + offset + "] + op2[idx + " + offset + "]"));
    }
    return syntax::Module{{syntax::Kernel("add", parameters, syntax::Block(std::move(body)))}};
}

} // namespace

int main(int argc, char** argv) {
    try {
        const auto context = rtcg::Context::from_environment();
        const auto dialect = rtcg::codegen::dialect_of(context.device());
        const unrolled_add::Shape shape;
        const std::string source = syntax::print(unrolled_add_tree(DType::float32(), shape), dialect);
        if (argc > 1 && std::strcmp(argv[1], "--show") == 0) std::printf("%s\n", source.c_str());
        return unrolled_add::run_and_check(
            context, context.compile(source, {.prelude = rtcg::codegen::portable_prelude()}), shape);
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
}
