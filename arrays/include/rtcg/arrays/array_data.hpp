#pragma once
/// \file
/// The untyped part of an Array: shared device storage, where the array starts in it, its shape
/// and its element type. Array<T> wraps it with T; generators (ElementwiseKernel) work on it
/// directly, so that they need no template per element type.
///
/// Transfers and generated kernels of arrays run on the context's own queue, in order.
#include <rtcg/arrays/host_scalar.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::detail {

struct ArrayStorage;

/// The most bytes an array may span: PTRDIFF_MAX, as in numpy, so that every element's index fits
/// rtcg_index_t, the kernels' signed 64-bit index. A shape beyond it is InvalidArgument (numpy's
/// ValueError); one within it that the device cannot hold is OutOfMemory (numpy's MemoryError).
inline constexpr std::size_t max_array_bytes = PTRDIFF_MAX;

/// The number of elements of `shape` (1 for no dimension). InvalidArgument, naming `operation`,
/// where elements of `dtype` would span more than max_array_bytes. As in numpy, the non-zero
/// dimensions must fit even where another is 0, so that every part of a shape (a row, a slice of
/// it) has a count that fits too.
RTCG_API std::size_t checked_element_count(std::string_view operation, const std::vector<std::size_t>& shape,
                                           const codegen::DType& dtype);

/// numpy.arange's length for floating bounds: ceil((stop - start) / step), or 0 where that is not
/// positive, computed without overflow. InvalidArgument when a bound or the step is NaN or
/// infinite, the step is 0, or the length is beyond what an array can hold.
RTCG_API std::size_t floating_arange_length(double start, double stop, double step);

class RTCG_API ArrayData {
public:
    /// Allocates uninitialised storage for an array of `shape` (no dimension: one element).
    /// InvalidArgument for a shape beyond max_array_bytes; OutOfMemory where the device cannot
    /// hold it.
    ArrayData(const Context& context, codegen::DType dtype, std::vector<std::size_t> shape);

    const Context& context() const noexcept { return context_; }
    const codegen::DType& dtype() const noexcept { return dtype_; }
    const std::vector<std::size_t>& shape() const noexcept { return shape_; }
    std::size_t size() const noexcept { return size_; }
    std::size_t nbytes() const noexcept { return size_ * dtype_.size(); }
    /// Where the array starts in its buffer, in elements. Kernels add it on the device: OpenCL can
    /// only point an argument into a buffer at 128-byte-aligned sub-buffer offsets.
    std::size_t offset() const noexcept { return offset_; }
    /// The whole shared buffer, views included; shallow const, as views share what they see.
    Buffer& buffer() const noexcept;

    /// Elements [start, stop) of the first dimension, sharing storage. InvalidArgument unless
    /// start <= stop <= shape()[0].
    ArrayData slice(std::size_t start, std::size_t stop) const;
    /// The same elements in another shape of the same size (InvalidArgument otherwise, or for a
    /// shape beyond max_array_bytes).
    ArrayData reshape(std::vector<std::size_t> shape) const;

    /// Copy all of the array's elements from or to host memory of exactly nbytes() bytes.
    void write(const void* host, std::size_t bytes) const;
    void read(void* host, std::size_t bytes) const;

private:
    /// A view of `base`'s storage: `size` elements of `shape` from `offset`.
    ArrayData(const ArrayData& base, std::size_t offset, std::vector<std::size_t> shape, std::size_t size);

    Context context_;
    std::shared_ptr<ArrayStorage> storage_;
    codegen::DType dtype_;
    std::vector<std::size_t> shape_;
    std::size_t size_ = 0;
    std::size_t offset_ = 0;
};

/// "(2, 3)", numpy's way of writing a shape, for messages.
RTCG_API std::string shape_text(const std::vector<std::size_t>& shape);

/// The array as numpy's str() prints it (see Array's operator<<).
RTCG_API std::string format_array(const ArrayData& array);

/// Fill every element of `array` with `value`, or with start + i * step, on the device.
RTCG_API void fill(const ArrayData& array, const HostScalar& value);
RTCG_API void fill_arange(const ArrayData& array, const HostScalar& start, const HostScalar& step);

} // namespace rtcg::detail
