// Syntax trees printed for the test context's dialect compile and compute what they say; the
// CUDA print of each tree also goes through NVRTC.
#include "../support/cuda_compile.hpp"
#include "../support/test_context.hpp"

#include <rtcg/codegen/syntax.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <vector>

namespace {

namespace syntax = rtcg::codegen::syntax;
using rtcg::codegen::AddressSpace;
using rtcg::codegen::Dialect;
using rtcg::codegen::DType;
using rtcg::codegen::IndexQuery;

constexpr std::size_t group_size = 64;

// Reverses each work-group's slice through local memory, then classifies each element with an
// if / else-if / else chain, counts its set bits with a while loop in a device function, and
// sums 0..i%8 with a for loop.
syntax::Module every_construct() {
    using namespace syntax;
    const Function popcount = DeviceFunction(DType::int32(), "count_bits", "unsigned int v", Block{{
        Declare(DType::int32(), "bits", "0"),
        While("v != 0u", Block{{Assign("bits", "(int)(v & 1u)", "+="), Assign("v", "1", ">>=")}}),
        Statement("return bits"),
    }});
    const Function kernel = Kernel("every_construct", "const int *in, int *reversed, int *kind, int *bits, int *sums", Block{{
        Comment("Reverse the group's slice through local memory.\nEvery item writes, then every item reads."),
        Index("local_id", IndexQuery::local_id, 0),
        Index("group_start", IndexQuery::group_id, 0),
        Declare(DType::int32(), "tile").array(group_size).in(AddressSpace::local),
        Declare(DType::uint64(), "i", "group_start * GROUP_SIZE + local_id").constant(),
        Assign("tile[local_id]", "in[i]"),
        Barrier(),
        Assign("reversed[i]", "tile[GROUP_SIZE - 1 - local_id]"),
        If("in[i] < 0", Assign("kind[i]", "-1"),
           If("in[i] == 0", Assign("kind[i]", "0"), Block{{Assign("kind[i]", "1")}})),
        Assign("bits[i]", "count_bits((unsigned int)in[i])"),
        Declare(DType::int32(), "sum", "0"),
        For("int k = 0", "k <= (int)(i % 8)", "++k", Assign("sum", "k", "+=")),
        PerDialect(Raw("sums[i] = sum; // CUDA"), Raw("sums[i] = sum; // OpenCL")),
    }});
    return Module{{Define("GROUP_SIZE", std::to_string(group_size)), popcount, kernel}};
}

int count_bits(unsigned v) {
    int bits = 0;
    for (; v != 0; v >>= 1) bits += static_cast<int>(v & 1u);
    return bits;
}

} // namespace

TEST_CASE("a tree using every node computes on the device what the host computes") {
    const auto& context = rtcg::test::context();
    const auto dialect = rtcg::codegen::dialect_of(context.device());
    const auto module = every_construct();
    rtcg::test::compile_for_cuda(rtcg::codegen::with_prelude(Dialect::cuda, syntax::print(module, Dialect::cuda)));

    const std::size_t n = 4 * group_size;
    std::vector<int> in(n);
    for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<int>(i * 37 % 101) - 50;
    const auto in_gpu = context.to_device(in);
    std::vector<rtcg::Buffer> outputs;
    for (int o = 0; o < 4; ++o) outputs.push_back(context.allocate(n * sizeof(int)));
    const auto kernel = rtcg::test::compile(syntax::print(module, dialect)).kernel("every_construct");
    kernel(context.queue(), rtcg::LaunchConfig::covering(n, group_size), in_gpu, outputs[0], outputs[1], outputs[2],
           outputs[3]);

    const auto reversed = context.to_host<int>(outputs[0]);
    const auto kind = context.to_host<int>(outputs[1]);
    const auto bits = context.to_host<int>(outputs[2]);
    const auto sums = context.to_host<int>(outputs[3]);
    for (std::size_t i = 0; i < n; ++i) {
        CAPTURE(i);
        const std::size_t group = i / group_size, lane = i % group_size;
        CHECK(reversed[i] == in[group * group_size + group_size - 1 - lane]);
        CHECK(kind[i] == (in[i] < 0 ? -1 : in[i] == 0 ? 0 : 1));
        CHECK(bits[i] == count_bits(static_cast<unsigned>(in[i])));
        CHECK(sums[i] == static_cast<int>((i % 8) * (i % 8 + 1) / 2));
    }
}

TEST_CASE("constant tables and 3-D index queries print and run in both dialects") {
    using namespace syntax;
    const auto& context = rtcg::test::context();
    const auto dialect = rtcg::codegen::dialect_of(context.device());
    std::vector<Code> body;
    const char* names[] = {"global_id", "local_id", "group_id", "local_size", "num_groups", "global_size"};
    const IndexQuery queries[] = {IndexQuery::global_id,  IndexQuery::local_id,   IndexQuery::group_id,
                                  IndexQuery::local_size, IndexQuery::num_groups, IndexQuery::global_size};
    for (int d = 0; d < 3; ++d)
        for (int q = 0; q < 6; ++q) body.push_back(Index(std::string(names[q]) + std::to_string(d), queries[q], d));
    body.push_back(Declare(DType::uint64(), "item", "global_id0 + global_size0 * (global_id1 + global_size1 * global_id2)").constant());
    std::string sum = "0";
    for (int d = 0; d < 3; ++d)
        for (int q = 0; q < 6; ++q)
            sum += " + table[" + std::to_string(q) + "] * " + names[q] + std::to_string(d);
    body.push_back(Assign("out[item]", "(unsigned int)(" + sum + ")"));
    const Module module{{Declare(DType::uint32(), "table", "{1u, 10u, 100u, 1000u, 10000u, 100000u}")
                             .array(6)
                             .constant()
                             .in(AddressSpace::constant),
                         Kernel("ids", "unsigned int *out", Block(body))}};
    rtcg::test::compile_for_cuda(rtcg::codegen::with_prelude(Dialect::cuda, print(module, Dialect::cuda)));

    const rtcg::Dim3 grid{2, 3, 2}, block{4, 2, 2};
    const std::size_t n = 2 * 3 * 2 * 4 * 2 * 2;
    auto out = context.allocate(n * sizeof(unsigned));
    rtcg::test::compile(print(module, dialect)).kernel("ids")(context.queue(), rtcg::LaunchConfig{grid, block}, out);
    const auto result = context.to_host<unsigned>(out);

    const std::size_t g[3] = {2, 3, 2}, b[3] = {4, 2, 2};
    const unsigned table[6] = {1, 10, 100, 1000, 10000, 100000};
    for (std::size_t z = 0; z < g[2] * b[2]; ++z)
        for (std::size_t y = 0; y < g[1] * b[1]; ++y)
            for (std::size_t x = 0; x < g[0] * b[0]; ++x) {
                const std::size_t id[3] = {x, y, z};
                std::size_t expected = 0;
                for (int d = 0; d < 3; ++d) {
                    const std::size_t values[6] = {id[d], id[d] % b[d], id[d] / b[d], b[d], g[d], g[d] * b[d]};
                    for (int q = 0; q < 6; ++q) expected += table[q] * values[q];
                }
                const std::size_t item = x + g[0] * b[0] * (y + g[1] * b[1] * z);
                CAPTURE(item);
                CHECK(result[item] == static_cast<unsigned>(expected));
            }
}
