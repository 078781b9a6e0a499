// Plans whose format the tuner chose (SpmvOptions::tuning): a tuned plan multiplies correctly and
// leaves its choice in the tuning database under the matrix's statistics class, a later plan takes
// a stored choice, and an entry that does not parse or breaks the candidates' rule is passed over,
// indexed values among them for a matrix of too many distinct values; candidates that share the
// renumbered columns and the indexed values of a matrix of many columns.
#include "../support/scoped_cache_directory.hpp"
#include "../support/test_context.hpp"
#include "sparse_reference.hpp"
#include "spmv_check.hpp"

#include <rtcg/codegen/dialect.hpp>
#include <rtcg/sparse/generators.hpp>
#include <rtcg/sparse/spmv.hpp>
#include <rtcg/tuning/database.hpp>
#include <rtcg/tuning/size_class.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>

using rtcg::ColumnOrder;
using rtcg::SpmvFormat;
using rtcg::SpmvTuning;
using rtcg::test::context;

namespace {

using Plan = rtcg::Spmv<double, std::int32_t>;

// The database key of `plan`'s matrix, by the rule spmv.hpp states: value and index types, rows,
// mean row length and longest over mean, each rounded up to a power of two.
rtcg::tuning::TuningKey key_of(const Plan& plan) {
    const rtcg::RowStatistics& s = plan.statistics();
    const auto mean = static_cast<std::uint64_t>(std::ceil(s.mean()));
    const auto skew = static_cast<std::uint64_t>(static_cast<double>(s.longest) / s.mean());
    return rtcg::tuning::TuningKey::of(context().device(), "rtcg.sparse.spmv_format/v9",
                                       "float64_int32_" + rtcg::tuning::power_of_two_class({s.rows, mean, skew}));
}

} // namespace

TEST_CASE("a tuned SpMV plan multiplies correctly and stores its choice") {
    const rtcg::test::ScopedCacheDirectory cache;
    const auto graph = rtcg::rmat<double, std::int32_t>(12, 8, 3);
    const auto a = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), graph);
    const Plan tuned(a, {.tuning = SpmvTuning::tune});
    // The graph's ELL copy would pad to far more than four times its entries: never a candidate.
    CHECK(tuned.format() != SpmvFormat::ell);
    rtcg::test::multiplies_like_the_host(graph, {.tuning = SpmvTuning::stored}, tuned.format());

    const auto database = rtcg::tuning::TuningDatabase::default_location();
    REQUIRE(database);
    const auto entry = database->find(key_of(tuned));
    REQUIRE(entry);
    // The merge form's shape, column order and cached columns are stored with it; the other
    // formats' entries name the first shape, the columns as given and none cached. Every entry
    // names its carveout, -1 for the driver's, and whether the values are indexed (the graph's
    // values are edge counts, few enough to be).
    const std::string shape = tuned.format() == SpmvFormat::csr_merge
                                  ? "merge_group=" + std::to_string(tuned.merge_group()) +
                                        ",merge_items=" + std::to_string(tuned.merge_items()) + ",column_order=" +
                                        (tuned.column_order() == ColumnOrder::by_count ? "by_count" : "as_given") +
                                        ",cached_columns=" + std::to_string(tuned.cached_columns())
                                  : "merge_group=64,merge_items=3,column_order=as_given,cached_columns=0";
    const std::string carveout = tuned.local_memory_carveout() ? std::to_string(*tuned.local_memory_carveout())
                                                               : std::string("-1");
    CHECK(entry->configuration == "format=" + std::string(rtcg::format_name(tuned.format())) + "," + shape +
                                      ",local_memory_carveout=" + carveout +
                                      ",indexed_values=" + (tuned.indexed_values() ? "1" : "0"));
    const Plan stored(a, {.tuning = SpmvTuning::stored});
    CHECK(stored.format() == tuned.format());
    CHECK(stored.merge_group() == tuned.merge_group());
    CHECK(stored.merge_items() == tuned.merge_items());
    CHECK(stored.column_order() == tuned.column_order());
    CHECK(stored.cached_columns() == tuned.cached_columns());
    CHECK(stored.local_memory_carveout() == tuned.local_memory_carveout());
    CHECK(stored.indexed_values() == tuned.indexed_values());

    // A stored merge shape, column order and value indexing are taken as they are, the even count
    // of 4 items too.
    for (const std::size_t items : {11, 4}) {
        CAPTURE(items);
        const bool indexed = items == 4;
        database->store(key_of(tuned), {"format=csr_merge,merge_group=256,merge_items=" + std::to_string(items) +
                                            ",column_order=by_count,cached_columns=0,local_memory_carveout=-1,"
                                            "indexed_values=" +
                                            (indexed ? "1" : "0"),
                                        1.0});
        const Plan shaped(a, {.tuning = SpmvTuning::stored});
        CHECK(shaped.format() == SpmvFormat::csr_merge);
        CHECK(shaped.merge_group() == 256);
        CHECK(shaped.merge_items() == items);
        CHECK(shaped.column_order() == ColumnOrder::by_count);
        CHECK(shaped.indexed_values() == indexed);
        rtcg::test::multiplies_like_the_host(graph, {.tuning = SpmvTuning::stored}, SpmvFormat::csr_merge);
    }

    // A stored choice is taken by stored and tune alike, and ignored by the built-in rule and by a
    // forced format.
    database->store(
        key_of(tuned),
        {"format=sell,merge_group=64,merge_items=3,column_order=as_given,cached_columns=0,local_memory_carveout=-1,"
         "indexed_values=0",
         1.0});
    CHECK(Plan(a, {.tuning = SpmvTuning::stored}).format() == SpmvFormat::sell);
    CHECK(Plan(a, {.tuning = SpmvTuning::tune}).format() == SpmvFormat::sell);
    CHECK(Plan(a).format() == SpmvFormat::csr_merge);
    CHECK(Plan(a, {.format = SpmvFormat::csr_vector, .tuning = SpmvTuning::stored}).format() == SpmvFormat::csr_vector);
    rtcg::test::multiplies_like_the_host(graph, {.tuning = SpmvTuning::stored}, SpmvFormat::sell);

    // An entry that names no format, ELL for a matrix whose ELL copy is too large, a shape, a
    // column order, cached columns or indexed values for another format, a shape, a cached count or
    // a carveout the tuner does not try, or an earlier version's form, is passed over: stored falls
    // back to the built-in rule.
    const std::string driver_carveout = ",local_memory_carveout=-1,indexed_values=0";
    for (const std::string& unusable : std::initializer_list<std::string>{
             "format=nonsense,merge_group=64,merge_items=3,column_order=as_given,cached_columns=0" + driver_carveout,
             "team=4",
             "format=ell,merge_group=64,merge_items=3,column_order=as_given,cached_columns=0" + driver_carveout,
             "format=sell,merge_group=256,merge_items=9,column_order=as_given,cached_columns=0" + driver_carveout,
             "format=sell,merge_group=64,merge_items=3,column_order=by_count,cached_columns=0" + driver_carveout,
             "format=csr_merge,merge_group=96,merge_items=3,column_order=as_given,cached_columns=0" + driver_carveout,
             "format=csr_merge,merge_group=64,merge_items=8,column_order=as_given,cached_columns=0" + driver_carveout,
             "format=csr_merge,merge_group=64,merge_items=3,column_order=by_count,cached_columns=1000" +
                 driver_carveout,
             "format=csr_merge,merge_group=64,merge_items=3,column_order=as_given,cached_columns=0,"
             "local_memory_carveout=50,indexed_values=0",
             "format=sell,merge_group=64,merge_items=3,column_order=as_given,cached_columns=0,"
             "local_memory_carveout=-1,indexed_values=1",
             "format=csr_merge,merge_group=64,merge_items=3,column_order=as_given,cached_columns=0,"
             "local_memory_carveout=-1,indexed_values=1",
             "format=csr_merge,merge_group=64,merge_items=3,column_order=as_given,cached_columns=0,"
             "local_memory_carveout=-1",
             "format=csr_merge,merge_group=64,merge_items=3,column_order=as_given,cached_columns=0",
             "format=csr_merge,merge_group=64,merge_items=3,column_order=as_given",
             "format=csr_merge,merge_group=64,merge_items=3", "format=csr_merge"}) {
        CAPTURE(unusable);
        database->store(key_of(tuned), {unusable, 1.0});
        const Plan fallen_back(a, {.tuning = SpmvTuning::stored});
        CHECK(fallen_back.format() == SpmvFormat::csr_merge);
        CHECK(fallen_back.merge_group() ==
              std::min<std::size_t>(256, std::bit_floor(context().device().max_work_group_size)));
        CHECK(fallen_back.merge_items() == 5);
    }
}

TEST_CASE("the tuner keeps a merge shape the options give") {
    const rtcg::test::ScopedCacheDirectory cache;
    const auto graph = rtcg::rmat<double, std::int32_t>(11, 8, 4);
    const auto a = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), graph);
    const Plan tuned(a, {.merge_group = 32, .merge_items = 2, .tuning = SpmvTuning::tune});
    rtcg::test::multiplies_like_the_host(graph, {.merge_group = 32, .merge_items = 2, .tuning = SpmvTuning::stored},
                                         tuned.format());
    if (tuned.format() == SpmvFormat::csr_merge) {
        CHECK(tuned.merge_group() == 32);
        CHECK(tuned.merge_items() == 2);
    }
    // The entry stored names that shape, the only one a plan with those options takes.
    const auto entry = rtcg::tuning::TuningDatabase::default_location()->find(key_of(tuned));
    REQUIRE(entry);
    CHECK(entry->configuration.find("merge_group=32,merge_items=2") != std::string::npos);
}

TEST_CASE("the tuner's candidates share the renumbered columns and the indexed values") {
    // 2^17 columns: the candidates' renumbering keeps the most-read apart, and their indexed values
    // are packed into its columns, both made once for all of them. A candidate whose product is
    // wrong is passed over, and with every one of them wrong the tuning fails: a plan comes back
    // only if some candidate planned on the shared analysis multiplied correctly.
    const rtcg::test::ScopedCacheDirectory cache;
    const auto graph = rtcg::rmat<float, std::int32_t>(17, 4, 8);
    const auto a = rtcg::CsrMatrix<float, std::int32_t>::to_device(context(), graph);
    const rtcg::SpmvOptions options{
        .merge_group = 256, .column_order = ColumnOrder::by_count, .indexed_values = true, .tuning = SpmvTuning::tune};
    const rtcg::Spmv<float, std::int32_t> tuned(a, options);
    CHECK(tuned.format() == SpmvFormat::csr_merge);
    CHECK(tuned.indexed_values());
    CHECK(tuned.column_order() == ColumnOrder::by_count);
    rtcg::SpmvOptions stored = options;
    stored.tuning = SpmvTuning::stored;
    rtcg::test::multiplies_like_the_host(graph, stored, SpmvFormat::csr_merge);
}

TEST_CASE("SpMV plans without a stored choice, and matrices with nothing to time") {
    const rtcg::test::ScopedCacheDirectory cache;
    const auto stencil = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(),
                                                                          rtcg::poisson_2d<double, std::int32_t>(12));
    CHECK(Plan(stencil, {.tuning = SpmvTuning::stored}).format() == SpmvFormat::dia);
    // A tuned stencil may pick any format; each gives the host's product.
    rtcg::test::multiplies_like_the_host(rtcg::poisson_2d<double, std::int32_t>(12), {.tuning = SpmvTuning::tune});
    const rtcg::HostCsr<double, std::int32_t> no_columns{40, 0, std::vector<std::int32_t>(41, 0), {}, {}};
    rtcg::test::multiplies_like_the_host(no_columns, {.tuning = SpmvTuning::tune});
    rtcg::test::multiplies_like_the_host(rtcg::HostCsr<double, std::int32_t>{0, 3, {0}, {}, {}},
                                         {.tuning = SpmvTuning::tune});
}

TEST_CASE("a stored count of cached columns is taken where the tuner would try it") {
    const rtcg::test::ScopedCacheDirectory cache;
    // 2^15 columns: more than 128 KiB of float64 values, so the tuner's every count is a split.
    const auto graph = rtcg::rmat<double, std::int32_t>(15, 4, 8);
    const auto a = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), graph);
    const auto largest = std::min<std::size_t>(256, std::bit_floor(context().device().max_work_group_size));
    const auto database = rtcg::tuning::TuningDatabase::default_location();
    REQUIRE(database);
    // CUDA and NVIDIA's OpenCL have loads past the first-level cache; a carveout is a candidate
    // where the device's launches apply it (the core's tests check which those are).
    const bool l2_only = rtcg::codegen::dialect_of(context().device()) == rtcg::codegen::Dialect::cuda ||
                         context().device().platform == "NVIDIA CUDA";
    const bool applies_carveout = context().device().applies_local_memory_carveout;
    // The carveout that leaves 64 KiB of local memory to a multiprocessor, the one the tuner tries
    // beside the driver's.
    const std::uint64_t local = context().device().local_memory_bytes;
    const unsigned tuned_carveout = static_cast<unsigned>((64 * 1024 * 100 + local - 1) / local);
    for (const std::optional<unsigned> carveout : {std::optional<unsigned>(), std::optional(tuned_carveout)}) {
        CAPTURE(carveout.value_or(0));
        database->store(key_of(Plan(a)),
                        {"format=csr_merge,merge_group=" + std::to_string(largest) +
                             ",merge_items=7,column_order=by_count,cached_columns=8192,local_memory_carveout=" +
                             (carveout ? std::to_string(*carveout) : std::string("-1")) + ",indexed_values=0",
                         1.0});
        const Plan stored(a, {.tuning = SpmvTuning::stored});
        // Elsewhere the entry is not a candidate, and stored falls back to the built-in rule.
        const bool candidate = l2_only && (applies_carveout || !carveout);
        CHECK(stored.cached_columns() == (candidate ? 8192 : 0));
        CHECK(stored.column_order() == (candidate ? ColumnOrder::by_count : ColumnOrder::as_given));
        CHECK(stored.local_memory_carveout() == (candidate ? carveout : std::nullopt));
        rtcg::test::multiplies_like_the_host(graph, {.tuning = SpmvTuning::stored}, SpmvFormat::csr_merge);
    }
}

TEST_CASE("a stored choice of indexed values is passed over for a matrix of too many distinct values") {
    const rtcg::test::ScopedCacheDirectory cache;
    // Random values: far more than 256 distinct ones.
    auto graph = rtcg::rmat<double, std::int32_t>(12, 8, 3);
    graph.values = rtcg::test::random_values<double>(graph.values.size(), 5);
    const auto a = rtcg::CsrMatrix<double, std::int32_t>::to_device(context(), graph);
    const auto largest = std::min<std::size_t>(256, std::bit_floor(context().device().max_work_group_size));
    const std::string shape = "format=csr_merge,merge_group=" + std::to_string(largest) +
                              ",merge_items=7,column_order=by_count,cached_columns=0,local_memory_carveout=-1";
    const auto database = rtcg::tuning::TuningDatabase::default_location();
    REQUIRE(database);
    database->store(key_of(Plan(a)), {shape + ",indexed_values=1", 1.0});
    const Plan fallen_back(a, {.tuning = SpmvTuning::stored});
    CHECK_FALSE(fallen_back.indexed_values());
    CHECK(fallen_back.column_order() == ColumnOrder::as_given);
    // The same shape without indexed values is taken.
    database->store(key_of(Plan(a)), {shape + ",indexed_values=0", 1.0});
    CHECK(Plan(a, {.tuning = SpmvTuning::stored}).column_order() == ColumnOrder::by_count);
    rtcg::test::multiplies_like_the_host(graph, {.tuning = SpmvTuning::stored}, SpmvFormat::csr_merge);
}
