#pragma once
// C++ aggregates whose layouts the struct tests declare to kernels: padding, nesting, arrays,
// vectors, over-aligned types and members, and complex members. The text tests (codegen) and the
// device tests (arrays) check the same types, so that a layout printed right is also one the
// devices agree with.
#include <rtcg/codegen/device_struct.hpp>

#include <array>
#include <complex>
#include <cstdint>

namespace rtcg::test::layout {

struct Padded {
    char c;
    double d; // after 7 bytes of padding
};

struct Inner {
    float x;
    std::int16_t id;
};

struct Outer {
    std::uint8_t flag;
    Inner inner;
    std::array<float, 3> v;
    codegen::Vector<float, 4> position; // 16-byte aligned: padding before it
    bool alive;
};

struct alignas(16) OverAligned {
    float x;
};

struct MemberAligned {
    float a;
    alignas(16) float b;
};

struct WithComplex {
    std::complex<float> z;
    double w;
    std::complex<double> zz;
};

} // namespace rtcg::test::layout
