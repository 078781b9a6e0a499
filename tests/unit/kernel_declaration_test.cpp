// A kernel's parameters read from its definition in the source (plugin::declared_parameters),
// which the CUDA plug-in relies on for every kernel and the OpenCL plug-in where the driver keeps
// no argument info. Needs no device: the sources are those the plug-ins would receive.
#include "../support/test_kernels.hpp"

#include <rtcg/codegen/prelude.hpp>
#include <rtcg/core/plugin/kernel_declaration.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

using rtcg::codegen::Dialect;
using rtcg::plugin::declared_parameters;
using rtcg::plugin::ParameterKind;
using rtcg::plugin::UnqualifiedPointers;
using Kinds = std::vector<ParameterKind>;

constexpr auto value = ParameterKind::value;
constexpr auto global = ParameterKind::global_pointer;
constexpr auto local = ParameterKind::local_pointer;
constexpr auto unknown = ParameterKind::unknown;

std::optional<Kinds> kinds(std::string_view source, std::string_view kernel,
                           UnqualifiedPointers unqualified = UnqualifiedPointers::unknown,
                           const std::vector<std::string>& options = {}) {
    const auto parameters = declared_parameters(source, options, kernel, unqualified);
    if (!parameters) return std::nullopt;
    Kinds result;
    for (const auto& p : *parameters) {
        CHECK(p.size == 0);
        result.push_back(p.kind);
    }
    return result;
}

// The source a plug-in receives for test kernel `source` in `dialect`.
std::string in_dialect(Dialect dialect, std::string_view source) { return rtcg::codegen::with_prelude(dialect, source); }

} // namespace

TEST_CASE("OpenCL C: address spaces decide pointers, everything else is a value") {
    constexpr std::string_view source = R"(
        __kernel void k(__global float* a, int n, __local float* s, __constant int* c, global const uint4 *v,
                        float4 w, unsigned long m, local int *t) { a[0] = n; }
    )";
    CHECK(kinds(source, "k") == Kinds{global, value, local, global, global, value, value, local});
    const auto parameters = declared_parameters(source, {}, "k", UnqualifiedPointers::unknown);
    REQUIRE(parameters);
    CHECK((*parameters)[0].declaration == "__global float* a");
    CHECK((*parameters)[6].declaration == "unsigned long m");
}

TEST_CASE("CUDA: every pointer points to global memory") {
    constexpr std::string_view source = R"(
        extern "C" __global__ void __launch_bounds__(256, 2) k(const float* __restrict__ x, float *y, int n,
                                                             unsigned long long bits, double2 d) {}
    )";
    CHECK(kinds(source, "k", UnqualifiedPointers::global) == Kinds{global, global, value, value, value});
    // Without an address-space word, an OpenCL pointer hides its space: unknown.
    CHECK(kinds(source, "k", UnqualifiedPointers::unknown) == Kinds{unknown, unknown, value, value, value});
}

TEST_CASE("macros of the source and of -D options are expanded, typedefs resolved") {
    constexpr std::string_view source = R"(
        #define SPACE __global
        #define PARAM(type, name) , __local type* name
        typedef SPACE float* float_pointer;
        typedef long index_type;
        typedef struct { int a; float b; } Params;
        struct Tagged { int c; };
        __kernel void k(float_pointer p, index_type n, Params q, struct Tagged r, ELEMENT e, ELEMENT* f PARAM(int, s)) {}
    )";
    CHECK(kinds(source, "k", UnqualifiedPointers::unknown, {"-DELEMENT=double"}) ==
          Kinds{global, value, value, value, value, unknown, local});
    // "-D NAME=VALUE" as two words, or several definitions in one option string.
    CHECK(kinds(source, "k", UnqualifiedPointers::unknown, {"-D", "ELEMENT=double"}) ==
          kinds(source, "k", UnqualifiedPointers::unknown, {"-cl-fast-relaxed-math -DELEMENT=double"}));
    // ELEMENT undefined: a type rtcg cannot see.
    CHECK(kinds(source, "k")->at(4) == unknown);
}

TEST_CASE("what cannot be read is unknown, not guessed") {
    constexpr std::string_view source = R"(
        #include "types.h"
        __kernel void k(Foreign x, __read_only image2d_t img, sampler_t smp, void (*f)(int), int n) {}
    )";
    CHECK(kinds(source, "k") == Kinds{unknown, unknown, unknown, unknown, value});
}

TEST_CASE("no definition, disagreeing definitions or unexpandable macros give nothing") {
    CHECK_FALSE(kinds("__kernel void other(__global int* a) {}", "k"));
    CHECK_FALSE(kinds("#define NAME(x) x##_f\n__kernel void NAME(k)(__global int* a) {}", "k_f"));
    constexpr std::string_view branches = R"(
        #if WIDE
        __kernel void k(__global long* a, long n) {}
        #else
        __kernel void k(__global int* a, __global int* n) {}
        #endif
    )";
    CHECK_FALSE(kinds(branches, "k"));
    constexpr std::string_view ambiguous = R"(
        #if WIDE
        #define INDEX long
        #else
        #define INDEX __global int*
        #endif
        __kernel void k(INDEX n) {}
    )";
    CHECK_FALSE(kinds(ambiguous, "k"));
    CHECK_FALSE(kinds("#define P(a) , #a\n__kernel void k(int n P(x)) {}", "k"));
}

TEST_CASE("calls, comments, strings and prototypes") {
    constexpr std::string_view source = R"(
        // __kernel void k(int n) {}  (a comment)
        /* void k(float x) {} */
        void k(__global int* a, int n);
        __kernel void caller(__global int* a) { k(a, 3); const char* s = "void k(int q) {"; }
        __kernel void k(__global int* a, int n) { a[0] = n; }
    )";
    CHECK(kinds(source, "k") == Kinds{global, value});
    CHECK(kinds("__kernel void k(void) {}", "k") == Kinds{});
    CHECK(kinds("__kernel void k() {}", "k") == Kinds{});
}

TEST_CASE("the test kernels read the same through either prelude") {
    namespace kernels = rtcg::test::kernels;
    const std::vector<std::string> options = {"-DELEMENT=float", "-DI64=long"};
    for (const Dialect dialect : {Dialect::cuda, Dialect::opencl}) {
        CAPTURE(static_cast<int>(dialect));
        const auto unqualified = dialect == Dialect::cuda ? UnqualifiedPointers::global : UnqualifiedPointers::unknown;
        const auto read = [&](std::string_view source, std::string_view kernel) {
            return kinds(in_dialect(dialect, source), kernel, unqualified, options);
        };
        CHECK(read(kernels::twice, "twice") == Kinds{global, value});
        CHECK(read(kernels::scale_add, "scale_add") == Kinds{global, global, value, value});
        CHECK(read(kernels::struct_argument, "unpack") == Kinds{value, global});
        CHECK(read(kernels::ids_3d, "ids") == Kinds{global});
        // CUDA's dynamic shared memory is no parameter; OpenCL's is the last one.
        CHECK(read(kernels::reverse_blocks, "reverse_blocks") ==
              (dialect == Dialect::cuda ? Kinds{global} : Kinds{global, local}));
    }
}

TEST_CASE("the longest identifier is found outside comments and literals, in directives too") {
    using rtcg::plugin::longest_identifier;
    const std::string kernel_name(40, 'k'), defined_name(50, 'd');
    CHECK(longest_identifier("__kernel void " + kernel_name + "(__global int* a) { a[0] = 1; }") == kernel_name);
    CHECK(longest_identifier("#define " + defined_name + " 1\n__kernel void k(int a) {}") == defined_name);
    CHECK(longest_identifier("// " + defined_name + "\n/* " + defined_name + " */ int x; const char* s = \"" +
                             defined_name + "\";") == "const");
    CHECK(longest_identifier("1234567890 + 2.5e10").empty());
    CHECK(longest_identifier("").empty());
}
