// numpy's str() layout of an array (numpy/_core/arrayprint.py, _formatArray): nested brackets,
// elements separated by spaces and wrapped at 75 columns, rows of a 2-D block on separate lines,
// blocks of higher dimensions separated by blank lines, and, beyond 1000 elements, only the
// first and last 3 entries of each dimension with "..." between.
#include "element_formatter.hpp"

#include <rtcg/arrays/array_data.hpp>

#include <vector>

namespace rtcg::detail {
namespace {

constexpr std::size_t line_width = 75;
constexpr std::size_t summary_threshold = 1000;
constexpr std::size_t edge_items = 3;

class Layout {
public:
    Layout(const ArrayData& array, const std::vector<std::byte>& host)
        : shape_(array.shape()), element_size_(array.dtype().size()), host_(host),
          summarise_(array.size() > summary_threshold), strides_(shape_.size(), 1) {
        for (std::size_t d = shape_.size(); d-- > 1;) strides_[d - 1] = strides_[d] * shape_[d];
        std::vector<const std::byte*> shown;
        collect(0, 0, shown);
        formatter_ = make_formatter(array.dtype(), shown);
    }

    std::string text() const {
        if (shape_.empty()) return formatter_->format(host_.data());
        return nested(0, 0, " ", line_width);
    }

private:
    bool summarised(std::size_t axis) const { return summarise_ && 2 * edge_items < shape_[axis]; }

    // The indices shown along `axis`; "..." goes before position `later` (past the end: nowhere).
    std::vector<std::size_t> shown_indices(std::size_t axis, std::size_t& later) const {
        std::vector<std::size_t> indices;
        const std::size_t n = shape_[axis];
        later = n + 1;
        if (!summarised(axis)) {
            for (std::size_t k = 0; k < n; ++k) indices.push_back(k);
            return indices;
        }
        for (std::size_t k = 0; k < edge_items; ++k) indices.push_back(k);
        later = indices.size();
        for (std::size_t k = n - edge_items; k < n; ++k) indices.push_back(k);
        return indices;
    }

    void collect(std::size_t axis, std::size_t base, std::vector<const std::byte*>& shown) const {
        if (axis == shape_.size()) {
            shown.push_back(host_.data() + base * element_size_);
            return;
        }
        std::size_t later = 0;
        for (std::size_t k : shown_indices(axis, later)) collect(axis + 1, base + k * strides_[axis], shown);
    }

    // Appends `word` to `line`, first moving `line` to `out` when it would pass `width`.
    static void extend(std::string& out, std::string& line, const std::string& word, std::size_t width,
                       const std::string& indent) {
        if (line.size() + word.size() > width && line.size() > indent.size()) {
            out += line.substr(0, line.find_last_not_of(' ') + 1) + "\n";
            line = indent;
        }
        line += word;
    }

    std::string nested(std::size_t axis, std::size_t base, const std::string& indent, std::size_t width) const {
        std::size_t later = 0;
        const std::vector<std::size_t> indices = shown_indices(axis, later);
        const std::string inner_indent = indent + " ";
        const auto item = [&](std::size_t k) {
            const std::size_t at = base + k * strides_[axis];
            return axis + 1 == shape_.size() ? formatter_->format(host_.data() + at * element_size_)
                                             : nested(axis + 1, at, inner_indent, width - 1);
        };

        std::string out;
        if (axis + 1 == shape_.size()) {
            // Every line keeps a column free for the closing bracket.
            const std::size_t element_width = width - 1;
            std::string line = indent;
            for (std::size_t p = 0; p < indices.size(); ++p) {
                if (p == later) {
                    extend(out, line, "...", element_width, indent);
                    line += " ";
                }
                extend(out, line, item(indices[p]), element_width, indent);
                if (p + 1 < indices.size()) line += " ";
            }
            out += line;
        } else {
            const std::string row_separator(shape_.size() - axis - 1, '\n');
            for (std::size_t p = 0; p < indices.size(); ++p) {
                if (p == later) out += indent + "..." + row_separator;
                out += indent + item(indices[p]);
                if (p + 1 < indices.size()) out += row_separator;
            }
        }
        return "[" + out.substr(indent.size()) + "]";
    }

    const std::vector<std::size_t>& shape_;
    std::size_t element_size_;
    const std::vector<std::byte>& host_;
    bool summarise_;
    std::vector<std::size_t> strides_;
    std::unique_ptr<ElementFormatter> formatter_;
};

} // namespace

std::string format_array(const ArrayData& array) {
    if (array.size() == 0) return "[]";
    std::vector<std::byte> host(array.nbytes());
    contiguous(array).read(host.data(), host.size());
    return Layout(array, host).text();
}

} // namespace rtcg::detail
