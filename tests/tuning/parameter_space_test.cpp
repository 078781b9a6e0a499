// ParameterSpace and Configuration as text: declaration errors, constraint pruning, the
// configuration text and its parser. No device involved.
#include "../support/expect_error.hpp"

#include <rtcg/tuning/parameter_space.hpp>
#include <rtcg/tuning/size_class.hpp>

#include <doctest/doctest.h>

#include <algorithm>

using rtcg::InvalidArgument;
using rtcg::test::contains;
using rtcg::test::message_of;
using rtcg::tuning::Configuration;
using rtcg::tuning::ParameterSpace;

namespace {

ParameterSpace tiles() {
    ParameterSpace space;
    space.powers_of_two("tile", 8, 64).integer("work", {1, 2, 4, 8}).choice("loads", {"scalar", "vector"});
    space.constraint("work divides tile / 4",
                     [](const Configuration& c) { return (c.integer("tile") / 4) % c.integer("work") == 0; });
    return space;
}

} // namespace

TEST_CASE("constraints prune the space before anything is generated") {
    const ParameterSpace space = tiles();
    CHECK(space.combinations() == 4 * 4 * 2);
    const auto valid = space.valid_configurations();
    // tile/4 = 2, 4, 8, 16 allows 2, 3, 4, 4 work values.
    CHECK(valid.size() == (2 + 3 + 4 + 4) * 2);
    for (const auto& c : valid) CHECK((c.integer("tile") / 4) % c.integer("work") == 0);
    CHECK(std::is_sorted(valid.begin(), valid.end(), [&](const Configuration& a, const Configuration& b) {
        return space.positions_of(a) < space.positions_of(b);
    }));
    const auto broken = space.parse("tile=8,work=4,loads=scalar");
    REQUIRE(space.violated_constraint(broken));
    CHECK(*space.violated_constraint(broken) == "work divides tile / 4");
    CHECK_FALSE(space.violated_constraint(space.parse("tile=64,work=8,loads=vector")));
}

TEST_CASE("a configuration's text parses back to the same configuration") {
    const ParameterSpace space = tiles();
    for (const auto& c : space.valid_configurations()) CHECK(space.parse(c.to_string()) == c);
    const auto c = space.parse(" loads = vector , tile=32,work=2");
    CHECK(c.to_string() == "tile=32,work=2,loads=vector");
    CHECK(c.integer("tile") == 32);
    CHECK(c.choice("loads") == "vector");
    const auto values = c.template_values();
    CHECK(values.at("work").as_int() == 2);
    CHECK(values.at("loads").as_string() == "vector");
    CHECK(contains(message_of<InvalidArgument>([&] { (void)c.integer("loads"); }), "is a choice"));
    CHECK(contains(message_of<InvalidArgument>([&] { (void)c.choice("missing"); }), "no parameter 'missing'"));
}

TEST_CASE("malformed configuration text is refused with the reason") {
    const ParameterSpace space = tiles();
    CHECK(contains(message_of<InvalidArgument>([&] { space.parse("tile=8,work=1"); }), "no value for 'loads'"));
    CHECK(contains(message_of<InvalidArgument>([&] { space.parse("tile=8,work=1,loads=scalar,x=1"); }),
                   "no parameter 'x'"));
    CHECK(contains(message_of<InvalidArgument>([&] { space.parse("tile=12,work=1,loads=scalar"); }),
                   "12 is not a value of 'tile'"));
    CHECK(contains(message_of<InvalidArgument>([&] { space.parse("tile=8,tile=8,work=1,loads=scalar"); }),
                   "given twice"));
    CHECK(contains(message_of<InvalidArgument>([&] { space.parse("tile=8;work=1"); }),
                   "8;work=1 is not a value of 'tile'"));
    CHECK(contains(message_of<InvalidArgument>([&] { space.parse(""); }), "is not name=value"));
}

TEST_CASE("malformed declarations are refused") {
    ParameterSpace space;
    CHECK(contains(message_of<InvalidArgument>([&] { space.integer("2d", {1}); }), "not an identifier"));
    CHECK(contains(message_of<InvalidArgument>([&] { space.integer("a", {}); }), "has no values"));
    CHECK(contains(message_of<InvalidArgument>([&] { space.integer("a", {1, 2, 1}); }), "lists 1 twice"));
    CHECK(contains(message_of<InvalidArgument>([&] { space.powers_of_two("a", 3, 16); }), "powers of two"));
    CHECK(contains(message_of<InvalidArgument>([&] { space.choice("a", {"x y"}); }), "not an identifier"));
    space.integer("a", {1});
    CHECK(contains(message_of<InvalidArgument>([&] { space.choice("a", {"x"}); }), "declared twice"));
    CHECK(contains(message_of<InvalidArgument>([&] { ParameterSpace().valid_configurations(); }), "no parameters"));
    ParameterSpace huge;
    for (int i = 0; i < 12; ++i) huge.integer("p" + std::to_string(i), {1, 2, 3, 4});
    CHECK(contains(message_of<InvalidArgument>([&] { huge.valid_configurations(); }), "combinations"));
}

TEST_CASE("size classes round each extent up to a power of two") {
    CHECK(rtcg::tuning::power_of_two_class({1000, 4096, 3}) == "1024x4096x4");
    CHECK(rtcg::tuning::power_of_two_class({0, 1}) == "0x1");
}
