#include "context_kernels.hpp"
#include "element_reach.hpp"
#include "storage.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/array_data.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/queue.hpp>

namespace rtcg::detail {
namespace {

// The strides of a new array of `shape` in `order`: each axis steps over the extents of those
// that vary faster. Axes of extent 0 make the array empty; their strides do not matter.
std::vector<std::ptrdiff_t> packed_strides(const std::vector<std::size_t>& shape, Order order) {
    std::vector<std::ptrdiff_t> strides(shape.size());
    std::ptrdiff_t step = 1;
    for (std::size_t k = 0; k < shape.size(); ++k) {
        const std::size_t axis = order == Order::c ? shape.size() - 1 - k : k;
        strides[axis] = step;
        // The shape was checked to span at most PTRDIFF_MAX bytes, so the product fits.
        if (shape[axis] > 1) step *= static_cast<std::ptrdiff_t>(shape[axis]);
    }
    return strides;
}

// numpy's contiguity test: the elements are packed in the order `axes` lists them slowest first.
template <class Axes>
bool packed_in(const std::vector<std::size_t>& shape, const std::vector<std::ptrdiff_t>& strides, std::size_t size,
               Axes axes) {
    if (size == 0) return true;
    std::ptrdiff_t step = 1;
    for (std::size_t k = 0; k < shape.size(); ++k) {
        const std::size_t axis = axes(k);
        if (shape[axis] == 1) continue;
        if (strides[axis] != step) return false;
        step *= static_cast<std::ptrdiff_t>(shape[axis]);
    }
    return true;
}

void check_dimensions(std::size_t ndim) {
    if (ndim > max_dimensions)
        throw InvalidArgument("an array of " + std::to_string(ndim) + " dimensions was asked for; arrays have at most " +
                                  std::to_string(max_dimensions),
                              "Array");
}

} // namespace

std::string shape_text(const std::vector<std::size_t>& shape) {
    std::string text = "(";
    for (std::size_t d = 0; d < shape.size(); ++d) text += (d ? ", " : "") + std::to_string(shape[d]);
    return text + (shape.size() == 1 ? ",)" : ")");
}

std::size_t checked_axis(std::string_view where, std::int64_t axis, std::size_t ndim) {
    const auto n = static_cast<std::int64_t>(ndim);
    if (axis < -n || axis >= n)
        throw InvalidArgument("axis " + std::to_string(axis) + " is out of bounds for an array of " +
                                  std::to_string(ndim) + " dimensions",
                              std::string(where));
    return static_cast<std::size_t>(axis < 0 ? axis + n : axis);
}

ArrayData::ArrayData(const Context& context, codegen::DType dtype, std::vector<std::size_t> shape, Order order)
    : context_(context), dtype_(std::move(dtype)), shape_(std::move(shape)),
      size_(checked_element_count("Array", shape_, dtype_)) {
    check_dimensions(shape_.size());
    strides_ = packed_strides(shape_, order);
    storage_ = allocate_storage(context_, nbytes());
}

ArrayData::ArrayData(Buffer buffer, codegen::DType dtype, std::vector<std::size_t> shape,
                     std::vector<std::ptrdiff_t> strides, std::size_t offset)
    : context_(buffer.context()), dtype_(std::move(dtype)), shape_(std::move(shape)),
      size_(checked_element_count("Array::from_buffer", shape_, dtype_)), offset_(offset) {
    check_dimensions(shape_.size());
    if (strides.empty() && !shape_.empty()) strides = packed_strides(shape_, Order::c);
    if (strides.size() != shape_.size())
        throw InvalidArgument(std::to_string(strides.size()) + " strides were given for a shape of " +
                                  std::to_string(shape_.size()) + " dimensions",
                              "Array::from_buffer");
    strides_ = std::move(strides);
    if (size_ != 0) {
        const auto [first, end] = checked_reach("Array::from_buffer", shape_, strides_, offset_);
        const std::size_t capacity = buffer.size() / dtype_.size();
        if (first < 0 || static_cast<std::size_t>(end) > capacity)
            throw InvalidArgument("the array " + shape_text(shape_) + " of " + std::string(dtype_.name()) +
                                      " reaches elements [" + std::to_string(first) + ", " + std::to_string(end) +
                                      ") of a buffer that holds " + std::to_string(capacity),
                                  "Array::from_buffer");
    }
    storage_ = std::make_shared<ArrayStorage>(ArrayStorage{std::move(buffer), ContextKernels::of(context_)});
}

ArrayData::ArrayData(const ArrayData& base, codegen::DType dtype, std::size_t offset, std::vector<std::size_t> shape,
                     std::vector<std::ptrdiff_t> strides)
    : context_(base.context_), storage_(base.storage_), dtype_(std::move(dtype)), shape_(std::move(shape)),
      strides_(std::move(strides)), offset_(offset) {
    check_dimensions(shape_.size());
    // A view's elements lie within its base's storage, so their count fits as the base's does.
    size_ = 1;
    for (std::size_t extent : shape_) size_ *= extent;
}

Buffer& ArrayData::buffer() const noexcept { return storage_->buffer; }

bool ArrayData::is_contiguous() const noexcept {
    const std::size_t n = shape_.size();
    return packed_in(shape_, strides_, size_, [n](std::size_t k) { return n - 1 - k; });
}

bool ArrayData::is_f_contiguous() const noexcept {
    return packed_in(shape_, strides_, size_, [](std::size_t k) { return k; });
}

std::pair<std::size_t, std::size_t> ArrayData::extent() const noexcept {
    if (size_ == 0) return {offset_, offset_};
    std::ptrdiff_t low = 0, high = 0;
    for (std::size_t axis = 0; axis < shape_.size(); ++axis) {
        const std::ptrdiff_t reach = strides_[axis] * static_cast<std::ptrdiff_t>(shape_[axis] - 1);
        (reach < 0 ? low : high) += reach;
    }
    const auto start = static_cast<std::ptrdiff_t>(offset_);
    return {static_cast<std::size_t>(start + low), static_cast<std::size_t>(start + high + 1)};
}

void ArrayData::write(const void* host, std::size_t bytes) const {
    if (bytes != nbytes())
        throw InvalidArgument("Array: writing " + std::to_string(bytes) + " bytes to an array of " +
                              std::to_string(nbytes()));
    if (!is_contiguous()) throw InvalidArgument("Array: a host write needs a contiguous array");
    if (bytes) current_queue(context_).write(buffer(), host, bytes, offset_ * dtype_.size());
}

void ArrayData::read(void* host, std::size_t bytes) const {
    if (bytes != nbytes())
        throw InvalidArgument("Array: reading " + std::to_string(bytes) + " bytes from an array of " +
                              std::to_string(nbytes()));
    if (!is_contiguous()) throw InvalidArgument("Array: a host read needs a contiguous array");
    if (bytes) current_queue(context_).read(buffer(), host, bytes, offset_ * dtype_.size());
}

} // namespace rtcg::detail
