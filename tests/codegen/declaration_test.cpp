// Argument declarations: what parse_arguments makes of each spelling, the text print_arguments
// writes for each dialect (a contract: generated kernels are built from it), and every refusal
// with its message and column.
#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/device_struct.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace {

using rtcg::codegen::AddressSpace;
using rtcg::codegen::Argument;
using rtcg::codegen::DeclarationError;
using rtcg::codegen::Dialect;
using rtcg::codegen::DType;
using rtcg::codegen::parse_arguments;
using rtcg::codegen::print_arguments;

Argument only(std::string_view declaration) {
    const auto arguments = parse_arguments(declaration);
    REQUIRE(arguments.size() == 1);
    return arguments.front();
}

DeclarationError refusal(std::string_view declarations) {
    std::optional<DeclarationError> refused;
    try {
        parse_arguments(declarations);
    } catch (const DeclarationError& e) {
        refused = e;
    }
    REQUIRE_MESSAGE(refused.has_value(), "parse_arguments accepted '" << std::string(declarations) << "'");
    return *refused;
}

struct Particle {
    float mass;
    std::int32_t id;
};

void declare_particle() { rtcg::codegen::declare_struct<Particle>("decl_particle", {"mass", "id"}); }

} // namespace

TEST_CASE("scalar arguments: every type spelling") {
    struct Case {
        const char* declaration;
        DType type;
    };
    const Case cases[] = {
        {"float a", DType::float32()},
        {"double a", DType::float64()},
        {"bool a", DType::boolean()},
        {"char a", DType::int8()},
        {"signed char a", DType::int8()},
        {"char signed a", DType::int8()},
        {"unsigned char a", DType::uint8()},
        {"uchar a", DType::uint8()},
        {"short a", DType::int16()},
        {"short int a", DType::int16()},
        {"int short signed a", DType::int16()},
        {"unsigned short a", DType::uint16()},
        {"ushort a", DType::uint16()},
        {"int a", DType::int32()},
        {"signed a", DType::int32()},
        {"signed int a", DType::int32()},
        {"unsigned a", DType::uint32()},
        {"unsigned int a", DType::uint32()},
        {"int unsigned a", DType::uint32()},
        {"uint a", DType::uint32()},
        {"long a", DType::int64()},
        {"long int a", DType::int64()},
        {"long long a", DType::int64()},
        {"long long int a", DType::int64()},
        {"long int long a", DType::int64()},
        {"signed long long a", DType::int64()},
        {"unsigned long a", DType::uint64()},
        {"long unsigned int a", DType::uint64()},
        {"unsigned long long a", DType::uint64()},
        {"long long unsigned int a", DType::uint64()},
        {"ulong a", DType::uint64()},
        {"int64_t a", DType::int64()},
        {"uint8_t a", DType::uint8()},
        {"size_t a", DType::uint64()},
        {"ptrdiff_t a", DType::int64()},
        {"cfloat_t a", DType::complex64()},
        {"cdouble_t a", DType::complex128()},
        {"double2 a", DType::vector(DType::float64(), 2)},
        {"float4 a", DType::vector(DType::float32(), 4)},
        {"uchar4 a", DType::vector(DType::uint8(), 4)},
        {"long2 a", DType::vector(DType::int64(), 2)},
    };
    for (const auto& c : cases) {
        CAPTURE(c.declaration);
        const Argument a = only(c.declaration);
        CHECK(a.name == "a");
        CHECK(a.type == c.type);
        CHECK_FALSE(a.is_pointer);
        CHECK_FALSE(a.is_const);
        CHECK_FALSE(a.is_volatile);
        CHECK_FALSE(a.is_restrict);
        CHECK(a.space == AddressSpace::private_space);
    }
}

TEST_CASE("scalar qualifiers") {
    const Argument constant = only("const float a");
    CHECK(constant.is_const);
    CHECK_FALSE(constant.is_pointer);
    CHECK(only("float const a").is_const);
    CHECK(only("unsigned const int a").is_const);
    CHECK(only("unsigned const int a").type == DType::uint32());
    const Argument both = only("volatile const double a");
    CHECK(both.is_const);
    CHECK(both.is_volatile);
    CHECK(only("const const int a").is_const); // repeated qualifiers are allowed, as in C99
    const Argument private_scalar = only("__private int a");
    CHECK(private_scalar.space == AddressSpace::private_space);
    CHECK_FALSE(private_scalar.is_pointer);
    CHECK(only("private int a").space == AddressSpace::private_space);
}

TEST_CASE("pointer arguments: qualifiers, address spaces, restrict, arrays") {
    struct Case {
        const char* declaration;
        DType type;
        bool is_const;
        bool is_volatile;
        bool is_restrict;
        AddressSpace space;
    };
    const DType f = DType::float32();
    const Case cases[] = {
        {"float *x", f, false, false, false, AddressSpace::global},
        {"float* x", f, false, false, false, AddressSpace::global},
        {"float*x", f, false, false, false, AddressSpace::global},
        {"float x[]", f, false, false, false, AddressSpace::global},
        {"float x [ ]", f, false, false, false, AddressSpace::global},
        {"const float *x", f, true, false, false, AddressSpace::global},
        {"float const *x", f, true, false, false, AddressSpace::global},
        {"const float x[]", f, true, false, false, AddressSpace::global},
        {"volatile float *x", f, false, true, false, AddressSpace::global},
        {"__global float *x", f, false, false, false, AddressSpace::global},
        {"global float *x", f, false, false, false, AddressSpace::global},
        {"float __global *x", f, false, false, false, AddressSpace::global},
        {"__global const float *x", f, true, false, false, AddressSpace::global},
        {"const __global float *x", f, true, false, false, AddressSpace::global},
        {"__global __global float *x", f, false, false, false, AddressSpace::global},
        {"__local float *x", f, false, false, false, AddressSpace::local},
        {"local float *x", f, false, false, false, AddressSpace::local},
        {"__constant float *x", f, false, false, false, AddressSpace::constant},
        {"constant const float *x", f, true, false, false, AddressSpace::constant},
        {"float *restrict x", f, false, false, true, AddressSpace::global},
        {"float *__restrict x", f, false, false, true, AddressSpace::global},
        {"float *__restrict__ x", f, false, false, true, AddressSpace::global},
        {"float *restrict restrict x", f, false, false, true, AddressSpace::global},
        // The pointer variable's own const and volatile are dropped (see declaration.hpp).
        {"float *const x", f, false, false, false, AddressSpace::global},
        {"float *volatile x", f, false, false, false, AddressSpace::global},
        {"const float *const restrict x", f, true, false, true, AddressSpace::global},
        {"float *restrict const x", f, false, false, true, AddressSpace::global},
        {"__global volatile const unsigned long long *restrict x", DType::uint64(), true, true, true,
         AddressSpace::global},
        {"bool *x", DType::boolean(), false, false, false, AddressSpace::global},
        {"cdouble_t *x", DType::complex128(), false, false, false, AddressSpace::global},
        {"double2 *x", DType::vector(DType::float64(), 2), false, false, false, AddressSpace::global},
    };
    for (const auto& c : cases) {
        CAPTURE(c.declaration);
        const Argument x = only(c.declaration);
        CHECK(x.name == "x");
        CHECK(x.is_pointer);
        CHECK(x.type == c.type);
        CHECK(x.is_const == c.is_const);
        CHECK(x.is_volatile == c.is_volatile);
        CHECK(x.is_restrict == c.is_restrict);
        CHECK(x.space == c.space);
    }
}

TEST_CASE("lists keep their order; whitespace and newlines go anywhere") {
    const auto arguments = parse_arguments(" \n\tfloat a ,\n  const float\t*x,__global int*y,\r\n double2 v,"
                                           "unsigned\nlong long n_1 , int _private_name  \n");
    REQUIRE(arguments.size() == 6);
    CHECK(arguments[0] == Argument::scalar(DType::float32(), "a"));
    CHECK(arguments[1] == Argument::pointer(DType::float32(), "x", AddressSpace::global, true));
    CHECK(arguments[2] == Argument::pointer(DType::int32(), "y"));
    CHECK(arguments[3] == Argument::scalar(DType::vector(DType::float64(), 2), "v"));
    CHECK(arguments[4] == Argument::scalar(DType::uint64(), "n_1"));
    CHECK(arguments[5] == Argument::scalar(DType::int32(), "_private_name"));
}

TEST_CASE("declared structs are types") {
    declare_particle();
    const auto arguments = parse_arguments("decl_particle p, const decl_particle *ps");
    REQUIRE(arguments.size() == 2);
    CHECK(arguments[0].type == rtcg::codegen::dtype_of<Particle>());
    CHECK_FALSE(arguments[0].is_pointer);
    CHECK(arguments[1].type == rtcg::codegen::dtype_of<Particle>());
    CHECK(arguments[1].is_pointer);
    CHECK(print_arguments(arguments, Dialect::opencl) == "decl_particle p, __global const decl_particle *ps");
    CHECK(print_arguments(arguments, Dialect::cuda) == "decl_particle p, const decl_particle *ps");
}

TEST_CASE("printed declarations per dialect") {
    struct Case {
        const char* declaration;
        const char* opencl;
        const char* cuda;
    };
    const Case cases[] = {
        {"float a", "float a", "float a"},
        {"const double a", "const double a", "const double a"},
        {"volatile int a", "volatile int a", "volatile int a"},
        {"__private int a", "int a", "int a"},
        {"bool a", "uchar a", "bool a"},
        {"char a", "char a", "signed char a"},
        {"unsigned char a", "uchar a", "unsigned char a"},
        {"unsigned short a", "ushort a", "unsigned short a"},
        {"long unsigned a", "ulong a", "unsigned long long a"},
        {"long long a", "long a", "long long a"},
        {"cfloat_t a", "cfloat_t a", "cfloat_t a"},
        {"double2 a", "double2 a", "double2 a"},
        {"long2 a", "long2 a", "longlong2 a"},
        {"double4 a", "double4 a", "double4_32a a"},
        {"float *x", "__global float *x", "float *x"},
        {"float x[]", "__global float *x", "float *x"},
        {"float const *const x", "__global const float *x", "const float *x"},
        {"const float *restrict x", "__global const float *restrict x", "const float *__restrict__ x"},
        {"volatile const int *__restrict__ x", "__global const volatile int *restrict x",
         "const volatile int *__restrict__ x"},
        {"bool *x", "__global uchar *x", "bool *x"},
        {"__constant float *x", "__constant float *x", "const float *x"},
        {"__constant const float *x", "__constant const float *x", "const float *x"},
        {"__local float *x", "__local float *x", "float *x"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.declaration);
        const auto arguments = parse_arguments(c.declaration);
        CHECK(print_arguments(arguments, Dialect::opencl) == c.opencl);
        CHECK(print_arguments(arguments, Dialect::cuda) == c.cuda);
        CHECK(arguments.front().declaration(Dialect::opencl) == c.opencl);
    }
    const auto list = parse_arguments("float a, const float *x, __global int *y, double2 v, unsigned long long n");
    CHECK(print_arguments(list, Dialect::opencl) ==
          "float a, __global const float *x, __global int *y, double2 v, ulong n");
    CHECK(print_arguments(list, Dialect::cuda) == "float a, const float *x, int *y, double2 v, unsigned long long n");
    CHECK(print_arguments({}, Dialect::cuda).empty());
}

TEST_CASE("printed OpenCL declarations parse back to the same arguments") {
    const auto arguments = parse_arguments("float a, const volatile short *restrict x, __local ulong *s, "
                                           "__constant cdouble_t *c, unsigned char u, float4 v[]");
    CHECK(parse_arguments(print_arguments(arguments, Dialect::opencl)) == arguments);
}

TEST_CASE("arguments built in code") {
    const Argument alpha = Argument::scalar(DType::float64(), "alpha");
    CHECK(alpha.declaration(Dialect::opencl) == "double alpha");
    CHECK_FALSE(alpha.is_pointer);
    CHECK(alpha.space == AddressSpace::private_space);

    Argument out = Argument::pointer(DType::int32(), "out");
    CHECK(out.is_pointer);
    CHECK_FALSE(out.is_const);
    CHECK(out.space == AddressSpace::global);
    out.is_restrict = true;
    CHECK(out.declaration(Dialect::opencl) == "__global int *restrict out");
    CHECK(out.declaration(Dialect::cuda) == "int *__restrict__ out");

    const Argument table = Argument::pointer(DType::float32(), "table", AddressSpace::constant, true);
    CHECK(table == only("__constant const float *table"));

    // restrict means nothing on a scalar, so a scalar never prints it.
    Argument scalar = Argument::scalar(DType::int32(), "n");
    scalar.is_restrict = true;
    CHECK(scalar.declaration(Dialect::opencl) == "int n");

    CHECK_THROWS_AS(Argument::scalar(DType::int32(), "int"), rtcg::InvalidArgument);
    CHECK_THROWS_AS(Argument::scalar(DType::int32(), "1x"), rtcg::InvalidArgument);
    CHECK_THROWS_AS(Argument::scalar(DType::int32(), ""), rtcg::InvalidArgument);
    CHECK_THROWS_AS(Argument::scalar(DType::int32(), "a b"), rtcg::InvalidArgument);
    CHECK_THROWS_AS(Argument::pointer(DType::int32(), "rtcg_out"), rtcg::InvalidArgument);
    CHECK_THROWS_AS(Argument::pointer(DType::int32(), "p", AddressSpace::private_space), rtcg::InvalidArgument);
}

TEST_CASE("refused declarations name the problem and its column") {
    struct Case {
        std::string declaration;
        std::size_t column;
        std::string problem;
    };
    const std::string keyword =
        " is a keyword or built-in name of C, C++, OpenCL C or CUDA and cannot name an argument";
    const std::string compiler_reserved =
        " is reserved for the compiler (names starting with '__' or '_' and a capital) and cannot name an argument";
    const std::string prelude_reserved =
        " is reserved for rtcg's prelude (names starting with 'rtcg_' or 'RTCG_') and cannot name an argument";
    const std::string complex_reserved = " is reserved for the complex number support (names starting with 'cfloat_' "
                                         "or 'cdouble_') and cannot name an argument";
    const std::string outside = " (declarations hold C types, qualifiers, '*', '[]', ',' and ASCII names)";
    const Case cases[] = {
        {"", 1, "no arguments declared"},
        {"  \n ", 1, "no arguments declared"},
        {"float a,, int b", 9, "missing argument before ','"},
        {", float a", 1, "missing argument before ','"},
        {"float a,", 8, "trailing ',' with no argument after it"},
        {"float a, ", 8, "trailing ',' with no argument after it"},
        {"float", 6, "missing argument name"},
        {"float *", 8, "missing argument name"},
        {"float a, int", 13, "missing argument name"},
        {"float global", 13, "missing argument name: 'global' is a qualifier, not a name"},
        {"float *restrict", 16, "missing argument name: 'restrict' is a qualifier, not a name"},
        {"const", 6, "expected a type, found the end of the declarations"},
        {"*x", 1, "expected a type, found '*'"},
        {"const *x", 7, "expected a type, found '*'"},
        {"1 x", 1, "expected a type, found '1'"},
        {"float a, []", 10, "expected a type, found '['"},
        {"x", 1, "'x' is not a known type; each argument needs a type and a name"},
        {"float a, b", 10, "'b' is not a known type; each argument needs a type and a name"},
        {"foo x", 1, "unknown type 'foo' (declare structs with declare_struct<T>() first)"},
        {"float a, Foo *p", 10, "unknown type 'Foo' (declare structs with declare_struct<T>() first)"},
        {"void *p", 1, "'void' has no size: name the element type a pointer points to"},
        {"struct decl_particle p", 1, "write a declared struct's type name without 'struct'"},
        {"float a, int a", 14, "duplicate argument name 'a'"},
        {"float a, int b, double *a", 25, "duplicate argument name 'a'"},
        {"float int", 7, "'int' cannot be combined with the type 'float'"},
        {"uint long x", 6, "'long' cannot be combined with the type 'uint'"},
        {"int float", 5, "more than one type: 'float' after 'int'"},
        {"float double x", 7, "more than one type: 'double' after 'float'"},
        {"float int32_t", 7, "more than one type: 'int32_t' after 'float'"},
        {"short long x", 7, "invalid type 'short long'"},
        {"long long long x", 11, "invalid type 'long long long'"},
        {"unsigned signed x", 10, "invalid type 'unsigned signed'"},
        {"int char x", 5, "invalid type 'int char'"},
        {"int int x", 5, "invalid type 'int int'"},
        {"float kernel", 7, "'kernel'" + keyword},
        {"float class", 7, "'class'" + keyword},
        {"int template", 5, "'template'" + keyword},
        {"int new", 5, "'new'" + keyword},
        {"int this", 5, "'this'" + keyword},
        {"int half", 5, "'half'" + keyword},
        {"int sizeof", 5, "'sizeof'" + keyword},
        {"int threadIdx", 5, "'threadIdx'" + keyword},
        {"int get_global_id", 5, "'get_global_id'" + keyword},
        {"int uint3", 5, "'uint3' names a type and cannot name an argument"},
        {"int half8", 5, "'half8' names a type and cannot name an argument"},
        {"int decl_particle", 5, "more than one type: 'decl_particle' after 'int'"},
        {"float __x", 7, "'__x'" + compiler_reserved},
        {"float _Max", 7, "'_Max'" + compiler_reserved},
        {"float rtcg_n", 7, "'rtcg_n'" + prelude_reserved},
        {"float *RTCG_N", 8, "'RTCG_N'" + prelude_reserved},
        {"float cfloat_mul", 7, "'cfloat_mul'" + complex_reserved},
        {"float 1a", 7, "'1a' cannot be an argument name: names start with a letter or '_'"},
        {"float **p", 8, "pointers to pointers cannot be kernel arguments"},
        {"float * const *p", 15, "pointers to pointers cannot be kernel arguments"},
        {"float *p[]", 9, "pointers to pointers cannot be kernel arguments"},
        {"float x[10]", 9, "array sizes are not part of a kernel argument: write 'x[]'"},
        {"float x[", 9, "expected ']', found the end of the declarations"},
        {"float x[y]", 9, "expected ']', found 'y'"},
        {"float a b", 9, "unexpected 'b' after argument 'a' (a missing ','?)"},
        {"float a*", 8, "unexpected '*' after argument 'a' (a missing ','?)"},
        {"float a[]]", 10, "unexpected ']' after argument 'a' (a missing ','?)"},
        {"__global float a", 1, "'__global' qualifies what a pointer points to; scalar argument 'a' cannot have it"},
        {"float __local a", 7, "'__local' qualifies what a pointer points to; scalar argument 'a' cannot have it"},
        {"constant int a", 1, "'constant' qualifies what a pointer points to; scalar argument 'a' cannot have it"},
        {"__private float *p", 1,
         "kernel pointer arguments point to __global, __local or __constant memory, not '__private'"},
        {"__global __local float *p", 10, "conflicting address spaces '__global' and '__local'"},
        {"float *__global p", 8,
         "an address space qualifies what a pointer points to: write '__global' before the type"},
        {"restrict float *p", 1, "'restrict' qualifies a pointer: write it after the '*'"},
        {"float restrict a", 7, "'restrict' qualifies a pointer: write it after the '*'"},
        {"float __restrict__ *p", 7, "'__restrict__' qualifies a pointer: write it after the '*'"},
        {"float a /* the scale */", 9, "comments are not allowed in argument declarations"},
        {"float a // the scale", 9, "comments are not allowed in argument declarations"},
        {"float a; int b", 8, "unexpected character ';'" + outside},
        {"float a$", 8, "unexpected character '$'" + outside},
        {"float (*f)", 7, "unexpected character '('" + outside},
        {"float a / 2", 9, "unexpected character '/'" + outside},
        {"float \xc3\xa9", 7, "unexpected character byte 0xc3" + outside},
        {std::string("float a\0", 8), 8, "unexpected character byte 0x00" + outside},
    };
    declare_particle();
    for (const auto& c : cases) {
        CAPTURE(c.declaration);
        const DeclarationError e = refusal(c.declaration);
        CHECK(e.problem() == c.problem);
        CHECK(e.line() == 1);
        CHECK(e.column() == c.column);
        CHECK(e.declarations() == c.declaration);
        CHECK(e.where() == "codegen::parse_arguments");
    }
}

TEST_CASE("a refusal shows the line with a caret under the column") {
    CHECK(std::string(refusal("float a,, int b").what()) ==
          "rtcg: codegen::parse_arguments: missing argument before ',' at column 9:\n"
          "    float a,, int b\n"
          "            ^");
    // Past the end of the text: the caret stands after the last character.
    CHECK(std::string(refusal("float *").what()) ==
          "rtcg: codegen::parse_arguments: missing argument name at column 8:\n"
          "    float *\n"
          "           ^");
    // Tabs stay tabs under the caret, so it lines up in a terminal.
    CHECK(std::string(refusal("float\ta\tb").what()) ==
          "rtcg: codegen::parse_arguments: unexpected 'b' after argument 'a' (a missing ','?) at column 9:\n"
          "    float\ta\tb\n"
          "         \t \t^");
    // Unprintable bytes show as '?', one per byte, so the caret still lines up.
    CHECK(std::string(refusal("int \x01 x").what()) ==
          "rtcg: codegen::parse_arguments: unexpected character byte 0x01 (declarations hold C types, qualifiers, "
          "'*', '[]', ',' and ASCII names) at column 5:\n"
          "    int ? x\n"
          "        ^");
}

TEST_CASE("a refusal in a multi-line list names the line and shows only that line") {
    const DeclarationError e = refusal("float a,\n  const float *x,\r\n  int a\n");
    CHECK(e.line() == 3);
    CHECK(e.column() == 7);
    CHECK(std::string(e.what()) ==
          "rtcg: codegen::parse_arguments: duplicate argument name 'a' at line 3, column 7:\n"
          "      int a\n"
          "          ^");
    const DeclarationError crlf = refusal("float a,\r\n  int *\r\n");
    CHECK(crlf.line() == 2);
    CHECK(crlf.column() == 8);
    CHECK(std::string(crlf.what()).ends_with("\n      int *\n           ^"));
}

TEST_CASE("a refusal in a very long line shows a window around the caret") {
    std::string declarations;
    for (int i = 0; i < 200; ++i) declarations += "float a" + std::to_string(i) + ", ";
    declarations += "float a7, ";
    for (int i = 300; i < 500; ++i) declarations += "float a" + std::to_string(i) + ", ";
    declarations += "float last";
    const DeclarationError e = refusal(declarations);
    CHECK(e.problem() == "duplicate argument name 'a7'");
    const std::size_t column = declarations.find("a7, float a300") + 1;
    CHECK(e.column() == column);
    const std::string what = e.what();
    CHECK(what.size() < 300);
    const std::string shown = what.substr(what.find(":\n    ") + 6);
    CHECK(shown.starts_with("..."));
    CHECK(shown.find("a7, float a300") != std::string::npos);
    const std::size_t line_break = shown.find('\n');
    CHECK(shown.substr(line_break - 3, 3) == "...");
    // The caret stands under the 'a' of "a7".
    const std::size_t caret = shown.size() - line_break - 1 - 4 - 1;
    CHECK(shown.substr(caret, 4) == "a7, ");
}
