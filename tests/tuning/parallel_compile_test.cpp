// compile_kernels: several programs compiled on host threads, their kernels in the jobs' order,
// a program that does not compile reported in its place while the others compile.
#include "../support/test_context.hpp"

#include <rtcg/codegen/prelude.hpp>
#include <rtcg/core/queue.hpp>
#include <rtcg/tuning/parallel_compile.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

// A kernel that writes `value` to out[0], named after it so that each job is a program of its own.
rtcg::tuning::CompileJob writer(int value) {
    const std::string name = "rtcg_write_" + std::to_string(value);
    return {"RTCG_KERNEL void " + name + "(RTCG_GLOBAL int* out) { out[0] = " + std::to_string(value) + "; }\n",
            rtcg::CompileOptions{.prelude = rtcg::codegen::portable_prelude()}, name};
}

} // namespace

TEST_CASE("compile_kernels compiles every job on several threads and reports a failing one in its place") {
    const rtcg::Context& context = rtcg::test::context();
    std::vector<rtcg::tuning::CompileJob> jobs;
    for (int value = 1; value <= 5; ++value) jobs.push_back(writer(value));
    // The third job does not compile; the fourth names a kernel its program lacks.
    jobs[2].source = "RTCG_KERNEL void rtcg_write_3(RTCG_GLOBAL int* out) { out[0] = no_such_name; }\n";
    jobs[3].kernel_name = "rtcg_no_such_kernel";
    for (const unsigned threads : {0u, 1u, 3u}) {
        CAPTURE(threads);
        const std::vector<rtcg::tuning::CompiledKernel> kernels = rtcg::tuning::compile_kernels(context, jobs, threads);
        REQUIRE(kernels.size() == jobs.size());
        CHECK_FALSE(kernels[2].kernel);
        CHECK(kernels[2].error.find("no_such_name") != std::string::npos);
        CHECK_FALSE(kernels[3].kernel);
        CHECK(kernels[3].error.find("rtcg_no_such_kernel") != std::string::npos);
        for (const std::size_t k : {0, 1, 4}) {
            CAPTURE(k);
            REQUIRE(kernels[k].kernel);
            CHECK(kernels[k].error.empty());
            // Each kernel is its own job's: it writes that job's value.
            rtcg::Buffer out = context.allocate(sizeof(int));
            (*kernels[k].kernel)(context.queue(), rtcg::LaunchConfig{rtcg::Dim3{1}, rtcg::Dim3{1}, 0}, out);
            CHECK(context.to_host<int>(out).front() == static_cast<int>(k) + 1);
        }
    }
    CHECK(rtcg::tuning::compile_kernels(context, {}).empty());
}

TEST_CASE("compile_thread_count takes a request as it is and 0 as the hardware's threads, at most 16") {
    CHECK(rtcg::tuning::compile_thread_count(3) == 3);
    const unsigned automatic = rtcg::tuning::compile_thread_count(0);
    CHECK(automatic >= 1);
    CHECK(automatic <= 16);
}
