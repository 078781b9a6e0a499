#include "storage.hpp"

#include <rtcg/arrays/array_data.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/queue.hpp>

namespace rtcg::detail {

std::string shape_text(const std::vector<std::size_t>& shape) {
    std::string text = "(";
    for (std::size_t d = 0; d < shape.size(); ++d) text += (d ? ", " : "") + std::to_string(shape[d]);
    return text + (shape.size() == 1 ? ",)" : ")");
}

ArrayData::ArrayData(const Context& context, codegen::DType dtype, std::vector<std::size_t> shape)
    : context_(context), dtype_(std::move(dtype)), shape_(std::move(shape)),
      size_(checked_element_count("Array", shape_, dtype_)) {
    storage_ = allocate_storage(context_, nbytes());
}

ArrayData::ArrayData(const ArrayData& base, std::size_t offset, std::vector<std::size_t> shape, std::size_t size)
    : context_(base.context_), storage_(base.storage_), dtype_(base.dtype_), shape_(std::move(shape)), size_(size),
      offset_(offset) {}

Buffer& ArrayData::buffer() const noexcept { return storage_->buffer; }

ArrayData ArrayData::slice(std::size_t start, std::size_t stop) const {
    if (shape_.empty()) throw InvalidArgument("Array::slice: a 0-dimensional array has no rows to slice");
    if (start > stop || stop > shape_[0])
        throw InvalidArgument("Array::slice: [" + std::to_string(start) + ", " + std::to_string(stop) +
                              ") is not within the first dimension of an array of shape " + shape_text(shape_));
    std::vector<std::size_t> shape = shape_;
    shape[0] = stop - start;
    // This array's shape fits, and so does every part of it (checked_element_count).
    const std::size_t row =
        checked_element_count("Array::slice", std::vector<std::size_t>(shape_.begin() + 1, shape_.end()), dtype_);
    const std::size_t size = shape[0] * row;
    return ArrayData(*this, offset_ + start * row, std::move(shape), size);
}

ArrayData ArrayData::reshape(std::vector<std::size_t> shape) const {
    const std::size_t size = checked_element_count("Array::reshape", shape, dtype_);
    if (size != size_)
        throw InvalidArgument("Array::reshape: an array of shape " + shape_text(shape_) + " (" +
                              std::to_string(size_) + " elements) cannot become shape " + shape_text(shape));
    return ArrayData(*this, offset_, std::move(shape), size);
}

void ArrayData::write(const void* host, std::size_t bytes) const {
    if (bytes != nbytes())
        throw InvalidArgument("Array: writing " + std::to_string(bytes) + " bytes to an array of " +
                              std::to_string(nbytes()));
    if (bytes) context_.queue().write(buffer(), host, bytes, offset_ * dtype_.size());
}

void ArrayData::read(void* host, std::size_t bytes) const {
    if (bytes != nbytes())
        throw InvalidArgument("Array: reading " + std::to_string(bytes) + " bytes from an array of " +
                              std::to_string(nbytes()));
    if (bytes) context_.queue().read(buffer(), host, bytes, offset_ * dtype_.size());
}

} // namespace rtcg::detail
