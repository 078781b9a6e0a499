// Matrix Market coordinate files (matrix_market.hpp): a line-by-line reader that names the line
// and what it expected at each fault, and a writer of every form it reads.
#include "instantiate.hpp"
#include "values.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/sparse/matrix_market.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <complex>
#include <fstream>
#include <limits>
#include <map>
#include <utility>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace rtcg {
namespace {

using sparse_detail::is_complex_v;

enum class Field { real, integer, complex, pattern };
enum class Symmetry { general, symmetric, skew, hermitian };

// The line being read, for messages.
struct Reader {
    std::istream& in;
    const std::string& name;
    std::size_t line_number = 0;
    std::string line;

    [[noreturn]] void fail(const std::string& what) const {
        throw InvalidArgument(name + ":" + std::to_string(line_number) + ": " + what, "read_matrix_market");
    }
    // The next line that is not a comment or blank; false at the end.
    bool next_data_line() {
        while (std::getline(in, line)) {
            ++line_number;
            if (!line.empty() && line.back() == '\r') line.pop_back();
            const auto first = line.find_first_not_of(" \t");
            if (first == std::string::npos || line[first] == '%') continue;
            return true;
        }
        return false;
    }
};

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::vector<std::string_view> fields_of(std::string_view line) {
    std::vector<std::string_view> fields;
    std::size_t at = 0;
    while (true) {
        at = line.find_first_not_of(" \t", at);
        if (at == std::string_view::npos) return fields;
        const std::size_t end = std::min(line.find_first_of(" \t", at), line.size());
        fields.push_back(line.substr(at, end - at));
        at = end;
    }
}

bool parse_unsigned(std::string_view text, unsigned long long& value) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc{} && end == text.data() + text.size();
}

bool parse_double(std::string_view text, double& value) {
    // strtod rather than from_chars: it reads inf, nan and hexadecimal floats, as files may hold.
    const std::string copy(text);
    char* end = nullptr;
    value = std::strtod(copy.c_str(), &end);
    return !copy.empty() && end == copy.c_str() + copy.size();
}

template <class T>
T conjugate(const T& v) {
    if constexpr (is_complex_v<T>)
        return std::conj(v);
    else
        return v;
}

} // namespace

template <SparseValue T, SparseIndex I>
HostCoo<T, I> read_matrix_market(std::istream& in, const std::string& name) {
    Reader reader{in, name, 0, {}};
    if (!std::getline(in, reader.line)) {
        reader.line_number = 1;
        reader.fail("expected the banner '%%MatrixMarket matrix coordinate <field> <symmetry>', found an empty file");
    }
    reader.line_number = 1;
    if (!reader.line.empty() && reader.line.back() == '\r') reader.line.pop_back();
    const auto banner = fields_of(reader.line);
    if (banner.size() != 5 || lower(std::string(banner[0])) != "%%matrixmarket" ||
        lower(std::string(banner[1])) != "matrix")
        reader.fail("expected the banner '%%MatrixMarket matrix coordinate <field> <symmetry>', found '" + reader.line +
                    "'");
    if (lower(std::string(banner[2])) != "coordinate")
        reader.fail("expected the format 'coordinate' (the only one read), found '" + std::string(banner[2]) + "'");
    const std::string field_name = lower(std::string(banner[3]));
    const std::string symmetry_name = lower(std::string(banner[4]));
    Field field{};
    if (field_name == "real")
        field = Field::real;
    else if (field_name == "integer")
        field = Field::integer;
    else if (field_name == "complex")
        field = Field::complex;
    else if (field_name == "pattern")
        field = Field::pattern;
    else
        reader.fail("expected the field 'real', 'integer', 'complex' or 'pattern', found '" + field_name + "'");
    Symmetry symmetry{};
    if (symmetry_name == "general")
        symmetry = Symmetry::general;
    else if (symmetry_name == "symmetric")
        symmetry = Symmetry::symmetric;
    else if (symmetry_name == "skew-symmetric")
        symmetry = Symmetry::skew;
    else if (symmetry_name == "hermitian" && field == Field::complex)
        symmetry = Symmetry::hermitian;
    else
        reader.fail("expected the symmetry 'general', 'symmetric', 'skew-symmetric' or (complex) 'hermitian', found '" +
                    symmetry_name + "'");
    if (field == Field::complex && !is_complex_v<T>)
        reader.fail("the file holds complex values, which cannot be read into a real matrix");
    if (field == Field::pattern && symmetry == Symmetry::skew) reader.fail("a pattern matrix cannot be skew-symmetric");

    if (!reader.next_data_line()) {
        ++reader.line_number;
        reader.fail("expected the size line '<rows> <columns> <entries>', found the end of the file");
    }
    const auto size = fields_of(reader.line);
    unsigned long long rows = 0, cols = 0, entries = 0;
    if (size.size() != 3 || !parse_unsigned(size[0], rows) || !parse_unsigned(size[1], cols) ||
        !parse_unsigned(size[2], entries))
        reader.fail("expected the size line '<rows> <columns> <entries>' (three non-negative integers), found '" +
                    reader.line + "'");
    constexpr auto most = static_cast<unsigned long long>(std::numeric_limits<I>::max());
    const unsigned long long stored = symmetry == Symmetry::general ? entries : 2 * entries;
    if (rows > most || cols > most || entries > most / 2 || stored > most)
        reader.fail("a " + std::to_string(rows) + " x " + std::to_string(cols) + " matrix of " +
                    std::to_string(entries) + " entries does not fit " + std::to_string(8 * sizeof(I)) +
                    "-bit indices");
    if (symmetry != Symmetry::general && rows != cols)
        reader.fail("a " + symmetry_name + " matrix must be square, not " + std::to_string(rows) + " x " +
                    std::to_string(cols));

    HostCoo<T, I> coo{static_cast<std::size_t>(rows), static_cast<std::size_t>(cols), {}, {}, {}};
    const std::size_t values_per_entry = field == Field::pattern ? 0 : field == Field::complex ? 2 : 1;
    const std::string expected = "expected an entry '<row> <column>" +
                                 std::string(values_per_entry == 0 ? ""
                                             : values_per_entry == 1
                                                 ? (field == Field::integer ? " <integer>" : " <real>")
                                                 : " <real> <imaginary>") +
                                 "' with indices from 1";
    for (unsigned long long e = 0; e < entries; ++e) {
        if (!reader.next_data_line()) {
            ++reader.line_number;
            reader.fail(expected + " (entry " + std::to_string(e + 1) + " of " + std::to_string(entries) +
                        "), found the end of the file");
        }
        const auto parts = fields_of(reader.line);
        unsigned long long r = 0, c = 0;
        if (parts.size() != 2 + values_per_entry || !parse_unsigned(parts[0], r) || !parse_unsigned(parts[1], c))
            reader.fail(expected + ", found '" + reader.line + "'");
        if (r < 1 || r > rows || c < 1 || c > cols)
            reader.fail("expected indices in [1, " + std::to_string(rows) + "] x [1, " + std::to_string(cols) +
                        "], found (" + std::to_string(r) + ", " + std::to_string(c) + ")");
        double re = 1, im = 0;
        if (values_per_entry >= 1) {
            if (field == Field::integer) {
                long long integer = 0;
                const auto [end, error] = std::from_chars(parts[2].data(), parts[2].data() + parts[2].size(), integer);
                if (error != std::errc{} || end != parts[2].data() + parts[2].size())
                    reader.fail("expected an integer value, found '" + std::string(parts[2]) + "'");
                re = static_cast<double>(integer);
            } else if (!parse_double(parts[2], re)) {
                reader.fail("expected a real value, found '" + std::string(parts[2]) + "'");
            }
        }
        if (values_per_entry == 2 && !parse_double(parts[3], im))
            reader.fail("expected an imaginary part, found '" + std::string(parts[3]) + "'");
        if ((symmetry == Symmetry::symmetric || symmetry == Symmetry::hermitian) && c > r)
            reader.fail("a " + symmetry_name + " file holds the lower triangle only, found (" + std::to_string(r) +
                        ", " + std::to_string(c) + ") above the diagonal");
        if (symmetry == Symmetry::skew && c >= r)
            reader.fail("a skew-symmetric file holds the strict lower triangle only, found (" + std::to_string(r) +
                        ", " + std::to_string(c) + ")");
        const T value = sparse_detail::value_of<T>(re, im);
        coo.row.push_back(static_cast<I>(r - 1));
        coo.col.push_back(static_cast<I>(c - 1));
        coo.values.push_back(value);
        if (symmetry != Symmetry::general && r != c) {
            coo.row.push_back(static_cast<I>(c - 1));
            coo.col.push_back(static_cast<I>(r - 1));
            coo.values.push_back(symmetry == Symmetry::skew        ? -value
                                 : symmetry == Symmetry::hermitian ? conjugate(value)
                                                                   : value);
        }
    }
    if (reader.next_data_line())
        reader.fail("expected the end of the file after " + std::to_string(entries) + " entries, found '" +
                    reader.line + "'");
    return coo;
}

template <SparseValue T, SparseIndex I>
HostCoo<T, I> read_matrix_market(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw InvalidArgument("cannot open '" + path + "' for reading", "read_matrix_market");
    return read_matrix_market<T, I>(in, path);
}

namespace {

const char* field_name(MatrixMarketField field) {
    switch (field) {
    case MatrixMarketField::real: return "real";
    case MatrixMarketField::integer: return "integer";
    case MatrixMarketField::complex: return "complex";
    case MatrixMarketField::pattern: return "pattern";
    case MatrixMarketField::automatic: break;
    }
    return "automatic";
}

const char* symmetry_name(MatrixMarketSymmetry symmetry) {
    switch (symmetry) {
    case MatrixMarketSymmetry::symmetric: return "symmetric";
    case MatrixMarketSymmetry::skew_symmetric: return "skew-symmetric";
    case MatrixMarketSymmetry::hermitian: return "hermitian";
    case MatrixMarketSymmetry::general: break;
    }
    return "general";
}

template <class T>
std::string value_text(const T& value) {
    std::ostringstream text;
    if constexpr (is_complex_v<T>)
        text << value.real() << (value.imag() < 0 ? "" : "+") << value.imag() << 'i';
    else
        text << value;
    return text.str();
}

// The field `format` asks for, made concrete for values of T; InvalidArgument where the
// specification has no such file (hermitian needs complex values; pattern files are general or
// symmetric) or where T's values do not fit it.
template <class T>
MatrixMarketField checked_field(const MatrixMarketFormat& format) {
    const MatrixMarketField field = format.field != MatrixMarketField::automatic ? format.field
                                    : is_complex_v<T>                              ? MatrixMarketField::complex
                                                                                   : MatrixMarketField::real;
    const auto refuse = [&](const std::string& why) {
        throw InvalidArgument(std::string("a ") + field_name(field) + " " + symmetry_name(format.symmetry) +
                                  " file " + why,
                              "write_matrix_market");
    };
    if (is_complex_v<T> && (field == MatrixMarketField::real || field == MatrixMarketField::integer))
        refuse("cannot hold complex values (write them as complex or pattern)");
    if (format.symmetry == MatrixMarketSymmetry::hermitian && field != MatrixMarketField::complex)
        refuse("does not exist: hermitian files are complex");
    if (field == MatrixMarketField::pattern && format.symmetry != MatrixMarketSymmetry::general &&
        format.symmetry != MatrixMarketSymmetry::symmetric)
        refuse("does not exist: pattern files are general or symmetric");
    return field;
}

// The entries of `coo` that a file of `symmetry` holds, duplicates summed, after checking that the
// matrix has that symmetry (for pattern files, that its positions do); all of them as given for
// general files.
template <SparseValue T, SparseIndex I>
HostCoo<T, I> entries_to_write(const HostCoo<T, I>& coo, MatrixMarketSymmetry symmetry, bool pattern) {
    if (symmetry == MatrixMarketSymmetry::general) return coo;
    std::map<std::pair<long long, long long>, T> summed;
    for (std::size_t k = 0; k < coo.values.size(); ++k)
        summed[{static_cast<long long>(coo.row[k]), static_cast<long long>(coo.col[k])}] += coo.values[k];
    HostCoo<T, I> lower{coo.rows, coo.cols, {}, {}, {}};
    if (coo.rows != coo.cols)
        throw InvalidArgument("a " + std::string(symmetry_name(symmetry)) + " file holds a square matrix, not " +
                                  std::to_string(coo.rows) + " x " + std::to_string(coo.cols),
                              "write_matrix_market");
    for (const auto& [position, value] : summed) {
        const auto [r, c] = position;
        const auto mirror_at = summed.find({c, r});
        const bool mirrored = mirror_at != summed.end();
        const T mirror = mirrored ? mirror_at->second : T{};
        const T expected = symmetry == MatrixMarketSymmetry::skew_symmetric ? -value
                           : symmetry == MatrixMarketSymmetry::hermitian    ? conjugate(value)
                                                                            : value;
        if (pattern ? !mirrored : !(mirror == expected))
            throw InvalidArgument("the matrix is not " + std::string(symmetry_name(symmetry)) + ": (" +
                                      std::to_string(r + 1) + ", " + std::to_string(c + 1) + ") is " +
                                      value_text(value) + " but (" + std::to_string(c + 1) + ", " +
                                      std::to_string(r + 1) + ") is " + (mirrored ? value_text(mirror) : "absent"),
                                  "write_matrix_market");
        if (r < c || (r == c && symmetry == MatrixMarketSymmetry::skew_symmetric)) continue;
        lower.row.push_back(static_cast<I>(r));
        lower.col.push_back(static_cast<I>(c));
        lower.values.push_back(value);
    }
    return lower;
}

// Whether a real value is an integer that an integer field's reader takes (within int64).
template <class T>
bool integral(const T& value) {
    if constexpr (is_complex_v<T>) {
        return false;
    } else {
        const auto v = static_cast<long double>(value);
        return std::isfinite(v) && std::trunc(v) == v && std::fabs(v) < 0x1p63L;
    }
}

} // namespace

template <SparseValue T, SparseIndex I>
void write_matrix_market(std::ostream& out, const HostCoo<T, I>& coo, const MatrixMarketFormat& format) {
    detail::check_coo_shape(coo, "write_matrix_market");
    const MatrixMarketField field = checked_field<T>(format);
    const HostCoo<T, I> entries = entries_to_write(coo, format.symmetry, field == MatrixMarketField::pattern);
    if (field == MatrixMarketField::integer)
        for (std::size_t k = 0; k < entries.values.size(); ++k)
            if (!integral(entries.values[k]))
                throw InvalidArgument("an integer file holds integers, and (" +
                                          std::to_string(static_cast<long long>(entries.row[k]) + 1) + ", " +
                                          std::to_string(static_cast<long long>(entries.col[k]) + 1) + ") is " +
                                          value_text(entries.values[k]),
                                      "write_matrix_market");
    std::ostringstream text;
    text.precision(std::numeric_limits<
                   typename std::conditional_t<is_complex_v<T>, T, std::complex<T>>::value_type>::max_digits10);
    text << "%%MatrixMarket matrix coordinate " << field_name(field) << ' ' << symmetry_name(format.symmetry) << '\n';
    text << entries.rows << ' ' << entries.cols << ' ' << entries.values.size() << '\n';
    for (std::size_t k = 0; k < entries.values.size(); ++k) {
        text << static_cast<long long>(entries.row[k]) + 1 << ' ' << static_cast<long long>(entries.col[k]) + 1;
        const T& value = entries.values[k];
        if (field == MatrixMarketField::integer) {
            if constexpr (!is_complex_v<T>) text << ' ' << static_cast<long long>(value);
        } else if (field == MatrixMarketField::complex) {
            if constexpr (is_complex_v<T>)
                text << ' ' << value.real() << ' ' << value.imag();
            else
                text << ' ' << value << " 0";
        } else if (field == MatrixMarketField::real) {
            text << ' ' << value;
        }
        text << '\n';
    }
    out << text.str();
    if (!out) throw Error("the stream refused the matrix", "write_matrix_market");
}

template <SparseValue T, SparseIndex I>
void write_matrix_market(std::ostream& out, const HostCsr<T, I>& csr, const MatrixMarketFormat& format) {
    detail::check_csr(csr, "write_matrix_market");
    HostCoo<T, I> coo{csr.rows, csr.cols, {}, csr.col_indices, csr.values};
    coo.row.reserve(csr.nnz());
    for (std::size_t r = 0; r < csr.rows; ++r)
        coo.row.insert(coo.row.end(), static_cast<std::size_t>(csr.row_offsets[r + 1] - csr.row_offsets[r]),
                       static_cast<I>(r));
    write_matrix_market(out, coo, format);
}

namespace {

// Writes the matrix to `path` through `write` (the stream overloads), which checks it first: a
// matrix that does not fit the format leaves no file behind. Error when the file cannot be written.
template <class Matrix>
void write_file(const std::string& path, const Matrix& matrix, const MatrixMarketFormat& format) {
    std::ostringstream text;
    write_matrix_market(text, matrix, format);
    std::ofstream out(path);
    if (!out) throw Error("cannot open '" + path + "' for writing", "write_matrix_market");
    out << text.str();
    out.close();
    if (!out) throw Error("could not finish writing '" + path + "'", "write_matrix_market");
}

} // namespace

template <SparseValue T, SparseIndex I>
void write_matrix_market(const std::string& path, const HostCoo<T, I>& coo, const MatrixMarketFormat& format) {
    write_file(path, coo, format);
}

template <SparseValue T, SparseIndex I>
void write_matrix_market(const std::string& path, const HostCsr<T, I>& csr, const MatrixMarketFormat& format) {
    write_file(path, csr, format);
}

#define RTCG_SPARSE_INSTANTIATE(T, I)                                                                                  \
    template HostCoo<T, I> read_matrix_market(std::istream&, const std::string&);                                      \
    template HostCoo<T, I> read_matrix_market(const std::string&);                                                     \
    template void write_matrix_market(std::ostream&, const HostCoo<T, I>&, const MatrixMarketFormat&);                 \
    template void write_matrix_market(std::ostream&, const HostCsr<T, I>&, const MatrixMarketFormat&);                 \
    template void write_matrix_market(const std::string&, const HostCoo<T, I>&, const MatrixMarketFormat&);            \
    template void write_matrix_market(const std::string&, const HostCsr<T, I>&, const MatrixMarketFormat&);
RTCG_SPARSE_FOR_EACH_TYPE(RTCG_SPARSE_INSTANTIATE)

} // namespace rtcg
