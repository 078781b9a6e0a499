#pragma once
// What both Figure 5 examples share: inputs, the launch, and the check against the host.
#include <rtcg/rtcg.hpp>

#include <cstdio>
#include <random>
#include <vector>

namespace unrolled_add {

// Each work-item adds `block_size` elements, `thread_block_size` apart, so a work-group of
// `thread_block_size` items covers thread_block_size * block_size consecutive elements.
struct Shape {
    int block_size = 4;
    int thread_block_size = 128;
    int groups = 64;
    std::size_t elements() const { return static_cast<std::size_t>(block_size) * thread_block_size * groups; }
};

// Runs `add(tgt, op1, op2)` from `module` over random inputs and compares with the host.
// Returns the process exit status.
inline int run_and_check(const rtcg::Context& context, const rtcg::Module& module, const Shape& shape) {
    std::mt19937 random(7);
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    std::vector<float> op1(shape.elements()), op2(shape.elements());
    for (auto& x : op1) x = uniform(random);
    for (auto& x : op2) x = uniform(random);

    const rtcg::Buffer op1_gpu = context.to_device(op1);
    const rtcg::Buffer op2_gpu = context.to_device(op2);
    rtcg::Buffer tgt_gpu = context.allocate(shape.elements() * sizeof(float));
    const rtcg::LaunchConfig launch{rtcg::Dim3{static_cast<std::size_t>(shape.groups)},
                                    rtcg::Dim3{static_cast<std::size_t>(shape.thread_block_size)}};
    module.kernel("add")(context.queue(), launch, tgt_gpu, op1_gpu, op2_gpu);
    const auto tgt = context.to_host<float>(tgt_gpu);

    for (std::size_t i = 0; i < tgt.size(); ++i) {
        if (tgt[i] != op1[i] + op2[i]) {
            std::fprintf(stderr, "element %zu is %g, expected %g\n", i, tgt[i], op1[i] + op2[i]);
            return 1;
        }
    }
    std::printf("%zu sums correct on %s\n", tgt.size(), context.device().name.c_str());
    return 0;
}

} // namespace unrolled_add
