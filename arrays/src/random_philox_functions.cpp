// Philox4x32-10 as device code: integer work only, so every compiler gives the same bits.
#include "random_functions.hpp"

#include <rtcg/arrays/random_constants.hpp>
#include <rtcg/codegen/literal.hpp>

#include <string>
#include <vector>

namespace rtcg::random::detail {
namespace {

using codegen::Dialect;
using codegen::DType;
using namespace codegen::syntax;
namespace k = constants;

DType uint4() { return DType::vector(DType::uint32(), 4); }
DType uint2() { return DType::vector(DType::uint32(), 2); }

// One round: the two 32x32 -> 64-bit products (computed from the old c0, c2 first), then the
// words in an order that reads c1 and c3 before overwriting them.
Code round(Dialect dialect) {
    const std::string m0 = "(rtcg_uindex_t)" + codegen::literal(dialect, k::philox_multiplier0);
    const std::string m1 = "(rtcg_uindex_t)" + codegen::literal(dialect, k::philox_multiplier1);
    const std::string word = DType::uint32().c_name(dialect);
    return Block{{
        Declare(DType::uint64(), "p0", m0 + " * c0").constant(),
        Declare(DType::uint64(), "p1", m1 + " * c2").constant(),
        Assign("c0", "(" + word + ")(p1 >> 32) ^ c1 ^ k0"),
        Assign("c1", "(" + word + ")p1"),
        Assign("c2", "(" + word + ")(p0 >> 32) ^ c3 ^ k1"),
        Assign("c3", "(" + word + ")p0"),
    }};
}

Code philox(Dialect dialect) {
    std::vector<Code> body{
        Declare(DType::uint32(), "c0", "counter.x"), Declare(DType::uint32(), "c1", "counter.y"),
        Declare(DType::uint32(), "c2", "counter.z"), Declare(DType::uint32(), "c3", "counter.w"),
        Declare(DType::uint32(), "k0", "key.x"),     Declare(DType::uint32(), "k1", "key.y"),
    };
    for (int r = 0; r < k::philox_rounds; ++r) {
        if (r > 0) {
            body.push_back(Assign("k0", codegen::literal(dialect, k::philox_weyl0), "+="));
            body.push_back(Assign("k1", codegen::literal(dialect, k::philox_weyl1), "+="));
        }
        body.push_back(round(dialect));
    }
    body.push_back(Statement("return rtcg_make_uint4(c0, c1, c2, c3)"));
    return DeviceFunction(uint4(), "rtcg_philox4x32_10",
                          {codegen::Argument::scalar(uint4(), "counter"), codegen::Argument::scalar(uint2(), "key")},
                          Block(std::move(body)));
}

Code counter(Dialect dialect) {
    const std::string word = DType::uint32().c_name(dialect);
    return DeviceFunction(
        uint4(), "rtcg_philox_counter",
        {codegen::Argument::scalar(DType::uint64(), "block"),
         codegen::Argument::scalar(DType::uint64(), "subsequence")},
        Block{{Statement("return rtcg_make_uint4((" + word + ")block, (" + word + ")(block >> 32), (" + word +
                         ")subsequence, (" + word + ")(subsequence >> 32))")}});
}

} // namespace

std::vector<Code> philox_functions(Dialect dialect) { return {counter(dialect), philox(dialect)}; }

} // namespace rtcg::random::detail
