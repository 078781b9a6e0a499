// numpy's promotion table, row by column, as numpy 2.4 prints it:
//   [[str(np.result_type(a, b)) for b in names] for a in names]
// and its rule for weak Python scalars (NEP 50): (np.zeros(1, a) + scalar).dtype.
#include <rtcg/codegen/promotion.hpp>
#include <rtcg/core/error.hpp>

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

namespace {

using rtcg::codegen::DType;
using rtcg::codegen::result_type;
using rtcg::codegen::ScalarKind;

const std::vector<std::string> names = {"bool",   "int8",   "int16",   "int32",     "int64",     "uint8",     "uint16",
                                        "uint32", "uint64", "float32", "float64", "complex64", "complex128"};

constexpr const char* numpy_table = R"(
bool bool int8 int16 int32 int64 uint8 uint16 uint32 uint64 float32 float64 complex64 complex128
int8 int8 int8 int16 int32 int64 int16 int32 int64 float64 float32 float64 complex64 complex128
int16 int16 int16 int16 int32 int64 int16 int32 int64 float64 float32 float64 complex64 complex128
int32 int32 int32 int32 int32 int64 int32 int32 int64 float64 float64 float64 complex128 complex128
int64 int64 int64 int64 int64 int64 int64 int64 int64 float64 float64 float64 complex128 complex128
uint8 uint8 int16 int16 int32 int64 uint8 uint16 uint32 uint64 float32 float64 complex64 complex128
uint16 uint16 int32 int32 int32 int64 uint16 uint16 uint32 uint64 float32 float64 complex64 complex128
uint32 uint32 int64 int64 int64 int64 uint32 uint32 uint32 uint64 float64 float64 complex128 complex128
uint64 uint64 float64 float64 float64 float64 uint64 uint64 uint64 uint64 float64 float64 complex128 complex128
float32 float32 float32 float32 float64 float64 float32 float32 float64 float64 float32 float64 complex64 complex128
float64 float64 float64 float64 float64 float64 float64 float64 float64 float64 float64 float64 complex128 complex128
complex64 complex64 complex64 complex64 complex128 complex128 complex64 complex64 complex128 complex128 complex64 complex128 complex64 complex128
complex128 complex128 complex128 complex128 complex128 complex128 complex128 complex128 complex128 complex128 complex128 complex128 complex128 complex128
)";

// Columns: a bool, an int, a float and a complex Python scalar.
constexpr const char* numpy_weak_scalars = R"(
bool bool int64 float64 complex128
int8 int8 int8 float64 complex128
int16 int16 int16 float64 complex128
int32 int32 int32 float64 complex128
int64 int64 int64 float64 complex128
uint8 uint8 uint8 float64 complex128
uint16 uint16 uint16 float64 complex128
uint32 uint32 uint32 float64 complex128
uint64 uint64 uint64 float64 complex128
float32 float32 float32 float32 complex64
float64 float64 float64 float64 complex128
complex64 complex64 complex64 complex64 complex64
complex128 complex128 complex128 complex128 complex128
)";

} // namespace

TEST_CASE("result_type reproduces numpy's table for every pair") {
    std::istringstream rows(numpy_table);
    std::string row_name;
    int rows_checked = 0;
    while (rows >> row_name) {
        for (const auto& column : names) {
            std::string expected;
            rows >> expected;
            CAPTURE(row_name);
            CAPTURE(column);
            CHECK(result_type(DType::from_name(row_name), DType::from_name(column)).name() == expected);
        }
        ++rows_checked;
    }
    CHECK(rows_checked == 13);
}

TEST_CASE("weak scalars promote like Python scalars in numpy 2") {
    std::istringstream rows(numpy_weak_scalars);
    std::string array;
    int rows_checked = 0;
    while (rows >> array) {
        for (const auto scalar : {ScalarKind::boolean, ScalarKind::integer, ScalarKind::floating, ScalarKind::complex}) {
            std::string expected;
            rows >> expected;
            CAPTURE(array);
            CAPTURE(static_cast<int>(scalar));
            CHECK(result_type(DType::from_name(array), scalar).name() == expected);
        }
        ++rows_checked;
    }
    CHECK(rows_checked == 13);
    CHECK(rtcg::codegen::scalar_kind_of<float>() == ScalarKind::floating);
    CHECK(rtcg::codegen::scalar_kind_of<unsigned>() == ScalarKind::integer);
    CHECK(rtcg::codegen::scalar_kind_of<bool>() == ScalarKind::boolean);
}

TEST_CASE("vectors combine only with themselves") {
    const DType float2 = DType::vector(DType::float32(), 2);
    CHECK(result_type(float2, float2) == float2);
    CHECK_THROWS_AS(result_type(float2, DType::float32()), rtcg::InvalidArgument);
    CHECK_THROWS_AS(result_type(float2, DType::vector(DType::float64(), 2)), rtcg::InvalidArgument);
    CHECK_THROWS_AS(result_type(float2, ScalarKind::floating), rtcg::InvalidArgument);
}
