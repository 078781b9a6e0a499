// Matrix Market files: round trips of every value type, the symmetric forms expanded, pattern
// and integer fields, and malformed files (each message names the line and what it expected).
#include "../support/expect_error.hpp"
#include "sparse_reference.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/sparse/generators.hpp>
#include <rtcg/sparse/matrix_market.hpp>

#include <doctest/doctest.h>

#include <complex>
#include <cstdio>
#include <fstream>
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

TEST_CASE("Matrix Market files written in every symmetry and field read back as the matrix") {
    // The 2-D Poisson matrix (symmetric, integral) and a skew-symmetric and a hermitian one.
    const auto poisson = rtcg::poisson_2d<double, std::int32_t>(4);
    const auto write = [](const auto& matrix, rtcg::MatrixMarketFormat format) {
        std::ostringstream out;
        rtcg::write_matrix_market(out, matrix, format);
        return out.str();
    };
    for (const auto field : {rtcg::MatrixMarketField::real, rtcg::MatrixMarketField::integer}) {
        CAPTURE(static_cast<int>(field));
        const std::string text = write(poisson, {.field = field, .symmetry = rtcg::MatrixMarketSymmetry::symmetric});
        CHECK(contains(text, field == rtcg::MatrixMarketField::real ? "coordinate real symmetric\n16 16 40\n"
                                                                     : "coordinate integer symmetric\n16 16 40\n"));
        const auto back = read_csr<double>(text);
        CHECK(back.row_offsets == poisson.row_offsets);
        CHECK(back.col_indices == poisson.col_indices);
        CHECK(back.values == poisson.values);
    }
    const std::string pattern =
        write(poisson, {.field = rtcg::MatrixMarketField::pattern, .symmetry = rtcg::MatrixMarketSymmetry::symmetric});
    CHECK(contains(pattern, "coordinate pattern symmetric\n16 16 40\n1 1\n2 1\n"));
    CHECK(read_csr<float>(pattern).col_indices == poisson.col_indices);

    // A skew-symmetric matrix given as COO triplets, one entry split in two duplicates.
    const rtcg::HostCoo<float, std::int64_t> skew{3, 3, {1, 0, 2, 0, 1}, {0, 1, 0, 2, 0}, {1.5f, -2, 1.5f, -1.5f, 0.5f}};
    const std::string skew_text = write(skew, {.symmetry = rtcg::MatrixMarketSymmetry::skew_symmetric});
    CHECK(contains(skew_text, "coordinate real skew-symmetric\n3 3 2\n2 1 2\n3 1 1.5\n"));
    const auto skew_back = read_csr<float, std::int64_t>(skew_text);
    CHECK(skew_back.col_indices == std::vector<std::int64_t>{1, 2, 0, 0});
    CHECK(skew_back.values == std::vector<float>{-2, -1.5f, 2, 1.5f});

    using C = std::complex<double>;
    const rtcg::HostCoo<C, std::int32_t> hermitian{2, 2, {0, 1, 0, 1}, {0, 0, 1, 1}, {{1, 0}, {3, 4}, {3, -4}, {2, 0}}};
    const std::string hermitian_text = write(hermitian, {.symmetry = rtcg::MatrixMarketSymmetry::hermitian});
    CHECK(contains(hermitian_text, "coordinate complex hermitian\n2 2 3\n"));
    CHECK(read_csr<C>(hermitian_text).values == std::vector<C>{{1, 0}, {3, -4}, {3, 4}, {2, 0}});
    // A real matrix in a complex file.
    CHECK(contains(write(poisson, {.field = rtcg::MatrixMarketField::complex}), "\n1 1 4 0\n"));
}

TEST_CASE("a matrix that does not fit the Matrix Market format asked for is refused, and no file is left") {
    const auto written = [](const auto& matrix, rtcg::MatrixMarketFormat format) {
        return message_of<rtcg::InvalidArgument>([&] {
            std::ostringstream out;
            rtcg::write_matrix_market(out, matrix, format);
        });
    };
    const rtcg::HostCoo<double, std::int32_t> lopsided{2, 2, {0, 1, 1}, {1, 0, 1}, {1, 2, 0.5}};
    CHECK(contains(written(lopsided, {.symmetry = rtcg::MatrixMarketSymmetry::symmetric}),
                   "not symmetric: (1, 2) is 1 but (2, 1) is 2"));
    CHECK(contains(written(lopsided, {.symmetry = rtcg::MatrixMarketSymmetry::skew_symmetric}),
                   "not skew-symmetric: (1, 2) is 1 but (2, 1) is 2"));
    const rtcg::HostCoo<double, std::int32_t> upper{2, 2, {0}, {1}, {1}};
    CHECK(contains(written(upper, {.field = rtcg::MatrixMarketField::pattern,
                                   .symmetry = rtcg::MatrixMarketSymmetry::symmetric}),
                   "(1, 2) is 1 but (2, 1) is absent"));
    CHECK(contains(written(lopsided, {.field = rtcg::MatrixMarketField::integer}), "(2, 2) is 0.5"));
    CHECK(contains(written(lopsided, {.symmetry = rtcg::MatrixMarketSymmetry::hermitian}),
                   "does not exist: hermitian files are complex"));
    CHECK(contains(written(lopsided, {.field = rtcg::MatrixMarketField::pattern,
                                      .symmetry = rtcg::MatrixMarketSymmetry::skew_symmetric}),
                   "pattern files are general or symmetric"));
    const rtcg::HostCoo<std::complex<float>, std::int32_t> complex{1, 1, {0}, {0}, {{1, 1}}};
    CHECK(contains(written(complex, {.field = rtcg::MatrixMarketField::real}), "cannot hold complex values"));
    CHECK(contains(written(complex, {.symmetry = rtcg::MatrixMarketSymmetry::hermitian}),
                   "not hermitian: (1, 1) is 1+1i"));
    const rtcg::HostCoo<double, std::int32_t> wide{2, 3, {}, {}, {}};
    CHECK(contains(written(wide, {.symmetry = rtcg::MatrixMarketSymmetry::symmetric}), "square matrix, not 2 x 3"));

    // To a path: a refused matrix leaves no file; a file that cannot be opened is an Error.
    const std::string path = "rtcg-matrix-market-refused.mtx";
    std::remove(path.c_str());
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] {
                       rtcg::write_matrix_market(path, lopsided, {.symmetry = rtcg::MatrixMarketSymmetry::symmetric});
                   }),
                   "not symmetric"));
    CHECK_FALSE(std::ifstream(path).good());
    rtcg::write_matrix_market(path, lopsided);
    CHECK(rtcg::read_matrix_market<double, std::int32_t>(path).values == lopsided.values);
    std::remove(path.c_str());
    CHECK(contains(message_of<rtcg::Error>([&] { rtcg::write_matrix_market("/nonexistent-dir/a.mtx", lopsided); }),
                   "cannot open '/nonexistent-dir/a.mtx' for writing"));
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
