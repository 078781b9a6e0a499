#pragma once
// What every generated array kernel (ElementwiseKernel, ReductionKernel, ScanKernel) writes the same way, so
// that one argument list means the same thing to each: each pointer argument `x` arrives as a
// base pointer and an element offset (OpenCL can only point an argument into a buffer at aligned
// sub-buffer offsets, so views are offset on the device), followed by the index range a call
// covers (start, step and the count `n`); the body first turns base and offset back into `x`.
// argument_binding.hpp packs calls in exactly this order.
#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/codegen/template_value.hpp>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::detail {

// The name of a generated kernel: prefix + user_name + suffix ("rtcg_ew_" "lin_comb" "_pairs"),
// unless that is longer than generated_name_limit; then prefix, the user name's beginning, '_',
// 16 hex digits of a hash of the whole user name, and suffix, in generated_name_limit characters.
// Drivers need not take long names (PoCL aborts on names of a few hundred characters); the hash
// is the same in every run, so the disk cache still finds the kernel.
inline constexpr std::size_t generated_name_limit = 64;
std::string generated_kernel_name(std::string_view prefix, std::string_view user_name, std::string_view suffix = {});

// InvalidArgument, naming "<generator> '<name>'", for an argument named `i` or `n` (the kernel
// defines both) or a pointer into local memory (arrays live in global or constant memory).
void check_array_arguments(std::span<const codegen::Argument> arguments, std::string_view generator,
                           std::string_view name);

// The arguments as parameters, one a line, each followed by a comma: for generators that add
// parameters of their own after them (ScanKernel).
std::string argument_parameters(std::span<const codegen::Argument> arguments, codegen::Dialect dialect);

// The parameter list, one parameter a line: the arguments, then
// "rtcg_index_t rtcg_start, rtcg_index_t rtcg_step, rtcg_index_t n" (no trailing comma).
std::string array_parameters(std::span<const codegen::Argument> arguments, codegen::Dialect dialect);

// The body's first statements: each pointer argument declared under its own name as base + offset.
std::string array_pointer_setup(std::span<const codegen::Argument> arguments, codegen::Dialect dialect);

// The lines of `text`, statements or parameters one a line as the functions above and
// element_pairing.hpp write them, without their indentation: the templates indent them.
std::vector<codegen::Value> template_lines(std::string_view text);

// The device function `name` that maps a call's index to a strided array's element offset
// (thread/strided_offset.rtcg rendered for `dimensions` axes), in 32-bit coordinates where
// `narrow` (every index fits them), else in 64-bit ones. `whole_single_index`: with one axis, the
// index is multiplied as it is, without a round trip through 32 bits (which one compiler, not
// another, turns into faster loads: the callers say where).
std::string strided_offset_function(std::string_view name, std::size_t dimensions, bool narrow,
                                    bool whole_single_index = false);

// The arguments in the forms of a generator that renders a configuration (ScanKernel,
// ReductionKernel) for device files whose kernels carry them as one struct: `members`, the
// struct's members, each argument under its own name; `parameters`, the kernel's parameters (each
// pointer argument `x` as rtcg_base_x and rtcg_offset_x, each scalar `k` as rtcg_argument_k);
// `initializers`, the struct's initializer list from those parameters; `unpacking`, statements
// that declare each argument under its own name from the struct `rtcg_arguments`, for the device
// functions that run the user's snippets.
struct ArgumentForms {
    std::vector<codegen::Value> members, parameters, unpacking;
    std::string initializers;
};
ArgumentForms argument_forms(std::span<const codegen::Argument> arguments, codegen::Dialect dialect);

} // namespace rtcg::detail
