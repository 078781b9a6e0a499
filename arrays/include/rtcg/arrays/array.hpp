#pragma once
/// \file
/// Array<T>: a numpy-like array in device memory, contiguous, of any element type dtype_of<T>()
/// knows (bool, integers, float, double, std::complex<float/double>, vectors, declared structs).
///
/// \code
///   auto x = rtcg::Array<float>::arange(ctx, 0.0f, 1.0f, 0.25f);   // [0.   0.25 0.5  0.75]
///   auto y = rtcg::Array<float>::zeros(ctx, {2, 3});
///   auto h = x.slice(1, 3).get();                                  // {0.25f, 0.5f}
///   std::cout << x;
/// \endcode
///
/// Copies of an Array and its views (slice, reshape) share storage, like numpy's views. Creation
/// fills (zeros, full, arange) run generated kernels; transfers and those kernels go through the
/// context's own queue, so they are ordered with each other.
#include <rtcg/arrays/array_data.hpp>
#include <rtcg/arrays/host_scalar.hpp>
#include <rtcg/core/error.hpp>

#include <cstddef>
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

/// A numpy-like array of T in device memory; see array.hpp. Copies and views share storage.
template <class T>
class Array {
public:
    /// The element type.
    using value_type = T;

    /// The values of an expression (rtcg/arrays/expression.hpp), computed by one kernel launch into
    /// a new array: `rtcg::Array<float> z = a * x + b * y;`.
    Array(const Expr<T>& expression);

    /// A 1-D array of `n` elements, not initialized.
    static Array empty(const Context& context, std::size_t n) { return empty(context, std::vector<std::size_t>{n}); }
    /// An array of `shape`, not initialized. InvalidArgument when it would span more than
    /// max_array_bytes; OutOfMemory when the device cannot hold it.
    static Array empty(const Context& context, std::vector<std::size_t> shape) {
        return Array(detail::ArrayData(context, codegen::dtype_of<T>(), std::move(shape)));
    }
    /// An array of `other`'s context and shape, not initialized.
    static Array empty_like(const Array& other) { return empty(other.context(), other.shape()); }

    /// A 1-D array of `n` zeros.
    static Array zeros(const Context& context, std::size_t n) { return full(context, n, T{}); }
    /// An array of `shape` filled with zeros.
    static Array zeros(const Context& context, std::vector<std::size_t> shape) {
        return full(context, std::move(shape), T{});
    }

    /// A 1-D array of `n` copies of `value`.
    static Array full(const Context& context, std::size_t n, const T& value) {
        return full(context, std::vector<std::size_t>{n}, value);
    }
    /// An array of `shape` filled with `value`.
    static Array full(const Context& context, std::vector<std::size_t> shape, const T& value) {
        Array array = empty(context, std::move(shape));
        detail::fill(array.data_, detail::host_scalar(value));
        return array;
    }

    /// numpy.arange: start, start + step, ... while below stop (above it for a negative step);
    /// ceil((stop - start) / step) elements, none when that is not positive. Element k is
    /// start + k * step computed in T on the device. InvalidArgument for a zero step, a NaN or
    /// infinite bound or step, or more elements than an array can hold (max_array_bytes).
    static Array arange(const Context& context, T start, T stop, T step = T(1))
        requires(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>)
    {
        Array array = empty(context, arange_size(start, stop, step));
        detail::fill_arange(array.data_, detail::host_scalar(start), detail::host_scalar(step));
        return array;
    }

    /// A 1-D array holding a copy of `values`.
    static Array to_device(const Context& context, std::span<const T> values) {
        Array array = empty(context, values.size());
        array.data_.write(values.data(), values.size_bytes());
        return array;
    }
    /// A 1-D array holding a copy of `values`.
    static Array to_device(const Context& context, const std::vector<T>& values) {
        if constexpr (std::is_same_v<T, bool>) {
            // std::vector<bool> packs bits; arrays hold one byte per element.
            const std::unique_ptr<bool[]> bytes(new bool[values.size()]);
            for (std::size_t k = 0; k < values.size(); ++k) bytes[k] = values[k];
            return to_device(context, std::span<const bool>(bytes.get(), values.size()));
        } else {
            return to_device(context, std::span<const T>(values));
        }
    }
    /// A 1-D array holding a copy of `values`.
    static Array to_device(const Context& context, std::initializer_list<T> values) {
        return to_device(context, std::span<const T>(values.begin(), values.size()));
    }

    /// Copies the elements to the host (blocking, through the context's queue).
    void get(std::span<T> out) const {
        if (out.size() != size())
            throw InvalidArgument("Array::get: the host span has " + std::to_string(out.size()) +
                                  " elements, the array " + std::to_string(size()));
        data_.read(out.data(), out.size_bytes());
    }
    /// The elements, copied to the host.
    std::vector<T> get() const {
        std::vector<T> out(size());
        if constexpr (std::is_same_v<T, bool>) {
            const std::unique_ptr<bool[]> bytes(new bool[size()]);
            get(std::span<bool>(bytes.get(), size()));
            for (std::size_t k = 0; k < size(); ++k) out[k] = bytes[k];
        } else {
            get(std::span<T>(out));
        }
        return out;
    }

    /// The number of elements.
    std::size_t size() const noexcept { return data_.size(); }
    /// The extent of each dimension; empty for a 0-dimensional array.
    const std::vector<std::size_t>& shape() const noexcept { return data_.shape(); }
    /// The number of dimensions.
    std::size_t ndim() const noexcept { return data_.shape().size(); }
    /// The element type as a DType.
    const codegen::DType& dtype() const noexcept { return data_.dtype(); }
    /// The context whose memory holds the elements.
    const Context& context() const noexcept { return data_.context(); }
    /// The elements' bytes: size() * dtype().size().
    std::size_t nbytes() const noexcept { return data_.nbytes(); }

    /// Writes values into this array's own elements (and so into every view sharing them), like
    /// numpy's `x[...] = values`: one kernel launch. The expression converts to T, if it is of
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

    /// Rows [start, stop) of the first dimension; shares storage.
    Array slice(std::size_t start, std::size_t stop) const { return Array(data_.slice(start, stop)); }
    /// A view of the same elements with another shape of the same size. InvalidArgument otherwise.
    Array reshape(std::vector<std::size_t> shape) const { return Array(data_.reshape(std::move(shape))); }

    /// The untyped array, for generators.
    const detail::ArrayData& data() const noexcept { return data_; }

private:
    explicit Array(detail::ArrayData data) : data_(std::move(data)) {}

    static std::size_t arange_size(T start, T stop, T step) {
        if constexpr (std::is_integral_v<T>) {
            if (step == T(0)) throw InvalidArgument("Array::arange: the step is 0");
            // Differences in uint64 arithmetic stay exact for every pair of 64-bit values; the
            // array's own check refuses a count too large for it.
            const bool up = step > T(0);
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
