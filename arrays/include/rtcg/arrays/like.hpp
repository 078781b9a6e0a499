#pragma once
/// \file
/// numpy's empty_like, zeros_like, ones_like and full_like: a new array of another's context and
/// shape, with numpy's `dtype=` as the optional first template argument, `order=` and `shape=`.
///
/// \code
///   auto z = rtcg::zeros_like(x);                                   // x's type, layout kept
///   auto d = rtcg::ones_like<double>(x, {.order = rtcg::LikeOrder::f});
///   auto f = rtcg::full_like<std::int32_t>(x, 7, {.shape = std::vector<std::size_t>{3, 4}});
/// \endcode
///
/// LikeOrder::keep (numpy's 'K', the default) lays the new array out as the prototype is, axis
/// for axis: its axes ordered by the prototype's strides, largest first (by magnitude; reversed
/// and broadcast axes come out forward and whole), so that an elementwise operation of the two
/// reads both in the same order. LikeOrder::any ('A') is Fortran order where the prototype is
/// F-contiguous and not C-contiguous, else C order. With a `shape` of another number of axes,
/// keep and any give C order, as numpy's.
#include <rtcg/arrays/array.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstdint>
#include <numeric>
#include <optional>
#include <type_traits>
#include <vector>

namespace rtcg {

/// The layout of a *_like array: numpy's order='K', 'A', 'C' and 'F'.
enum class LikeOrder { keep, any, c, f };

/// What a *_like function takes beyond its prototype.
struct LikeOptions {
    LikeOrder order = LikeOrder::keep;                  ///< the new array's layout
    std::optional<std::vector<std::size_t>> shape = {}; ///< another shape than the prototype's
};

namespace detail {

/// U, or the prototype's element type where U is void.
template <class U, class T>
using like_element = std::conditional_t<std::is_void_v<U>, T, U>;

/// A new array of U, not initialized, laid out as `options` asks after `prototype`.
template <class U, class T>
Array<U> empty_like_of(const Array<T>& prototype, const LikeOptions& options) {
    const std::vector<std::size_t> shape = options.shape.value_or(prototype.shape());
    const bool same_axes = shape.size() == prototype.ndim();
    switch (options.order) {
    case LikeOrder::c: return Array<U>::empty(prototype.context(), shape, Order::c);
    case LikeOrder::f: return Array<U>::empty(prototype.context(), shape, Order::f);
    case LikeOrder::any:
        return Array<U>::empty(prototype.context(), shape,
                               same_axes && prototype.is_f_contiguous() && !prototype.is_contiguous() ? Order::f
                                                                                                     : Order::c);
    case LikeOrder::keep: break;
    }
    if (!same_axes) return Array<U>::empty(prototype.context(), shape, Order::c);
    // The axes from the largest stride to the smallest (a stable order keeps ties, such as axes of
    // extent 1, in C order); a C-contiguous array of the shape permuted so, transposed back.
    std::vector<std::int64_t> axes(shape.size());
    std::iota(axes.begin(), axes.end(), std::int64_t{0});
    const std::vector<std::ptrdiff_t>& strides = prototype.strides();
    std::stable_sort(axes.begin(), axes.end(), [&](std::int64_t a, std::int64_t b) {
        return std::abs(strides[static_cast<std::size_t>(a)]) > std::abs(strides[static_cast<std::size_t>(b)]);
    });
    std::vector<std::size_t> permuted(shape.size());
    std::vector<std::int64_t> inverse(shape.size());
    for (std::size_t k = 0; k < axes.size(); ++k) {
        permuted[k] = shape[static_cast<std::size_t>(axes[k])];
        inverse[static_cast<std::size_t>(axes[k])] = static_cast<std::int64_t>(k);
    }
    return Array<U>::empty(prototype.context(), permuted, Order::c).transpose(inverse);
}

} // namespace detail

/// numpy.empty_like: not initialized.
template <class U = void, class T>
Array<detail::like_element<U, T>> empty_like(const Array<T>& prototype, const LikeOptions& options = {}) {
    return detail::empty_like_of<detail::like_element<U, T>>(prototype, options);
}

/// numpy.full_like: every element `value`, converted to the element type as numpy's fill does.
template <class U = void, class T, class V>
Array<detail::like_element<U, T>> full_like(const Array<T>& prototype, const V& value, const LikeOptions& options = {}) {
    using E = detail::like_element<U, T>;
    Array<E> array = detail::empty_like_of<E>(prototype, options);
    array.fill(static_cast<E>(value));
    return array;
}

/// numpy.zeros_like.
template <class U = void, class T>
Array<detail::like_element<U, T>> zeros_like(const Array<T>& prototype, const LikeOptions& options = {}) {
    return full_like<U>(prototype, detail::like_element<U, T>{}, options);
}

/// numpy.ones_like.
template <class U = void, class T>
Array<detail::like_element<U, T>> ones_like(const Array<T>& prototype, const LikeOptions& options = {}) {
    return full_like<U>(prototype, detail::like_element<U, T>(1), options);
}

} // namespace rtcg
