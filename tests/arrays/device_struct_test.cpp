// Declared structs on a device: verify_layout agrees with the host for real structs and names the
// field of a wrong layout, and kernels read and write structs passed by value and in buffers
// exactly as the host lays them out. Every kernel is also compiled for CUDA by NVRTC.
#include "../support/cuda_compile.hpp"
#include "../support/expect_error.hpp"
#include "../support/layout_structs.hpp"
#include "../support/test_context.hpp"

#include <rtcg/arrays/layout_check.hpp>
#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/layout_probe.hpp>
#include <rtcg/codegen/prelude.hpp>

#include <doctest/doctest.h>

#include <array>
#include <atomic>
#include <complex>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

using rtcg::codegen::declare_struct;
using rtcg::codegen::Dialect;
using rtcg::codegen::DType;
using rtcg::codegen::PreludeOptions;
using rtcg::codegen::struct_declarations;
using rtcg::codegen::Vector;
using rtcg::verify_layout;
using rtcg::test::contains;
using rtcg::test::message_of;
using namespace rtcg::test::layout;

namespace {

struct Particle {
    Vector<float, 4> position;
    Vector<float, 4> velocity;
    std::array<double, 2> weights;
    std::int32_t id;
    bool alive;
};

DType declare_padded() { return declare_struct<Padded>("dev_padded", {"c", "d"}); }

DType declare_outer() {
    declare_struct<Inner>("dev_inner", {"x", "id"});
    return declare_struct<Outer>("dev_outer", {"flag", "inner", "v", "position", "alive"});
}

DType declare_particle() {
    return declare_struct<Particle>("dev_particle", {"position", "velocity", "weights", "id", "alive"});
}

DType declare_with_complex() { return declare_struct<WithComplex>("dev_with_complex", {"z", "w", "zz"}); }

Dialect test_dialect() { return rtcg::codegen::dialect_of(rtcg::test::context().device()); }

// The struct declarations for `dialect` followed by a dialect-neutral kernel.
std::string kernel_source(const DType& type, Dialect dialect, std::string_view kernel) {
    return struct_declarations(std::span(&type, 1), dialect) + std::string(kernel);
}

// Compiles the kernel's CUDA twin with NVRTC, then builds it for the test context.
rtcg::Kernel build(const DType& type, std::string_view kernel, const std::string& name,
                   const PreludeOptions& options = {}) {
    rtcg::test::compile_for_cuda(
        rtcg::codegen::with_prelude(Dialect::cuda, kernel_source(type, Dialect::cuda, kernel), options));
    const auto& context = rtcg::test::context();
    return context
        .compile(rtcg::codegen::with_prelude(test_dialect(), kernel_source(type, test_dialect(), kernel), options))
        .kernel(name);
}

// verify_layout on the test context, and its probe compiled by NVRTC.
void check_layout(const DType& type, const PreludeOptions& options = {}) {
    rtcg::test::compile_for_cuda(
        rtcg::codegen::with_prelude(Dialect::cuda, rtcg::codegen::layout_probe_source(type, Dialect::cuda), options));
    CHECK_NOTHROW(verify_layout(rtcg::test::context(), type));
}

bool same_counts(const rtcg::CompileCacheStats& a, const rtcg::CompileCacheStats& b) {
    return a.memory_hits == b.memory_hits && a.disk_hits == b.disk_hits && a.disk_misses == b.disk_misses &&
           a.compiles == b.compiles;
}

} // namespace

TEST_CASE("the device lays out declared structs as the host does") {
    SUBCASE("padding between a char and a double") { check_layout(declare_padded()); }
    SUBCASE("a nested struct, an array, a vector and a bool") { check_layout(declare_outer()); }
    SUBCASE("a struct aligned beyond its fields") {
        check_layout(declare_struct<OverAligned>("dev_over_aligned", {"x"}));
    }
    SUBCASE("a field aligned beyond its type") {
        check_layout(declare_struct<MemberAligned>("dev_member_aligned", {"a", "b"}));
    }
    SUBCASE("64-bit vectors and doubles") { check_layout(declare_particle()); }
}

TEST_CASE("a layout the device does not share is reported with its field") {
    SUBCASE("a field offset") {
        // C puts d at 8, not 16.
        const DType wrong =
            DType::structure("dev_wrong_offset", {{"c", DType::int8(), 0, 0}, {"d", DType::float64(), 0, 16}}, 24, 8);
        rtcg::test::compile_for_cuda(
            rtcg::codegen::with_prelude(Dialect::cuda, rtcg::codegen::layout_probe_source(wrong, Dialect::cuda)));
        const auto message = message_of<rtcg::InvalidArgument>([&] { verify_layout(rtcg::test::context(), wrong); });
        CHECK(contains(message, "struct 'dev_wrong_offset'"));
        CHECK(contains(message, "field 'd' at offset 16 on the host, 8 on the device"));
        CHECK(contains(message, "size 24 on the host, 16 on the device"));
    }
    SUBCASE("a struct size, inside another struct") {
        // One float is 4 bytes, not 8.
        const DType wrong_inner = DType::structure("dev_wrong_size", {{"a", DType::float32(), 0, 0}}, 8, 4);
        const DType outer = DType::structure(
            "dev_holds_wrong_size", {{"w", wrong_inner, 0, 0}, {"b", DType::float32(), 0, 8}}, 12, 4);
        const auto message = message_of<rtcg::InvalidArgument>([&] { verify_layout(rtcg::test::context(), outer); });
        CHECK(contains(message, "struct 'dev_wrong_size': size 8 on the host, 4 on the device"));
        CHECK(contains(message, "struct 'dev_holds_wrong_size': field 'w' size 8 on the host, 4 on the device"));
        CHECK(contains(message, "field 'b' at offset 8 on the host, 4 on the device"));
    }
}

TEST_CASE("each layout is probed once per device") {
    const DType padded = declare_padded();
    verify_layout(rtcg::test::context(), padded);
    const auto before = rtcg::compile_cache_stats();
    verify_layout(rtcg::test::context(), padded);
    CHECK(same_counts(before, rtcg::compile_cache_stats()));

    // A failed check is remembered too, and reported again without a new probe.
    const DType wrong = DType::structure("dev_wrong_again", {{"a", DType::float32(), 0, 0}}, 8, 4);
    const auto first = message_of<rtcg::InvalidArgument>([&] { verify_layout(rtcg::test::context(), wrong); });
    const auto after_first = rtcg::compile_cache_stats();
    CHECK(message_of<rtcg::InvalidArgument>([&] { verify_layout(rtcg::test::context(), wrong); }) == first);
    CHECK(same_counts(after_first, rtcg::compile_cache_stats()));
}

TEST_CASE("threads may verify one new layout at once") {
    const DType type =
        DType::structure("dev_from_threads", {{"a", DType::float32(), 0, 0}, {"b", DType::int32(), 0, 4}}, 8, 4);
    std::vector<std::thread> threads;
    std::atomic<int> verified{0};
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&] {
            try {
                verify_layout(rtcg::test::context(), type);
                ++verified;
            } catch (const rtcg::Error&) {
                // Counted as missing below: an exception must not end the process from a thread.
            }
        });
    for (auto& thread : threads) thread.join();
    CHECK(verified == 4);
}

TEST_CASE("a struct passed by value reaches the kernel field by field") {
    constexpr std::string_view unpack = R"(
RTCG_KERNEL void unpack(dev_outer o, RTCG_GLOBAL float* out) {
    out[0] = (float)o.flag;
    out[1] = o.inner.x;
    out[2] = (float)o.inner.id;
    out[3] = o.v[0];
    out[4] = o.v[1];
    out[5] = o.v[2];
    out[6] = o.position.x;
    out[7] = o.position.y;
    out[8] = o.position.z;
    out[9] = o.position.w;
    out[10] = o.alive ? 1.0f : -1.0f;
}
)";
    const DType outer = declare_outer();
    verify_layout(rtcg::test::context(), outer);
    const auto kernel = build(outer, unpack, "unpack");
    const Outer value{7, {2.5f, -300}, {1.0f, 2.0f, 3.0f}, {{4.0f, 5.0f, 6.0f, 7.0f}}, true};
    const auto& context = rtcg::test::context();
    auto out = context.allocate(11 * sizeof(float));
    kernel(context.queue(), rtcg::LaunchConfig{1, 1}, value, out);
    CHECK(context.to_host<float>(out) ==
          std::vector<float>{7.0f, 2.5f, -300.0f, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 1.0f});
}

TEST_CASE("an array of structs is read and written in place") {
    constexpr std::string_view advance = R"(
RTCG_KERNEL void advance(RTCG_GLOBAL dev_particle* particles, float dt, unsigned n) {
    const size_t i = RTCG_GLOBAL_ID(0);
    if (i >= n) return;
    RTCG_GLOBAL dev_particle* p = &particles[i];
    p->position.x += dt * p->velocity.x;
    p->position.y += dt * p->velocity.y;
    p->position.z += dt * p->velocity.z;
    p->position.w += dt * p->velocity.w;
    p->weights[0] += p->weights[1];
    p->id += 1000;
    p->alive = !p->alive;
}
)";
    const DType particle = declare_particle();
    verify_layout(rtcg::test::context(), particle);
    const auto kernel = build(particle, advance, "advance");

    std::vector<Particle> host(37);
    for (std::size_t i = 0; i < host.size(); ++i) {
        const auto f = static_cast<float>(i);
        host[i] = Particle{{{f, f + 1, f + 2, f + 3}}, {{1, -1, 0.5f, 2}}, {{0.25 * f, 1e-3 * f}},
                           static_cast<std::int32_t>(i), i % 2 == 0};
    }
    const auto& context = rtcg::test::context();
    auto particles = context.to_device(host);
    const float dt = 0.5f;
    kernel(context.queue(), rtcg::LaunchConfig::covering(host.size(), 16), particles, dt,
           static_cast<unsigned>(host.size()));
    const auto device = context.to_host<Particle>(particles);

    for (std::size_t i = 0; i < host.size(); ++i) {
        CAPTURE(i);
        Particle expected = host[i];
        for (int lane = 0; lane < 4; ++lane) expected.position.lanes[lane] += dt * expected.velocity.lanes[lane];
        expected.weights[0] += expected.weights[1];
        expected.id += 1000;
        expected.alive = !expected.alive;
        for (int lane = 0; lane < 4; ++lane) {
            CHECK(device[i].position.lanes[lane] == expected.position.lanes[lane]);
            CHECK(device[i].velocity.lanes[lane] == expected.velocity.lanes[lane]);
        }
        CHECK(device[i].weights == expected.weights);
        CHECK(device[i].id == expected.id);
        CHECK(device[i].alive == expected.alive);
    }
}

// Complex fields last: they need the prelude's complex support.
TEST_CASE("structs with complex fields") {
    const PreludeOptions with_complex{.complex = true};
    const DType type = declare_with_complex();
    check_layout(type, with_complex);

    constexpr std::string_view conjugate = R"(
RTCG_KERNEL void conjugate(RTCG_GLOBAL dev_with_complex* values, unsigned n) {
    const size_t i = RTCG_GLOBAL_ID(0);
    if (i >= n) return;
    values[i].z = cfloat_conj(values[i].z);
    values[i].zz = cdouble_mul(values[i].zz, cdouble_new(0.0, 1.0));
    values[i].w = -values[i].w;
}
)";
    const auto kernel = build(type, conjugate, "conjugate", with_complex);
    std::vector<WithComplex> host{{{1.5f, -2.0f}, 3.0, {4.0, 5.0}}, {{-1.0f, 0.25f}, -6.0, {-7.0, 8.0}}};
    const auto& context = rtcg::test::context();
    auto values = context.to_device(host);
    kernel(context.queue(), rtcg::LaunchConfig{1, 2}, values, static_cast<unsigned>(host.size()));
    const auto device = context.to_host<WithComplex>(values);
    for (std::size_t i = 0; i < host.size(); ++i) {
        CAPTURE(i);
        CHECK(device[i].z == std::conj(host[i].z));
        CHECK(device[i].w == -host[i].w);
        CHECK(device[i].zz == host[i].zz * std::complex<double>(0.0, 1.0));
    }
}
