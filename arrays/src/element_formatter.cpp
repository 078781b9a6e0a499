// numpy's element formats (numpy/_core/arrayprint.py, default options: precision 8, floatmode
// "maxprec", no suppression): integers right-aligned to the widest; bools " True"/"False";
// floats with their shortest round-trip digits (at most 8 after the point), the integer parts
// right-aligned and the fractions left-aligned, or in scientific notation when the largest
// magnitude reaches 1e8, the smallest non-zero is below 1e-4, or they differ by more than 1000
// times; complex numbers as a real and a signed imaginary column with "j"; structs as tuples.
#include "element_formatter.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <vector>

namespace rtcg::detail {
namespace {

using codegen::DType;
using codegen::TypeKind;

constexpr int max_fraction_digits = 8;

template <class T>
T load(const std::byte* bytes) {
    T value;
    std::memcpy(&value, bytes, sizeof(T));
    return value;
}

std::string pad_left(const std::string& text, std::size_t width) {
    return text.size() >= width ? text : std::string(width - text.size(), ' ') + text;
}

class BoolFormatter final : public ElementFormatter {
public:
    std::string format(const std::byte* element) const override {
        return load<std::uint8_t>(element) ? " True" : "False";
    }
};

class IntegerFormatter final : public ElementFormatter {
public:
    IntegerFormatter(const DType& type, std::span<const std::byte* const> shown) : type_(type) {
        for (const std::byte* element : shown) width_ = std::max(width_, text(element).size());
    }
    std::string format(const std::byte* element) const override { return pad_left(text(element), width_); }

private:
    std::string text(const std::byte* element) const {
        const bool is_signed = type_.is_signed();
        switch (type_.size()) {
        case 1: return is_signed ? std::to_string(load<std::int8_t>(element)) : std::to_string(load<std::uint8_t>(element));
        case 2: return is_signed ? std::to_string(load<std::int16_t>(element)) : std::to_string(load<std::uint16_t>(element));
        case 4: return is_signed ? std::to_string(load<std::int32_t>(element)) : std::to_string(load<std::uint32_t>(element));
        default: return is_signed ? std::to_string(load<std::int64_t>(element)) : std::to_string(load<std::uint64_t>(element));
        }
    }
    DType type_;
    std::size_t width_ = 0;
};

// A finite value's shortest round-trip digits, split around the point (and the exponent).
struct Digits {
    std::string integer;  // with the sign
    std::string fraction; // without trailing zeros
    std::string exponent; // "+09"; empty in positional notation
};

template <class T>
Digits shortest_digits(T value, bool scientific, bool force_sign) {
    char buffer[128];
    const auto format = scientific ? std::chars_format::scientific : std::chars_format::fixed;
    std::string text(buffer, std::to_chars(buffer, buffer + sizeof buffer, value, format).ptr);
    const auto point = text.find('.');
    const auto exponent_at = text.find('e');
    const std::size_t fraction_end = exponent_at == std::string::npos ? text.size() : exponent_at;
    if (point != std::string::npos && fraction_end - point - 1 > max_fraction_digits)
        text.assign(buffer, std::to_chars(buffer, buffer + sizeof buffer, value, format, max_fraction_digits).ptr);

    Digits digits;
    const auto e = text.find('e');
    std::string mantissa = text.substr(0, e);
    if (e != std::string::npos) digits.exponent = text.substr(e + 1);
    const auto dot = mantissa.find('.');
    digits.integer = mantissa.substr(0, dot);
    if (dot != std::string::npos) digits.fraction = mantissa.substr(dot + 1);
    while (!digits.fraction.empty() && digits.fraction.back() == '0') digits.fraction.pop_back();
    if (force_sign && !std::signbit(value)) digits.integer.insert(0, "+");
    return digits;
}

class FloatFormatter final : public ElementFormatter {
public:
    // `values`: the shown values (as double; float32 ones keep float's shortest digits).
    FloatFormatter(bool is_float32, std::vector<double> values, bool force_sign)
        : float32_(is_float32), force_sign_(force_sign) {
        double largest = 0, smallest = INFINITY;
        bool any_finite = false, any_negative_infinity = false, any_non_finite = false;
        for (double v : values) {
            if (!std::isfinite(v)) {
                any_non_finite = true;
                any_negative_infinity |= std::isinf(v) && v < 0;
                continue;
            }
            any_finite = true;
            if (v != 0) largest = std::max(largest, std::abs(v)), smallest = std::min(smallest, std::abs(v));
        }
        scientific_ = largest != 0 && (largest >= 1e8 || smallest < 1e-4 || largest / smallest > 1e3);
        for (double v : values) {
            if (!std::isfinite(v)) continue;
            const Digits d = digits(v);
            integer_width_ = std::max(integer_width_, d.integer.size());
            fraction_width_ = std::max(fraction_width_, d.fraction.size());
            exponent_width_ = std::max(exponent_width_, d.exponent.size() ? d.exponent.size() - 1 : 0);
        }
        if (any_non_finite) {
            // "nan" and "-inf" right-aligned with the finite values, point and fraction included.
            const std::size_t after_integer = right_width() + 1;
            const std::size_t inf_width = 3 + (force_sign_ || any_negative_infinity);
            const std::size_t nan_width = 3 + force_sign_;
            for (std::size_t w : {nan_width, inf_width})
                if (w > after_integer) integer_width_ = std::max(integer_width_, w - after_integer);
            if (!any_finite) integer_width_ = std::max(nan_width, inf_width), fraction_width_ = 0;
        }
    }

    std::string format(const std::byte* element) const override {
        return text(float32_ ? load<float>(element) : load<double>(element));
    }

    std::string text(double v) const {
        if (!std::isfinite(v)) {
            const std::string word = std::isnan(v) ? (force_sign_ ? "+nan" : "nan")
                                                   : (v < 0 ? "-inf" : force_sign_ ? "+inf" : "inf");
            return pad_left(word, integer_width_ + 1 + right_width());
        }
        const Digits d = digits(v);
        std::string out = pad_left(d.integer, integer_width_) + "." + d.fraction;
        if (!scientific_) return out + std::string(fraction_width_ - d.fraction.size(), ' ');
        // Scientific notation: every mantissa with the same number of digits, zeros appended.
        out += std::string(fraction_width_ - d.fraction.size(), '0');
        const std::string exponent_digits = d.exponent.substr(1);
        return out + "e" + d.exponent[0] + std::string(exponent_width_ - exponent_digits.size(), '0') + exponent_digits;
    }

private:
    Digits digits(double v) const {
        return float32_ ? shortest_digits(static_cast<float>(v), scientific_, force_sign_)
                        : shortest_digits(v, scientific_, force_sign_);
    }
    std::size_t right_width() const { return fraction_width_ + (scientific_ ? exponent_width_ + 2 : 0); }

    bool float32_;
    bool force_sign_;
    bool scientific_ = false;
    std::size_t integer_width_ = 0;
    std::size_t fraction_width_ = 0;
    std::size_t exponent_width_ = 0;
};

std::vector<double> real_values(const DType& type, std::span<const std::byte* const> shown, std::size_t offset) {
    std::vector<double> values;
    for (const std::byte* element : shown)
        values.push_back(type.size() == 4 ? load<float>(element + offset) : load<double>(element + offset));
    return values;
}

class FloatingFormatter final : public ElementFormatter {
public:
    FloatingFormatter(const DType& type, std::span<const std::byte* const> shown)
        : formatter_(type.size() == 4, real_values(type, shown, 0), false) {}
    std::string format(const std::byte* element) const override { return formatter_.format(element); }

private:
    FloatFormatter formatter_;
};

class ComplexFormatter final : public ElementFormatter {
public:
    ComplexFormatter(const DType& type, std::span<const std::byte* const> shown)
        : part_size_(type.element().size()),
          real_(part_size_ == 4, real_values(type.element(), shown, 0), false),
          imag_(part_size_ == 4, real_values(type.element(), shown, part_size_), true) {}

    std::string format(const std::byte* element) const override {
        const std::string imag = imag_.format(element + part_size_);
        // The "j" goes before the padding that aligns the fractions.
        const std::size_t end = imag.find_last_not_of(' ') + 1;
        return real_.format(element) + imag.substr(0, end) + "j" + imag.substr(end);
    }

private:
    std::size_t part_size_;
    FloatFormatter real_;
    FloatFormatter imag_;
};

// One column per field (or vector lane), a field array printed as "[a b c]": "(1, [0.5 2. ])".
class TupleFormatter final : public ElementFormatter {
public:
    TupleFormatter(const DType& type, std::span<const std::byte* const> shown) {
        if (type.kind() == TypeKind::vector) {
            for (int lane = 0; lane < type.lanes(); ++lane)
                add_column(type.element(), shown, lane * type.element().size(), 0);
        } else {
            for (const auto& field : type.fields()) add_column(field.type, shown, field.offset, field.count);
        }
    }

    std::string format(const std::byte* element) const override {
        std::string out = "(";
        for (std::size_t c = 0; c < columns_.size(); ++c) {
            const Column& column = columns_[c];
            if (c) out += ", ";
            if (column.count == 0) {
                out += column.formatter->format(element + column.offset);
                continue;
            }
            out += "[";
            for (std::size_t k = 0; k < column.count; ++k)
                out += (k ? " " : "") + column.formatter->format(element + column.offset + k * column.stride);
            out += "]";
        }
        return out + (columns_.size() == 1 ? ",)" : ")");
    }

private:
    struct Column {
        std::size_t offset, count, stride;
        std::unique_ptr<ElementFormatter> formatter;
    };

    void add_column(const DType& type, std::span<const std::byte* const> shown, std::size_t offset, std::size_t count) {
        std::vector<const std::byte*> cells;
        for (const std::byte* element : shown)
            for (std::size_t k = 0; k < std::max<std::size_t>(count, 1); ++k)
                cells.push_back(element + offset + k * type.size());
        columns_.push_back(Column{offset, count, type.size(), make_formatter(type, cells)});
    }

    std::vector<Column> columns_;
};

} // namespace

std::unique_ptr<ElementFormatter> make_formatter(const DType& type, std::span<const std::byte* const> shown) {
    switch (type.kind()) {
    case TypeKind::boolean: return std::make_unique<BoolFormatter>();
    case TypeKind::signed_integer:
    case TypeKind::unsigned_integer: return std::make_unique<IntegerFormatter>(type, shown);
    case TypeKind::floating: return std::make_unique<FloatingFormatter>(type, shown);
    case TypeKind::complex: return std::make_unique<ComplexFormatter>(type, shown);
    case TypeKind::vector:
    case TypeKind::structure: break;
    }
    return std::make_unique<TupleFormatter>(type, shown);
}

} // namespace rtcg::detail
