// The Philox kernels: one work-item per group of 4 elements in a grid-stride loop, turning one
// Philox block (two for doubles) into 4 results as random.hpp documents, then storing the 4, or
// the part of them that the array has left.
#include "random_functions.hpp"
#include "random_kernels.hpp"

#include <rtcg/arrays/random.hpp>
#include <rtcg/codegen/literal.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/core/error.hpp>

#include <string>
#include <vector>

namespace rtcg::random {
namespace {

using codegen::Argument;
using codegen::Dialect;
using codegen::DType;
using namespace codegen::syntax;
namespace syntax = codegen::syntax;

bool doubles(const DType& element) { return element == DType::float64(); }

// Word i (0 to 7) of the group's blocks w0, w1.
std::string word(int i) { return "w" + std::to_string(i / 4) + "." + "xyzw"[i % 4]; }

// The group's 64-bit value j (0 to 3): words 2j and 2j + 1 of both blocks, low word first.
std::string wide(int j) {
    return "((rtcg_uindex_t)" + word(2 * j) + " | ((rtcg_uindex_t)" + word(2 * j + 1) + " << 32))";
}

// The 4 results of a group, v[0] to v[3], from its blocks.
std::vector<Code> results(Dialect dialect, Distribution distribution, const DType& element) {
    const std::string type = element.c_name(dialect);
    std::vector<Code> code{Declare(element, "v").array(4)};
    if (distribution == Distribution::normal) {
        const auto uniform = [&](int i) {
            return doubles(element) ? "rtcg_philox_open_uniform64(" + wide(i) + ")"
                                    : "rtcg_philox_open_uniform32(" + word(i) + ")";
        };
        // The affine map is one fma in double; float results are rounded from it once.
        const std::string rounding = doubles(element) ? "" : "(" + type + ")";
        for (int pair = 0; pair < 2; ++pair) {
            const std::string z = "z" + std::to_string(pair);
            code.push_back(Declare(DType::vector(DType::float64(), 2), z,
                                   "rtcg_philox_box_muller(" + uniform(2 * pair) + ", " + uniform(2 * pair + 1) + ")")
                               .constant());
            code.push_back(Assign("v[" + std::to_string(2 * pair) + "]", rounding + "fma(stddev, " + z + ".x, mean)"));
            code.push_back(
                Assign("v[" + std::to_string(2 * pair + 1) + "]", rounding + "fma(stddev, " + z + ".y, mean)"));
        }
        return code;
    }
    for (int j = 0; j < 4; ++j) {
        std::string value;
        if (distribution == Distribution::bits)
            value = word(j);
        else if (doubles(element))
            value = "(double)(" + wide(j) + " >> 11) * " + codegen::literal(dialect, 0x1p-53);
        else
            value = "(float)(" + word(j) + " >> 8) * " + codegen::literal(dialect, 0x1p-24f);
        code.push_back(Assign("v[" + std::to_string(j) + "]", value));
    }
    return code;
}

Code kernel(Dialect dialect, Distribution distribution, const DType& element) {
    std::vector<Argument> parameters{
        Argument::pointer(element, "base"),
        Argument::scalar(DType::int64(), "offset"),
        Argument::scalar(DType::int64(), "n"),
        Argument::scalar(DType::uint64(), "seed"),
        Argument::scalar(DType::uint64(), "subsequence"),
        Argument::scalar(DType::uint64(), "first_block"),
    };
    if (distribution == Distribution::normal) {
        parameters.push_back(Argument::scalar(DType::float64(), "mean"));
        parameters.push_back(Argument::scalar(DType::float64(), "stddev"));
    }
    const int blocks = doubles(element) ? 2 : 1;
    const std::string word_type = DType::uint32().c_name(dialect);
    const DType uint4 = DType::vector(DType::uint32(), 4);

    std::vector<Code> group{
        Declare(DType::uint64(), "block", "first_block + " + std::to_string(blocks) + " * (rtcg_uindex_t)g").constant(),
    };
    for (int b = 0; b < blocks; ++b)
        group.push_back(
            Declare(uint4, "w" + std::to_string(b),
                    "rtcg_philox4x32_10(rtcg_philox_counter(block + " + std::to_string(b) + ", subsequence), key)")
                .constant());
    for (Code& code : results(dialect, distribution, element)) group.push_back(std::move(code));
    group.push_back(Declare(DType::int64(), "k", "4 * g").constant());
    group.push_back(If("n - k >= 4",
                       Block{{Assign("out[k]", "v[0]"), Assign("out[k + 1]", "v[1]"), Assign("out[k + 2]", "v[2]"),
                              Assign("out[k + 3]", "v[3]")}},
                       For("int j = 0", "k + j < n", "++j", Assign("out[k + j]", "v[j]"))));

    Argument out = Argument::pointer(element, "out");
    return syntax::Kernel(detail::philox_kernel_name(distribution, element), std::move(parameters),
                          Block{{
                              Raw(out.declaration(dialect) + " = base + offset;"),
                              Declare(DType::vector(DType::uint32(), 2), "key",
                                      "rtcg_make_uint2((" + word_type + ")seed, (" + word_type + ")(seed >> 32))")
                                  .constant(),
                              Declare(DType::int64(), "groups", "(n + 3) / 4").constant(),
                              Declare(DType::int64(), "stride", "(rtcg_index_t)RTCG_GLOBAL_SIZE(0)").constant(),
                              For("rtcg_index_t g = (rtcg_index_t)RTCG_GLOBAL_ID(0)", "g < groups", "g += stride",
                                  Block(std::move(group))),
                          }});
}

} // namespace

namespace detail {

void check_element(Distribution distribution, const DType& element) {
    const bool bits = distribution == Distribution::bits;
    if (bits ? element == DType::uint32() : element == DType::float32() || element == DType::float64()) return;
    throw InvalidArgument(std::string(bits ? "bits are uint32" : "uniform and normal numbers are float32 or float64") +
                              ", not " + std::string(element.name()),
                          "random::philox_source");
}

std::string philox_kernel_name(Distribution distribution, const DType& element) {
    static constexpr const char* names[] = {"bits", "uniform", "normal"};
    return "rtcg_philox_" + std::string(names[static_cast<int>(distribution)]) + "_" + std::string(element.name());
}

} // namespace detail

std::string philox_source(Dialect dialect, Distribution distribution, const DType& element) {
    detail::check_element(distribution, element);
    std::vector<Code> items = detail::philox_functions(dialect);
    if (distribution == Distribution::normal)
        for (Code& function : detail::normal_functions(dialect)) items.push_back(std::move(function));
    items.push_back(kernel(dialect, distribution, element));
    return codegen::with_prelude(dialect, print(syntax::Module(std::move(items)), dialect));
}

} // namespace rtcg::random
