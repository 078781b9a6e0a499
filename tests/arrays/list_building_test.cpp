// ListOfListsBuilder against lists built on the host by the same generator: several lists of
// int32, int64, float and double, a count-only list and one without its empty lists, at n = 0, 1
// and a few thousand, over contiguous and strided arguments; one index holding every item; int32
// starts; and the refused builders and builds.
#include "../support/cuda_compile.hpp"
#include "../support/test_context.hpp"

#include <rtcg/arrays/list_building.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

using rtcg::Array;
using rtcg::BuiltList;
using rtcg::ListOfListsBuilder;
using rtcg::codegen::DType;
using rtcg::test::context;

namespace {

// For x[i] in [0, 12]: the divisors of x[i] (none for 0); x[i] * scale, i % 3 times; i * 10^9 + 7
// when x[i] is odd; x[i] / 2 where x[i] > 6 (only the non-empty lists kept); and a count of x[i].
constexpr const char* generator = R"(
    if (x[i] == 0) return;
    for (int d = 1; d <= x[i]; ++d)
        if (x[i] % d == 0) APPEND_divisors(d);
    for (int k = 0; k < i % 3; ++k) APPEND_scaled(x[i] * scale);
    if (x[i] % 2 == 1) APPEND_wide(i * 1000000000 + 7);
    if (x[i] > 6) APPEND_halves(x[i] * 0.5f);
    for (int k = 0; k < x[i]; ++k) APPEND_counted(k);
)";

std::vector<rtcg::OutputList> several_lists() {
    return {{.name = "divisors", .dtype = DType::int32()},
            {.name = "scaled", .dtype = DType::float64()},
            {.name = "wide", .dtype = DType::int64()},
            {.name = "halves", .dtype = DType::float32(), .eliminate_empty = true},
            {.name = "counted", .dtype = DType::int32(), .count_only = true}};
}

template <class T>
struct HostList {
    std::vector<T> items;
    std::vector<std::int64_t> starts{0};
    std::vector<std::int64_t> nonempty;

    void close(std::int64_t i, bool keep_empty) {
        const auto size = static_cast<std::int64_t>(items.size());
        if (!keep_empty && size == starts.back()) return;
        if (!keep_empty) nonempty.push_back(i);
        starts.push_back(size);
    }
};

struct HostLists {
    HostList<std::int32_t> divisors;
    HostList<double> scaled;
    HostList<std::int64_t> wide;
    HostList<float> halves;
    std::size_t counted = 0;
};

HostLists host_lists(const std::vector<std::int32_t>& x, double scale) {
    HostLists lists;
    for (std::int64_t i = 0; i < static_cast<std::int64_t>(x.size()); ++i) {
        const std::int32_t v = x[static_cast<std::size_t>(i)];
        if (v != 0) {
            for (std::int32_t d = 1; d <= v; ++d)
                if (v % d == 0) lists.divisors.items.push_back(d);
            for (std::int64_t k = 0; k < i % 3; ++k) lists.scaled.items.push_back(v * scale);
            if (v % 2 == 1) lists.wide.items.push_back(i * 1000000000 + 7);
            if (v > 6) lists.halves.items.push_back(static_cast<float>(v) * 0.5f);
            lists.counted += static_cast<std::size_t>(v);
        }
        lists.divisors.close(i, true);
        lists.scaled.close(i, true);
        lists.wide.close(i, true);
        lists.halves.close(i, false);
    }
    return lists;
}

std::vector<std::int32_t> small_values(std::size_t n, std::uint32_t seed) {
    std::vector<std::int32_t> x(n);
    std::uint32_t state = seed;
    for (std::int32_t& v : x) {
        state = state * 1664525u + 1013904223u;
        v = static_cast<std::int32_t>((state >> 16) % 13);
    }
    return x;
}

template <class I>
std::vector<std::int64_t> widened(const Array<I>& starts) {
    const std::vector<I> values = starts.get();
    return {values.begin(), values.end()};
}

template <class I>
void check_built(const std::vector<BuiltList>& built, const HostLists& expected) {
    REQUIRE(built.size() == 5);
    CHECK(built[0].name() == "divisors");
    CHECK(built[0].items<std::int32_t>().get() == expected.divisors.items);
    CHECK(widened(built[0].starts<I>()) == expected.divisors.starts);
    CHECK(built[0].count() == expected.divisors.items.size());
    CHECK(built[1].items<double>().get() == expected.scaled.items);
    CHECK(widened(built[1].starts<I>()) == expected.scaled.starts);
    CHECK(built[2].items<std::int64_t>().get() == expected.wide.items);
    CHECK(widened(built[2].starts<I>()) == expected.wide.starts);
    CHECK(built[3].items<float>().get() == expected.halves.items);
    CHECK(widened(built[3].starts<I>()) == expected.halves.starts);
    CHECK(built[3].nonempty_indices().get() == expected.halves.nonempty);
    CHECK(built[4].count() == expected.counted);
    CHECK(built[4].items<std::int32_t>().size() == 0);
    CHECK(built[4].starts<I>().size() == expected.divisors.starts.size());
    CHECK_THROWS_AS(built[0].nonempty_indices(), rtcg::InvalidArgument);
    CHECK_THROWS_AS(built[0].items<float>(), rtcg::InvalidArgument);
}

} // namespace

TEST_CASE("ListOfListsBuilder builds several lists of int32, int64, float and double as the host does") {
    const ListOfListsBuilder builder(context(), several_lists(), generator, "const int *x, double scale");
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{4099}}) {
        CAPTURE(n);
        const std::vector<std::int32_t> x = small_values(n, static_cast<std::uint32_t>(n) + 1);
        check_built<std::int64_t>(builder(n, Array<std::int32_t>::to_device(context(), x), 1.5), host_lists(x, 1.5));
    }
}

TEST_CASE("ListOfListsBuilder's passes compile for CUDA too") {
    const ListOfListsBuilder builder(context(), several_lists(), generator, "const int *x, double scale");
    const std::vector<std::string> sources = builder.sources(rtcg::codegen::Dialect::cuda);
    REQUIRE(sources.size() == 2);
    for (const std::string& source : sources) rtcg::test::compile_for_cuda(source);
    const ListOfListsBuilder counting(context(), {{.name = "c", .count_only = true}}, "APPEND_c(i);", "");
    CHECK(counting.sources(rtcg::codegen::Dialect::opencl).size() == 1);
}

TEST_CASE("ListOfListsBuilder reads strided and reversed arguments in their order") {
    const ListOfListsBuilder builder(context(), several_lists(), generator, "const int *x, double scale");
    const std::vector<std::int32_t> full = small_values(2 * 1001, 7);
    const auto full_gpu = Array<std::int32_t>::to_device(context(), full);
    std::vector<std::int32_t> every_other;
    for (std::size_t k = 0; k < full.size(); k += 2) every_other.push_back(full[k]);
    check_built<std::int64_t>(builder(every_other.size(), full_gpu(rtcg::slice(rtcg::none, rtcg::none, 2)), -2.0),
                              host_lists(every_other, -2.0));
    const std::vector<std::int32_t> reversed(full.rbegin(), full.rend());
    check_built<std::int64_t>(builder(reversed.size(), full_gpu(rtcg::slice(rtcg::none, rtcg::none, -1)), 0.25),
                              host_lists(reversed, 0.25));
}

TEST_CASE("ListOfListsBuilder with int32 starts, and one index holding every item") {
    const ListOfListsBuilder builder(context(), several_lists(), generator, "const int *x, double scale",
                                     {.name = "lists32", .index_type = DType::int32()});
    const std::vector<std::int32_t> x = small_values(3001, 11);
    check_built<std::int32_t>(builder(x.size(), Array<std::int32_t>::to_device(context(), x), 3.0),
                              host_lists(x, 3.0));

    const ListOfListsBuilder one_list(context(), {{.name = "all", .dtype = DType::int64()}},
                                      "if (i == where) for (int k = 0; k < m; ++k) APPEND_all(k * 3);",
                                      "long where, int m");
    const std::vector<BuiltList> built = one_list(7, std::int64_t{4}, 50000);
    std::vector<std::int64_t> expected(50000);
    for (std::size_t k = 0; k < expected.size(); ++k) expected[k] = static_cast<std::int64_t>(3 * k);
    CHECK(built[0].items<std::int64_t>().get() == expected);
    CHECK(built[0].starts<std::int64_t>().get() == std::vector<std::int64_t>{0, 0, 0, 0, 0, 50000, 50000, 50000});
}

TEST_CASE("ListOfListsBuilder refuses bad builders and builds, returning nothing") {
    const auto int_list = std::vector<rtcg::OutputList>{{.name = "l", .dtype = DType::int32()}};
    CHECK_THROWS_AS(ListOfListsBuilder(context(), {}, "APPEND_l(1);", ""), rtcg::InvalidArgument);
    CHECK_THROWS_AS(ListOfListsBuilder(context(), {{.name = "a b"}}, "APPEND_l(1);", ""), rtcg::InvalidArgument);
    CHECK_THROWS_AS(ListOfListsBuilder(context(), {{.name = "l"}, {.name = "l"}}, "APPEND_l(1);", ""),
                    rtcg::InvalidArgument);
    CHECK_THROWS_AS(ListOfListsBuilder(context(), int_list, "APPEND_l(1);", "int *lb_counts_l"),
                    rtcg::InvalidArgument);
    CHECK_THROWS_AS(ListOfListsBuilder(context(), int_list, "APPEND_l(1);", "int i"), rtcg::InvalidArgument);
    CHECK_THROWS_AS(ListOfListsBuilder(context(), int_list, "  \n", ""), rtcg::InvalidArgument);
    CHECK_THROWS_AS(ListOfListsBuilder(context(), int_list, "APPEND_l(1);", "", {.index_type = DType::uint32()}),
                    rtcg::InvalidArgument);
    try {
        ListOfListsBuilder(context(), int_list, "APPEND_l(no_such_name);", "");
        FAIL("a generator that does not compile was built");
    } catch (const rtcg::CompileError& e) {
        CHECK(e.source_excerpt().find("no_such_name") != std::string::npos);
    }

    const ListOfListsBuilder builder(context(), int_list, "APPEND_l(x[i]);", "const int *x");
    CHECK_THROWS_AS(builder(3), rtcg::InvalidArgument);
    CHECK_THROWS_AS(builder(3, Array<float>::zeros(context(), 3)), rtcg::InvalidArgument);

    // 3 * 10^9 items overflow int32 starts: an error before anything is written, never a wrap.
    const ListOfListsBuilder many(context(),
                                  {{.name = "c", .dtype = DType::int32(), .count_only = true},
                                   {.name = "w", .dtype = DType::int32()}},
                                  "for (int k = 0; k < reps; ++k) APPEND_c(k);\nAPPEND_w(i);", "int reps",
                                  {.name = "overflowing", .index_type = DType::int32()});
    CHECK_THROWS_AS(many(3, 1000000000), rtcg::InvalidArgument);
    const std::vector<BuiltList> fitting = many(3, 1000);
    CHECK(fitting[0].count() == 3000);
    CHECK(fitting[1].items<std::int32_t>().get() == std::vector<std::int32_t>{0, 1, 2});
}
