#pragma once
// The sparse library's kernels: a configuration rendered by the caller (types, sizes, names baked
// into the source) followed by device files (sparse/device, embedded as
// rtcg::detail::sparse_device), compiled for one context. The context's compile cache makes a
// second build of the same text a lookup.
#include <rtcg/arrays/array.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/launch.hpp>
#include <rtcg/core/module.hpp>

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>

namespace rtcg::sparse_detail {

// The dialect of `context`'s kernels.
codegen::Dialect dialect(const Context& context);

// The target of `context`'s kernels (codegen::target_of), for sources that use more than the dialect.
codegen::Target target(const Context& context);

// The whole source: the prelude for `target` (with complex support when `complex`),
// `configuration` and `files`.
std::string program_source(const codegen::Target& target, std::string_view configuration,
                           std::initializer_list<std::string_view> files, bool complex);

// program_source compiled for `context`.
Module compile(const Context& context, std::string_view configuration, std::initializer_list<std::string_view> files,
               bool complex);

// The C name of an index type in kernels: int or rtcg_index_t.
std::string index_name(const codegen::DType& index);

// The largest work-group a product takes on `device`: up to 256 work-items, a power of two, as
// the dot's fold and the long rows' fold need.
std::size_t most_block(const DeviceInfo& device);

// A grid-stride launch of `block` work-items per group covering `n` items, with at most a few
// groups per compute unit.
LaunchConfig grid_stride(const Context& context, std::size_t n, std::size_t block = 256);

// `a` as a kernel argument, which starts at its buffer's start and cannot be empty: `a` itself where
// it is contiguous from its buffer's start, else a copy; one element of zero where it is empty.
template <class X>
Array<X> kernel_argument(const Array<X>& a) {
    if (a.size() == 0) return Array<X>::zeros(a.context(), 1);
    return a.data().offset() == 0 && a.is_contiguous() ? a : a.copy();
}

} // namespace rtcg::sparse_detail
