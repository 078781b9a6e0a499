// Every transform length of a range against the long-double DFT: the complex transform forward and
// inverse in float32 and float64, and rfft and irfft of both, each within the accuracy tests'
// bound (reference_dft.hpp's error_bound). rtcg-fft-tests checks every length up to 64; compiling
// a program per length is most of the cost, so this program takes any range and a shard of it, and
// scripts/fft-every-size.sh runs the shards of 1..4096 as parallel processes.
//
//   rtcg-fft-every-size [--first=N] [--last=N] [--shard=K/M] [--complex-only] [--float32-only]
//
// The shard takes the lengths n of the range with n % M == K, which spreads long and short ones
// evenly. Prints each failure, a line every 64 lengths and a summary; exits 0 when every check passed, 1 when one failed,
// 2 for a bad command line and 77 when RTCG_BACKEND's backend is absent (as the test programs do).
#include "reference_dft.hpp"

#include <rtcg/fft.hpp>

#include <charconv>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace rtcg::test::fft;
using rtcg::fft::Direction;

struct Range {
    std::size_t first = 1, last = 4096;
    std::size_t shard = 0, shards = 1;
    bool real = true;    // rfft and irfft as well as the complex transform
    bool float64 = true; // float64 as well as float32, where the device has it
};

bool parse_number(std::string_view text, std::size_t& value) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size();
}

bool parse(int argc, char** argv, Range& range) {
    for (int k = 1; k < argc; ++k) {
        const std::string_view argument(argv[k]);
        const auto value = [&](std::string_view prefix) {
            return argument.starts_with(prefix) ? argument.substr(prefix.size()) : std::string_view();
        };
        if (argument == "--complex-only") range.real = false;
        else if (argument == "--float32-only") range.float64 = false;
        else if (argument.starts_with("--first=")) {
            if (!parse_number(value("--first="), range.first)) return false;
        } else if (argument.starts_with("--last=")) {
            if (!parse_number(value("--last="), range.last)) return false;
        } else if (argument.starts_with("--shard=")) {
            const std::string_view shard = value("--shard=");
            const std::size_t slash = shard.find('/');
            if (slash == std::string_view::npos || !parse_number(shard.substr(0, slash), range.shard) ||
                !parse_number(shard.substr(slash + 1), range.shards))
                return false;
        } else
            return false;
    }
    return range.first >= 1 && range.first <= range.last && range.shards >= 1 && range.shard < range.shards;
}

// The checks of one run: how many, the failures, and the largest error as a fraction of its bound.
struct Tally {
    std::size_t checks = 0, failures = 0;
    double worst = 0;
    std::size_t worst_n = 0;
    std::string worst_what;

    void add(std::size_t n, const std::string& what, double error, double bound) {
        ++checks;
        const double share = error / bound;
        if (!(share <= 1)) {
            ++failures;
            std::printf("FAILED n = %zu, %s: relative error %.3e, bound %.3e\n", n, what.c_str(), error, bound);
        }
        if (!(share <= worst)) {
            worst = share;
            worst_n = n;
            worst_what = what;
        }
    }
};

// One length's exact transforms: the forward DFT of each line of the complex points and of their
// real parts, and the inverse real DFT of the rounded real spectrum.
struct Reference {
    std::vector<std::complex<float>> points; // batch lines of n, exact in float64 too
    std::vector<std::vector<Exact>> forward; // per line
};

constexpr std::size_t batch = 2;

Reference reference(std::size_t n) {
    Reference r{random_points<float>(batch * n, static_cast<unsigned>(n)), {}};
    for (std::size_t b = 0; b < batch; ++b)
        r.forward.push_back(dft(exact(std::vector<std::complex<float>>(r.points.begin() + static_cast<std::ptrdiff_t>(b * n),
                                                                       r.points.begin() + static_cast<std::ptrdiff_t>((b + 1) * n))),
                                -1));
    return r;
}

// The inverse DFT of x, scaled by 1 / n, from its forward DFT X: X at -k mod n, over n.
std::vector<Exact> inverse_from_forward(const std::vector<Exact>& forward) {
    const std::size_t n = forward.size();
    std::vector<Exact> inverse(n);
    for (std::size_t k = 0; k < n; ++k) inverse[k] = forward[(n - k) % n] / static_cast<long double>(n);
    return inverse;
}

// The first n / 2 + 1 points of the DFT of x's real parts: (X_k + conj(X_{-k})) / 2.
std::vector<Exact> real_spectrum(const std::vector<Exact>& forward) {
    const std::size_t n = forward.size();
    std::vector<Exact> half(n / 2 + 1);
    for (std::size_t k = 0; k < half.size(); ++k) half[k] = (forward[k] + std::conj(forward[(n - k) % n])) / 2.0L;
    return half;
}

// numpy's irfft of `half` to n points: the Hermitian extension's inverse DFT, the imaginary parts
// of the first point and (n even) of the last ignored.
std::vector<long double> inverse_real_dft(const std::vector<Exact>& half, std::size_t n) {
    const std::vector<Exact> roots = roots_of_unity(n, +1);
    std::vector<long double> x(n);
    for (std::size_t j = 0; j < n; ++j) {
        long double sum = half[0].real();
        std::size_t m = 0; // j k mod n, stepped
        for (std::size_t k = 1; 2 * k < n; ++k) {
            m += j;
            if (m >= n) m -= n;
            sum += 2 * (half[k] * roots[m]).real();
        }
        if (n % 2 == 0) sum += (j % 2 == 0 ? 1 : -1) * half[n / 2].real();
        x[j] = sum / static_cast<long double>(n);
    }
    return x;
}

template <class Real>
std::string label(const char* transform) {
    return std::string(transform) + (sizeof(Real) == 4 ? ", float32" : ", float64");
}

template <class Real>
void check_length(const rtcg::Context& context, std::size_t n, const Reference& r, bool real, Tally& tally) {
    using Complex = std::complex<Real>;
    const std::vector<Complex> points(r.points.begin(), r.points.end());
    const auto x = rtcg::Array<Complex>::to_device(context, points, {batch, n});
    const rtcg::codegen::DType dtype = x.dtype();
    for (const Direction direction : {Direction::forward, Direction::inverse}) {
        const rtcg::fft::Plan plan(context, x.shape(), {-1}, dtype, direction);
        const std::vector<Complex> got = plan(x).get();
        for (std::size_t b = 0; b < batch; ++b) {
            const std::vector<Exact> want = direction == Direction::forward ? r.forward[b] : inverse_from_forward(r.forward[b]);
            const std::vector<Complex> line(got.begin() + static_cast<std::ptrdiff_t>(b * n),
                                            got.begin() + static_cast<std::ptrdiff_t>((b + 1) * n));
            tally.add(n, label<Real>(direction == Direction::forward ? "fft" : "ifft"), relative_error(line, want),
                      error_bound<Real>(n));
        }
    }
    if (!real) return;

    std::vector<Real> real_points(batch * n);
    for (std::size_t k = 0; k < real_points.size(); ++k) real_points[k] = static_cast<Real>(r.points[k].real());
    const std::vector<Complex> spectrum = rtcg::fft::rfft(rtcg::Array<Real>::to_device(context, real_points, {batch, n})).get();
    const std::size_t m = n / 2 + 1;
    std::vector<Complex> rounded(batch * m);
    for (std::size_t b = 0; b < batch; ++b) {
        const std::vector<Exact> want = real_spectrum(r.forward[b]);
        const std::vector<Complex> line(spectrum.begin() + static_cast<std::ptrdiff_t>(b * m),
                                        spectrum.begin() + static_cast<std::ptrdiff_t>((b + 1) * m));
        tally.add(n, label<Real>("rfft"), relative_error(line, want), error_bound<Real>(n));
        for (std::size_t k = 0; k < m; ++k)
            rounded[b * m + k] = Complex(static_cast<Real>(want[k].real()), static_cast<Real>(want[k].imag()));
    }
    const std::vector<Real> back = rtcg::fft::irfft(rtcg::Array<Complex>::to_device(context, rounded, {batch, m}), n).get();
    for (std::size_t b = 0; b < batch; ++b) {
        const std::vector<long double> want = inverse_real_dft(
            std::vector<Exact>(rounded.begin() + static_cast<std::ptrdiff_t>(b * m),
                               rounded.begin() + static_cast<std::ptrdiff_t>((b + 1) * m)),
            n);
        std::vector<Complex> line(n);
        std::vector<Exact> exact_line(n);
        for (std::size_t j = 0; j < n; ++j) {
            line[j] = back[b * n + j];
            exact_line[j] = want[j];
        }
        tally.add(n, label<Real>("irfft"), relative_error(line, exact_line), error_bound<Real>(n));
    }
}

} // namespace

int main(int argc, char** argv) {
    Range range;
    if (!parse(argc, argv, range)) {
        std::fprintf(stderr, "usage: %s [--first=N] [--last=N] [--shard=K/M] [--complex-only] [--float32-only]\n"
                             "  (1 <= first <= last, 0 <= K < M)\n",
                     argv[0]);
        return 2;
    }
    std::optional<rtcg::Context> context;
    try {
        context = rtcg::Context::from_environment();
    } catch (const rtcg::BackendUnavailable& e) {
        std::printf("skipped: %s\n", e.what());
        return 77;
    }
    const bool float64 = range.float64 && context->device().supports_fp64;
    std::printf("every length from %zu to %zu, shard %zu of %zu, on %s: %s; %s%s\n", range.first, range.last,
                range.shard, range.shards, context->selector().c_str(), context->device().name.c_str(),
                float64 ? "float32 and float64" : "float32", range.real ? ", complex and real" : ", complex");
    Tally tally;
    std::size_t lengths = 0;
    try {
        for (std::size_t n = range.first; n <= range.last; ++n) {
            if (n % range.shards != range.shard) continue;
            const Reference r = reference(n);
            check_length<float>(*context, n, r, range.real, tally);
            if (float64) check_length<double>(*context, n, r, range.real, tally);
            // A line now and then, so that a run cut short still shows how far it came.
            if (++lengths % 64 == 0) {
                std::printf("%zu lengths checked, up to n = %zu, %zu failed\n", lengths, n, tally.failures);
                std::fflush(stdout);
            }
        }
    } catch (const std::exception& e) {
        std::printf("FAILED: %s\n", e.what());
        return 1;
    }
    std::printf("%zu lengths, %zu checks, %zu failed; the largest error is %.3f of its bound (n = %zu, %s)\n", lengths,
                tally.checks, tally.failures, tally.worst, tally.worst_n, tally.worst_what.c_str());
    return tally.failures == 0 ? 0 : 1;
}
