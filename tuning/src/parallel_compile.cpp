#include <rtcg/tuning/parallel_compile.hpp>

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>

namespace rtcg::tuning {

unsigned compile_thread_count(unsigned requested) noexcept {
    if (requested != 0) return requested;
    return std::clamp(std::thread::hardware_concurrency(), 1u, 16u);
}

std::vector<CompiledKernel> compile_kernels(const Context& context, const std::vector<CompileJob>& jobs,
                                            unsigned threads) {
    std::vector<CompiledKernel> kernels(jobs.size());
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (std::size_t i = next++; i < jobs.size(); i = next++) {
            try {
                kernels[i].kernel = context.compile(jobs[i].source, jobs[i].options).kernel(jobs[i].kernel_name);
            } catch (const std::exception& e) {
                kernels[i].error = e.what();
            }
        }
    };
    const std::size_t helpers = std::min<std::size_t>(compile_thread_count(threads), jobs.size());
    {
        std::vector<std::jthread> pool;
        for (std::size_t t = 1; t < helpers; ++t) pool.emplace_back(work);
        work();
    } // joins
    return kernels;
}

} // namespace rtcg::tuning
