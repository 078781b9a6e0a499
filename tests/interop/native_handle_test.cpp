// Native handles through the backend-neutral API (rtcg/core/interop.hpp), on every backend: the
// wrong backend refused, rtcg's own handles imported back as aliases that see the same memory and
// queue, the release callback run exactly once, and arrays over imported memory.
#include "../support/expect_error.hpp"
#include "../support/host_reference.hpp"
#include "../support/test_context.hpp"
#include "../support/test_kernels.hpp"

#include <rtcg/arrays.hpp>
#include <rtcg/core/interop.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;
namespace interop = rtcg::interop;

namespace {

std::string_view backend() { return interop::backend_of(context()); }
std::string_view other_backend() { return backend() == "cuda" ? "opencl" : "cuda"; }

} // namespace

TEST_CASE("every handle of the other backend is refused with BackendMismatch") {
    auto buffer = context().allocate(64);
    const auto what = message_of<rtcg::BackendMismatch>([&] { interop::native_buffer(buffer, other_backend()); });
    CHECK(contains(what, std::string(backend())));
    CHECK(contains(what, std::string(other_backend())));
    message_of<rtcg::BackendMismatch>([&] { interop::native_queue(context().queue(), other_backend()); });
    message_of<rtcg::BackendMismatch>([&] { interop::native_context(context(), other_backend()); });
    bool released = false;
    message_of<rtcg::BackendMismatch>([&] {
        interop::import_buffer(context(), other_backend(), interop::native_buffer(buffer, backend()), 64,
                               [&] { released = true; });
    });
    CHECK_FALSE(released);
    message_of<rtcg::BackendMismatch>([&] {
        interop::import_queue(context(), other_backend(), interop::native_queue(context().queue(), backend()));
    });
    // A BackendMismatch is an InvalidArgument, for callers that handle bad input as one kind.
    message_of<rtcg::InvalidArgument>([&] { interop::native_buffer(buffer, other_backend()); });
}

TEST_CASE("the right backend's handles are non-null and stable") {
    auto buffer = context().allocate(64);
    CHECK(interop::native_buffer(buffer, backend()) != 0);
    CHECK(interop::native_buffer(buffer, backend()) == interop::native_buffer(buffer, backend()));
    CHECK(interop::native_queue(context().queue(), backend()) != 0);
    const auto handles = interop::native_context(context(), backend());
    CHECK(handles.context != 0);
    CHECK((handles.platform != 0) == (backend() == "opencl"));
    auto other = context().create_queue();
    CHECK(interop::native_queue(other, backend()) != interop::native_queue(context().queue(), backend()));
}

TEST_CASE("empty objects and bad imports are InvalidArgument, and the callback stays the caller's") {
    rtcg::Buffer empty;
    message_of<rtcg::InvalidArgument>([&] { interop::native_buffer(empty, backend()); });
    auto none = context().allocate(0);
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { interop::native_buffer(none, backend()); }), "0 bytes"));
    rtcg::Queue moved_from = context().create_queue();
    rtcg::Queue taker = std::move(moved_from);
    message_of<rtcg::InvalidArgument>([&] { interop::native_queue(moved_from, backend()); }); // NOLINT(bugprone-use-after-move)

    auto buffer = context().allocate(4096);
    const auto handle = interop::native_buffer(buffer, backend());
    int released = 0;
    const auto count = [&] { ++released; };
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { interop::import_buffer(context(), backend(), 0, 16, count); }),
                   "null"));
    message_of<rtcg::InvalidArgument>([&] { interop::import_buffer(context(), backend(), handle, 0, count); });
    // Longer than the allocation: the driver knows its extent on both backends.
    message_of<rtcg::InvalidArgument>([&] { interop::import_buffer(context(), backend(), handle, 4097, count); });
    CHECK(released == 0);
}

TEST_CASE("an imported alias of rtcg's memory sees the same bytes; its callback runs once, at release") {
    const unsigned n = 1000;
    const auto host = rtcg::test::random_values<float>(n);
    auto owner = context().to_device(host);
    int released = 0;
    {
        auto alias = interop::import_buffer(context(), backend(), interop::native_buffer(owner, backend()),
                                            owner.size(), [&] { ++released; });
        CHECK(alias.size() == owner.size());
        CHECK(interop::native_buffer(alias, backend()) == interop::native_buffer(owner, backend()));
        const auto kernel = rtcg::test::compile(rtcg::test::kernels::twice).kernel("twice");
        kernel(context().queue(), rtcg::LaunchConfig::covering(n, 128), alias, n);
        const auto doubled = context().to_host<float>(owner);
        for (unsigned i = 0; i < n; ++i) REQUIRE(doubled[i] == 2 * host[i]);
        auto moved = std::move(alias); // a move hands the callback on, it does not run it
        CHECK(released == 0);
        moved.release();
        CHECK(released == 1);
    }
    CHECK(released == 1);
    // The owner's memory was never freed by the alias.
    context().queue().fill(owner, 1.5f);
    CHECK(context().to_host<float>(owner)[n - 1] == 1.5f);
}

TEST_CASE("an imported queue runs work in order with the queue it wraps, and leaves it alive") {
    auto own = context().create_queue();
    const auto values = rtcg::test::random_values<std::int32_t>(4096);
    auto buffer = context().allocate(values.size() * sizeof(std::int32_t));
    {
        auto alias = interop::import_queue(context(), backend(), interop::native_queue(own, backend()));
        CHECK(interop::native_queue(alias, backend()) == interop::native_queue(own, backend()));
        CHECK(alias.id() != own.id());
        alias.write(buffer, std::span<const std::int32_t>(values), 0, rtcg::Transfer::async);
        std::vector<std::int32_t> back(values.size());
        own.read(buffer, std::span<std::int32_t>(back)); // queued after the alias's write
        CHECK(back == values);
    }
    // The wrapped queue survives its alias.
    own.fill(buffer, std::int32_t{42});
    std::vector<std::int32_t> back(values.size());
    own.read(buffer, std::span<std::int32_t>(back));
    CHECK(back[0] == 42);
}

TEST_CASE("Array::from_buffer views imported memory with strides and an offset, without a copy") {
    const std::vector<float> host = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    auto owner = context().to_device(host);
    int released = 0;
    auto alias = interop::import_buffer(context(), backend(), interop::native_buffer(owner, backend()),
                                        owner.size(), [&] { ++released; });
    // Elements 1, 3, 5 / 7, 9, 11: a (2, 3) array with strides (6, 2) from element 1.
    auto array = rtcg::Array<float>::from_buffer(std::move(alias), {2, 3}, {6, 2}, 1);
    CHECK_FALSE(array.data().is_contiguous());
    CHECK(array.get() == std::vector<float>{1, 3, 5, 7, 9, 11});
    {
        auto row = array(1);
        CHECK(row.get() == std::vector<float>{7, 9, 11});
        array = rtcg::Array<float>::zeros(context(), 1);
        CHECK(released == 0); // the view still holds the memory
    }
    CHECK(released == 1);

    // Reversed strides reach backwards from the offset.
    auto reversed = rtcg::Array<float>::from_buffer(context().to_device(host), {4}, {-3}, 11);
    CHECK(reversed.get() == std::vector<float>{11, 8, 5, 2});

    const auto outside = [&](std::vector<std::size_t> shape, std::vector<std::ptrdiff_t> strides, std::size_t offset) {
        return message_of<rtcg::InvalidArgument>(
            [&] { rtcg::Array<float>::from_buffer(context().to_device(host), shape, strides, offset); });
    };
    CHECK(contains(outside({13}, {}, 0), "holds 12"));
    outside({2, 3}, {6, 2}, 2);   // one past the end
    outside({4}, {-3}, 8);        // before the start
    outside({2}, {PTRDIFF_MAX}, 0); // overflows
    outside({2, 2}, {1}, 0);       // strides of another rank
    message_of<rtcg::InvalidArgument>([&] { rtcg::Array<float>::from_buffer(rtcg::Buffer{}, {1}); });
}

TEST_CASE("a BufferView passes a pointer into its buffer, at an aligned offset on every backend") {
    const unsigned n = 4096;
    const auto host = rtcg::test::random_values<float>(n);
    auto buffer = context().to_device(host);
    const auto kernel = rtcg::test::compile(rtcg::test::kernels::twice).kernel("twice");
    // 4096 bytes: a multiple of every device's base-address alignment.
    const std::size_t first = 1024, count = 512;
    kernel(context().queue(), rtcg::LaunchConfig::covering(count, 128),
           rtcg::BufferView(buffer, first * sizeof(float), count * sizeof(float)), static_cast<unsigned>(count));
    const auto back = context().to_host<float>(buffer);
    for (unsigned i = 0; i < n; ++i) REQUIRE(back[i] == (i >= first && i < first + count ? 2 * host[i] : host[i]));

    message_of<rtcg::InvalidArgument>([&] { rtcg::BufferView(buffer, n * sizeof(float) - 4, 8); });
    message_of<rtcg::InvalidArgument>([&] { rtcg::BufferView(buffer, n * sizeof(float)); });
    message_of<rtcg::InvalidArgument>([&] { rtcg::BufferView(rtcg::Buffer{}, 0, 4); });
}

TEST_CASE("an unaligned BufferView works on CUDA and is a clear InvalidArgument on OpenCL") {
    const unsigned n = 64;
    const auto host = rtcg::test::random_values<float>(n);
    auto buffer = context().to_device(host);
    const auto kernel = rtcg::test::compile(rtcg::test::kernels::twice).kernel("twice");
    const rtcg::BufferView view(buffer, sizeof(float), 8 * sizeof(float)); // one element in
    const auto launch = [&] { kernel(context().queue(), rtcg::LaunchConfig::covering(8, 8), view, 8u); };
    if (backend() == "cuda") {
        launch();
        const auto back = context().to_host<float>(buffer);
        for (unsigned i = 0; i < n; ++i) REQUIRE(back[i] == (i >= 1 && i < 9 ? 2 * host[i] : host[i]));
    } else {
        const auto what = message_of<rtcg::InvalidArgument>(launch);
        CHECK(contains(what, "CL_DEVICE_MEM_BASE_ADDR_ALIGN"));
        CHECK(context().to_host<float>(buffer) == host); // nothing ran
    }
}
