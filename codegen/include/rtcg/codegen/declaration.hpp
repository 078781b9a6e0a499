#pragma once
/// \file
/// Kernel arguments declared as C text, the way ElementwiseKernel, ReductionKernel and ScanKernel
/// take them, and printed back for either dialect:
///
/// \code
///   auto args = parse_arguments("float a, const float *x, __global int *y, double2 v");
///   print_arguments(args, Dialect::opencl)
///       -> "float a, __global const float *x, __global int *y, double2 v"
///   print_arguments(args, Dialect::cuda)
///       -> "float a, const float *x, int *y, double2 v"
/// \endcode
///
/// Pointer arguments are vector (array) arguments; the others are scalar arguments. The accepted
/// language is the part of C a kernel parameter list needs:
/// - types: every spelling DType::from_c_name knows, integer types in any C word order
///   ("long unsigned int"), and structs declared with declare_struct<T>();
/// - `const` and `volatile` on the value or pointee; OpenCL address spaces (`__global`/`global`,
///   `__local`/`local`, `__constant`/`constant`, `__private`/`private`) before the `*`;
/// - a pointer: one `*`, then optionally `restrict`/`__restrict`/`__restrict__`; or `[]` after
///   the name;
/// - a `const` or `volatile` after the `*` qualifies the pointer variable itself: it is accepted
///   and dropped, because it constrains only the kernel body, never what the caller passes;
/// - whitespace, newlines included, anywhere between words.
/// Refused, with a DeclarationError pointing at the spot: an empty list or item, comments,
/// pointers to pointers, array sizes, address spaces on scalars (other than `__private`) or on
/// pointers to private memory, unknown types, duplicate names, and names that are keywords of C,
/// C++, OpenCL C or CUDA, that name types or the built-ins rtcg's prelude relies on, or that rtcg
/// reserves (`__*`, `_X*`, `rtcg_*`, `RTCG_*`, and `cfloat_*`, `cdouble_*` for complex support).
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::codegen {

/// One kernel parameter: its name, type, and, for pointers, what it points to and how.
struct RTCG_API Argument {
    std::string name; ///< the parameter's name, a C identifier
    DType type;               ///< the element type of a pointer, the value type of a scalar
    bool is_pointer = false;  ///< a vector (array) argument
    bool is_const = false;    ///< const pointee (pointers) or const value (scalars)
    bool is_volatile = false; ///< volatile pointee (pointers) or volatile value (scalars)
    bool is_restrict = false; ///< pointers only
    /// Where a pointer points: global unless declared otherwise. Scalars are private_space.
    AddressSpace space = AddressSpace::private_space;

    /// Both check `name` like parse_arguments does and throw InvalidArgument when it is refused;
    /// `pointer` refuses private_space, which no kernel pointer argument may point to.
    ///@{
    static Argument scalar(DType type, std::string name);
    static Argument pointer(DType element, std::string name, AddressSpace space = AddressSpace::global,
                            bool is_const = false);
    ///@}

    /// The parameter as `dialect` spells it:
    ///   OpenCL "__global const float *restrict x", CUDA "const float *__restrict__ x".
    /// Address spaces print through pointer_space: CUDA pointers are generic, so a __local
    /// pointer prints as a plain pointer there. That suits device functions, but a host cannot
    /// pass one to a CUDA kernel: kernels take local memory from the launch instead (the
    /// prelude's RTCG_DYNAMIC_LOCAL_PARAM / RTCG_DYNAMIC_LOCAL_DECL). bool prints as OpenCL's
    /// uchar, which OpenCL allows as a kernel argument and has the same single byte.
    std::string declaration(Dialect dialect) const;

    /// Equal when every field is.
    friend bool operator==(const Argument&, const Argument&) = default;
};

/// A declaration list that parse_arguments refuses. what() names the problem and shows the line
/// it is on with a caret under the column.
class RTCG_API DeclarationError : public InvalidArgument {
public:
    /// `offset`: the byte in `declarations` the problem is at (its size for the end of the text).
    DeclarationError(std::string problem, std::string_view declarations, std::size_t offset);

    /// What is wrong, without the text and caret.
    const std::string& problem() const noexcept { return problem_; }
    /// The whole declaration list that was refused.
    const std::string& declarations() const noexcept { return declarations_; }
    std::size_t line() const noexcept { return line_; }     ///< 1-based
    std::size_t column() const noexcept { return column_; } ///< 1-based, in bytes within the line

private:
    std::string problem_;
    std::string declarations_;
    std::size_t line_;
    std::size_t column_;
};

/// Whether `text` is a C identifier: ASCII letters, digits and '_', not starting with a digit.
RTCG_API bool is_c_identifier(std::string_view text) noexcept;

/// "float a, const float *x" -> one Argument per comma-separated declaration, in order.
/// Throws DeclarationError for anything outside the language described above.
RTCG_API std::vector<Argument> parse_arguments(std::string_view declarations);

/// The arguments' declarations for `dialect`, joined with ", ".
RTCG_API std::string print_arguments(const std::vector<Argument>& arguments, Dialect dialect);

} // namespace rtcg::codegen
