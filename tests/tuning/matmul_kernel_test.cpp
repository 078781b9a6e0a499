// The matmul example's generated kernels, beyond what the example runs on this backend: GPU
// configurations (every vector width, both local read widths, both buffering schemes) run here
// on odd sizes against the host product, and compiled for CUDA by NVRTC.
#include "../../examples/matmul/matmul_kernels.hpp"
#include "../../examples/matmul/matmul_problem.hpp"
#include "../support/cuda_compile.hpp"
#include "../support/test_context.hpp"

#include <rtcg/codegen/dialect.hpp>

#include <doctest/doctest.h>

#include <memory>

using rtcg::test::context;

namespace {

rtcg::DeviceInfo gpu_like() {
    rtcg::DeviceInfo device;
    device.type = rtcg::DeviceType::gpu;
    device.local_memory_bytes = 48 * 1024;
    device.max_work_group_size = 1024;
    device.simd_width = 32;
    return device;
}

// Diverse corners of the GPU space.
constexpr const char* gpu_configurations[] = {
    "tm=128,tn=128,tk=16,wm=8,wn=8,vw=4,lv=4,unroll=16,prefetch=1",
    "tm=64,tn=128,tk=8,wm=8,wn=4,vw=2,lv=1,unroll=8,prefetch=0",
    "tm=128,tn=64,tk=32,wm=4,wn=8,vw=1,lv=4,unroll=4,prefetch=1",
};

} // namespace

TEST_CASE("GPU configurations of the tiled matmul are valid and compute the product on odd sizes") {
    const matmul::Shape aligned{4096, 4096, 4096};
    const auto space = matmul::tiled_space(gpu_like(), aligned);
    for (const char* text : gpu_configurations) {
        CAPTURE(text);
        const auto configuration = space.parse(text);
        CHECK_FALSE(space.violated_constraint(configuration));
        rtcg::test::compile_for_cuda(matmul::tiled_kernel(rtcg::codegen::Dialect::cuda, configuration).source);

        // Sizes that are no multiple of any tile, but of the vector width.
        const auto vw = static_cast<std::int32_t>(configuration.integer("vw"));
        const matmul::Shape shape{131, 67 * vw, 45 * vw};
        const auto matrices = matmul::random_matrices(context(), shape, 5);
        const auto reference = std::make_shared<const std::vector<matmul::ReferenceEntry>>(matmul::reference_entries(*matrices));
        const auto problem = matmul::tuning_problem(context(), matrices, reference);
        const auto code = problem.generate(configuration);
        const rtcg::Kernel kernel = context().compile(code.source).kernel(code.kernel_name);
        // The tuner skips a variant that the device cannot run: too many threads, or more local
        // memory than a block has (drivers add a few bytes of their own to the tiles' sum).
        const auto& attributes = kernel.attributes();
        if (attributes.max_threads_per_block < code.threads_per_block) continue;
        if (attributes.static_local_bytes.value_or(0) > context().device().local_memory_bytes) continue;
        problem.reset(context().queue());
        problem.launch(kernel, configuration, context().queue());
        const auto mismatch = problem.check(context().queue());
        CHECK_MESSAGE(!mismatch, (mismatch ? *mismatch : std::string()));
    }
}

TEST_CASE("the naive matmul compiles for CUDA and the size classes tell vector widths apart") {
    rtcg::test::compile_for_cuda(matmul::naive_kernel(rtcg::codegen::Dialect::cuda).source);
    CHECK(matmul::size_class({4096, 4096, 4096}) == "large/vec4");
    CHECK(matmul::size_class({8192, 2048, 1024}) == "large/vec4");
    CHECK(matmul::size_class({4096, 4096, 4095}) == "large/vec1");
    CHECK(matmul::size_class({1024, 1024, 1024}) == "1024x1024x1024/vec4");
    CHECK(matmul::size_class({200, 300, 150}) == "256x512x256/vec2");
}
