#pragma once
/// \file
/// The untyped part of an Array: shared device storage, where element (0, ..., 0) is in it, the
/// shape, the strides and the element type. Array<T> wraps it with T; generators (ElementwiseKernel) work on it
/// directly, so that they need no template per element type.
///
/// Transfers and generated kernels of arrays run on the context's current queue
/// (rtcg/arrays/queue_scope.hpp), in order.
#include <rtcg/arrays/host_scalar.hpp>
#include <rtcg/arrays/index.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::detail {

struct ArrayStorage;

/// The most bytes an array may span: PTRDIFF_MAX, as in numpy, so that every element's index fits
/// rtcg_index_t, the kernels' signed 64-bit index. A shape beyond it is InvalidArgument (numpy's
/// ValueError); one within it that the device cannot hold is OutOfMemory (numpy's MemoryError).
inline constexpr std::size_t max_array_bytes = PTRDIFF_MAX;

/// The most dimensions an array may have, numpy 1's limit: enough that a kernel's parameters hold
/// the strides of every array of a copy (broadcast_elementwise.cpp).
inline constexpr std::size_t max_dimensions = 32;

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
    /// Allocates uninitialised storage for an array of `shape` (no dimension: one element), laid
    /// out in `order`. InvalidArgument for a shape beyond max_array_bytes; OutOfMemory where the
    /// device cannot hold it.
    ArrayData(const Context& context, codegen::DType dtype, std::vector<std::size_t> shape, Order order = Order::c);

    /// An array over the memory of `buffer` (which it keeps), without a copy: element (0, ..., 0)
    /// at element `offset`, neighbours `strides` elements apart along each axis (empty: C order).
    /// For memory that came from elsewhere (rtcg/core/interop.hpp, DLPack). InvalidArgument for an
    /// empty buffer, a stride list of another length than the shape, or an element that would lie
    /// outside the buffer.
    ArrayData(Buffer buffer, codegen::DType dtype, std::vector<std::size_t> shape, std::vector<std::ptrdiff_t> strides,
              std::size_t offset);

    const Context& context() const noexcept { return context_; }
    const codegen::DType& dtype() const noexcept { return dtype_; }
    const std::vector<std::size_t>& shape() const noexcept { return shape_; }
    /// The distance in elements between neighbours along each axis; negative for reversed axes,
    /// 0 for broadcast ones.
    const std::vector<std::ptrdiff_t>& strides() const noexcept { return strides_; }
    std::size_t size() const noexcept { return size_; }
    std::size_t nbytes() const noexcept { return size_ * dtype_.size(); }
    /// Where element (0, ..., 0) is in the buffer, in elements. Kernels add it on the device:
    /// OpenCL can only point an argument into a buffer at aligned sub-buffer offsets.
    std::size_t offset() const noexcept { return offset_; }
    /// The whole shared buffer, views included; shallow const, as views share what they see.
    Buffer& buffer() const noexcept;
    /// Whether the elements lie in C order, one after another, from offset() (numpy's
    /// C_CONTIGUOUS: axes of extent 1 may have any stride).
    bool is_contiguous() const noexcept;
    /// Whether they lie in Fortran order from offset().
    bool is_f_contiguous() const noexcept;
    /// The lowest and one past the highest element offset any element has in the buffer (equal
    /// when the array is empty): the storage a write to the array may change.
    std::pair<std::size_t, std::size_t> extent() const noexcept;

    /// The view numpy's `a[indices]` makes (see rtcg/arrays/index.hpp). InvalidArgument for an
    /// integer out of range, a step of 0, more indices than axes, or two ellipses.
    ArrayData index(std::span<const Index> indices) const;
    /// The axes in the order `axes` names them (each axis once; negative counts from the end);
    /// reversed when `axes` is empty. InvalidArgument otherwise.
    ArrayData transpose(std::span<const std::int64_t> axes) const;
    /// The same elements in another shape, one entry of which may be -1 (inferred), as a view
    /// sharing storage; nullopt where the strides cannot express it, so that only a copy can.
    /// InvalidArgument for a shape of another size or with a negative entry other than one -1.
    std::optional<ArrayData> reshape_view(std::span<const std::int64_t> shape) const;
    /// The view numpy.broadcast_to makes: read-only in spirit, its broadcast axes have stride 0.
    /// InvalidArgument where the shapes do not broadcast that way.
    ArrayData broadcast_to(const std::vector<std::size_t>& shape) const;
    /// Without the named axes of extent 1 (all of them when `axes` is empty). InvalidArgument for
    /// an axis out of range or of another extent.
    ArrayData squeeze(std::span<const std::int64_t> axes) const;
    /// A new axis of extent 1 at `axis` of the result (-1: last). InvalidArgument out of range.
    ArrayData expand_dims(std::int64_t axis) const;
    /// numpy.diagonal: the elements (k, k + offset) of axes axis1 and axis2, which are removed,
    /// along a new last axis. InvalidArgument for equal or out-of-range axes.
    ArrayData diagonal(std::int64_t offset, std::int64_t axis1, std::int64_t axis2) const;
    /// The real or imaginary parts of a complex array, as a view of the real type.
    /// InvalidArgument for other types.
    ArrayData complex_part(bool imaginary) const;
    /// The same bytes as elements of `dtype`, of the same size (InvalidArgument otherwise).
    ArrayData view_as(const codegen::DType& dtype) const;

    /// Copy all of the array's elements from or to host memory of exactly nbytes() bytes, in C
    /// order. The array must be contiguous (InvalidArgument otherwise): Array copies others first.
    void write(const void* host, std::size_t bytes) const;
    void read(void* host, std::size_t bytes) const;

private:
    /// A view of `base`'s storage.
    ArrayData(const ArrayData& base, codegen::DType dtype, std::size_t offset, std::vector<std::size_t> shape,
              std::vector<std::ptrdiff_t> strides);

    Context context_;
    std::shared_ptr<ArrayStorage> storage_;
    codegen::DType dtype_;
    std::vector<std::size_t> shape_;
    std::vector<std::ptrdiff_t> strides_;
    std::size_t size_ = 0;
    std::size_t offset_ = 0;
};

/// The shape numpy's broadcasting makes of `shapes`. InvalidArgument, naming `operation` and the
/// shapes, where they do not broadcast together.
RTCG_API std::vector<std::size_t> broadcast_shapes(std::string_view operation,
                                                   std::span<const std::vector<std::size_t>> shapes);

/// `array` as a C-contiguous array: itself when it is one, else a copy (one kernel).
RTCG_API ArrayData contiguous(const ArrayData& array);

/// Copies `source`, broadcast to `target`'s shape, into `target` (one kernel, any element type).
/// InvalidArgument for another dtype or context, or shapes that do not broadcast that way. The two
/// may not overlap (Array::assign handles overlapping ones).
RTCG_API void copy_elements(const ArrayData& target, const ArrayData& source);

/// The source of the kernel copy_elements(target, source) runs, for the context's dialect: which
/// kernel a copy of these layouts takes (a tiled transpose or the elementwise kernel), for tests
/// and inspection. Throws as copy_elements does; launches nothing.
RTCG_API std::string copy_elements_source(const ArrayData& target, const ArrayData& source);

/// "(2, 3)", numpy's way of writing a shape, for messages.
RTCG_API std::string shape_text(const std::vector<std::size_t>& shape);

/// `axis` of `ndim` axes, negative counting from the end, as an index; InvalidArgument naming
/// `where`, the axis and the number of dimensions otherwise.
RTCG_API std::size_t checked_axis(std::string_view where, std::int64_t axis, std::size_t ndim);

/// The array as numpy's str() prints it (see Array's operator<<).
RTCG_API std::string format_array(const ArrayData& array);

/// Fill every element of `array` with `value`, or with start + i * step, on the device.
RTCG_API void fill(const ArrayData& array, const HostScalar& value);
RTCG_API void fill_arange(const ArrayData& array, const HostScalar& start, const HostScalar& step);

} // namespace rtcg::detail
