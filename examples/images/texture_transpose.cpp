// The papers' tutorial transpose, through a texture: the matrix is uploaded into a 2-D image and
// each work-item reads one element of it at (column, row) and stores it transposed into a buffer.
// Reads through the texture path are cached in two dimensions, so neighbouring work-items that
// read down a column still share cache lines. Checked against the host's transpose.
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/rtcg.hpp>

#include <cstdio>
#include <random>
#include <span>
#include <vector>

namespace {

constexpr const char* transpose_source = R"(
RTCG_KERNEL void transpose(RTCG_IMAGE2D(a), RTCG_GLOBAL float* a_t, int rows, int columns) {
    const int row = (int)RTCG_GLOBAL_ID(0), column = (int)RTCG_GLOBAL_ID(1);
    if (row < rows && column < columns) a_t[column * rows + row] = rtcg_image2d_load_float4(a, column, row).x;
}
)";

} // namespace

int main() {
    try {
        const auto ctx = rtcg::Context::from_environment();
        std::printf("device: %s (%s)\n", ctx.device().name.c_str(), ctx.selector().c_str());

        // A matrix of `rows` x `columns`, row-major: an image `columns` pixels wide, `rows` high.
        constexpr int rows = 300, columns = 197;
        std::mt19937 random(42);
        std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
        std::vector<float> a(static_cast<std::size_t>(rows) * columns);
        for (auto& x : a) x = uniform(random);

        rtcg::Image a_image(ctx, {rtcg::ChannelType::float32, 1}, rtcg::ImageShape::two_d(columns, rows));
        a_image.write(ctx.queue(), std::span<const float>(a));
        // The transpose has `columns` rows of `rows` elements. Work-item (i, j) reads a[i][j] (pixel
        // (j, i)) and writes a^T[j][i]: neighbours along i write neighbouring elements.
        rtcg::Buffer a_t_gpu = ctx.allocate(a.size() * sizeof(float));
        const auto module = ctx.compile(transpose_source,
                                        {.prelude = rtcg::codegen::portable_prelude({.images = true})});
        module.kernel("transpose")(
            ctx.queue(), rtcg::LaunchConfig{rtcg::Dim3{(rows + 15) / 16, (columns + 15) / 16}, rtcg::Dim3{16, 16}},
            a_image.sampled(), a_t_gpu, rows, columns);
        const auto a_t = ctx.to_host<float>(a_t_gpu);

        std::printf("a (top-left 3 x 3):          a^T (top-left 3 x 3):\n");
        for (int i = 0; i < 3; ++i)
            std::printf("  %8.4f %8.4f %8.4f      %8.4f %8.4f %8.4f\n", a[i * columns], a[i * columns + 1],
                        a[i * columns + 2], a_t[i * rows], a_t[i * rows + 1], a_t[i * rows + 2]);
        for (int i = 0; i < rows; ++i)
            for (int j = 0; j < columns; ++j)
                if (a_t[static_cast<std::size_t>(j) * rows + i] != a[static_cast<std::size_t>(i) * columns + j]) {
                    std::fprintf(stderr, "texture_transpose: a^T[%d][%d] is %g, expected %g\n", j, i,
                                 a_t[static_cast<std::size_t>(j) * rows + i],
                                 a[static_cast<std::size_t>(i) * columns + j]);
                    return 1;
                }
        std::printf("the %d x %d transpose matches the host's\n", columns, rows);
        return 0;
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
}
