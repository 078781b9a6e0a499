// A kernel whose parameter list is print_arguments(parse_arguments(...)): every kind of argument
// (scalars of each family, a vector type, a complex, a struct, pointers to global, constant and
// local memory, const, volatile and restrict) reaches the device with the host's values, and the
// CUDA print of the same kernel compiles with NVRTC.
#include "../support/cuda_compile.hpp"
#include "../support/host_reference.hpp"
#include "../support/test_context.hpp"

#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/device_struct.hpp>

#include <doctest/doctest.h>

#include <array>
#include <complex>
#include <cstdint>
#include <string>
#include <vector>

namespace {

using rtcg::codegen::AddressSpace;
using rtcg::codegen::Argument;
using rtcg::codegen::Dialect;

struct Pair {
    std::int32_t count;
    float scale;
};

rtcg::codegen::DType declare_pair() { return rtcg::codegen::declare_struct<Pair>("decl_pair", {"count", "scale"}); }

constexpr const char* declarations = "float a, const float *restrict x, __global int *restrict y, double2 v, "
                                     "unsigned long long n, cfloat_t z, cfloat_t zs[], __constant float *table, "
                                     "bool flag, signed char c, decl_pair p, volatile __global double *out, "
                                     "__local float *scratch";

// CUDA kernels have no local-memory parameters: there the prelude's RTCG_DYNAMIC_LOCAL_DECL
// declares the launch's dynamic shared memory in the body, so the __local argument is left out.
// In OpenCL it stays, last, where the launch's dynamic_local_bytes goes.
std::string parameter_list(Dialect dialect) {
    auto arguments = rtcg::codegen::parse_arguments(declarations);
    if (dialect == Dialect::cuda)
        std::erase_if(arguments, [](const Argument& argument) {
            return argument.is_pointer && argument.space == AddressSpace::local;
        });
    return rtcg::codegen::print_arguments(arguments, dialect);
}

// Each work-group reverses its slice of a * x through local memory.
std::string kernel_source(Dialect dialect) {
    const std::array pair{declare_pair()};
    return rtcg::codegen::struct_declarations(pair, dialect) + "RTCG_KERNEL void declared(" +
           parameter_list(dialect) + R"() {
    RTCG_DYNAMIC_LOCAL_DECL(float, scratch);
    const size_t i = RTCG_GLOBAL_ID(0);
    const size_t lid = RTCG_LOCAL_ID(0), width = RTCG_LOCAL_SIZE(0);
    scratch[lid] = a * x[i];
    RTCG_BARRIER();
    if (i >= n) return;
    y[i] = (int)scratch[width - 1 - lid] + c + (flag ? 1000 : 0);
    out[i] = v.x * (double)i + v.y + table[i % 4] + p.count * p.scale;
    zs[i] = cfloat_mul(z, zs[i]);
}
)";
}

// Complex numbers come with the prelude's complex support, which test::compile leaves out.
rtcg::Module compile_with_complex(Dialect dialect) {
    return rtcg::Module(rtcg::test::context(),
                        rtcg::codegen::with_prelude(dialect, kernel_source(dialect), {.complex = true}));
}

} // namespace

TEST_CASE("a kernel declared with print_arguments receives every kind of argument") {
    rtcg::test::compile_for_cuda(
        rtcg::codegen::with_prelude(Dialect::cuda, kernel_source(Dialect::cuda), {.complex = true}));

    const auto& context = rtcg::test::context();
    const Dialect dialect = rtcg::codegen::dialect_of(context.device());
    constexpr std::size_t group = 16, groups = 4, n = group * groups;

    const float a = 2.5f;
    const std::vector<float> x = rtcg::test::random_values<float>(n);
    const rtcg::codegen::Vector<double, 2> v{{0.5, -3.0}};
    const std::complex<float> z(1.5f, -2.0f);
    std::vector<std::complex<float>> zs(n);
    for (std::size_t i = 0; i < n; ++i) zs[i] = {static_cast<float>(i), 1.0f - 0.5f * static_cast<float>(i)};
    const std::vector<float> table = {0.25f, -1.5f, 8.0f, 0.125f};
    const bool flag = true;
    const std::int8_t c = -7;
    const Pair p{3, 0.25f};

    auto x_gpu = context.to_device(x);
    auto y_gpu = context.allocate(n * sizeof(std::int32_t));
    auto zs_gpu = context.to_device(zs);
    auto table_gpu = context.to_device(table);
    auto out_gpu = context.allocate(n * sizeof(double));
    const rtcg::LaunchConfig config{groups, group, group * sizeof(float)};
    compile_with_complex(dialect).kernel("declared")(context.queue(), config, a, x_gpu, y_gpu, v, std::uint64_t{n}, z,
                                                     zs_gpu, table_gpu, flag, c, p, out_gpu);

    const auto y = context.to_host<std::int32_t>(y_gpu);
    const auto out = context.to_host<double>(out_gpu);
    const auto zs_after = context.to_host<std::complex<float>>(zs_gpu);
    for (std::size_t i = 0; i < n; ++i) {
        CAPTURE(i);
        const std::size_t mirrored = (i / group) * group + group - 1 - i % group;
        CHECK(y[i] == static_cast<std::int32_t>(a * x[mirrored]) + c + 1000);
        // Every term is exact in binary, so the device's sum is the host's whatever the order.
        CHECK(out[i] == v.lanes[0] * static_cast<double>(i) + v.lanes[1] + table[i % 4] +
                         static_cast<float>(p.count) * p.scale);
        CHECK(zs_after[i] == z * zs[i]); // small integers and halves: the products are exact
    }
}
