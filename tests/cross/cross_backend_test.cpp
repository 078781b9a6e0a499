// The same kernels on every device this machine has, compared with each other and with the
// host: what a user switching RTCG_BACKEND relies on.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include "../support/host_reference.hpp"
#include "../support/test_kernels.hpp"
#include "../support/type_names.hpp"

#include <rtcg/codegen/prelude.hpp>
#include <rtcg/core.hpp>

#include <doctest/doctest.h>

namespace {

std::vector<rtcg::Context> every_device() {
    std::vector<rtcg::Context> contexts;
    for (const auto& report : rtcg::backend_reports())
        for (const auto& device : report.devices) contexts.push_back(rtcg::Context::create(device.selector));
    return contexts;
}

template <class T>
std::vector<T> scale_add_on(const rtcg::Context& ctx, const std::vector<T>& input, T offset) {
    const auto dialect = rtcg::codegen::dialect_of(ctx.device());
    const auto module = ctx.compile(rtcg::test::kernels::scale_add,
                                    {.defines = {{"ELEMENT", rtcg::test::type_name<T>(dialect)}},
                                     .prelude = rtcg::codegen::portable_prelude()});
    auto in = ctx.to_device(input);
    auto out = ctx.allocate(input.size() * sizeof(T));
    const auto n = static_cast<unsigned>(input.size());
    module.kernel("scale_add")(ctx.queue(), rtcg::LaunchConfig::covering(n, 64), in, out, offset, n);
    return ctx.to_host<T>(out);
}

template <class T>
void check_all_devices_agree() {
    const auto input = rtcg::test::random_values<T>(10007);
    const T offset = T(3);
    std::vector<T> expected(input.size());
    for (std::size_t i = 0; i < input.size(); ++i) expected[i] = static_cast<T>(input[i] * T(2) + offset);
    for (const auto& ctx : every_device()) {
        if (std::is_same_v<T, double> && !ctx.device().supports_fp64) continue;
        CAPTURE(ctx.selector());
        CHECK(scale_add_on(ctx, input, offset) == expected);
    }
}

} // namespace

TEST_CASE("at least one device is present to compare") { CHECK_FALSE(every_device().empty()); }

TEST_CASE_TEMPLATE("every device computes the same results as the host", T, std::int32_t, std::int64_t, std::uint8_t,
                   float, double) {
    check_all_devices_agree<T>();
}
