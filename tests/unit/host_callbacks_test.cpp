// Core's host-callback dispatch (core/src/host_callbacks.cpp) against a fake driver that reports
// the ends of work in an order of its choosing, from threads of its own: a queue's callbacks run
// in the order they were scheduled whatever the order the driver reports them in (NVIDIA's OpenCL
// reports them out of order), a callback the driver refused holds none back, and callbacks of no
// queue run as they arrive.
#include "host_callbacks.hpp"

#include <rtcg/core/error.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

using rtcg::detail::HostCallbacks;
using rtcg::plugin::HostNotification;

namespace {

// The fake driver: keeps every notification handed to it, to report them later.
struct FakeDriver {
    std::vector<HostNotification*> held;
    auto take() {
        return [this](HostNotification& notification) { held.push_back(&notification); };
    }
    // Reports every held notification, in the order `order` gives, each from a thread of its own
    // in groups that overlap.
    void report(const std::vector<std::size_t>& order, bool failed = false) {
        std::vector<std::thread> threads;
        for (const std::size_t index : order)
            threads.emplace_back([notification = held[index], failed] { notification->done(failed); });
        for (std::thread& thread : threads) thread.join();
        held.clear();
    }
};

// The callbacks' record of what ran, in order.
struct Record {
    std::mutex mutex;
    std::vector<int> ran;
    std::condition_variable grew;
    auto note(int value) {
        return [this, value] {
            const std::lock_guard lock(mutex);
            ran.push_back(value);
            grew.notify_all();
        };
    }
    // Whether `count` callbacks have run within ten seconds.
    bool wait_for(std::size_t count) {
        std::unique_lock lock(mutex);
        return grew.wait_for(lock, std::chrono::seconds(10), [&] { return ran.size() >= count; });
    }
};

std::vector<int> counting(int from, int to) {
    std::vector<int> values;
    for (int value = from; value < to; ++value) values.push_back(value);
    return values;
}

} // namespace

TEST_CASE("a queue's callbacks run in the order they were scheduled, whatever order the driver reports") {
    HostCallbacks callbacks;
    FakeDriver driver;
    Record record;
    constexpr int count = 64;
    for (int i = 0; i < count; ++i) callbacks.schedule(record.note(i), 7, driver.take());
    std::vector<std::size_t> order(count);
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    SUBCASE("backwards") { std::reverse(order.begin(), order.end()); }
    SUBCASE("shuffled") { std::shuffle(order.begin(), order.end(), std::mt19937(12345)); }
    SUBCASE("in order") {}
    driver.report(order);
    callbacks.wait_for_queue(7);
    CHECK(record.ran == counting(0, count));

    // Numbering starts afresh once a queue has nothing due, and goes on right.
    for (int i = 0; i < 3; ++i) callbacks.schedule(record.note(count + i), 7, driver.take());
    driver.report({2, 0, 1});
    callbacks.wait_for_queue(7);
    CHECK(record.ran == counting(0, count + 3));
    callbacks.report_failures("test"); // nothing failed
}

TEST_CASE("two queues' callbacks are ordered per queue, not across them") {
    HostCallbacks callbacks;
    FakeDriver driver;
    Record first, second;
    for (int i = 0; i < 4; ++i) {
        callbacks.schedule(first.note(i), 1, driver.take());
        callbacks.schedule(second.note(i), 2, driver.take());
    }
    // Queue 2's in full before any of queue 1's, each queue's backwards.
    driver.report({7, 5, 3, 1, 6, 4, 2, 0});
    callbacks.wait_for_all("test");
    CHECK(first.ran == counting(0, 4));
    CHECK(second.ran == counting(0, 4));
}

TEST_CASE("a callback the driver refused holds none back, and its exception reaches the caller") {
    HostCallbacks callbacks;
    FakeDriver driver;
    Record record;
    callbacks.schedule(record.note(0), 3, driver.take());
    CHECK_THROWS_WITH_AS(callbacks.schedule(record.note(1), 3,
                                            [](HostNotification&) { throw std::runtime_error("driver said no"); }),
                         "driver said no", std::runtime_error);
    callbacks.schedule(record.note(2), 3, driver.take());
    driver.report({1, 0});
    callbacks.wait_for_queue(3);
    CHECK(record.ran == std::vector<int>{0, 2});

    // Refused last, with nothing else due: the queue is done with at once.
    CHECK_THROWS_AS(callbacks.schedule(record.note(3), 3, [](HostNotification&) { throw std::runtime_error("no"); }),
                    std::runtime_error);
    callbacks.wait_for_queue(3);
    CHECK(record.ran == std::vector<int>{0, 2});
}

TEST_CASE("callbacks of no queue run as the driver reports them; failed work is reported, not run") {
    HostCallbacks callbacks;
    FakeDriver driver;
    Record record;
    for (int i = 0; i < 3; ++i) callbacks.schedule(record.note(i), 0, driver.take());
    // One at a time, each after the one before has run, so that the order of arrival is known.
    std::size_t reported = 0;
    for (const std::size_t index : {2, 0, 1}) {
        driver.held[index]->done(false);
        ++reported;
        REQUIRE(record.wait_for(reported));
    }
    driver.held.clear();
    callbacks.wait_for_all("test");
    CHECK(record.ran == std::vector<int>{2, 0, 1});

    callbacks.schedule(record.note(9), 5, driver.take());
    callbacks.schedule(record.note(10), 5, driver.take());
    driver.report({1, 0}, true);
    callbacks.wait_for_queue(5);
    CHECK(record.ran == std::vector<int>{2, 0, 1});
    CHECK_THROWS_WITH_AS(callbacks.report_failures("test"),
                         doctest::Contains("the device work the callback waited for failed"), rtcg::CallbackError);
    callbacks.report_failures("test"); // reported once
}
