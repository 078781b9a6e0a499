// Misuse of core's Context, Buffer, Module, Kernel and launch API.
#include "misuse_support.hpp"

#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/core.hpp>

#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace rtcg::test {
namespace {

// out[i] = n + i for the first n elements.
constexpr std::string_view fill_kernel = R"(
RTCG_KERNEL void rtcg_misuse_fill(RTCG_GLOBAL int* out, rtcg_index_t n) {
    const size_t i = RTCG_GLOBAL_ID(0);
    if (i < n) out[i] = (int)(n + i);
}
)";

Kernel fill() { return compile(fill_kernel).kernel("rtcg_misuse_fill"); }

// Sets an environment variable for one scope, then puts back what was there.
class ScopedVariable {
public:
    ScopedVariable(const char* name, const char* value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        ::setenv(name, value, 1);
    }
    ~ScopedVariable() {
        if (old_)
            ::setenv(name_, old_->c_str(), 1);
        else
            ::unsetenv(name_);
    }
    ScopedVariable(const ScopedVariable&) = delete;
    ScopedVariable& operator=(const ScopedVariable&) = delete;

private:
    const char* name_;
    std::optional<std::string> old_;
};

// A source no other test compiles, so that the compile reaches the cache and the compiler.
std::string fresh_source() {
    static int counter = 0;
    return std::string(fill_kernel) + "\n// fresh " + std::to_string(++counter) + "\n";
}

} // namespace

TEST_CASE("misuse: a copy past a buffer's end is refused") {
    Buffer small = context().allocate(16);
    std::vector<int> host(64);
    expect_misuse<InvalidArgument>([&] { context().queue().write(small, std::span<const int>(host)); }, {"16"});
}

TEST_CASE("misuse: an integer where the kernel takes a pointer is refused, never taken for an address") {
    const Kernel kernel = fill();
    const std::int64_t n = 4;
    // 0 would be a null buffer; any other integer an address the kernel writes through.
    for (const std::uint64_t address : {std::uint64_t{0}, std::uint64_t{0x1000}}) {
        CAPTURE(address);
        expect_misuse<InvalidArgument>(
            [&] { kernel(context().queue(), LaunchConfig{1, 32}, address, n); },
            {"argument 0", "rtcg_misuse_fill", "a value of 8 bytes", "pointer", "Buffer"});
    }
}

TEST_CASE("misuse: a buffer where the kernel takes a value is refused") {
    const Kernel kernel = fill();
    Buffer out = context().allocate(64 * sizeof(int));
    Buffer not_a_count = context().allocate(64);
    // The parameter is 8 bytes, as a device pointer is: only its kind tells the two apart.
    expect_misuse<InvalidArgument>([&] { kernel(context().queue(), LaunchConfig{1, 32}, out, not_a_count); },
                                   {"argument 1", "rtcg_misuse_fill", "a buffer", "takes a value"});
}

TEST_CASE("misuse: a buffer of another context is refused as a kernel argument") {
    const Context other = Context::create(context().selector());
    const Kernel kernel = fill();
    Buffer foreign = other.allocate(64 * sizeof(int));
    const std::int64_t n = 16;
    expect_misuse<InvalidArgument>([&] { kernel(context().queue(), LaunchConfig{1, 32}, foreign, n); },
                                   {"argument 0", "rtcg_misuse_fill", "another context"});
}

TEST_CASE("misuse: a grid whose size wraps size_t is refused, not skipped") {
    const Kernel kernel = fill();
    Buffer out = context().allocate(64 * sizeof(int));
    const std::int64_t n = 16;
    const std::size_t two_to_32 = std::size_t{1} << 32;
    expect_misuse<InvalidArgument>(
        [&] { kernel(context().queue(), LaunchConfig{Dim3{two_to_32, two_to_32, 1}, Dim3{32}}, out, n); },
        {"rtcg_misuse_fill", "grid"});
    const std::size_t most = std::numeric_limits<std::size_t>::max();
    expect_misuse<InvalidArgument>(
        [&] { kernel(context().queue(), LaunchConfig{Dim3{most, most, most}, Dim3{1}}, out, n); },
        {"rtcg_misuse_fill", "grid"});
}

TEST_CASE("misuse: extents beyond the device's limits are refused") {
    const Kernel kernel = fill();
    Buffer out = context().allocate(64 * sizeof(int));
    const std::int64_t n = 16;
    const DeviceInfo& device = context().device();
    const std::size_t too_many_blocks = device.max_grid_size[1] + 1;
    expect_misuse<InvalidArgument>(
        [&] { kernel(context().queue(), LaunchConfig{Dim3{1, too_many_blocks, 1}, Dim3{1}}, out, n); },
        {"rtcg_misuse_fill", "grid", std::to_string(too_many_blocks), "in y"});
    const std::size_t too_deep = device.max_work_item_sizes[2] + 1;
    expect_misuse<InvalidArgument>(
        [&] { kernel(context().queue(), LaunchConfig{Dim3{1}, Dim3{1, 1, too_deep}}, out, n); },
        {"rtcg_misuse_fill", "block", std::to_string(too_deep), "in z"});
    const std::size_t too_much_local = device.local_memory_bytes + 1;
    expect_misuse<InvalidArgument>(
        [&] {
            const Kernel reverse = compile(R"(
                RTCG_KERNEL void rtcg_misuse_local(RTCG_GLOBAL int* data RTCG_DYNAMIC_LOCAL_PARAM(int, scratch)) {
                    RTCG_DYNAMIC_LOCAL_DECL(int, scratch);
                    scratch[RTCG_LOCAL_ID(0)] = data[RTCG_LOCAL_ID(0)];
                })").kernel("rtcg_misuse_local");
            reverse(context().queue(), LaunchConfig{1, 1, too_much_local}, out);
        },
        {"rtcg_misuse_local", std::to_string(too_much_local), "local memory"});
}

TEST_CASE("misuse: a local-memory carveout above 100 percent is refused") {
    const Kernel kernel = fill();
    Buffer out = context().allocate(64 * sizeof(int));
    const std::int64_t n = 16;
    LaunchConfig config{1, 64};
    config.local_memory_carveout = 101;
    expect_misuse<InvalidArgument>([&] { kernel(context().queue(), config, out, n); },
                                   {"rtcg_misuse_fill", "carveout of 101 percent", "0 to 100"});
}

TEST_CASE("misuse: a block of 0 threads covers nothing") {
    expect_misuse<InvalidArgument>([] { (void)LaunchConfig::covering(100, 0); }, {"covering", "0 threads"});
}

TEST_CASE("misuse: dynamic local memory without a __local parameter to receive it") {
    if (!is(codegen::Dialect::opencl)) {
        MESSAGE("CUDA's dynamic shared memory needs no parameter");
        return;
    }
    const Kernel kernel = fill();
    Buffer out = context().allocate(64 * sizeof(int));
    const std::int64_t n = 16;
    const std::string message = expect_misuse<InvalidArgument>(
        [&] { kernel(context().queue(), LaunchConfig{1, 32, 256}, out, n); },
        {"rtcg_misuse_fill", "256 bytes of dynamic local memory", "no trailing __local pointer parameter"});
    CHECK_FALSE(contains(message, "were given"));

    // The other way round: a kernel that has one, launched without dynamic local memory.
    const Kernel local = compile(R"(
        RTCG_KERNEL void rtcg_misuse_scratch(RTCG_GLOBAL int* data, RTCG_LOCAL_PTR int* scratch) {
            scratch[RTCG_LOCAL_ID(0)] = data[0];
        })").kernel("rtcg_misuse_scratch");
    expect_misuse<InvalidArgument>([&] { local(context().queue(), LaunchConfig{1, 32}, out); },
                                   {"rtcg_misuse_scratch", "__local pointer", "dynamic_local_bytes"});
    expect_misuse<InvalidArgument>([&] { local(context().queue(), LaunchConfig{1, 32}, out, out); },
                                   {"argument 1", "rtcg_misuse_scratch", "__local pointer", "takes no argument"});
}

TEST_CASE("misuse: a wrong call of a kernel declaring hundreds of arguments has a short message") {
    std::string declaration;
    for (int k = 0; k < 200; ++k) declaration += (k ? ", float *a" : "float *a") + std::to_string(k);
    const ElementwiseKernel many(context(), declaration, "a0[i] = 1", {.name = "rtcg_misuse_many"});
    auto x = Array<float>::zeros(context(), 4);
    const std::string message =
        expect_misuse<InvalidArgument>([&] { many(x); }, {"expected 200 arguments", "float *a0", "float *a199", "got 1"});
    CHECK(message.size() < 400);
}

TEST_CASE("misuse: a yes/no environment variable with another value is refused, naming what it takes") {
    for (const char* variable : {"RTCG_NO_CACHE", "RTCG_DEBUG"}) {
        // The context is checked after the variable is put back.
        std::string message;
        {
            ScopedVariable set(variable, "maybe");
            message = message_of<InvalidArgument>([] { compile(fresh_source()); });
        }
        INFO("the message: ", message);
        for (const std::string_view fragment : {std::string_view(variable), std::string_view("'maybe'"),
                                                std::string_view("1, true, yes or on"),
                                                std::string_view("0, false, no or off")})
            CHECK(contains(message, fragment));
        check_context_usable();
    }
    for (const char* accepted : {"YES", "Off", "TRUE", "0", ""}) {
        ScopedVariable set("RTCG_NO_CACHE", accepted);
        CHECK_NOTHROW(compile(fresh_source()));
    }
}

TEST_CASE("misuse: a kernel name that PoCL or NVIDIA's OpenCL cannot take is refused before the driver fails") {
    const DeviceInfo& device = context().device();
    const bool pocl = device.platform == "Portable Computing Language";
    const bool nvidia_opencl = device.backend == "opencl" && device.platform == "NVIDIA CUDA";
    const auto kernel_named = [](const std::string& name) {
        return "RTCG_KERNEL void " + name + "(RTCG_GLOBAL int* a) { a[RTCG_GLOBAL_ID(0)] = 7; }\n";
    };
    if (pocl) {
        const std::string name = "k" + std::string(10'000, 'x');
        expect_misuse<InvalidArgument>([&] { compile(kernel_named(name)); }, {"kernel name", "10001 characters", "PoCL"});
    }
    if (nvidia_opencl) {
        const std::string name = "k" + std::string(299, 'x');
        expect_misuse<InvalidArgument>([&] { compile(kernel_named(name)); },
                                       {"identifier", "300 characters", "256 characters", "NVIDIA"});
    }
    // A name every driver takes, and elsewhere a long name is an ordinary one.
    const std::string name = "k" + std::string(pocl || nvidia_opencl ? 199 : 300, 'x');
    Buffer out = context().to_device(std::vector<int>(32, 0));
    compile(kernel_named(name)).kernel(name)(context().queue(), LaunchConfig{1, 32}, out);
    CHECK(context().to_host<int>(out) == std::vector<int>(32, 7));
}

TEST_CASE("misuse: a copy between contexts past a buffer's end, or on a third context's queue, is refused") {
    const auto other = Context::create(context().selector());
    Buffer mine = context().allocate(16);
    Buffer theirs = other.allocate(8);
    expect_misuse<InvalidArgument>([&] { context().queue().copy_peer(mine, theirs, 16); },
                                   {"destination buffer of 8 bytes"});
    const auto third = Context::create(context().selector());
    auto queue = third.create_queue();
    expect_misuse<InvalidArgument>([&] { queue.copy_peer(mine, theirs, 8); }, {"neither buffer"});
}

TEST_CASE("misuse: IPC handles from garbage text, and IPC on OpenCL, are refused") {
    expect_misuse<InvalidArgument>([] { IpcMemoryHandle::from_hex("not a handle"); }, {"hex digits"});
    if (interop::backend_of(context()) == "cuda") return;
    expect_misuse<BackendMismatch>([] { export_ipc(context().allocate(4)); }, {"CUDA IPC", "OpenCL"});
}

} // namespace rtcg::test
