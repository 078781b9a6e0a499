#pragma once
/// \file
/// DeviceScalar<T>: one value that stays in device memory, as a 0-dimensional Array<T> (shape {}),
/// so that a reduction's result can feed further device work without a trip to the host:
///
/// \code
///   rtcg::DeviceScalar<float> total = sum(x);
///   float host = total.get();          // copies the one element (blocking, the current queue)
///   const rtcg::Array<float>& a = total;
///   std::cout << total;                // as numpy prints a 0-d array: "12.5"
/// \endcode
#include <rtcg/arrays/array.hpp>
#include <rtcg/core/error.hpp>

#include <ostream>
#include <span>
#include <utility>

namespace rtcg {

/// One value in device memory, the result of a reduction: it stays there until get(), and can be
/// used as a 0-dimensional array in expressions and kernel calls.
template <class T>
class DeviceScalar {
public:
    /// InvalidArgument unless `array` is 0-dimensional.
    explicit DeviceScalar(Array<T> array) : array_(std::move(array)) {
        if (array_.ndim() != 0)
            throw InvalidArgument("DeviceScalar: needs a 0-dimensional array, not one of shape " +
                                  detail::shape_text(array_.shape()));
    }

    /// Copies the value to the host through the context's current queue (queue_scope.hpp), after
    /// the work queued there.
    T get() const {
        T value;
        array_.get(std::span<T>(&value, 1));
        return value;
    }

    /// The 0-dimensional array holding the value.
    const Array<T>& array() const noexcept { return array_; }
    /// The 0-dimensional array holding the value.
    operator const Array<T>&() const noexcept { return array_; }

private:
    Array<T> array_;
};

/// Prints the value, as numpy prints a 0-dimensional array.
template <class T>
std::ostream& operator<<(std::ostream& out, const DeviceScalar<T>& scalar) {
    return out << scalar.array();
}

} // namespace rtcg
