// Copies between arrays fastest along different axes (transposes, axis permutations), which the
// tiled kernel moves (arrays/src/tiled_copy.hpp), against the host reference of
// tests/support/strided_reference.hpp: random 2-D to 5-D permutations of sliced views (negative
// steps, odd offsets), extents that are and are not multiples of the tile, into contiguous and
// strided targets, through copy(), assign() and a user's ElementwiseKernel, for elements of 1, 2,
// 4, 8, 12 (a struct) and 16 bytes; which kernel each copy takes, read from its source; and one
// copy beyond 2^31 elements where a GPU has room for it.
#include "../support/random_rounds.hpp"
#include "../support/strided_reference.hpp"
#include "../support/test_context.hpp"
#include "array_test_support.hpp"

#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/expression.hpp>
#include <rtcg/arrays/policy.hpp>
#include <rtcg/codegen/device_struct.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <complex>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace {

using rtcg::Array;
using rtcg::test::context;
using rtcg::test::HostIndexItem;
using rtcg::test::HostStrided;

// 12 bytes, no power of two: the tile's rows of it are no whole number of banks.
struct Triple {
    float x;
    std::int32_t id;
    float w;
    friend bool operator==(const Triple&, const Triple&) = default;
};

template <class T>
T element(std::size_t k) {
    if constexpr (std::is_same_v<T, Triple>)
        return Triple{static_cast<float>(k % 1009) * 0.5f, static_cast<std::int32_t>(k), -static_cast<float>(k % 13)};
    else
        return rtcg::test::value_at<T>(k);
}

template <class T>
std::vector<T> elements(std::size_t first, std::size_t n) {
    std::vector<T> out(n);
    for (std::size_t k = 0; k < n; ++k) out[k] = element<T>(first + k);
    return out;
}

template <class T>
struct View {
    Array<T> device;
    HostStrided<T> host;
};

// A random view of up to `max_size` elements: `ndim` axes of extents around multiples of the
// tile (and far from them), each sliced with a random step (negative ones too) from an odd
// offset, then its axes randomly permuted.
template <class T>
View<T> random_permuted_view(std::mt19937& random, std::size_t ndim, std::size_t max_size, std::size_t seed) {
    static constexpr std::size_t extents[] = {1, 3, 8, 9, 31, 32, 33, 47, 64, 65};
    static constexpr std::int64_t steps[] = {1, 1, 1, 2, -1, -2, 3};
    std::vector<std::size_t> shape(ndim);
    std::vector<std::int64_t> step(ndim);
    std::size_t size = 1;
    for (std::size_t axis = 0; axis < ndim; ++axis) {
        std::size_t extent = extents[random() % std::size(extents)];
        while (extent > 1 && size * extent > max_size) extent /= 2;
        shape[axis] = extent;
        step[axis] = steps[random() % std::size(steps)];
        size *= extent;
    }
    // The base array: room for each axis's slice after an odd start (1 or 3).
    std::vector<std::size_t> base_shape(ndim);
    std::vector<HostIndexItem> items;
    std::vector<rtcg::Index> index;
    for (std::size_t axis = 0; axis < ndim; ++axis) {
        const std::int64_t pad = random() % 2 ? 1 : 3;
        const std::int64_t stride = std::abs(step[axis]);
        base_shape[axis] = static_cast<std::size_t>(static_cast<std::int64_t>(shape[axis] - 1) * stride + 1 + pad);
        const std::int64_t start = step[axis] > 0 ? pad : static_cast<std::int64_t>(base_shape[axis]) - 1 - pad;
        const std::int64_t stop = start + static_cast<std::int64_t>(shape[axis]) * step[axis];
        // A stop before index 0 is written as none, since -1 would count from the end.
        const std::optional<std::int64_t> bound = stop < 0 ? std::nullopt : std::optional<std::int64_t>(stop);
        items.push_back({HostIndexItem::Kind::slice, 0, start, bound, step[axis]});
        index.emplace_back(rtcg::Slice{start, bound, step[axis]});
    }
    std::size_t base_size = 1;
    for (std::size_t extent : base_shape) base_size *= extent;
    const std::vector<T> stored = elements<T>(seed, base_size);
    const Array<T> base = Array<T>::to_device(context(), stored, base_shape);
    HostStrided<T> host = rtcg::test::host_index(HostStrided<T>::packed(stored, base_shape), items);
    Array<T> device = base.index(index);

    std::vector<std::size_t> order(ndim);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::shuffle(order.begin(), order.end(), random);
    device = device.transpose(std::vector<std::int64_t>(order.begin(), order.end()));
    host = rtcg::test::host_transpose(host, order);
    REQUIRE(device.shape() == host.shape);
    return {device, host};
}

template <class T>
void check_permuted_copies(std::size_t trials) {
    std::mt19937 random(20240 + static_cast<unsigned>(sizeof(T)));
    for (std::size_t trial = 0; trial < static_cast<std::size_t>(rtcg::test::random_rounds(static_cast<int>(trials))); ++trial) {
        const std::size_t ndim = 2 + trial % 4;
        const View<T> view = random_permuted_view<T>(random, ndim, 40000, trial * 7919);
        CAPTURE(ndim);
        CAPTURE(rtcg::detail::shape_text(view.host.shape));
        const std::vector<T> expected = view.host.values();

        // A contiguous copy, as copy() and ascontiguousarray make.
        const Array<T> copied = view.device.copy();
        CHECK(copied.is_contiguous());
        CHECK(copied.get() == expected);

        // Into a strided target: every other element along the last axis, the first axis reversed;
        // the elements between stay as they were.
        std::vector<std::size_t> target_shape = view.host.shape;
        target_shape.back() *= 2;
        std::size_t target_size = 1;
        for (std::size_t extent : target_shape) target_size *= extent;
        const std::vector<T> before = elements<T>(1000003, target_size);
        const Array<T> target_base = Array<T>::to_device(context(), before, target_shape);
        HostStrided<T> target_host = HostStrided<T>::packed(before, target_shape);
        const std::vector<HostIndexItem> items{
            {HostIndexItem::Kind::slice, 0, std::nullopt, std::nullopt, -1},
            {HostIndexItem::Kind::ellipsis, 0, std::nullopt, std::nullopt, std::nullopt},
            {HostIndexItem::Kind::slice, 0, std::nullopt, std::nullopt, 2}};
        Array<T> target = target_base.index(std::vector<rtcg::Index>{
            rtcg::slice(rtcg::none, rtcg::none, -1), rtcg::ellipsis, rtcg::slice(rtcg::none, rtcg::none, 2)});
        const HostStrided<T> target_view = rtcg::test::host_index(target_host, items);
        REQUIRE(target.shape() == view.host.shape);
        // Structs take no part in expressions, so they are copied without assign's overlap check.
        if constexpr (std::is_same_v<T, Triple>)
            rtcg::detail::copy_elements(target.data(), view.device.data());
        else
            target.assign(view.device);
        for (std::size_t k = 0; k < expected.size(); ++k) target_view.element(k) = expected[k];
        CHECK(target_base.get() == target_host.stored());
    }
}

bool takes_tiled_kernel(const rtcg::detail::ArrayData& target, const rtcg::detail::ArrayData& source) {
    return rtcg::detail::copy_elements_source(target, source).find("rtcg_tile") != std::string::npos;
}

// Restores the transpose policy when a test that overrides it ends.
struct TransposePolicyOverride {
    explicit TransposePolicyOverride(const rtcg::TransposePolicy& policy) {
        rtcg::override_policy(context().device(), policy);
    }
    ~TransposePolicyOverride() { rtcg::remove_policy_override<rtcg::TransposePolicy>(context().device()); }
    TransposePolicyOverride(const TransposePolicyOverride&) = delete;
    TransposePolicyOverride& operator=(const TransposePolicyOverride&) = delete;
};

} // namespace

TEST_CASE_TEMPLATE("permuted copies match the host reference", T, std::int8_t, std::int16_t, float, double,
                   std::complex<double>) {
    check_permuted_copies<T>(24);
}

TEST_CASE("permuted copies of a struct match the host reference") {
    rtcg::codegen::declare_struct<Triple>("tiled_copy_triple", {"x", "id", "w"});
    check_permuted_copies<Triple>(12);
}

TEST_CASE("transposes through assign, copy_elements and a user's ElementwiseKernel") {
    const std::size_t rows = 70, columns = 129;
    const std::vector<float> values = elements<float>(5, rows * columns);
    const Array<float> x = Array<float>::to_device(context(), values, {rows, columns});
    std::vector<float> transposed(rows * columns);
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < columns; ++c) transposed[c * rows + r] = values[r * columns + c];

    Array<float> assigned = Array<float>::zeros(context(), {columns, rows});
    assigned.assign(x.T());
    CHECK(assigned.get() == transposed);
    CHECK(rtcg::ascontiguousarray(x.T()).get() == transposed);

    const rtcg::ElementwiseKernel copy(context(), "float* y, const float* x", "y[i] = x[i];", {.name = "user_copy"});
    Array<float> y = Array<float>::zeros(context(), {columns, rows});
    copy(y, x.T());
    CHECK(y.get() == transposed);
}

TEST_CASE("the tiled kernel takes the copies whose arrays are fastest along different axes") {
    const auto x = Array<float>::zeros(context(), {64, 48, 40});
    const auto transposed = x.transpose({2, 0, 1});
    const auto target = Array<float>::empty(context(), transposed.shape());
    CHECK(takes_tiled_kernel(target.data(), transposed.data()));
    CHECK(takes_tiled_kernel(Array<float>::empty(context(), {40, 48}).data(), x(1).T().data()));
    // Only the two axes' order differs between the batched transposes (0, 2, 1).
    const auto batched = x.transpose({0, 2, 1});
    CHECK(takes_tiled_kernel(Array<float>::empty(context(), batched.shape()).data(), batched.data()));

    // Fastest along the same axis (a strided slice, a broadcast row), or read at one element along
    // the written array's fastest axis (a broadcast column).
    const auto sliced = x(rtcg::slice(rtcg::none, rtcg::none, 2), rtcg::ellipsis, rtcg::slice(1, rtcg::none, 3));
    CHECK_FALSE(takes_tiled_kernel(Array<float>::empty(context(), sliced.shape()).data(), sliced.data()));
    const auto like_x = Array<float>::empty(context(), x.shape());
    CHECK_FALSE(takes_tiled_kernel(like_x.data(), Array<float>::zeros(context(), {40}).data()));
    CHECK_FALSE(takes_tiled_kernel(like_x.data(), Array<float>::zeros(context(), {64, 1, 1}).data()));
    // An axis of fewer elements than the policy's min_tiled_extent.
    const auto narrow = Array<float>::zeros(context(), {4, 1000});
    CHECK_FALSE(takes_tiled_kernel(Array<float>::empty(context(), {1000, 4}).data(), narrow.T().data()));
}

TEST_CASE("the transpose policy sets the tile, and wide elements take smaller tiles") {
    const auto x = Array<std::complex<double>>::zeros(context(), {40, 36});
    const auto target = Array<std::complex<double>>::empty(context(), {36, 40});
    const std::string dialect_type = rtcg::codegen::dtype_of<std::complex<double>>().c_name(
        rtcg::codegen::dialect_of(context().device()));

    rtcg::TransposePolicy policy = rtcg::default_policy<rtcg::TransposePolicy>(rtcg::device_class(context().device()));
    policy.tile_edge = 32;
    policy.tile_bytes = 32 * 33 * 8; // too little for 32 x 33 elements of 16 bytes
    {
        const TransposePolicyOverride override(policy);
        const std::string source = rtcg::detail::copy_elements_source(target.data(), x.T().data());
        CHECK(source.find("RTCG_LOCAL_ARRAY(" + dialect_type + ", rtcg_tile, 16 * (16 + 1))") != std::string::npos);
        const Array<std::complex<double>> values = Array<std::complex<double>>::to_device(
            context(), elements<std::complex<double>>(0, 40 * 36), {40, 36});
        const std::vector<std::complex<double>> host = values.get();
        std::vector<std::complex<double>> expected(host.size());
        for (std::size_t r = 0; r < 40; ++r)
            for (std::size_t c = 0; c < 36; ++c) expected[c * 40 + r] = host[r * 36 + c];
        CHECK(values.T().copy().get() == expected);
    }
    policy.min_tiled_extent = 1000;
    const TransposePolicyOverride override(policy);
    CHECK_FALSE(takes_tiled_kernel(target.data(), x.T().data()));
}

TEST_CASE("a transposed copy beyond 2^31 elements") {
    const std::size_t rows = (std::size_t{1} << 15) + 3, columns = (std::size_t{1} << 16) + 1;
    if (!rtcg::test::can_test_beyond_2_31(rows * columns)) return;
    Array<std::uint8_t> x = Array<std::uint8_t>::empty(context(), {rows, columns});
    const rtcg::ElementwiseKernel fill(context(), "unsigned char* x", "x[i] = (unsigned char)(i % 251)");
    fill(x);
    const std::vector<std::uint8_t> out = x.T().copy().get();
    REQUIRE(out.size() == rows * columns);
    std::mt19937_64 random(7);
    for (int sample = 0; sample < 10000; ++sample) {
        const std::size_t r = random() % rows, c = random() % columns;
        REQUIRE(out[c * rows + r] == static_cast<std::uint8_t>((r * columns + c) % 251));
    }
    CHECK(out.back() == static_cast<std::uint8_t>((rows * columns - 1) % 251));
}
