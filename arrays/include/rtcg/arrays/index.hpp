#pragma once
/// \file
/// Indices for Array's views, spelled as Python spells numpy's index objects, so that
///
/// \code
///   using rtcg::slice, rtcg::none, rtcg::newaxis, rtcg::ellipsis;
///   auto v = a(slice(1, none), slice(none, none, 2), newaxis);   // numpy: a[1:, ::2, np.newaxis]
///   auto row = a(2);                                             // a[2]: drops the first axis
///   auto last = a(ellipsis, -1);                                 // a[..., -1]
/// \endcode
///
/// An index is an integer (negative counts from the end; the axis is dropped), a slice (start,
/// stop, step, each `none` for numpy's default), `newaxis` (a new axis of extent 1) or `ellipsis`
/// (as many full slices as the other indices leave axes; at most one). Axes past the last index
/// are taken whole, as in numpy.
#include <cstdint>
#include <optional>
#include <type_traits>
#include <variant>

namespace rtcg {

/// Python's None in a slice: the bound or step numpy chooses.
struct None {
    /// Every `none` is the same.
    constexpr bool operator==(const None&) const = default;
};
/// `none`, as `slice(1, none)` for numpy's `1:`.
inline constexpr None none{};

/// numpy.newaxis: a new axis of extent 1 at its place among the indices.
struct NewAxis {};
/// `newaxis`, as in `a(newaxis, slice(none))` for numpy's `a[np.newaxis, :]`.
inline constexpr NewAxis newaxis{};

/// Python's `...`: as many whole axes as the other indices leave.
struct Ellipsis {};
/// `ellipsis`, as in `a(ellipsis, 0)` for numpy's `a[..., 0]`.
inline constexpr Ellipsis ellipsis{};

/// One bound or the step of a slice: an integer, or `none`.
class SliceBound {
public:
    /// numpy's default for this bound or step.
    constexpr SliceBound(None) noexcept {}
    /// An integer bound or step (negative bounds count from the end).
    template <class I>
        requires(std::is_integral_v<I> && !std::is_same_v<I, bool>)
    constexpr SliceBound(I value) noexcept : value_(static_cast<std::int64_t>(value)) {}

    /// The integer, or nullopt for `none`.
    constexpr const std::optional<std::int64_t>& value() const noexcept { return value_; }

private:
    std::optional<std::int64_t> value_;
};

/// Python's slice object: start, stop and step, each optional. The bounds are clipped to the axis
/// as numpy clips them; a step of 0 is refused when the slice is applied.
struct Slice {
    std::optional<std::int64_t> start; ///< the first position; numpy's default when empty
    std::optional<std::int64_t> stop;  ///< the position not reached; numpy's default when empty
    std::optional<std::int64_t> step;  ///< the step, negative to go backwards; 1 when empty
};

/// `slice(stop)`: numpy's `:stop` (and `slice(none)`: `:`).
constexpr Slice slice(SliceBound stop) noexcept { return Slice{std::nullopt, stop.value(), std::nullopt}; }
/// `slice(start, stop)`: numpy's `start:stop`.
constexpr Slice slice(SliceBound start, SliceBound stop) noexcept {
    return Slice{start.value(), stop.value(), std::nullopt};
}
/// `slice(start, stop, step)`: numpy's `start:stop:step`.
constexpr Slice slice(SliceBound start, SliceBound stop, SliceBound step) noexcept {
    return Slice{start.value(), stop.value(), step.value()};
}

/// One item of an index: an integer, a slice, newaxis or ellipsis.
class Index {
public:
    /// A position on an axis, which drops the axis (negative counts from the end).
    template <class I>
        requires(std::is_integral_v<I> && !std::is_same_v<I, bool>)
    constexpr Index(I position) noexcept : item_(static_cast<std::int64_t>(position)) {}
    /// A slice of an axis.
    constexpr Index(Slice slice) noexcept : item_(slice) {}
    /// A new axis of extent 1.
    constexpr Index(NewAxis) noexcept : item_(NewAxis{}) {}
    /// As many whole axes as the other items leave.
    constexpr Index(Ellipsis) noexcept : item_(Ellipsis{}) {}

    /// The item.
    constexpr const std::variant<std::int64_t, Slice, NewAxis, Ellipsis>& item() const noexcept { return item_; }

private:
    std::variant<std::int64_t, Slice, NewAxis, Ellipsis> item_;
};

/// The memory order of a new array: C (the last index varies fastest) or Fortran (the first).
enum class Order { c, f };

} // namespace rtcg
