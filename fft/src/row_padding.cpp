#include "row_padding.hpp"

#include <algorithm>
#include <vector>

namespace rtcg::detail::fft {
namespace {

// Local memory serves 128 bytes of its banks at a time (a wavefront): the elements of that many
// bytes' neighbouring work-items at best, one more wavefront for each further work-item whose
// element falls in a bank already taken at another address.
constexpr std::size_t wavefront_bytes = 128;

// Point e's element in its row (FFT_SLOT in block/local_pass.rtcg).
std::size_t skewed_slot(std::size_t e) { return e + e / 16; }

// The wavefronts of one access by every work-item of a group of `shape` in its first round, rows
// `row` elements apart, `turn` elements a wavefront. Work-item id takes row id % group and
// butterfly id / group where it moves points `across` the rows, else row id / threads and
// butterfly id % threads (fft_moved_row and fft_first_moved_point in block/pass_rows.rtcg), one of
// `butterflies`, whose element is `point_of(butterfly)` in its row.
template <class PointOf>
std::size_t wavefronts(const PassShape& shape, std::size_t row, std::size_t turn, bool across, std::size_t butterflies,
                       PointOf point_of) {
    const std::size_t items = shape.group * shape.threads;
    std::size_t total = 0;
    std::vector<std::size_t> taken(turn);
    for (std::size_t first = 0; first < items; first += turn) {
        std::fill(taken.begin(), taken.end(), 0);
        std::size_t most = 0;
        for (std::size_t id = first; id < std::min(items, first + turn); ++id) {
            const std::size_t h = across ? id % shape.group : id / shape.threads;
            const std::size_t butterfly = across ? id / shape.group : id % shape.threads;
            if (butterfly >= butterflies) continue;
            most = std::max(most, ++taken[(h * row + skewed_slot(point_of(butterfly))) % turn]);
        }
        total += most;
    }
    return total;
}

// The wavefronts of the pass's accesses that depend on how far apart its rows are, `row`
// elements: the first local pass's stores (butterfly i writes points i P + q, ns being 1) and the
// last one's loads (butterfly i reads points i + r R / P), each of every point a butterfly moves,
// `across` the rows or along them (the middle passes move along a row).
std::size_t row_wavefronts(const PassShape& shape, std::size_t row, std::size_t turn, bool across) {
    const std::size_t first = shape.radices.front(), last = shape.radices.back();
    const std::size_t last_butterflies = shape.points / last;
    std::size_t total = 0;
    for (std::size_t q = 0; q < first; ++q)
        total += wavefronts(shape, row, turn, across, shape.points / first,
                            [first, q](std::size_t i) { return i * first + q; });
    for (std::size_t r = 0; r < last; ++r)
        total += wavefronts(shape, row, turn, across, last_butterflies,
                            [last_butterflies, r](std::size_t i) { return i + r * last_butterflies; });
    return total;
}

} // namespace

std::size_t skewed_row(std::size_t points) { return points + (points - 1) / 16; }

std::size_t row_length(const PassShape& shape, std::size_t element_bytes, bool padded, bool contiguous) {
    const std::size_t skewed = skewed_row(shape.points);
    if (!padded || shape.group <= 1) return skewed;
    const std::size_t turned = (skewed + 15) / 16 * 16;
    // A pass of one local pass keeps its points in registers: its rows are not read.
    if (shape.radices.size() <= 1) return turned + 1;
    const std::size_t turn = std::max<std::size_t>(2, wavefront_bytes / element_bytes);
    std::size_t best_padding = 1;
    // A pass of a contiguous axis's whole transforms moves its points along the rows; every other
    // one reads them across the rows, and all but a first pass of several write them so too.
    const bool across = !contiguous;
    std::size_t fewest = row_wavefronts(shape, turned + 1, turn, across);
    for (std::size_t padding = 2; padding < turn; ++padding) {
        const std::size_t count = row_wavefronts(shape, turned + padding, turn, across);
        if (count < fewest) {
            fewest = count;
            best_padding = padding;
        }
    }
    return turned + best_padding;
}

} // namespace rtcg::detail::fft
