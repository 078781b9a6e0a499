// fft/src/row_padding.hpp: the padding of a pass's rows. Where the work-items move points across a
// group's rows (work-item id on row id % group), the rows of a 128-byte turn of the banks that the
// same access of neighbouring work-items reaches must fall in distinct banks; worked out by hand
// for radix-16 first and last local passes (first-pass stores at 17 i + q + h row, last-pass loads
// at i + c + h row, butterfly i, row h), the rows that give every work-item of a turn its own bank
// are those of 16 / group elements past a whole turn (complex64; 8 / group for complex128).
#include "row_padding.hpp"

#include <doctest/doctest.h>

#include <cstddef>
#include <utility>
#include <vector>

using rtcg::detail::fft::PassShape;
using rtcg::detail::fft::row_length;
using rtcg::detail::fft::skewed_row;

namespace {

PassShape shape_of(std::size_t points, std::vector<std::size_t> radices, std::size_t threads, std::size_t group) {
    PassShape shape;
    shape.points = points;
    shape.radices = std::move(radices);
    shape.threads = threads;
    shape.group = group;
    return shape;
}

// The padding past the skewed row rounded up to a multiple of 16 elements.
std::size_t padding_of(const PassShape& shape, std::size_t element_bytes, bool contiguous) {
    return row_length(shape, element_bytes, true, contiguous) - (skewed_row(shape.points) + 15) / 16 * 16;
}

} // namespace

TEST_CASE("a row is its points and one element after every 16, where unpadded or alone in its group") {
    CHECK(skewed_row(1) == 1);
    CHECK(skewed_row(16) == 16);
    CHECK(skewed_row(17) == 18);
    CHECK(skewed_row(1024) == 1087);
    const PassShape grouped = shape_of(1024, {16, 8, 8}, 64, 4);
    CHECK(row_length(grouped, 8, false, false) == 1087);
    const PassShape alone = shape_of(1024, {16, 8, 8}, 64, 1);
    CHECK(row_length(alone, 8, true, false) == 1087);
}

TEST_CASE("rows read across take the padding that gives each work-item of a turn its own bank") {
    // complex64: 16 elements a turn.
    CHECK(padding_of(shape_of(256, {16, 16}, 16, 16), 8, false) == 1);
    CHECK(padding_of(shape_of(2048, {16, 16, 8}, 64, 8), 8, false) == 2);
    CHECK(padding_of(shape_of(1024, {16, 8, 8}, 64, 4), 8, false) == 4);
    CHECK(padding_of(shape_of(4096, {16, 16, 16}, 128, 4), 8, false) == 4);
    CHECK(padding_of(shape_of(1024, {16, 16, 4}, 64, 2), 8, false) == 8);
    // complex128: 8 elements a turn.
    CHECK(padding_of(shape_of(1024, {16, 8, 8}, 64, 4), 16, false) == 2);
    CHECK(padding_of(shape_of(256, {16, 16}, 16, 16), 16, false) == 1);
}

TEST_CASE("rows read along, by a turn's work-items each, keep the least padding") {
    // Every work-item of a turn works on one row, whose start does not change its banks.
    CHECK(padding_of(shape_of(1024, {16, 8, 8}, 64, 4), 8, true) == 1);
    CHECK(padding_of(shape_of(4096, {16, 16, 16}, 256, 2), 8, true) == 1);
}

TEST_CASE("a pass of one local pass, whose points stay in registers, takes one element of padding") {
    CHECK(padding_of(shape_of(16, {16}, 1, 16), 8, false) == 1);
}
