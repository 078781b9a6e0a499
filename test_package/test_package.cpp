// An ElementwiseKernel on the backend RTCG_BACKEND names, checked against the host; and the
// librtcg.so that was loaded must be the package's version.
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/rtcg.hpp>

#include <cstdio>
#include <cstring>
#include <vector>

int main() {
    try {
        if (std::strcmp(rtcg::version(), RTCG_PACKAGE_VERSION) != 0) {
            std::fprintf(stderr, "test_package: loaded librtcg.so %s, the package is %s\n", rtcg::version(),
                         RTCG_PACKAGE_VERSION);
            return 1;
        }
        const auto ctx = rtcg::Context::from_environment();
        std::printf("test_package: rtcg %s on %s (%s)\n", rtcg::version(), ctx.device().name.c_str(),
                    ctx.selector().c_str());

        std::vector<int> host(1000);
        for (std::size_t i = 0; i < host.size(); ++i) host[i] = static_cast<int>(i) - 300;
        const auto x = rtcg::Array<int>::to_device(ctx, host);
        auto y = rtcg::Array<int>::empty_like(x);
        const rtcg::ElementwiseKernel square_plus(ctx, "int c, const int *x, int *y", "y[i] = x[i] * x[i] + c",
                                                  {.name = "test_package_square_plus"});
        square_plus(7, x, y);

        const auto result = y.get();
        for (std::size_t i = 0; i < host.size(); ++i) {
            if (result[i] != host[i] * host[i] + 7) {
                std::fprintf(stderr, "test_package: element %zu is %d, expected %d\n", i, result[i],
                             host[i] * host[i] + 7);
                return 1;
            }
        }
        std::printf("test_package: %zu elements correct\n", host.size());
        return 0;
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "test_package: %s\n", e.what());
        return 1;
    }
}
