// Matrix Market files: round trips of every value type, the symmetric forms expanded, pattern
// and integer fields, and malformed files (each message names the line and what it expected).
#include "../support/expect_error.hpp"
#include "sparse_reference.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/sparse/matrix_market.hpp>

#include <doctest/doctest.h>

#include <complex>
#include <cstdint>
#include <sstream>
#include <string>

using rtcg::test::contains;
using rtcg::test::message_of;

namespace {

template <class T, class I = std::int32_t>
rtcg::HostCsr<T, I> read_csr(const std::string& text) {
    std::istringstream in(text);
    return rtcg::host_to_csr(rtcg::read_matrix_market<T, I>(in, "test.mtx"));
}

template <class T = double>
std::string refused(const std::string& text) {
    return message_of<rtcg::InvalidArgument>([&] { (void)read_csr<T>(text); });
}

} // namespace

TEST_CASE_TEMPLATE("Matrix Market files round trip exactly", T, float, double, std::complex<float>,
                   std::complex<double>) {
    auto coo = rtcg::test::random_coo<T, std::int64_t>(37, 23, 300, 4, 9);
    coo.values[5] = rtcg::test::make<T>(1e-30, -3e20);
    const auto csr = rtcg::host_to_csr(coo);
    std::ostringstream out;
    rtcg::write_matrix_market(out, csr);
    const auto back = read_csr<T, std::int64_t>(out.str());
    CHECK(back.rows == 37);
    CHECK(back.cols == 23);
    CHECK(back.row_offsets == csr.row_offsets);
    CHECK(back.col_indices == csr.col_indices);
    CHECK(back.values == csr.values);
}

TEST_CASE("Matrix Market symmetric, skew-symmetric, hermitian, pattern and integer files") {
    const auto symmetric = read_csr<double>("%%MatrixMarket matrix coordinate real symmetric\n"
                                            "% a comment\n\n3 3 3\n1 1 2.5\n3 1 -1\n3 3 4\n");
    CHECK(symmetric.row_offsets == std::vector<std::int32_t>{0, 2, 2, 4});
    CHECK(symmetric.col_indices == std::vector<std::int32_t>{0, 2, 0, 2});
    CHECK(symmetric.values == std::vector<double>{2.5, -1, -1, 4});

    const auto skew = read_csr<float>("%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n2 1 7\n");
    CHECK(skew.values == std::vector<float>{-7, 7});

    const auto hermitian = read_csr<std::complex<double>>(
        "%%MatrixMarket matrix coordinate complex hermitian\n2 2 2\n1 1 1 0\n2 1 3 4\n");
    CHECK(hermitian.values == std::vector<std::complex<double>>{{1, 0}, {3, -4}, {3, 4}});

    const auto pattern = read_csr<std::complex<float>, std::int64_t>(
        "%%MatrixMarket matrix coordinate pattern general\r\n2 3 2\r\n1 3\r\n2 2\r\n");
    CHECK(pattern.col_indices == std::vector<std::int64_t>{2, 1});
    CHECK(pattern.values == std::vector<std::complex<float>>{{1, 0}, {1, 0}});

    const auto empty = read_csr<double>("%%MatrixMarket matrix coordinate real general\n4 5 0\n");
    CHECK(empty.rows == 4);
    CHECK(empty.nnz() == 0);
}

TEST_CASE("malformed Matrix Market files name the line and what was expected") {
    const std::string banner = "%%MatrixMarket matrix coordinate real general\n";
    CHECK(contains(refused(""), "test.mtx:1: expected the banner"));
    CHECK(contains(refused("%%MatrixMarket matrix array real general\n2 2\n"),
                   "test.mtx:1: expected the format 'coordinate'"));
    CHECK(contains(refused("%%MatrixMarket matrix coordinate quaternion general\n"), "test.mtx:1: expected the field"));
    CHECK(contains(refused("%%MatrixMarket matrix coordinate real hermitian\n"), "test.mtx:1: expected the symmetry"));
    CHECK(contains(refused(banner), "test.mtx:2: expected the size line"));
    CHECK(contains(refused(banner + "% c\n2 two 1\n"), "test.mtx:3: expected the size line"));
    CHECK(contains(refused(banner + "2 2 2\n1 1 1.0\n"), "test.mtx:4: expected an entry '<row> <column> <real>'"));
    CHECK(contains(refused(banner + "2 2 2\n1 1 1.0\n1 x 2\n"), "test.mtx:4: expected an entry"));
    CHECK(contains(refused(banner + "2 2 1\n1 1\n"), "test.mtx:3: expected an entry '<row> <column> <real>'"));
    CHECK(
        contains(refused(banner + "2 2 1\n3 1 1\n"), "test.mtx:3: expected indices in [1, 2] x [1, 2], found (3, 1)"));
    CHECK(contains(refused(banner + "2 2 1\n0 1 1\n"), "test.mtx:3: expected indices"));
    CHECK(contains(refused(banner + "2 2 1\n1 1 1.5x\n"), "test.mtx:3: expected a real value, found '1.5x'"));
    CHECK(contains(refused(banner + "2 2 1\n1 1 1\n2 2 2\n"),
                   "test.mtx:4: expected the end of the file after 1 entries"));
    CHECK(contains(refused("%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 2.5\n"),
                   "test.mtx:3: expected an integer value, found '2.5'"));
    CHECK(contains(refused("%%MatrixMarket matrix coordinate real symmetric\n2 2 1\n1 2 1\n"),
                   "test.mtx:3: a symmetric file holds the lower triangle only"));
    CHECK(contains(refused("%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 1\n1 1 1\n"),
                   "test.mtx:3: a skew-symmetric file holds the strict lower triangle only"));
    CHECK(contains(refused("%%MatrixMarket matrix coordinate real symmetric\n2 3 0\n"),
                   "test.mtx:2: a symmetric matrix must be square"));
    CHECK(contains(refused("%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 1\n"),
                   "test.mtx:1: the file holds complex values"));
    CHECK(contains(refused<std::complex<double>>("%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1\n"),
                   "test.mtx:3: expected an entry '<row> <column> <real> <imaginary>'"));
    CHECK(contains(refused(banner + "3000000000 1 0\n"),
                   "test.mtx:2: a 3000000000 x 1 matrix of 0 entries does not fit 32-bit"));
    CHECK(contains(message_of<rtcg::InvalidArgument>(
                       [] { (void)rtcg::read_matrix_market<float, std::int32_t>("/nonexistent/matrix.mtx"); }),
                   "cannot open '/nonexistent/matrix.mtx'"));
}
