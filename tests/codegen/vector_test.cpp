// The prelude's vector types pass as kernel arguments with OpenCL's layout (each as large as it is
// aligned), and rtcg_make_* builds them in either dialect.
#include "compile_everywhere.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

using rtcg::test::context;

namespace {

// The host twin of an OpenCL vector of N elements.
template <class T, std::size_t N>
struct alignas(sizeof(T) * N) Vector {
    std::array<T, N> components;
};

struct VectorParameter {
    std::string_view name, type, stored_as; // stored_as: the type its components are stored to `out` as
    std::size_t components;
};

// Rebuilds parameter `p` with its components reversed through rtcg_make_*, then stores the result's
// components to `out` from `slot` on.
std::string store_reversed(const VectorParameter& p, std::string_view out, std::size_t& slot) {
    static constexpr std::string_view members[] = {".x", ".y", ".z", ".w"};
    std::string made = "rtcg_make_" + std::string(p.type) + "(";
    for (std::size_t c = p.components; c-- > 0;)
        made += std::string(p.name) + std::string(members[c]) + (c > 0 ? ", " : ")");
    std::string text = "    const rtcg_" + std::string(p.type) + " " + std::string(p.name) + "_made = " + made + ";\n";
    for (std::size_t c = 0; c < p.components; ++c)
        text += "    " + std::string(out) + "[" + std::to_string(slot++) + "] = (" + std::string(p.stored_as) + ")" +
                std::string(p.name) + "_made" + std::string(members[c]) + ";\n";
    return text;
}

std::string vector_kernel(std::string_view name, const std::vector<VectorParameter>& parameters,
                          std::string_view float_type) {
    std::string text = "RTCG_KERNEL void " + std::string(name) + "(";
    for (const auto& p : parameters) text += "rtcg_" + std::string(p.type) + " " + std::string(p.name) + ", ";
    text += "RTCG_GLOBAL " + std::string(float_type) + "* floats, RTCG_GLOBAL rtcg_index_t* integers) {\n";
    std::size_t float_slot = 0, integer_slot = 0;
    for (const auto& p : parameters) {
        const bool floating = p.stored_as == float_type;
        text += store_reversed(p, floating ? "floats" : "integers", floating ? float_slot : integer_slot);
    }
    for (const auto& p : parameters)
        text += "    integers[" + std::to_string(integer_slot++) + "] = (rtcg_index_t)sizeof(rtcg_" +
                std::string(p.type) + ");\n";
    return text + "}\n";
}

template <class T, std::size_t N>
void append_reversed(std::vector<T>& values, const Vector<T, N>& v) {
    for (std::size_t c = N; c-- > 0;) values.push_back(v.components[c]);
}

} // namespace

TEST_CASE("float, int, uint, long and ulong vectors pass by value and are built by rtcg_make_*") {
    const std::vector<VectorParameter> parameters = {
        {"f2", "float2", "float", 2},         {"f4", "float4", "float", 4},
        {"i2", "int2", "rtcg_index_t", 2},    {"i4", "int4", "rtcg_index_t", 4},
        {"u2", "uint2", "rtcg_index_t", 2},   {"u4", "uint4", "rtcg_index_t", 4},
        {"l2", "long2", "rtcg_index_t", 2},   {"l4", "long4", "rtcg_index_t", 4},
        {"ul2", "ulong2", "rtcg_index_t", 2}, {"ul4", "ulong4", "rtcg_index_t", 4},
    };
    const auto module = rtcg::test::compile_everywhere(vector_kernel("vectors", parameters, "float"));

    const Vector<float, 2> f2{{1.5f, -2.5f}};
    const Vector<float, 4> f4{{3.0f, 4.25f, -5.0f, 6.5f}};
    const Vector<std::int32_t, 2> i2{{-7, 8}};
    const Vector<std::int32_t, 4> i4{{9, -10, 11, -12}};
    const Vector<std::uint32_t, 2> u2{{13u, 0xfffffff0u}};
    const Vector<std::uint32_t, 4> u4{{14u, 15u, 16u, 0x80000000u}};
    const Vector<std::int64_t, 2> l2{{-(std::int64_t{1} << 40), 17}};
    const Vector<std::int64_t, 4> l4{{18, -19, std::int64_t{1} << 50, -20}};
    const Vector<std::uint64_t, 2> ul2{{21u, 0xfedcba9876543210ull}};
    const Vector<std::uint64_t, 4> ul4{{22u, 23u, 0x8000000000000001ull, 24u}};

    auto floats = context().allocate(6 * sizeof(float));
    auto integers = context().allocate((24 + parameters.size()) * sizeof(std::int64_t));
    module.kernel("vectors")(context().queue(), rtcg::LaunchConfig{1, 1}, f2, f4, i2, i4, u2, u4, l2, l4, ul2, ul4,
                             floats, integers);

    std::vector<float> expected_floats;
    append_reversed(expected_floats, f2);
    append_reversed(expected_floats, f4);
    CHECK(context().to_host<float>(floats) == expected_floats);

    std::vector<std::int64_t> expected_integers;
    const auto append_as_int64 = [&expected_integers](const auto& v) {
        for (std::size_t c = v.components.size(); c-- > 0;)
            expected_integers.push_back(static_cast<std::int64_t>(v.components[c]));
    };
    append_as_int64(i2);
    append_as_int64(i4);
    append_as_int64(u2);
    append_as_int64(u4);
    append_as_int64(l2);
    append_as_int64(l4);
    append_as_int64(ul2);
    append_as_int64(ul4);
    for (const std::int64_t size : {8, 16, 8, 16, 8, 16, 16, 32, 16, 32}) expected_integers.push_back(size);
    CHECK(context().to_host<std::int64_t>(integers) == expected_integers);
}

TEST_CASE("double vectors pass by value and are built by rtcg_make_*") {
    if (!context().device().supports_fp64) return;
    const std::vector<VectorParameter> parameters = {{"d2", "double2", "double", 2}, {"d4", "double4", "double", 4}};
    const auto module = rtcg::test::compile_everywhere(vector_kernel("doubles", parameters, "double"));

    const Vector<double, 2> d2{{0.1, -1e300}};
    const Vector<double, 4> d4{{2.5, -3.75, 1e-300, 4.0}};
    auto floats = context().allocate(6 * sizeof(double));
    auto integers = context().allocate(2 * sizeof(std::int64_t));
    module.kernel("doubles")(context().queue(), rtcg::LaunchConfig{1, 1}, d2, d4, floats, integers);

    std::vector<double> expected;
    append_reversed(expected, d2);
    append_reversed(expected, d4);
    CHECK(context().to_host<double>(floats) == expected);
    CHECK(context().to_host<std::int64_t>(integers) == std::vector<std::int64_t>{16, 32});
}
