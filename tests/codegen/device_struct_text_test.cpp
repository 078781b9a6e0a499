// C++ aggregates declared as device structs: the fields Boost.PFR finds, with the host's offsets,
// the C declarations written for each dialect, and the declarations that are refused.
#include "../support/expect_error.hpp"
#include "../support/layout_structs.hpp"

#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/error.hpp>

#include <doctest/doctest.h>

#include <array>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

using rtcg::codegen::declare_struct;
using rtcg::codegen::Dialect;
using rtcg::codegen::DType;
using rtcg::codegen::dtype_of;
using rtcg::codegen::StructField;
using rtcg::codegen::struct_declarations;
using rtcg::codegen::TypeKind;
using rtcg::codegen::Vector;
using rtcg::test::contains;
using rtcg::test::message_of;
using namespace rtcg::test::layout;

namespace {

struct Undeclared {
    int a;
};

struct HasUndeclared {
    float f;
    Undeclared u;
};

struct PaddedTwin {
    char c;
    double d;
};

struct Wide {
    std::int64_t a;
    std::uint64_t b;
};

DType declare_inner() { return declare_struct<Inner>("text_inner", {"x", "id"}); }

DType declare_outer() {
    declare_inner();
    return declare_struct<Outer>("text_outer", {"flag", "inner", "v", "position", "alive"});
}

// Name, dtype, count and offset of each field, compared as one value per field.
void check_fields(const DType& type, const std::vector<StructField>& expected) {
    REQUIRE(type.fields().size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        CAPTURE(expected[i].name);
        CHECK(type.fields()[i].name == expected[i].name);
        CHECK(type.fields()[i].type == expected[i].type);
        CHECK(type.fields()[i].count == expected[i].count);
        CHECK(type.fields()[i].offset == expected[i].offset);
    }
}

} // namespace

TEST_CASE("a struct's fields carry the host's offsets, padding included") {
    const DType padded = declare_struct<Padded>("text_padded", {"c", "d"});
    CHECK(padded.kind() == TypeKind::structure);
    CHECK(padded.name() == "text_padded");
    CHECK(padded.size() == sizeof(Padded));
    CHECK(padded.alignment() == alignof(Padded));
    check_fields(padded, {{"c", DType::int8(), 0, 0}, {"d", DType::float64(), 0, offsetof(Padded, d)}});
    CHECK(padded.fields()[1].offset == 8);
}

TEST_CASE("nested structs, std::array fields and vectors") {
    const DType inner = declare_inner();
    check_fields(inner, {{"x", DType::float32(), 0, 0}, {"id", DType::int16(), 0, 4}});

    const DType outer = declare_outer();
    check_fields(outer, {{"flag", DType::uint8(), 0, 0},
                         {"inner", inner, 0, offsetof(Outer, inner)},
                         {"v", DType::float32(), 3, offsetof(Outer, v)},
                         {"position", DType::vector(DType::float32(), 4), 0, offsetof(Outer, position)},
                         {"alive", DType::boolean(), 0, offsetof(Outer, alive)}});
    CHECK(outer.fields()[3].offset == 32);
    CHECK(outer.size() == sizeof(Outer));
    CHECK(outer.alignment() == 16);
}

TEST_CASE("complex fields") {
    const DType type = declare_struct<WithComplex>("text_with_complex", {"z", "w", "zz"});
    check_fields(type,
                 {{"z", DType::complex64(), 0, 0}, {"w", DType::float64(), 0, 8}, {"zz", DType::complex128(), 0, 16}});
    CHECK(type.size() == 32);
}

TEST_CASE("a declared struct is found by its C++ type and by its name") {
    const DType outer = declare_outer();
    CHECK(dtype_of<Outer>() == outer);
    CHECK(dtype_of<const Outer>() == outer);
    CHECK(DType::from_c_name("text_outer") == outer);
    CHECK(DType::from_c_name("text_inner") == dtype_of<Inner>());
}

TEST_CASE("declaring the same struct again returns the same type") {
    const DType first = declare_struct<Wide>("text_wide", {"a", "b"});
    const DType again = declare_struct<Wide>("text_wide", {"a", "b"});
    CHECK(first == again);
}

TEST_CASE("declarations for both dialects, dependencies first and each once") {
    const DType outer = declare_outer();
    const std::array types{outer, declare_inner(), outer};
    CHECK(struct_declarations(types, Dialect::opencl) ==
          "typedef struct text_inner { float x; short id; } text_inner;\n"
          "typedef struct text_outer { uchar flag; text_inner inner; float v[3]; float4 position; uchar alive; } "
          "text_outer;\n");
    CHECK(struct_declarations(types, Dialect::cuda) ==
          "typedef struct text_inner { float x; short id; } text_inner;\n"
          "typedef struct text_outer { unsigned char flag; text_inner inner; float v[3]; float4 position; "
          "bool alive; } text_outer;\n");
}

TEST_CASE("declarations of complex and 64-bit fields") {
    const std::array types{declare_struct<WithComplex>("text_with_complex", {"z", "w", "zz"}),
                           declare_struct<Wide>("text_wide", {"a", "b"})};
    CHECK(struct_declarations(types, Dialect::opencl) ==
          "typedef struct text_with_complex { cfloat_t z; double w; cdouble_t zz; } text_with_complex;\n"
          "typedef struct text_wide { long a; ulong b; } text_wide;\n");
    CHECK(struct_declarations(types, Dialect::cuda) ==
          "typedef struct text_with_complex { cfloat_t z; double w; cdouble_t zz; } text_with_complex;\n"
          "typedef struct text_wide { long long a; unsigned long long b; } text_wide;\n");
}

TEST_CASE("host alignment stronger than the fields' own is declared explicitly") {
    const DType over = declare_struct<OverAligned>("text_over_aligned", {"x"});
    CHECK(over.size() == 16);
    CHECK(over.alignment() == 16);
    CHECK(struct_declarations(std::array{over}, Dialect::opencl) ==
          "typedef struct __attribute__((aligned(16))) text_over_aligned { float x; } text_over_aligned;\n");

    const DType member = declare_struct<MemberAligned>("text_member_aligned", {"a", "b"});
    check_fields(member, {{"a", DType::float32(), 0, 0}, {"b", DType::float32(), 0, 16}});
    CHECK(struct_declarations(std::array{member}, Dialect::cuda) ==
          "typedef struct text_member_aligned { float a; float b __attribute__((aligned(16))); } "
          "text_member_aligned;\n");
}

TEST_CASE("a layout C would not give is declared as C gives it, for verify_layout to catch") {
    // d at 16 where C puts it at 8: no alignment up to the struct's own (8) explains the gap.
    const DType wrong =
        DType::structure("text_wrong", {{"c", DType::int8(), 0, 0}, {"d", DType::float64(), 0, 16}}, 24, 8);
    CHECK(struct_declarations(std::array{wrong}, Dialect::opencl) ==
          "typedef struct text_wrong { char c; double d; } text_wrong;\n");
}

TEST_CASE("types other than structs need no declaration") {
    const std::array types{DType::float32(), DType::vector(DType::int32(), 2), DType::complex64()};
    CHECK(struct_declarations(types, Dialect::opencl).empty());
}

TEST_CASE("the number of field names must match the struct's fields") {
    const auto message =
        message_of<rtcg::InvalidArgument>([] { declare_struct<Padded>("text_padded_short", {"c"}); });
    CHECK(contains(message, "text_padded_short"));
    CHECK(contains(message, "2 fields"));
    CHECK(contains(message, "1 field names"));
}

TEST_CASE("a field whose struct type was not declared is refused, naming the field") {
    const auto message =
        message_of<rtcg::InvalidArgument>([] { declare_struct<HasUndeclared>("text_has_undeclared", {"f", "u"}); });
    CHECK(contains(message, "text_has_undeclared"));
    CHECK(contains(message, "field 'u'"));
    CHECK(contains(message, "declare_struct"));
    CHECK_FALSE(DType::from_c_name("text_has_undeclared"));
}

TEST_CASE("conflicting declarations are refused") {
    declare_struct<Padded>("text_padded", {"c", "d"});
    SUBCASE("the same C++ type with other field names") {
        CHECK(contains(message_of<rtcg::InvalidArgument>([] { declare_struct<Padded>("text_padded", {"c", "e"}); }),
                       "already declared"));
    }
    SUBCASE("the same C++ type with another name") {
        CHECK(contains(
            message_of<rtcg::InvalidArgument>([] { declare_struct<Padded>("text_padded_renamed", {"c", "d"}); }),
            "already declared"));
    }
    SUBCASE("another C++ type with the same name and another layout") {
        const auto message =
            message_of<rtcg::InvalidArgument>([] { declare_struct<PaddedTwin>("text_padded", {"first", "d"}); });
        CHECK(contains(message, "already taken"));
    }
    SUBCASE("the name of a built-in type") {
        CHECK(contains(message_of<rtcg::InvalidArgument>([] { declare_struct<PaddedTwin>("float2", {"c", "d"}); }),
                       "built-in"));
    }
    SUBCASE("a field name that is not a C identifier") {
        CHECK(contains(message_of<rtcg::InvalidArgument>([] { declare_struct<PaddedTwin>("text_twin", {"c", "2d"}); }),
                       "'2d'"));
    }
}

TEST_CASE("two different layouts with one name cannot be declared together") {
    const DType inner = declare_inner();
    const DType impostor = DType::structure("text_inner", {{"x", DType::float64(), 0, 0}}, 8, 8);
    const auto message =
        message_of<rtcg::InvalidArgument>([&] { struct_declarations(std::array{inner, impostor}, Dialect::cuda); });
    CHECK(contains(message, "text_inner"));
}
