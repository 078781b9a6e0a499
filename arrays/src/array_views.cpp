// Views: new shapes, strides and offsets over the same storage, by numpy's rules.
#include <rtcg/arrays/array_data.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <variant>

namespace rtcg::detail {
namespace {

std::string axes_text(std::span<const std::int64_t> axes) {
    std::string text = "(";
    for (std::size_t k = 0; k < axes.size(); ++k) text += (k ? ", " : "") + std::to_string(axes[k]);
    return text + (axes.size() == 1 ? ",)" : ")");
}

// `axis` of `ndim` axes, negative counting from the end. InvalidArgument, naming `operation`, out of range.
std::size_t normalized_axis(std::string_view operation, std::int64_t axis, std::size_t ndim) {
    const auto count = static_cast<std::int64_t>(ndim);
    if (axis < -count || axis >= count)
        throw InvalidArgument("axis " + std::to_string(axis) + " is out of bounds for an array of " +
                                  std::to_string(ndim) + " dimensions",
                              std::string(operation));
    return static_cast<std::size_t>(axis < 0 ? axis + count : axis);
}

struct SlicedAxis {
    std::size_t extent;
    std::int64_t start; // the first element's position; meaningful only where extent > 0
    std::int64_t step;
};

// Python's slice.indices for an axis of `extent`: bounds clipped, the default ones by the step's sign.
SlicedAxis slice_axis(const Slice& slice, std::size_t extent, std::size_t axis, std::string_view where) {
    const std::int64_t step = slice.step.value_or(1);
    if (step == 0) throw InvalidArgument("slice step cannot be zero (axis " + std::to_string(axis) + ")", std::string(where));
    const auto n = static_cast<std::int64_t>(extent);
    // Below n and at least -1, so that n - 1 - (-1) and every difference below fit.
    const auto clip = [&](std::optional<std::int64_t> bound, std::int64_t fallback) {
        if (!bound) return fallback;
        std::int64_t value = *bound < 0 ? *bound + n : *bound;
        return step > 0 ? std::clamp<std::int64_t>(value, 0, n) : std::clamp<std::int64_t>(value, -1, n - 1);
    };
    const std::int64_t start = clip(slice.start, step > 0 ? 0 : n - 1);
    const std::int64_t stop = clip(slice.stop, step > 0 ? n : -1);
    const std::int64_t span = step > 0 ? stop - start : start - stop;
    const std::int64_t stride = step > 0 ? step : -step;
    const std::int64_t count = span <= 0 ? 0 : (span - 1) / stride + 1;
    return {static_cast<std::size_t>(count), start, step};
}

} // namespace

ArrayData ArrayData::index(std::span<const Index> indices) const {
    constexpr std::string_view where = "Array index";
    std::size_t consumed = 0, ellipses = 0;
    for (const Index& index : indices) {
        if (std::holds_alternative<Ellipsis>(index.item())) ++ellipses;
        else if (!std::holds_alternative<NewAxis>(index.item())) ++consumed;
    }
    if (ellipses > 1) throw InvalidArgument("an index can only have a single ellipsis", std::string(where));
    if (consumed > shape_.size())
        throw InvalidArgument("too many indices for an array of shape " + shape_text(shape_) + ": " +
                                  std::to_string(consumed) + " were given",
                              std::string(where));

    std::vector<std::size_t> shape;
    std::vector<std::ptrdiff_t> strides;
    auto offset = static_cast<std::ptrdiff_t>(offset_);
    std::size_t axis = 0;
    const auto keep_whole = [&](std::size_t count) {
        for (std::size_t k = 0; k < count; ++k, ++axis) {
            shape.push_back(shape_[axis]);
            strides.push_back(strides_[axis]);
        }
    };
    for (const Index& index : indices) {
        const auto& item = index.item();
        if (std::holds_alternative<NewAxis>(item)) {
            shape.push_back(1);
            strides.push_back(0);
        } else if (std::holds_alternative<Ellipsis>(item)) {
            keep_whole(shape_.size() - consumed);
        } else if (const auto* position = std::get_if<std::int64_t>(&item)) {
            const auto n = static_cast<std::int64_t>(shape_[axis]);
            if (*position < -n || *position >= n)
                throw InvalidArgument("index " + std::to_string(*position) + " is out of bounds for axis " +
                                          std::to_string(axis) + " with size " + std::to_string(n) +
                                          " (array of shape " + shape_text(shape_) + ")",
                                      std::string(where));
            offset += (*position < 0 ? *position + n : *position) * strides_[axis];
            ++axis;
        } else {
            const SlicedAxis sliced = slice_axis(std::get<Slice>(item), shape_[axis], axis, where);
            shape.push_back(sliced.extent);
            // Two or more elements bound the step by the extent, so stride * step stays within the
            // storage's span; one or none leave the stride unused.
            strides.push_back(sliced.extent > 1 ? strides_[axis] * sliced.step : strides_[axis]);
            if (sliced.extent > 0) offset += sliced.start * strides_[axis];
            ++axis;
        }
    }
    keep_whole(shape_.size() - axis);
    return ArrayData(*this, dtype_, static_cast<std::size_t>(offset), std::move(shape), std::move(strides));
}

ArrayData ArrayData::transpose(std::span<const std::int64_t> axes) const {
    constexpr std::string_view where = "Array::transpose";
    const std::size_t n = shape_.size();
    std::vector<std::size_t> order(n);
    if (axes.empty()) {
        for (std::size_t k = 0; k < n; ++k) order[k] = n - 1 - k;
    } else {
        if (axes.size() != n)
            throw InvalidArgument("axes " + axes_text(axes) + " do not match an array of shape " + shape_text(shape_),
                                  std::string(where));
        std::vector<bool> seen(n);
        for (std::size_t k = 0; k < n; ++k) {
            order[k] = normalized_axis(where, axes[k], n);
            if (seen[order[k]])
                throw InvalidArgument("repeated axis in " + axes_text(axes), std::string(where));
            seen[order[k]] = true;
        }
    }
    std::vector<std::size_t> shape(n);
    std::vector<std::ptrdiff_t> strides(n);
    for (std::size_t k = 0; k < n; ++k) {
        shape[k] = shape_[order[k]];
        strides[k] = strides_[order[k]];
    }
    return ArrayData(*this, dtype_, offset_, std::move(shape), std::move(strides));
}

std::optional<ArrayData> ArrayData::reshape_view(std::span<const std::int64_t> requested) const {
    constexpr std::string_view where = "Array::reshape";
    std::vector<std::size_t> shape(requested.size());
    std::optional<std::size_t> inferred;
    for (std::size_t k = 0; k < requested.size(); ++k) {
        if (requested[k] == -1 && !inferred) {
            inferred = k;
            shape[k] = 1;
        } else if (requested[k] < 0) {
            throw InvalidArgument("the shape " + axes_text(requested) + " may hold one -1 and no other negative extent",
                                  std::string(where));
        } else {
            shape[k] = static_cast<std::size_t>(requested[k]);
        }
    }
    const std::size_t known = checked_element_count(where, shape, dtype_);
    const bool empty_known = std::count(shape.begin(), shape.end(), 0) > 0;
    if (inferred) {
        if (empty_known || known == 0 || size_ % known != 0)
            throw InvalidArgument("cannot reshape an array of size " + std::to_string(size_) + " into shape " +
                                      axes_text(requested),
                                  std::string(where));
        shape[*inferred] = size_ / known;
    }
    if ((empty_known ? 0 : known * (inferred ? shape[*inferred] : 1)) != size_)
        throw InvalidArgument("cannot reshape an array of size " + std::to_string(size_) + " into shape " +
                                  axes_text(requested),
                              std::string(where));

    std::vector<std::ptrdiff_t> strides(shape.size(), 1);
    if (size_ == 0) {
        // No element is ever read: packed strides serve.
        for (std::size_t k = shape.size(); k-- > 1;)
            strides[k - 1] = strides[k] * static_cast<std::ptrdiff_t>(std::max<std::size_t>(shape[k], 1));
        return ArrayData(*this, dtype_, offset_, std::move(shape), std::move(strides));
    }
    // Match groups of old and new axes with equal products, the old axes of extent 1 left out; each
    // old group must step through memory as one run for the new group to index it.
    std::vector<std::size_t> old_shape;
    std::vector<std::ptrdiff_t> old_strides;
    for (std::size_t k = 0; k < shape_.size(); ++k)
        if (shape_[k] != 1) {
            old_shape.push_back(shape_[k]);
            old_strides.push_back(strides_[k]);
        }
    std::size_t old_axis = 0, new_axis = 0;
    while (old_axis < old_shape.size() && new_axis < shape.size()) {
        std::size_t old_end = old_axis + 1, new_end = new_axis + 1;
        std::size_t old_product = old_shape[old_axis], new_product = shape[new_axis];
        while (old_product != new_product) {
            if (new_product < old_product) new_product *= shape[new_end++];
            else old_product *= old_shape[old_end++];
        }
        for (std::size_t k = old_axis; k + 1 < old_end; ++k)
            if (old_strides[k] != old_strides[k + 1] * static_cast<std::ptrdiff_t>(old_shape[k + 1])) return std::nullopt;
        strides[new_end - 1] = old_strides[old_end - 1];
        for (std::size_t k = new_end - 1; k > new_axis; --k)
            strides[k - 1] = strides[k] * static_cast<std::ptrdiff_t>(shape[k]);
        old_axis = old_end;
        new_axis = new_end;
    }
    return ArrayData(*this, dtype_, offset_, std::move(shape), std::move(strides));
}

ArrayData ArrayData::broadcast_to(const std::vector<std::size_t>& shape) const {
    checked_element_count("broadcast_to", shape, dtype_);
    const auto refuse = [&] {
        return InvalidArgument("cannot broadcast an array of shape " + shape_text(shape_) + " to shape " +
                                   shape_text(shape),
                               "broadcast_to");
    };
    if (shape.size() < shape_.size()) throw refuse();
    const std::size_t added = shape.size() - shape_.size();
    std::vector<std::ptrdiff_t> strides(shape.size(), 0);
    for (std::size_t k = 0; k < shape_.size(); ++k) {
        if (shape_[k] == shape[added + k]) strides[added + k] = strides_[k];
        else if (shape_[k] != 1) throw refuse();
    }
    return ArrayData(*this, dtype_, offset_, shape, std::move(strides));
}

ArrayData ArrayData::squeeze(std::span<const std::int64_t> axes) const {
    constexpr std::string_view where = "Array::squeeze";
    std::vector<bool> removed(shape_.size(), axes.empty());
    if (axes.empty()) {
        for (std::size_t k = 0; k < shape_.size(); ++k) removed[k] = shape_[k] == 1;
    } else {
        for (const std::int64_t axis : axes) {
            const std::size_t k = normalized_axis(where, axis, shape_.size());
            if (removed[k]) throw InvalidArgument("repeated axis in " + axes_text(axes), std::string(where));
            if (shape_[k] != 1)
                throw InvalidArgument("cannot select axis " + std::to_string(axis) + " of shape " + shape_text(shape_) +
                                          ": its extent is not 1",
                                      std::string(where));
            removed[k] = true;
        }
    }
    std::vector<std::size_t> shape;
    std::vector<std::ptrdiff_t> strides;
    for (std::size_t k = 0; k < shape_.size(); ++k)
        if (!removed[k]) {
            shape.push_back(shape_[k]);
            strides.push_back(strides_[k]);
        }
    return ArrayData(*this, dtype_, offset_, std::move(shape), std::move(strides));
}

ArrayData ArrayData::expand_dims(std::int64_t axis) const {
    const std::size_t k = normalized_axis("Array::expand_dims", axis, shape_.size() + 1);
    std::vector<std::size_t> shape = shape_;
    std::vector<std::ptrdiff_t> strides = strides_;
    shape.insert(shape.begin() + static_cast<std::ptrdiff_t>(k), 1);
    strides.insert(strides.begin() + static_cast<std::ptrdiff_t>(k), 0);
    return ArrayData(*this, dtype_, offset_, std::move(shape), std::move(strides));
}

ArrayData ArrayData::diagonal(std::int64_t offset, std::int64_t axis1, std::int64_t axis2) const {
    constexpr std::string_view where = "Array::diagonal";
    if (shape_.size() < 2)
        throw InvalidArgument("an array of shape " + shape_text(shape_) + " has no two axes for a diagonal",
                              std::string(where));
    const std::size_t a = normalized_axis(where, axis1, shape_.size());
    const std::size_t b = normalized_axis(where, axis2, shape_.size());
    if (a == b) throw InvalidArgument("axis1 and axis2 cannot be the same axis", std::string(where));
    const auto rows = static_cast<std::int64_t>(shape_[a]), columns = static_cast<std::int64_t>(shape_[b]);
    // Offsets beyond either extent leave no element, and clipping them first keeps the sums exact.
    const std::int64_t shift = std::clamp<std::int64_t>(offset, -rows, columns);
    const std::int64_t length = std::max<std::int64_t>(0, shift >= 0 ? std::min(rows, columns - shift)
                                                                     : std::min(rows + shift, columns));
    std::vector<std::size_t> shape;
    std::vector<std::ptrdiff_t> strides;
    for (std::size_t k = 0; k < shape_.size(); ++k)
        if (k != a && k != b) {
            shape.push_back(shape_[k]);
            strides.push_back(strides_[k]);
        }
    shape.push_back(static_cast<std::size_t>(length));
    strides.push_back(strides_[a] + strides_[b]);
    auto start = static_cast<std::ptrdiff_t>(offset_);
    if (length > 0) start += shift >= 0 ? shift * strides_[b] : -shift * strides_[a];
    return ArrayData(*this, dtype_, static_cast<std::size_t>(start), std::move(shape), std::move(strides));
}

ArrayData ArrayData::complex_part(bool imaginary) const {
    if (!dtype_.is_complex())
        throw InvalidArgument("an array of " + std::string(dtype_.name()) + " has no " +
                                  (imaginary ? "imaginary" : "real") + " part view (only complex arrays do)",
                              imaginary ? "Array::imag" : "Array::real");
    std::vector<std::ptrdiff_t> strides = strides_;
    for (std::ptrdiff_t& stride : strides) stride *= 2;
    return ArrayData(*this, dtype_.element(), 2 * offset_ + (imaginary ? 1 : 0), shape_, std::move(strides));
}

ArrayData ArrayData::view_as(const codegen::DType& dtype) const {
    if (dtype.size() != dtype_.size())
        throw InvalidArgument("an array of " + std::string(dtype_.name()) + " (" + std::to_string(dtype_.size()) +
                                  " bytes) cannot be viewed as " + std::string(dtype.name()) + " (" +
                                  std::to_string(dtype.size()) + " bytes)",
                              "Array::view");
    return ArrayData(*this, dtype, offset_, shape_, strides_);
}

std::vector<std::size_t> broadcast_shapes(std::string_view operation, std::span<const std::vector<std::size_t>> shapes) {
    std::size_t ndim = 0;
    for (const auto& shape : shapes) ndim = std::max(ndim, shape.size());
    std::vector<std::size_t> result(ndim, 1);
    for (const auto& shape : shapes) {
        const std::size_t added = ndim - shape.size();
        for (std::size_t k = 0; k < shape.size(); ++k) {
            std::size_t& extent = result[added + k];
            if (shape[k] == extent || shape[k] == 1) continue;
            if (extent != 1) {
                std::string listed;
                for (const auto& each : shapes) listed += " " + shape_text(each);
                throw InvalidArgument("operands could not be broadcast together with shapes" + listed,
                                      std::string(operation));
            }
            extent = shape[k];
        }
    }
    return result;
}

} // namespace rtcg::detail
