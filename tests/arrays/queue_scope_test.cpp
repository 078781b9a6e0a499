// QueueScope: array work of a context goes to the innermost scope's queue on the calling thread;
// two threads, each with its own queue in scope, compute on arrays of one context at once.
#include "../support/test_context.hpp"

#include <rtcg/arrays/axis_reductions.hpp>
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/expression.hpp>
#include <rtcg/arrays/operators.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/reductions.hpp>
#include <rtcg/arrays/scan.hpp>
#include <rtcg/core/graph.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <thread>
#include <vector>

using rtcg::Array;
using rtcg::test::context;

TEST_CASE("scopes nest per thread, and the innermost of the array's context wins") {
    rtcg::Queue first = context().create_queue();
    rtcg::Queue second = context().create_queue();
    CHECK(rtcg::detail::current_queue(context()).id() == context().queue().id());
    {
        rtcg::QueueScope outer(first);
        CHECK(rtcg::detail::current_queue(context()).id() == first.id());
        {
            rtcg::QueueScope inner(second);
            CHECK(rtcg::detail::current_queue(context()).id() == second.id());
            std::thread([&] {
                // Another thread has scopes of its own.
                CHECK(rtcg::detail::current_queue(context()).id() == context().queue().id());
            }).join();
        }
        CHECK(rtcg::detail::current_queue(context()).id() == first.id());
    }
    CHECK(rtcg::detail::current_queue(context()).id() == context().queue().id());
}

TEST_CASE("arrays made and computed in a scope are right, and ordered after it by an event") {
    rtcg::Queue side = context().create_queue();
    const auto x = Array<std::int64_t>::arange(context(), 0, 100000);
    Array<std::int64_t> y = Array<std::int64_t>::zeros(context(), 1);
    context().queue().finish(); // x is written before `side` reads it
    {
        rtcg::QueueScope on_side(side);
        y = rtcg::cumsum(Array<std::int64_t>(x * 3 + 1));
        CHECK(rtcg::sum(y(rtcg::slice(0, 10))).get() == 3 * 165 + 55);
    }
    context().queue().wait_for(side.record());
    CHECK(y(-1).item() == 3 * (99999LL * 100000 / 2) + 100000);
}

TEST_CASE("two host threads, each with its own queue, compute on arrays of one context at once") {
    constexpr int threads = 4;
    std::vector<std::int64_t> totals(threads);
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&, t] {
            rtcg::Queue queue = context().create_queue();
            rtcg::QueueScope scope(queue);
            std::int64_t total = 0;
            for (int round = 0; round < 20; ++round) {
                const auto a = Array<std::int64_t>::arange(context(), 0, 4096 + t);
                const Array<std::int64_t> scaled = a * (t + 1) + round;
                const auto b = scaled(rtcg::slice(rtcg::none, rtcg::none, -1));
                total += rtcg::sum(b).get();
            }
            totals[static_cast<std::size_t>(t)] = total;
        });
    for (std::thread& worker : workers) worker.join();
    for (int t = 0; t < threads; ++t) {
        const std::int64_t n = 4096 + t;
        std::int64_t expected = 0;
        for (int round = 0; round < 20; ++round) expected += (t + 1) * (n - 1) * n / 2 + round * n;
        CHECK(totals[static_cast<std::size_t>(t)] == expected);
    }
}

TEST_CASE("array work refuses an out-of-order queue: its operations rely on the queue's order") {
    if (!context().device().out_of_order_queues) return;
    rtcg::Queue queue = context().create_queue({.order = rtcg::QueueOrder::out_of_order});
    CHECK_THROWS_WITH_AS(rtcg::QueueScope{queue}, doctest::Contains("out of order"), rtcg::InvalidArgument);
    const auto x = Array<float>::full(context(), 100, 1.0f);
    auto y = Array<float>::zeros(context(), 100);
    const rtcg::ElementwiseKernel twice(context(), "float *y, const float *x", "y[i] = 2 * x[i]", {.name = "twice"});
    CHECK_THROWS_WITH_AS(twice(queue, y, x), doctest::Contains("out of order"), rtcg::InvalidArgument);
    CHECK(y.get() == std::vector<float>(100, 0.0f)); // nothing ran
    twice(context().queue(), y, x);
    CHECK(y.get() == std::vector<float>(100, 2.0f));
}

TEST_CASE("fused work takes the commands of its reduction alone and never waits for the host: a capture records it") {
    // A capturing queue refuses any wait (CaptureError) and counts the commands it records: an
    // expression feeding a reduction adds none to the reduction's own (one, or two where few
    // outputs split their lines over work-groups), as it is the reduction's map.
    rtcg::Queue side = context().create_queue();
    const auto x = Array<float>::arange(context(), 0.0f, 96.0f * 40.0f).reshape({96, 40});
    const auto y = Array<float>::arange(context(), 0.0f, 40.0f);
    context().queue().finish();
    rtcg::QueueScope on_side(side);
    auto commands_of = [&](auto&& work) {
        side.begin_capture();
        work();
        rtcg::Graph graph = side.end_capture();
        graph.launch(side);
        side.finish();
        return graph.size();
    };
    std::optional<Array<float>> fused, rows, columns;
    Array<float> centred = Array<float>::empty(context(), {96, 40});
    CHECK(commands_of([&] { fused.emplace(2.0f * x + rtcg::sin(y(rtcg::newaxis, rtcg::slice(rtcg::none)))); }) == 1);
    const std::size_t row_sum = commands_of([&] { (void)rtcg::sum(x, {.axes = 1}); });
    const std::size_t column_max = commands_of([&] { (void)rtcg::max(x, {.axes = 0}); });
    const std::size_t column_mean = commands_of([&] { (void)rtcg::mean(x, {.axes = 0, .keepdims = true}); });
    CHECK(row_sum == 1);
    CHECK(column_max <= 2);
    CHECK(commands_of([&] { rows.emplace(rtcg::sum(x * y, {.axes = 1})); }) == row_sum);
    CHECK(commands_of([&] { columns.emplace(rtcg::max(x - 1.0f, {.axes = 0})); }) == column_max);
    CHECK(commands_of([&] { centred.assign(x - rtcg::mean(x, {.axes = 0, .keepdims = true})); }) == column_mean + 1);
    CHECK((*fused)(1, 2).item() == doctest::Approx(2.0f * 42 + std::sin(2.0f)));
    CHECK((*rows)(1).item() == doctest::Approx([] {
              double s = 0;
              for (int c = 0; c < 40; ++c) s += (40.0 + c) * c;
              return s;
          }()));
    CHECK((*columns)(3).item() == 95.0f * 40 + 3 - 1);
    CHECK(centred(0, 0).item() == doctest::Approx(-47.5f * 40));
}
