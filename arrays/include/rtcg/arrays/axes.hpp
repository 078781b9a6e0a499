#pragma once
/// \file
/// The axes a reduction folds, as numpy's `axis=` names them, and, for ReductionKernel, whether
/// they stay as axes of extent 1 (numpy's `keepdims=`):
///
/// \code
///   rtcg::Axes every;              // axis=None
///   rtcg::Axes rows = 1;           // axis=1
///   rtcg::Axes pair = {0, -1};     // axis=(0, -1)
///   rtcg::Along along{.axes = 1, .keepdims = true};
/// \endcode
///
/// Axes count from the end where negative. Whether an axis is in range, or named twice, is checked
/// against the operand's shape where the reduction runs.
#include <initializer_list>
#include <utility>
#include <vector>

namespace rtcg {

/// The axes a reduction folds: every axis (the default), one, or a list (numpy's axis=).
class Axes {
public:
    /// Every axis (numpy's axis=None).
    Axes() = default;
    /// One axis.
    Axes(int axis) : list_{axis}, every_(false) {}
    /// These axes; `{}` is every axis, as the default.
    Axes(std::initializer_list<int> axes) : list_(axes), every_(axes.size() == 0) {}
    /// These axes; an empty list folds none (numpy's axis=()).
    explicit Axes(std::vector<int> axes) : list_(std::move(axes)), every_(false) {}

    /// Whether every axis is folded.
    bool every() const noexcept { return every_; }
    /// The axes named, as given (when not every()).
    const std::vector<int>& list() const noexcept { return list_; }

private:
    std::vector<int> list_;
    bool every_ = true;
};

/// A ReductionKernel call along axes (reduction.hpp): the axes folded, and whether each stays as
/// an axis of extent 1 in the result.
struct Along {
    Axes axes{};           ///< the axes folded; every axis by default
    bool keepdims = false; ///< keep each folded axis as an axis of extent 1
};

} // namespace rtcg
