// One of many processes that build programs at once into one shared disk cache
// (cache_stress_processes.sh starts them). Each variant named on the command line is its own
// program of three kernels; every kernel's output is checked against a host reference.
//
// Usage: rtcg-cache-stress-worker [--all-cached | --none-damaged] <variant>...
//   --all-cached: every program must come from the disk cache: nothing compiled, no damaged entry;
//   --none-damaged: every entry found must load (programs without one are compiled).
// Exits 0 when every result is right and the expectation holds, 77 when the backend RTCG_BACKEND
// names is absent.
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/core.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

// VARIANT and ROUNDS come in as defines, so that each variant is a program of its own (its own
// cache entry) with a body of its own size.
constexpr std::string_view variant_source = R"(
RTCG_DEVICE unsigned mix(unsigned x) {
    for (int round = 0; round < ROUNDS; ++round) {
        x ^= x >> 15;
        x *= 0x2c1b3c6du + 2u * VARIANT;
        x ^= x >> 12;
        x += 0x297a2d39u;
    }
    return x;
}
RTCG_KERNEL void hash(RTCG_GLOBAL unsigned* out, unsigned n) {
    const unsigned i = (unsigned)RTCG_GLOBAL_ID(0);
    if (i < n) out[i] = mix(i + VARIANT);
}
RTCG_KERNEL void offset(RTCG_GLOBAL unsigned* out, unsigned n) {
    const unsigned i = (unsigned)RTCG_GLOBAL_ID(0);
    if (i < n) out[i] += (unsigned)VARIANT * 1000u;
}
RTCG_KERNEL void fold(RTCG_GLOBAL unsigned* out, unsigned n) {
    const unsigned i = (unsigned)RTCG_GLOBAL_ID(0);
    if (i < n) out[i] = mix(out[i]) ^ i;
}
)";

std::uint32_t mix(std::uint32_t x, unsigned variant) {
    for (unsigned round = 0; round < 4 + variant % 5; ++round) {
        x ^= x >> 15;
        x *= 0x2c1b3c6du + 2u * variant;
        x ^= x >> 12;
        x += 0x297a2d39u;
    }
    return x;
}

// Builds one variant's program, runs its three kernels in turn and compares with the host.
bool run_variant(const rtcg::Context& ctx, unsigned variant) {
    const rtcg::CompileOptions options{
        .defines = {{"VARIANT", std::to_string(variant) + "u"}, {"ROUNDS", std::to_string(4 + variant % 5)}},
        .prelude = rtcg::codegen::portable_prelude()};
    const auto module = ctx.compile(variant_source, options);

    constexpr unsigned n = 1000;
    auto out = ctx.allocate(n * sizeof(std::uint32_t));
    const auto launch = rtcg::LaunchConfig::covering(n, 64);
    for (const char* name : {"hash", "offset", "fold"}) module.kernel(name)(ctx.queue(), launch, out, n);
    const auto device = ctx.to_host<std::uint32_t>(out);

    for (unsigned i = 0; i < n; ++i) {
        const std::uint32_t expected = mix(mix(i + variant, variant) + variant * 1000u, variant) ^ i;
        if (device[i] != expected) {
            std::fprintf(stderr, "variant %u: element %u is %u, expected %u\n", variant, i, device[i], expected);
            return false;
        }
    }
    return true;
}

} // namespace

int main(int argc, char** argv) {
    bool all_cached = false, none_damaged = false;
    std::vector<unsigned> variants;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--all-cached") all_cached = true;
        else if (arg == "--none-damaged") none_damaged = true;
        else variants.push_back(static_cast<unsigned>(std::strtoul(argv[i], nullptr, 10)));
    }
    try {
        const auto ctx = rtcg::Context::from_environment();
        bool right = true;
        for (const unsigned variant : variants) right = run_variant(ctx, variant) && right;
        const auto stats = rtcg::compile_cache_stats();
        std::printf("%zu programs: %llu compiled, %llu disk hits, %llu damaged entries, %llu binaries not stored\n",
                    variants.size(), static_cast<unsigned long long>(stats.compiles),
                    static_cast<unsigned long long>(stats.disk_hits),
                    static_cast<unsigned long long>(stats.damaged_entries),
                    static_cast<unsigned long long>(stats.rejected_binaries));
        if (all_cached && (stats.compiles != 0 || stats.disk_hits != variants.size())) {
            std::fprintf(stderr, "expected every program from the disk cache\n");
            return 1;
        }
        if ((all_cached || none_damaged) && stats.damaged_entries != 0) {
            std::fprintf(stderr, "expected every disk cache entry to load\n");
            return 1;
        }
        return right ? 0 : 1;
    } catch (const rtcg::BackendUnavailable& e) {
        std::printf("skipped: %s\n", e.what());
        return 77;
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
}
