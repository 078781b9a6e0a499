// Kernels spelled only with the Dialect API (no prelude) compile and run: every qualifier, every
// address space, every index query in three dimensions, both barriers. The prelude's index
// macros are held to the same 3-D check.
#include "compile_everywhere.hpp"

#include <doctest/doctest.h>

#include <array>
#include <numeric>
#include <string>
#include <vector>

using rtcg::codegen::AddressSpace;
using rtcg::codegen::Dialect;
using rtcg::codegen::IndexQuery;
using rtcg::test::context;

namespace {

constexpr std::array queries = {IndexQuery::global_id,  IndexQuery::local_id,   IndexQuery::group_id,
                                IndexQuery::local_size, IndexQuery::num_groups, IndexQuery::global_size};
constexpr std::size_t values_per_item = queries.size() * 3;

std::string str(std::string_view text) { return std::string(text); }

// A kernel that stores every query in every dimension for each work-item, at the item's linear
// global position; `expression(query, dimension)` spells the query.
template <class Spell>
std::string index_kernel(std::string_view header, std::string_view pointer, Spell expression) {
    std::string body = str(header) + " void ids(" + str(pointer) + " unsigned int* out) {\n";
    body += "    const size_t linear = (" + expression(IndexQuery::global_id, 2) + " * " +
            expression(IndexQuery::global_size, 1) + " + " + expression(IndexQuery::global_id, 1) + ") * " +
            expression(IndexQuery::global_size, 0) + " + " + expression(IndexQuery::global_id, 0) + ";\n";
    for (std::size_t q = 0; q < queries.size(); ++q)
        for (int d = 0; d < 3; ++d)
            body += "    out[linear * " + std::to_string(values_per_item) + " + " + std::to_string(q * 3 + d) +
                    "] = (unsigned int)" + expression(queries[q], d) + ";\n";
    return body + "}\n";
}

// What each work-item of the launch must have seen, query by query.
void check_ids(rtcg::Module module) {
    const rtcg::Dim3 grid{3, 2, 2}, block{4, 2, 2};
    const std::array<std::size_t, 3> groups{grid.x, grid.y, grid.z}, sizes{block.x, block.y, block.z};
    const std::size_t items = grid.volume() * block.volume();
    auto out = context().allocate(items * values_per_item * sizeof(unsigned));
    context().queue().fill(out, 0xffffffffu);
    module.kernel("ids")(context().queue(), rtcg::LaunchConfig{grid, block}, out);
    const auto seen = context().to_host<unsigned>(out);
    const std::size_t width = groups[0] * sizes[0], height = groups[1] * sizes[1];
    for (std::size_t z = 0; z < groups[2] * sizes[2]; ++z)
        for (std::size_t y = 0; y < height; ++y)
            for (std::size_t x = 0; x < width; ++x) {
                const std::array<std::size_t, 3> global{x, y, z};
                const std::size_t base = ((z * height + y) * width + x) * values_per_item;
                for (std::size_t d = 0; d < 3; ++d) {
                    CAPTURE(x);
                    CAPTURE(y);
                    CAPTURE(z);
                    CAPTURE(d);
                    REQUIRE(seen[base + 0 * 3 + d] == global[d]);
                    REQUIRE(seen[base + 1 * 3 + d] == global[d] % sizes[d]);
                    REQUIRE(seen[base + 2 * 3 + d] == global[d] / sizes[d]);
                    REQUIRE(seen[base + 3 * 3 + d] == sizes[d]);
                    REQUIRE(seen[base + 4 * 3 + d] == groups[d]);
                    REQUIRE(seen[base + 5 * 3 + d] == groups[d] * sizes[d]);
                }
            }
}

std::string prelude_macro(IndexQuery query, int dimension) {
    constexpr std::array names = {"RTCG_GLOBAL_ID",  "RTCG_LOCAL_ID",   "RTCG_GROUP_ID",
                                  "RTCG_LOCAL_SIZE", "RTCG_NUM_GROUPS", "RTCG_GLOBAL_SIZE"};
    return std::string(names[static_cast<std::size_t>(query)]) + "(" + std::to_string(dimension) + ")";
}

} // namespace

TEST_CASE("index_expression spells every id and size of a 3-D launch") {
    check_ids(rtcg::test::compile_everywhere([](Dialect dialect) {
        return index_kernel(kernel_qualifier(dialect), pointer_space(dialect, AddressSpace::global),
                            [dialect](IndexQuery query, int d) { return index_expression(dialect, query, d); });
    }));
}

TEST_CASE("the prelude's index macros give every id and size of a 3-D launch") {
    check_ids(rtcg::test::compile_everywhere(index_kernel("RTCG_KERNEL", "RTCG_GLOBAL", prelude_macro)));
}

TEST_CASE("local variables, local pointers and local_barrier reverse each work-group") {
    constexpr std::size_t width = 64, groups = 5;
    const auto module = rtcg::test::compile_everywhere([](Dialect dialect) {
        const auto id = [dialect](IndexQuery query) { return index_expression(dialect, query, 0); };
        return str(kernel_qualifier(dialect)) + " void reverse(" + str(pointer_space(dialect, AddressSpace::global)) +
               " int* " + str(restrict_qualifier(dialect)) + " data) {\n" +
               "    " + str(variable_space(dialect, AddressSpace::local)) + " int tile[64];\n" +
               "    " + str(pointer_space(dialect, AddressSpace::local)) + " int* view = tile;\n" +
               "    const size_t lid = " + id(IndexQuery::local_id) + ", base = " + id(IndexQuery::group_id) +
               " * " + id(IndexQuery::local_size) + ";\n" +
               "    view[lid] = data[base + lid];\n" +
               "    " + str(local_barrier(dialect)) + ";\n" +
               "    data[base + lid] = tile[63 - lid];\n" +
               "}\n";
    });
    std::vector<int> input(width * groups);
    std::iota(input.begin(), input.end(), 1);
    auto data = context().to_device(input);
    module.kernel("reverse")(context().queue(), rtcg::LaunchConfig{groups, width}, data);
    const auto result = context().to_host<int>(data);
    for (std::size_t g = 0; g < groups; ++g)
        for (std::size_t i = 0; i < width; ++i) REQUIRE(result[g * width + i] == input[g * width + width - 1 - i]);
}

TEST_CASE("global_barrier makes a work-group's global writes visible to the group") {
    constexpr std::size_t width = 32, groups = 4;
    const auto module = rtcg::test::compile_everywhere([](Dialect dialect) {
        const auto id = [dialect](IndexQuery query) { return index_expression(dialect, query, 0); };
        const auto global = str(pointer_space(dialect, AddressSpace::global));
        return str(kernel_qualifier(dialect)) + " void pass_left(" + global + " int* scratch, " + global +
               " int* out) {\n" +
               "    const size_t lid = " + id(IndexQuery::local_id) + ", width = " + id(IndexQuery::local_size) +
               ", base = " + id(IndexQuery::group_id) + " * width;\n" +
               "    scratch[base + lid] = (int)(lid * 3 + 1);\n" +
               "    " + str(global_barrier(dialect)) + ";\n" +
               "    out[base + lid] = scratch[base + (lid + 1) % width];\n" +
               "}\n";
    });
    auto scratch = context().allocate(width * groups * sizeof(int));
    auto out = context().allocate(width * groups * sizeof(int));
    module.kernel("pass_left")(context().queue(), rtcg::LaunchConfig{groups, width}, scratch, out);
    const auto result = context().to_host<int>(out);
    for (std::size_t g = 0; g < groups; ++g)
        for (std::size_t i = 0; i < width; ++i)
            REQUIRE(result[g * width + i] == static_cast<int>(((i + 1) % width) * 3 + 1));
}

TEST_CASE("constant tables, constant pointers, private variables and device functions") {
    constexpr unsigned n = 100;
    const auto module = rtcg::test::compile_everywhere([](Dialect dialect) {
        const auto pointer = [dialect](AddressSpace space) { return str(pointer_space(dialect, space)); };
        const std::string restrict_word = str(restrict_qualifier(dialect));
        return str(variable_space(dialect, AddressSpace::constant)) +
               " float factors[4] = {0.5f, 1.5f, -2.5f, 4.0f};\n" +
               str(device_function_qualifier(dialect)) + " float scaled(float x, unsigned int i) {\n" +
               "    " + pointer(AddressSpace::private_space) + " const float* factor = &x;\n" +
               "    return *factor * factors[i % 4];\n" +
               "}\n" +
               str(kernel_qualifier(dialect)) + " void apply(" + pointer(AddressSpace::constant) + " float* " +
               restrict_word + " offsets, " + pointer(AddressSpace::global) + " float* " + restrict_word +
               " out, unsigned int n) {\n" +
               "    " + str(variable_space(dialect, AddressSpace::private_space)) +
               " unsigned int i = (unsigned int)" + index_expression(dialect, IndexQuery::global_id, 0) + ";\n" +
               "    if (i < n) out[i] = scaled(offsets[i], i);\n" +
               "}\n";
    });
    std::vector<float> offsets(n);
    for (unsigned i = 0; i < n; ++i) offsets[i] = static_cast<float>(i) - 40.0f;
    auto offsets_gpu = context().to_device(offsets);
    auto out = context().allocate(n * sizeof(float));
    module.kernel("apply")(context().queue(), rtcg::LaunchConfig::covering(n, 32), offsets_gpu, out, n);
    const auto result = context().to_host<float>(out);
    const std::array factors = {0.5f, 1.5f, -2.5f, 4.0f};
    for (unsigned i = 0; i < n; ++i) REQUIRE(result[i] == offsets[i] * factors[i % 4]);
}
