#pragma once
/// \file
/// Array<T>: a numpy-like n-dimensional array in device memory, of any element type dtype_of<T>()
/// knows (bool, integers, float, double, std::complex<float/double>, vectors, declared structs).
///
/// \code
///   using rtcg::slice, rtcg::none, rtcg::newaxis;
///   auto x = rtcg::Array<float>::arange(ctx, 0.0f, 1.0f, 0.25f);   // [0.   0.25 0.5  0.75]
///   auto h = x(slice(1, 3)).get();                                 // {0.25f, 0.5f}
///   auto m = rtcg::Array<float>::zeros(ctx, {4, 6});
///   auto v = m(slice(1, none), slice(none, none, 2), newaxis);     // numpy: m[1:, ::2, np.newaxis]
///   std::cout << m.T();
/// \endcode
///
/// An array is storage, the offset of element (0, ..., 0) in it, a shape and signed strides (in
/// elements), as numpy's. Views (indexing, transpose, reshape where the strides allow, broadcast_to,
/// diagonal, real and imag, view) share storage with the array they come from, and so do copies of
/// an Array. Every operation takes strided and broadcast views as it takes contiguous arrays.
/// Creation fills (zeros, full, arange) run generated kernels; transfers and those kernels go
/// through the context's current queue (queue_scope.hpp), so they are ordered with each other.
#include <rtcg/arrays/array_data.hpp>
#include <rtcg/arrays/host_scalar.hpp>
#include <rtcg/arrays/index.hpp>
#include <rtcg/core/error.hpp>

#include <cstddef>
#include <complex>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <ostream>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

namespace rtcg {

/// A lazily evaluated array expression (rtcg/arrays/expression.hpp).
template <class T>
class Expr;

/// A numpy-like array of Element in device memory; see array.hpp. Copies and views share storage.
template <class Element>
class Array {
public:
    /// The element type.
    using value_type = Element;

    /// The values of an expression (rtcg/arrays/expression.hpp), computed by one kernel launch into
    /// a new array: `rtcg::Array<float> z = a * x + b * y;`.
    Array(const Expr<Element>& expression);

    /// A 1-D array of `n` elements, not initialized.
    static Array empty(const Context& context, std::size_t n) { return empty(context, std::vector<std::size_t>{n}); }
    /// An array of `shape`, not initialized, its elements in `order`. InvalidArgument when it would
    /// span more than max_array_bytes or have more than max_dimensions axes; OutOfMemory when the
    /// device cannot hold it.
    static Array empty(const Context& context, std::vector<std::size_t> shape, Order order = Order::c) {
        return Array(detail::ArrayData(context, codegen::dtype_of<Element>(), std::move(shape), order));
    }
    /// An array of `other`'s context and shape, not initialized, in `order`.
    static Array empty_like(const Array& other, Order order = Order::c) {
        return empty(other.context(), other.shape(), order);
    }

    /// A 1-D array of `n` zeros.
    static Array zeros(const Context& context, std::size_t n) { return full(context, n, Element{}); }
    /// An array of `shape` filled with zeros, in `order`.
    static Array zeros(const Context& context, std::vector<std::size_t> shape, Order order = Order::c) {
        return full(context, std::move(shape), Element{}, order);
    }

    /// A 1-D array of `n` copies of `value`.
    static Array full(const Context& context, std::size_t n, const Element& value) {
        return full(context, std::vector<std::size_t>{n}, value);
    }
    /// An array of `shape` filled with `value`, in `order`.
    static Array full(const Context& context, std::vector<std::size_t> shape, const Element& value, Order order = Order::c) {
        Array array = empty(context, std::move(shape), order);
        array.fill(value);
        return array;
    }

    /// numpy.arange: start, start + step, ... while below stop (above it for a negative step);
    /// ceil((stop - start) / step) elements, none when that is not positive. Element k is
    /// start + k * step computed in Element on the device. InvalidArgument for a zero step, a NaN or
    /// infinite bound or step, or more elements than an array can hold (max_array_bytes).
    static Array arange(const Context& context, Element start, Element stop, Element step = Element(1))
        requires(std::is_arithmetic_v<Element> && !std::is_same_v<Element, bool>)
    {
        Array array = empty(context, std::vector<std::size_t>{arange_size(start, stop, step)});
        detail::fill_arange(array.data_, detail::host_scalar(start), detail::host_scalar(step));
        return array;
    }

    /// An array over the memory of `buffer`, which it takes over, without a copy: element
    /// (0, ..., 0) at element `offset`, neighbours `strides` elements apart along each axis
    /// (empty: C order; negative and 0 strides as numpy has them). With an imported buffer
    /// (rtcg/core/interop.hpp) the array works on memory that another library made.
    /// InvalidArgument where an element would lie outside the buffer.
    static Array from_buffer(Buffer buffer, std::vector<std::size_t> shape, std::vector<std::ptrdiff_t> strides = {},
                             std::size_t offset = 0) {
        return Array(detail::ArrayData(std::move(buffer), codegen::dtype_of<Element>(), std::move(shape),
                                       std::move(strides), offset));
    }

    /// A 1-D array holding a copy of `values`.
    static Array to_device(const Context& context, std::span<const Element> values) {
        return to_device(context, values, {values.size()});
    }
    /// An array of `shape` in `order` holding a copy of `values`, which are in C order (the last
    /// index varies fastest). InvalidArgument unless there are as many values as elements.
    static Array to_device(const Context& context, std::span<const Element> values, std::vector<std::size_t> shape,
                           Order order = Order::c) {
        Array array = empty(context, std::move(shape), order);
        array.set(values);
        return array;
    }
    /// A 1-D array holding a copy of `values`.
    static Array to_device(const Context& context, const std::vector<Element>& values) {
        return to_device(context, values, {values.size()});
    }
    /// An array of `shape` in `order` holding a copy of `values`, in C order.
    static Array to_device(const Context& context, const std::vector<Element>& values, std::vector<std::size_t> shape,
                           Order order = Order::c) {
        Array array = empty(context, std::move(shape), order);
        array.set(values);
        return array;
    }
    /// A 1-D array holding a copy of `values`.
    static Array to_device(const Context& context, std::initializer_list<Element> values) {
        return to_device(context, std::span<const Element>(values.begin(), values.size()));
    }

    /// Copies the elements to the host in C order (blocking, through the context's current queue); a
    /// strided array is first copied into a contiguous one on the device.
    void get(std::span<Element> out) const {
        if (out.size() != size())
            throw InvalidArgument("Array::get: the host span has " + std::to_string(out.size()) +
                                  " elements, the array " + std::to_string(size()));
        detail::contiguous(data_).read(out.data(), out.size_bytes());
    }
    /// The elements, copied to the host in C order.
    std::vector<Element> get() const {
        std::vector<Element> out(size());
        if constexpr (std::is_same_v<Element, bool>) {
            const std::unique_ptr<bool[]> bytes(new bool[size()]);
            get(std::span<bool>(bytes.get(), size()));
            for (std::size_t k = 0; k < size(); ++k) out[k] = bytes[k];
        } else {
            get(std::span<Element>(out));
        }
        return out;
    }
    /// The value of an array of one element (InvalidArgument for any other size), as numpy's item().
    Element item() const {
        if (size() != 1)
            throw InvalidArgument("Array::item: only an array of one element has an item, not one of shape " +
                                  detail::shape_text(shape()));
        return get()[0];
    }

    /// Writes `values`, in C order, into the array's elements (and so into every view sharing
    /// them). InvalidArgument unless there are as many values as elements.
    void set(std::span<const Element> values) const {
        if (values.size() != size())
            throw InvalidArgument("Array::set: the host span has " + std::to_string(values.size()) +
                                  " elements, the array " + std::to_string(size()));
        if (data_.is_contiguous()) return data_.write(values.data(), values.size_bytes());
        const detail::ArrayData packed(context(), dtype(), shape());
        packed.write(values.data(), values.size_bytes());
        detail::copy_elements(data_, packed);
    }
    /// Writes `values`, in C order, into the array's elements.
    void set(const std::vector<Element>& values) const {
        if constexpr (std::is_same_v<Element, bool>) {
            // std::vector<bool> packs bits; arrays hold one byte per element.
            const std::unique_ptr<bool[]> bytes(new bool[values.size()]);
            for (std::size_t k = 0; k < values.size(); ++k) bytes[k] = values[k];
            set(std::span<const bool>(bytes.get(), values.size()));
        } else {
            set(std::span<const Element>(values));
        }
    }

    /// Sets every element to `value` (one kernel), as numpy's fill; `a(1, 2).fill(v)` sets one.
    const Array& fill(const Element& value) const {
        detail::fill(data_, detail::host_scalar(value));
        return *this;
    }

    /// The number of elements.
    std::size_t size() const noexcept { return data_.size(); }
    /// The extent of each dimension; empty for a 0-dimensional array.
    const std::vector<std::size_t>& shape() const noexcept { return data_.shape(); }
    /// The distance between neighbours along each dimension, in elements (numpy's strides divided
    /// by the element size): negative along reversed axes, 0 along broadcast ones.
    const std::vector<std::ptrdiff_t>& strides() const noexcept { return data_.strides(); }
    /// The number of dimensions.
    std::size_t ndim() const noexcept { return data_.shape().size(); }
    /// The element type as a DType.
    const codegen::DType& dtype() const noexcept { return data_.dtype(); }
    /// The context whose memory holds the elements.
    const Context& context() const noexcept { return data_.context(); }
    /// The elements' bytes: size() * dtype().size().
    std::size_t nbytes() const noexcept { return data_.nbytes(); }
    /// Whether the elements lie one after another in C order (numpy's C_CONTIGUOUS).
    bool is_contiguous() const noexcept { return data_.is_contiguous(); }
    /// Whether they lie one after another in Fortran order (numpy's F_CONTIGUOUS).
    bool is_f_contiguous() const noexcept { return data_.is_f_contiguous(); }

    /// The view numpy's `a[indices]` makes: integers (dropping their axis), slice(start, stop,
    /// step), newaxis and ellipsis (rtcg/arrays/index.hpp). `a(1, slice(none, none, -1))` is numpy's
    /// `a[1, ::-1]`. InvalidArgument for an integer out of range, a step of 0, more indices than
    /// axes or two ellipses.
    template <class... Indices>
        requires(std::is_constructible_v<Index, const Indices&> && ...)
    Array operator()(const Indices&... indices) const {
        const Index items[] = {Index(indices)..., Index(ellipsis)};
        return index(std::span<const Index>(items, sizeof...(Indices)));
    }
    /// The view of `a(indices...)` for an index list built at run time.
    Array index(std::span<const Index> indices) const { return Array(data_.index(indices)); }

    /// The axes in the order `axes` names them (numpy.transpose; reversed when empty), a view.
    Array transpose(std::vector<std::int64_t> axes = {}) const { return Array(data_.transpose(axes)); }
    /// The axes reversed (numpy's `a.Element`), a view.
    Array T() const { return transpose(); }
    /// Axes `a` and `b` exchanged (numpy.swapaxes), a view.
    Array swapaxes(std::int64_t a, std::int64_t b) const {
        std::vector<std::int64_t> axes = identity_axes();
        std::swap(axes.at(normalized_axis("Array::swapaxes", a)), axes.at(normalized_axis("Array::swapaxes", b)));
        return transpose(std::move(axes));
    }
    /// Axis `source` moved to position `destination`, the others in order (numpy.moveaxis), a view.
    Array moveaxis(std::int64_t source, std::int64_t destination) const {
        std::vector<std::int64_t> axes = identity_axes();
        const std::int64_t from = normalized_axis("Array::moveaxis", source);
        axes.erase(axes.begin() + from);
        axes.insert(axes.begin() + normalized_axis("Array::moveaxis", destination), from);
        return transpose(std::move(axes));
    }
    /// The same elements in another shape, one extent of which may be -1 (inferred), as numpy's
    /// reshape: a view where the strides allow one, else a copy. InvalidArgument for a shape of
    /// another size.
    Array reshape(std::initializer_list<std::int64_t> shape) const {
        return reshape(std::span<const std::int64_t>(shape.begin(), shape.size()));
    }
    /// The same elements in another shape: a view where the strides allow one, else a copy.
    Array reshape(const std::vector<std::size_t>& shape) const {
        std::vector<std::int64_t> extents;
        for (const std::size_t extent : shape) {
            if (extent > static_cast<std::size_t>(PTRDIFF_MAX))
                throw InvalidArgument("Array::reshape: extent " + std::to_string(extent) + " is too large");
            extents.push_back(static_cast<std::int64_t>(extent));
        }
        return reshape(std::span<const std::int64_t>(extents));
    }
    /// See reshape(std::initializer_list).
    Array reshape(std::span<const std::int64_t> shape) const {
        if (std::optional<detail::ArrayData> view = data_.reshape_view(shape)) return Array(std::move(*view));
        return copy().reshape(shape);
    }
    /// The elements as a 1-D array in C order: a view where the strides allow one, else a copy.
    Array ravel() const { return reshape({-1}); }
    /// Without the named axes of extent 1 (every axis of extent 1 when none are named), a view.
    Array squeeze(std::vector<std::int64_t> axes = {}) const { return Array(data_.squeeze(axes)); }
    /// A new axis of extent 1 at position `axis` of the result, a view.
    Array expand_dims(std::int64_t axis) const { return Array(data_.expand_dims(axis)); }
    /// The array seen as of `shape` (numpy.broadcast_to), a view whose broadcast axes have stride 0.
    /// Kernels may read it; writing it writes an element several times.
    Array broadcast_to(std::vector<std::size_t> shape) const { return Array(data_.broadcast_to(shape)); }
    /// numpy.diagonal: elements (k, k + offset) of axes `axis1` and `axis2`, along a new last axis, a view.
    Array diagonal(std::int64_t offset = 0, std::int64_t axis1 = 0, std::int64_t axis2 = 1) const {
        return Array(data_.diagonal(offset, axis1, axis2));
    }
    /// The real parts of a complex array, a view of its storage (numpy's `a.real`).
    auto real() const
        requires(std::is_same_v<Element, std::complex<float>> || std::is_same_v<Element, std::complex<double>>)
    {
        return Array<typename Element::value_type>(data_.complex_part(false));
    }
    /// The imaginary parts of a complex array, a view of its storage (numpy's `a.imag`).
    auto imag() const
        requires(std::is_same_v<Element, std::complex<float>> || std::is_same_v<Element, std::complex<double>>)
    {
        return Array<typename Element::value_type>(data_.complex_part(true));
    }
    /// The same bytes as elements of U, of Element's size (numpy's `a.view(dtype)`), a view.
    template <class U>
    Array<U> view() const {
        return Array<U>(data_.view_as(codegen::dtype_of<U>()));
    }

    /// A new contiguous array with the same elements (one kernel).
    Array copy() const {
        Array result = empty(context(), shape());
        detail::copy_elements(result.data_, data_);
        return result;
    }

    /// Writes values into this array's own elements (and so into every view sharing them), like
    /// numpy's `x[...] = values`: one kernel launch. The expression converts to Element, if it is of
    /// another type, by astype's rules; a 0-dimensional one fills every element. Defined in
    /// rtcg/arrays/expression.hpp.
    ///@{
    template <class U>
    Array& assign(const Expr<U>& expression);
    Array& assign(const Array& values);
    ///@}

    /// The elements converted to U, as numpy's astype: integers wrap to narrower integers;
    /// floating values convert to integers toward zero, saturating at the type's limits, and NaN
    /// converts to 0 (numpy leaves those to the CPU; rtcg gives the same result on every device);
    /// complex to real keeps the real part; nonzero is true. Defined in rtcg/arrays/expression.hpp.
    template <class U>
    Expr<U> astype() const;

    /// Reductions over every element, as DeviceScalars; see rtcg/arrays/reductions.hpp, which
    /// defines them (rtcg::sum, rtcg::min and rtcg::max as members).
    ///@{
    auto sum() const;
    auto min() const;
    auto max() const;
    ///@}

    /// The untyped array, for generators.
    const detail::ArrayData& data() const noexcept { return data_; }
    /// The typed array over `data`, sharing its storage: for generators whose results' element
    /// types are known only at run time (ListOfListsBuilder). InvalidArgument when `data` holds
    /// another type than Element.
    static Array from_data(detail::ArrayData data) {
        if (data.dtype() != codegen::dtype_of<Element>())
            throw InvalidArgument("the array holds " + std::string(data.dtype().name()) + ", not " +
                                      std::string(codegen::dtype_of<Element>().name()),
                                  "Array::from_data");
        return Array(std::move(data));
    }

private:
    template <class U>
    friend class Array;

    explicit Array(detail::ArrayData data) : data_(std::move(data)) {}

    std::vector<std::int64_t> identity_axes() const {
        std::vector<std::int64_t> axes(ndim());
        for (std::size_t k = 0; k < axes.size(); ++k) axes[k] = static_cast<std::int64_t>(k);
        return axes;
    }
    std::int64_t normalized_axis(const char* where, std::int64_t axis) const {
        const auto n = static_cast<std::int64_t>(ndim());
        if (axis < -n || axis >= n)
            throw InvalidArgument("axis " + std::to_string(axis) + " is out of bounds for an array of " +
                                      std::to_string(n) + " dimensions",
                                  where);
        return axis < 0 ? axis + n : axis;
    }

    static std::size_t arange_size(Element start, Element stop, Element step) {
        if constexpr (std::is_integral_v<Element>) {
            if (step == Element(0)) throw InvalidArgument("Array::arange: the step is 0");
            // Differences in uint64 arithmetic stay exact for every pair of 64-bit values; the
            // array's own check refuses a count too large for it.
            const bool up = step > Element(0);
            if (up ? stop <= start : start <= stop) return 0;
            const std::uint64_t span = up ? static_cast<std::uint64_t>(stop) - static_cast<std::uint64_t>(start)
                                          : static_cast<std::uint64_t>(start) - static_cast<std::uint64_t>(stop);
            const std::uint64_t stride = up ? static_cast<std::uint64_t>(step) : 0 - static_cast<std::uint64_t>(step);
            return static_cast<std::size_t>(span / stride + (span % stride != 0));
        } else {
            return detail::floating_arange_length(static_cast<double>(start), static_cast<double>(stop),
                                                  static_cast<double>(step));
        }
    }

    detail::ArrayData data_;
};

/// numpy's str(): "[1.  2.5 3. ]", "[[1 2]\n [3 4]]", "[ True False]", "[1.+2.j 3.-1.j]"; rows
/// wrap at 75 characters, and beyond 1000 elements only the first and last 3 along each dimension
/// are shown, with "..." between. Floats use numpy's shortest round-trip digits (at most 8 after
/// the point) and switch to scientific notation where numpy does. Structs print as tuples of
/// their fields. Copies the array to the host to do so.
template <class T>
std::ostream& operator<<(std::ostream& out, const Array<T>& array) {
    return out << detail::format_array(array.data());
}

} // namespace rtcg

namespace rtcg {

/// `array` itself where it is C-contiguous, else a contiguous copy (numpy.ascontiguousarray).
template <class T>
Array<T> ascontiguousarray(const Array<T>& array) {
    return array.is_contiguous() ? array : array.copy();
}

} // namespace rtcg
