// Raw OpenCL calls on memory and queues rtcg owns, and rtcg kernels on memory and queues that raw
// OpenCL made (rtcg/core/interop/opencl.hpp). Runs on the OpenCL backends; elsewhere each case
// checks only that the OpenCL handles are refused.
#include "../support/expect_error.hpp"
#include "add_index_check.hpp"
#include "../support/host_reference.hpp"
#include "../support/test_context.hpp"
#include "../support/test_kernels.hpp"

#include <rtcg/arrays.hpp>
#include <rtcg/core/interop/opencl.hpp>

#include <doctest/doctest.h>

#include <vector>

using rtcg::test::context;
using rtcg::test::message_of;
namespace cl = rtcg::interop::opencl;

namespace {

bool on_opencl() {
    if (rtcg::interop::backend_of(context()) == "opencl") return true;
    message_of<rtcg::BackendMismatch>([] { cl::context(context()); });
    return false;
}

void ok(cl_int status) { REQUIRE(status == CL_SUCCESS); }

// One raw object of each kind, released at the end of the case.
struct Raw {
    cl_program program = nullptr;
    cl_kernel kernel = nullptr;
    cl_mem memory = nullptr;
    cl_command_queue queue = nullptr;
    cl_context other_context = nullptr;
    ~Raw() {
        if (kernel) clReleaseKernel(kernel);
        if (program) clReleaseProgram(program);
        if (memory) clReleaseMemObject(memory);
        if (queue) clReleaseCommandQueue(queue);
        if (other_context) clReleaseContext(other_context);
    }
};

cl_uint reference_count(cl_mem memory) {
    cl_uint count = 0;
    ok(clGetMemObjectInfo(memory, CL_MEM_REFERENCE_COUNT, sizeof count, &count, nullptr));
    return count;
}

constexpr const char* add_index_source = R"(
__kernel void add_index(__global int* data, uint n) {
    const size_t i = get_global_id(0);
    if (i < n) data[i] += (int)i;
}
)";

} // namespace

TEST_CASE("raw OpenCL writes, builds and launches on rtcg's memory, queue and context") {
    if (!on_opencl()) return;
    const cl_uint n = 1000;
    const auto host = rtcg::test::random_values<std::int32_t>(n);
    auto buffer = context().allocate(n * sizeof(std::int32_t));
    auto& queue = context().queue();
    const cl_command_queue raw_queue = cl::command_queue(queue);
    const cl_mem memory = cl::memory(buffer);

    ok(clEnqueueWriteBuffer(raw_queue, memory, CL_TRUE, 0, n * sizeof(std::int32_t), host.data(), 0, nullptr,
                            nullptr));
    Raw raw;
    cl_int status = CL_SUCCESS;
    const cl_context raw_context = cl::context(context());
    const char* source = add_index_source;
    raw.program = clCreateProgramWithSource(raw_context, 1, &source, nullptr, &status);
    ok(status);
    const cl_device_id device = cl::device(context());
    ok(clBuildProgram(raw.program, 1, &device, nullptr, nullptr, nullptr));
    raw.kernel = clCreateKernel(raw.program, "add_index", &status);
    ok(status);
    ok(clSetKernelArg(raw.kernel, 0, sizeof memory, &memory));
    ok(clSetKernelArg(raw.kernel, 1, sizeof n, &n));
    const std::size_t global = n;
    ok(clEnqueueNDRangeKernel(raw_queue, raw.kernel, 1, nullptr, &global, nullptr, 0, nullptr, nullptr));

    // rtcg's read is queued after the raw kernel on the same in-order queue.
    const auto back = context().to_host<std::int32_t>(buffer);
    for (cl_uint i = 0; i < n; ++i) REQUIRE(back[i] == host[i] + static_cast<std::int32_t>(i));

    cl_platform_id platform = nullptr;
    ok(clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof platform, &platform, nullptr));
    CHECK(platform == cl::platform(context()));
    cl_context owner = nullptr;
    ok(clGetMemObjectInfo(memory, CL_MEM_CONTEXT, sizeof owner, &owner, nullptr));
    CHECK(owner == raw_context);
}

TEST_CASE("rtcg kernels and arrays run on a clCreateBuffer buffer through a foreign queue") {
    if (!on_opencl()) return;
    const unsigned n = 777;
    const auto host = rtcg::test::random_values<float>(n);
    Raw raw;
    cl_int status = CL_SUCCESS;
    const cl_context raw_context = cl::context(context());
    raw.memory = clCreateBuffer(raw_context, CL_MEM_READ_WRITE, n * sizeof(float), nullptr, &status);
    ok(status);
    raw.queue = clCreateCommandQueue(raw_context, cl::device(context()), 0, &status);
    ok(status);
    ok(clEnqueueWriteBuffer(raw.queue, raw.memory, CL_TRUE, 0, n * sizeof(float), host.data(), 0, nullptr, nullptr));

    int released = 0;
    {
        auto queue = cl::wrap(context(), raw.queue);
        CHECK(cl::command_queue(queue) == raw.queue);
        auto buffer = cl::wrap(context(), raw.memory, n * sizeof(float), [&] { ++released; });
        CHECK(reference_count(raw.memory) == 2); // the caller's and rtcg's
        CHECK(cl::memory(buffer) == raw.memory);
        rtcg::test::compile(rtcg::test::kernels::twice).kernel("twice")(queue, rtcg::LaunchConfig::covering(n, 64),
                                                                      buffer, n);
        queue.finish();
        // An array over the same memory: a fused expression reads it in place.
        auto array = rtcg::Array<float>::from_buffer(std::move(buffer), {n});
        const auto plus_one = rtcg::Array<float>(array + 1.0f).get();
        for (unsigned i = 0; i < n; ++i) REQUIRE(plus_one[i] == 2 * host[i] + 1);
        CHECK(released == 0);
    }
    CHECK(released == 1);
    CHECK(reference_count(raw.memory) == 1);
    std::vector<float> back(n);
    ok(clEnqueueReadBuffer(raw.queue, raw.memory, CL_TRUE, 0, n * sizeof(float), back.data(), 0, nullptr, nullptr));
    for (unsigned i = 0; i < n; ++i) REQUIRE(back[i] == 2 * host[i]);
}

TEST_CASE("memory and queues of another cl_context are refused; an out-of-order queue comes in as one") {
    if (!on_opencl()) return;
    Raw raw;
    cl_int status = CL_SUCCESS;
    const cl_device_id device = cl::device(context());
    raw.other_context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &status);
    ok(status);
    raw.memory = clCreateBuffer(raw.other_context, CL_MEM_READ_WRITE, 64, nullptr, &status);
    ok(status);
    int released = 0;
    CHECK(rtcg::test::contains(message_of<rtcg::InvalidArgument>([&] {
                                   cl::wrap(context(), raw.memory, 64, [&] { ++released; });
                               }),
                               "another cl_context"));
    CHECK(released == 0);
    CHECK(reference_count(raw.memory) == 1);
    raw.queue = clCreateCommandQueue(raw.other_context, device, 0, &status);
    ok(status);
    message_of<rtcg::InvalidArgument>([&] { cl::wrap(context(), raw.queue); });

    cl_command_queue out_of_order =
        clCreateCommandQueue(cl::context(context()), device, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &status);
    if (status == CL_SUCCESS) {
        {
            rtcg::Queue wrapped = cl::wrap(context(), out_of_order);
            CHECK(wrapped.is_out_of_order());
            CHECK(context().device().out_of_order_queues);
            auto buffer = context().allocate(64);
            wrapped.fill(buffer, 7);
            wrapped.finish();
            CHECK(context().to_host<int>(buffer) == std::vector<int>(16, 7));
        }
        ok(clReleaseCommandQueue(out_of_order));
    }
}

TEST_CASE("a program binary built by raw OpenCL loads as a Module; a foreign one is refused") {
    if (!on_opencl()) return;
    Raw raw;
    cl_int status = CL_SUCCESS;
    const char* source = add_index_source;
    raw.program = clCreateProgramWithSource(cl::context(context()), 1, &source, nullptr, &status);
    ok(status);
    const cl_device_id device = cl::device(context());
    ok(clBuildProgram(raw.program, 1, &device, nullptr, nullptr, nullptr));
    std::size_t size = 0;
    ok(clGetProgramInfo(raw.program, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr));
    REQUIRE(size > 0);
    std::vector<std::byte> binary(size);
    auto* bytes = reinterpret_cast<unsigned char*>(binary.data());
    ok(clGetProgramInfo(raw.program, CL_PROGRAM_BINARIES, sizeof bytes, &bytes, nullptr));

    const auto module = rtcg::Module::from_binary(context(), binary);
    CHECK(module.kernel_names() == std::vector<std::string>{"add_index"});
    rtcg::test::check_add_index(module);

    message_of<rtcg::InvalidArgument>([] { rtcg::Module::from_binary(context(), {}); });
    // Bytes no OpenCL driver made: refused with the driver's reason.
    const std::string text = "not a program binary";
    message_of<rtcg::InvalidArgument>([&] { rtcg::Module::from_binary(context(), std::as_bytes(std::span(text))); });
}
