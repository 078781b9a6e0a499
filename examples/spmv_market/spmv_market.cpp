// SpMV on a Matrix Market file: reads the matrix (any coordinate file: real, integer or pattern;
// general, symmetric or skew-symmetric), plans y = A x in float64 on the device, checks one
// product against the host's, then times repeated products with device events and prints the
// kernel chosen and the bandwidth on the bytes a CSR product must move (the matrix once, x read
// once, y written once). RTCG_BACKEND=cuda or RTCG_BACKEND=opencl picks where it runs.
#include <rtcg/rtcg.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: spmv_market FILE.mtx\n");
        return 2;
    }
    try {
        const auto ctx = rtcg::Context::from_environment();
        std::printf("device: %s (%s)\n", ctx.device().name.c_str(), ctx.selector().c_str());
        const rtcg::HostCsr<double, int> host = rtcg::host_to_csr(rtcg::read_matrix_market<double, int>(argv[1]));
        const auto a = rtcg::CsrMatrix<double, int>::to_device(ctx, host);
        const rtcg::Spmv<double, int> product(a);
        const std::string format(rtcg::format_name(product.format()));
        std::printf("%zu x %zu, %zu non-zeros (longest row %zu): %s, team %zu\n", host.rows, host.cols, host.nnz(),
                    product.statistics().longest, format.c_str(), product.team_size());

        std::vector<double> x_host(host.cols);
        for (std::size_t c = 0; c < host.cols; ++c) x_host[c] = 1.0 + static_cast<double>(c % 7) / 8;
        const auto x = rtcg::Array<double>::to_device(ctx, x_host);
        const auto y = rtcg::Array<double>::zeros(ctx, host.rows);
        product(1.0, x, 0.0, y);
        const std::vector<double> got = y.get();
        double error = 0, scale = 0;
        for (std::size_t r = 0; r < host.rows; ++r) {
            double sum = 0, magnitude = 0;
            for (auto k = host.row_offsets[r]; k < host.row_offsets[r + 1]; ++k) {
                const auto e = static_cast<std::size_t>(k);
                sum += host.values[e] * x_host[static_cast<std::size_t>(host.col_indices[e])];
                magnitude += std::abs(host.values[e] * x_host[static_cast<std::size_t>(host.col_indices[e])]);
            }
            error = std::max(error, std::abs(got[r] - sum));
            scale = std::max(scale, magnitude);
        }
        if (error > 1e-12 * std::max(scale, 1.0)) {
            std::fprintf(stderr, "spmv_market: the product differs from the host's by %.3e\n", error);
            return 1;
        }

        constexpr int repetitions = 50;
        rtcg::Queue& queue = ctx.queue();
        const rtcg::Event start = queue.record();
        for (int k = 0; k < repetitions; ++k) product(1.0, x, 0.0, y);
        const rtcg::Event end = queue.record();
        end.wait();
        const double ms = rtcg::elapsed_ms(start, end) / repetitions;
        const double bytes = static_cast<double>(host.nnz() * (sizeof(double) + sizeof(int)) +
                                                 (host.rows + 1) * sizeof(int) +
                                                 (host.rows + host.cols) * sizeof(double));
        std::printf("%.4f ms per product, %.1f GB/s\n", ms, bytes / ms / 1e6);
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "spmv_market: %s\n", e.what());
        return 1;
    }
}
