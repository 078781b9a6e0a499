// The limits of an array's size: element counts and byte counts that cannot overflow, and
// numpy.arange's length for floating bounds.
#include <rtcg/arrays/array_data.hpp>
#include <rtcg/core/error.hpp>

#include <cmath>
#include <sstream>

namespace rtcg::detail {
namespace {

std::string number_text(double value) {
    std::ostringstream text;
    text.precision(17);
    text << value;
    return text.str();
}

} // namespace

std::size_t checked_element_count(std::string_view operation, const std::vector<std::size_t>& shape,
                                  const codegen::DType& dtype) {
    // Multiplying up from the element size, each step checked by division, finds any overflow of
    // the element count or the byte count before it happens.
    std::size_t bytes = dtype.size();
    bool empty = false;
    for (std::size_t extent : shape) {
        if (extent == 0) {
            empty = true;
            continue;
        }
        if (extent > max_array_bytes / bytes)
            throw InvalidArgument("an array of shape " + shape_text(shape) + " of " + std::string(dtype.name()) +
                                      " would span more than " + std::to_string(max_array_bytes) +
                                      " bytes, the most an array can (rtcg_index_t, its index, is 64-bit signed)",
                                  std::string(operation));
        bytes *= extent;
    }
    return empty ? 0 : bytes / dtype.size();
}

std::size_t floating_arange_length(double start, double stop, double step) {
    constexpr const char* where = "Array::arange";
    const std::string bounds =
        "start " + number_text(start) + ", stop " + number_text(stop) + ", step " + number_text(step);
    if (std::isnan(start) || std::isnan(stop) || std::isnan(step))
        throw InvalidArgument("a bound or the step is NaN (" + bounds + ")", where);
    // An infinite bound makes endless elements; an infinite step makes element 0 start + 0 * step,
    // NaN.
    if (std::isinf(start) || std::isinf(stop) || std::isinf(step))
        throw InvalidArgument("a bound or the step is infinite (" + bounds + ")", where);
    if (step == 0) throw InvalidArgument("the step is 0", where);
    // Finite operands give a finite or an infinite quotient, never NaN. Comparing in double
    // (max_array_bytes rounds to 2^63) before converting keeps the conversion defined.
    const double length = std::ceil((stop - start) / step);
    if (length >= static_cast<double>(max_array_bytes))
        throw InvalidArgument("(stop - start) / step = " + number_text((stop - start) / step) +
                                  " elements, more than an array can hold (" + bounds + ")",
                              where);
    return length > 0 ? static_cast<std::size_t>(length) : 0;
}

} // namespace rtcg::detail
