// The OpenCL plug-in's copy and fill kernels (backends/opencl/src/transfer_kernels.hpp), which
// the plug-in uses on NVIDIA's platform only, run here on the first OpenCL device (PoCL in CI) so
// that every machine checks them: copies at offsets and sizes that pick each word size or refuse,
// fills at any offset and size, against host references, with bytes outside the range untouched.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include "transfer_kernels.hpp"

#include "opencl_buffer.hpp"
#include "status.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace {

using rtcg::opencl::check;

constexpr std::size_t buffer_bytes = 1 << 20;

struct Device {
    cl_device_id device = nullptr;
    rtcg::opencl::ContextHandle context{nullptr};
    rtcg::opencl::QueueHandle queue{nullptr};
};

Device first_device() {
    cl_platform_id platform = nullptr;
    check(clGetPlatformIDs(1, &platform, nullptr), "clGetPlatformIDs");
    cl_device_id device = nullptr;
    check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr), "clGetDeviceIDs");
    char name[256] = {};
    check(clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name - 1, name, nullptr), "clGetDeviceInfo");
    MESSAGE("device: " << name);
    cl_int status = CL_SUCCESS;
    rtcg::opencl::ContextHandle context(clCreateContext(nullptr, 1, &device, nullptr, nullptr, &status));
    check(status, "clCreateContext");
    rtcg::opencl::QueueHandle queue(clCreateCommandQueue(context.get(), device, 0, &status));
    check(status, "clCreateCommandQueue");
    return Device{device, std::move(context), std::move(queue)};
}

rtcg::opencl::OpenclBuffer buffer_of(const Device& d, const std::vector<unsigned char>& contents) {
    rtcg::opencl::OpenclBuffer buffer(d.context.get(), contents.size(), "the test device");
    check(clEnqueueWriteBuffer(d.queue.get(), buffer.handle(), CL_TRUE, 0, contents.size(), contents.data(), 0,
                               nullptr, nullptr),
          "clEnqueueWriteBuffer");
    return buffer;
}

std::vector<unsigned char> contents_of(const Device& d, const rtcg::opencl::OpenclBuffer& buffer) {
    std::vector<unsigned char> bytes(buffer_bytes);
    check(clEnqueueReadBuffer(d.queue.get(), buffer.handle(), CL_TRUE, 0, bytes.size(), bytes.data(), 0, nullptr,
                              nullptr),
          "clEnqueueReadBuffer");
    return bytes;
}

std::vector<unsigned char> counting_bytes(unsigned seed) {
    std::vector<unsigned char> bytes(buffer_bytes);
    for (std::size_t k = 0; k < bytes.size(); ++k) bytes[k] = static_cast<unsigned char>(k * 7 + seed + k / 251);
    return bytes;
}

// Two groups per launch, so that any range past 512 words takes the grid-stride loop.
rtcg::opencl::TransferKernels kernels_for(const Device& d) { return {d.context.get(), d.device, "the test device", 2}; }

} // namespace

TEST_CASE("copies by kernel where offsets and size are multiples of 4 bytes, and refuse otherwise") {
    const Device d = first_device();
    rtcg::opencl::TransferKernels kernels = kernels_for(d);
    struct Copy {
        std::size_t src_offset, dst_offset, bytes;
        bool by_kernel;
    };
    for (const Copy c : {Copy{0, 0, buffer_bytes, true}, Copy{16, 48, 4096 + 16, true}, Copy{4, 1000, 999 * 4, true},
                         Copy{12, 8, 20, true}, Copy{0, 0, 4, true}, Copy{1, 0, 64, false}, Copy{0, 2, 64, false},
                         Copy{0, 0, 6, false}}) {
        CAPTURE(c.src_offset);
        CAPTURE(c.dst_offset);
        CAPTURE(c.bytes);
        const std::vector<unsigned char> source = counting_bytes(1), before = counting_bytes(99);
        const rtcg::opencl::OpenclBuffer src = buffer_of(d, source), dst = buffer_of(d, before);
        CHECK(kernels.copy(d.queue.get(), src, c.src_offset, dst, c.dst_offset, c.bytes) == c.by_kernel);
        std::vector<unsigned char> expected = before;
        if (c.by_kernel)
            std::copy_n(source.begin() + c.src_offset, c.bytes, expected.begin() + c.dst_offset);
        CHECK(contents_of(d, dst) == expected);
    }
}

TEST_CASE("fills repeat patterns of 1, 2, 4 and 8 bytes by kernel at any offset and size") {
    const Device d = first_device();
    rtcg::opencl::TransferKernels kernels = kernels_for(d);
    const unsigned char pattern[8] = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88};
    struct Fill {
        std::size_t pattern_size, offset, bytes;
    };
    // Whole 16-byte words, ranges with ends off 16-byte boundaries (single bytes at each end), ones
    // with no whole word, and ones long enough for the grid-stride loop.
    for (const Fill f : {Fill{4, 0, buffer_bytes}, Fill{1, 16, 4096}, Fill{2, 4, 4092}, Fill{1, 8, 12},
                         Fill{4, 4, 65536 + 8}, Fill{8, 32, 8192 + 16}, Fill{8, 8, 64}, Fill{8, 16, 24},
                         Fill{1, 3, 64}, Fill{2, 2, 64}, Fill{1, 5, 7}, Fill{1, 17, 1}, Fill{2, 6, 30},
                         Fill{1, 1, buffer_bytes - 2}, Fill{8, 8, buffer_bytes - 16}}) {
        CAPTURE(f.pattern_size);
        CAPTURE(f.offset);
        CAPTURE(f.bytes);
        const std::vector<unsigned char> before = counting_bytes(5);
        const rtcg::opencl::OpenclBuffer dst = buffer_of(d, before);
        CHECK(kernels.fill(d.queue.get(), dst, f.offset, f.bytes, pattern, f.pattern_size));
        std::vector<unsigned char> expected = before;
        for (std::size_t k = 0; k < f.bytes; ++k) expected[f.offset + k] = pattern[k % f.pattern_size];
        CHECK(contents_of(d, dst) == expected);
    }
}

TEST_CASE("the plug-in copies by kernel on NVIDIA's platform only") {
    rtcg::DeviceInfo device;
    device.platform = "NVIDIA CUDA";
    CHECK(rtcg::opencl::transfers_by_kernel(device));
    device.platform = "Portable Computing Language";
    CHECK_FALSE(rtcg::opencl::transfers_by_kernel(device));
}
