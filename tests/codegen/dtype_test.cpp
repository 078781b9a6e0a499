#include <rtcg/codegen/dtype.hpp>
#include <rtcg/codegen/literal.hpp>
#include <rtcg/core/error.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>

using rtcg::codegen::Dialect;
using rtcg::codegen::DType;
using rtcg::codegen::dtype_of;
using rtcg::codegen::TypeKind;

TEST_CASE("built-in dtypes have numpy's names and the host's sizes") {
    struct Expected {
        DType type;
        const char* name;
        std::size_t size;
        std::size_t alignment;
        const char* cuda;
        const char* opencl;
    };
    const Expected expected[] = {
        {DType::boolean(), "bool", 1, 1, "bool", "uchar"},
        {DType::int8(), "int8", 1, 1, "signed char", "char"},
        {DType::int16(), "int16", 2, 2, "short", "short"},
        {DType::int32(), "int32", 4, 4, "int", "int"},
        {DType::int64(), "int64", 8, 8, "long long", "long"},
        {DType::uint8(), "uint8", 1, 1, "unsigned char", "uchar"},
        {DType::uint16(), "uint16", 2, 2, "unsigned short", "ushort"},
        {DType::uint32(), "uint32", 4, 4, "unsigned int", "uint"},
        {DType::uint64(), "uint64", 8, 8, "unsigned long long", "ulong"},
        {DType::float32(), "float32", 4, 4, "float", "float"},
        {DType::float64(), "float64", 8, 8, "double", "double"},
        {DType::complex64(), "complex64", 8, 4, "cfloat_t", "cfloat_t"},
        {DType::complex128(), "complex128", 16, 8, "cdouble_t", "cdouble_t"},
    };
    for (const auto& e : expected) {
        CAPTURE(e.name);
        CHECK(e.type.name() == e.name);
        CHECK(e.type.size() == e.size);
        CHECK(e.type.alignment() == e.alignment);
        CHECK(e.type.c_name(Dialect::cuda) == e.cuda);
        CHECK(e.type.c_name(Dialect::opencl) == e.opencl);
        CHECK(DType::from_name(e.name) == e.type);
        CHECK(e.type.lanes() == 1);
        CHECK(e.type.is_scalar());
    }
    CHECK(sizeof(std::complex<float>) == DType::complex64().size());
    CHECK(alignof(std::complex<double>) == DType::complex128().alignment());
}

TEST_CASE("dtype_of maps C++ types, whatever they are called") {
    CHECK(dtype_of<bool>() == DType::boolean());
    CHECK(dtype_of<char>() == (std::is_signed_v<char> ? DType::int8() : DType::uint8()));
    CHECK(dtype_of<signed char>() == DType::int8());
    CHECK(dtype_of<std::uint8_t>() == DType::uint8());
    CHECK(dtype_of<short>() == DType::int16());
    CHECK(dtype_of<const int>() == DType::int32());
    CHECK(dtype_of<unsigned>() == DType::uint32());
    CHECK(dtype_of<long>() == DType::int64());
    CHECK(dtype_of<long long>() == DType::int64());
    CHECK(dtype_of<unsigned long long>() == DType::uint64());
    CHECK(dtype_of<std::size_t>() == DType::uint64());
    CHECK(dtype_of<float>() == DType::float32());
    CHECK(dtype_of<double>() == DType::float64());
    CHECK(dtype_of<std::complex<float>>() == DType::complex64());
    CHECK(dtype_of<std::complex<double>>() == DType::complex128());
    CHECK(dtype_of<rtcg::codegen::Vector<float, 4>>() == DType::vector(DType::float32(), 4));
}

TEST_CASE("classification") {
    CHECK(DType::int8().is_integer());
    CHECK(DType::int8().is_signed());
    CHECK_FALSE(DType::uint64().is_signed());
    CHECK(DType::float32().is_floating());
    CHECK(DType::complex64().is_complex());
    CHECK(DType::complex64().element() == DType::float32());
    CHECK(DType::complex128().element() == DType::float64());
    CHECK_FALSE(DType::boolean().is_integer());
    CHECK(DType::boolean().kind() == TypeKind::boolean);
    CHECK_THROWS_AS(DType::int32().element(), rtcg::InvalidArgument);
    CHECK(DType::int32() != DType::uint32());
}

TEST_CASE("vectors are named as in OpenCL and as CUDA 13 spells them") {
    const DType float2 = DType::vector(DType::float32(), 2);
    CHECK(float2.name() == "float2");
    CHECK(float2.size() == 8);
    CHECK(float2.alignment() == 8);
    CHECK(float2.lanes() == 2);
    CHECK(float2.element() == DType::float32());
    CHECK_FALSE(float2.is_scalar());
    CHECK(float2.c_name(Dialect::cuda) == "float2");
    const DType long4 = DType::vector(DType::int64(), 4);
    CHECK(long4.c_name(Dialect::opencl) == "long4");
    CHECK(long4.c_name(Dialect::cuda) == "longlong4_32a");
    CHECK(long4.alignment() == 32);
    CHECK(DType::vector(DType::float64(), 4).c_name(Dialect::cuda) == "double4_32a");
    CHECK(DType::vector(DType::uint8(), 4).c_name(Dialect::cuda) == "uchar4");
    CHECK(DType::vector(DType::int8(), 2).c_name(Dialect::cuda) == "char2");
    CHECK(DType::from_name("double2") == DType::vector(DType::float64(), 2));
    CHECK(sizeof(rtcg::codegen::Vector<double, 4>) == 32);
    CHECK(alignof(rtcg::codegen::Vector<double, 4>) == 32);
    CHECK_THROWS_AS(DType::vector(DType::float32(), 3), rtcg::InvalidArgument);
    CHECK_THROWS_AS(DType::vector(DType::boolean(), 2), rtcg::InvalidArgument);
    CHECK_THROWS_AS(DType::vector(DType::complex64(), 2), rtcg::InvalidArgument);
    CHECK_THROWS_AS(DType::vector(float2, 2), rtcg::InvalidArgument);
}

TEST_CASE("C spellings of both dialects name the same dtypes") {
    CHECK(DType::from_c_name("unsigned int") == DType::uint32());
    CHECK(DType::from_c_name("uint") == DType::uint32());
    CHECK(DType::from_c_name("long long") == DType::int64());
    CHECK(DType::from_c_name("long") == DType::int64());
    CHECK(DType::from_c_name("ulong") == DType::uint64());
    CHECK(DType::from_c_name("size_t") == DType::uint64());
    CHECK(DType::from_c_name("int8_t") == DType::int8());
    CHECK(DType::from_c_name("char") == DType::int8());
    CHECK(DType::from_c_name("cdouble_t") == DType::complex128());
    CHECK(DType::from_c_name("uchar4") == DType::vector(DType::uint8(), 4));
    CHECK_FALSE(DType::from_c_name("unsigned  int"));
    CHECK_FALSE(DType::from_c_name("float3"));
    CHECK_FALSE(DType::from_c_name("no_such_type"));
    CHECK_THROWS_AS(DType::from_name("float"), rtcg::InvalidArgument);
}

TEST_CASE("structs are checked when described") {
    using rtcg::codegen::StructField;
    const DType pair = DType::structure("pair", {{"a", DType::int32(), 0, 0}, {"b", DType::float64(), 0, 8}}, 16, 8);
    CHECK(pair.kind() == TypeKind::structure);
    CHECK(pair.c_name(Dialect::opencl) == "pair");
    CHECK(pair.fields().size() == 2);
    CHECK(rtcg::codegen::declare(StructField{"v", DType::float32(), 3, 0}, Dialect::cuda) == "float v[3]");
    CHECK(pair == DType::structure("pair", {{"a", DType::int32(), 0, 0}, {"b", DType::float64(), 0, 8}}, 16, 8));
    CHECK(pair != DType::structure("pair", {{"a", DType::int32(), 0, 0}, {"c", DType::float64(), 0, 8}}, 16, 8));
    CHECK_THROWS_AS(DType::structure("bad name", {{"a", DType::int32(), 0, 0}}, 4, 4), rtcg::InvalidArgument);
    CHECK_THROWS_AS(DType::structure("empty", {}, 4, 4), rtcg::InvalidArgument);
    CHECK_THROWS_AS(DType::structure("int", {{"a", DType::int32(), 0, 0}}, 4, 4), rtcg::InvalidArgument);
    CHECK_THROWS_AS(DType::structure("keyword_field", {{"global", DType::int32(), 0, 0}}, 4, 4), rtcg::InvalidArgument);
    CHECK_THROWS_AS(DType::structure("reserved_field", {{"rtcg_x", DType::int32(), 0, 0}}, 4, 4), rtcg::InvalidArgument);
    CHECK_THROWS_AS(DType::structure("overlap", {{"a", DType::int64(), 0, 0}, {"b", DType::int32(), 0, 4}}, 16, 8),
                    rtcg::InvalidArgument);
    CHECK_THROWS_AS(DType::structure("outside", {{"a", DType::int64(), 2, 8}}, 16, 8), rtcg::InvalidArgument);
    CHECK_THROWS_AS(DType::structure("misaligned", {{"a", DType::int32(), 0, 2}}, 8, 4), rtcg::InvalidArgument);
}

TEST_CASE("literals carry their exact type in each dialect") {
    using rtcg::codegen::literal;
    CHECK(literal(Dialect::cuda, 2.5f) == "2.5f");
    CHECK(literal(Dialect::cuda, 1.0f) == "1.0f");
    CHECK(literal(Dialect::opencl, 0.1) == "0.1");
    CHECK(literal(Dialect::opencl, 1e300) == "1e+300");
    CHECK(literal(Dialect::cuda, 3) == "3");
    CHECK(literal(Dialect::cuda, std::int64_t{7}) == "7ll");
    CHECK(literal(Dialect::opencl, std::int64_t{7}) == "7l");
    CHECK(literal(Dialect::cuda, 7u) == "7u");
    CHECK(literal(Dialect::opencl, std::uint64_t{7}) == "7ul");
    CHECK(literal(Dialect::cuda, std::uint64_t{7}) == "7ull");
    CHECK(literal(Dialect::opencl, std::int8_t{-3}) == "((char)-3)");
    CHECK(literal(Dialect::cuda, std::uint16_t{65535}) == "((unsigned short)65535u)");
    CHECK(literal(Dialect::cuda, true) == "true");
    CHECK(literal(Dialect::cuda, std::numeric_limits<int>::min()) == "(-2147483647 - 1)");
    CHECK(literal(Dialect::opencl, std::numeric_limits<std::int64_t>::min()) == "(-9223372036854775807l - 1l)");
    CHECK(literal(Dialect::cuda, std::numeric_limits<float>::infinity()) == "__uint_as_float(0x7f800000u)");
    CHECK(literal(Dialect::opencl, -std::numeric_limits<double>::infinity()) == "as_double(0xfff0000000000000ul)");
    CHECK(literal(Dialect::cuda, std::complex<float>(1, -2)) == "cfloat_new(1.0f, -2.0f)");
    CHECK_THROWS_AS(rtcg::codegen::integer_literal(Dialect::cuda, DType::int8(), 200), rtcg::InvalidArgument);
    CHECK_THROWS_AS(rtcg::codegen::unsigned_literal(Dialect::cuda, DType::uint16(), 70000), rtcg::InvalidArgument);
    CHECK_THROWS_AS(rtcg::codegen::floating_literal(Dialect::cuda, DType::float32(), 1e300), rtcg::InvalidArgument);
    CHECK_THROWS_AS(rtcg::codegen::floating_literal(Dialect::cuda, DType::int32(), 1.0), rtcg::InvalidArgument);
}
