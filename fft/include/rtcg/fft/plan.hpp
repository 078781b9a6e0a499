#pragma once
/// \file
/// FFT plans: complex-to-complex discrete Fourier transforms of Arrays over chosen axes, with
/// kernels generated at run time for the transform's sizes and the device, compiled once per plan.
///
/// \code
///   auto x = rtcg::Array<std::complex<float>>::to_device(ctx, values, {64, 1000});
///   rtcg::fft::Plan plan(ctx, x.shape(), {1}, x.dtype(), rtcg::fft::Direction::forward);
///   auto y = rtcg::Array<std::complex<float>>::empty_like(x);
///   plan.execute(x, y);                 // y[b, k] = sum_j x[b, j] exp(-2 pi i j k / 1000)
///   plan.execute(y, y);                 // in place: the output may be the input
/// \endcode
///
/// The forward transform is numpy.fft's: X_k = sum_j x_j exp(-2 pi i j k / n); the inverse has
/// exp(+2 pi i j k / n). Norm scales them as numpy's `norm` argument does (the product of the
/// transformed axes' sizes is n): Norm::backward leaves the forward transform unscaled and divides
/// the inverse by n, Norm::ortho divides both by sqrt(n), Norm::forward divides the forward one.
///
/// Any size: a transform that fits a work-group's local memory is one kernel, its radix passes
/// (2, 3, 4, 5, 7, 8 and any odd prime up to 31) all in local memory; a longer one takes several
/// passes over global memory (a Stockham autosort FFT whose radices are whole local-memory FFTs);
/// a size with a prime factor above 31 goes through Bluestein's algorithm, a convolution of a
/// power-of-two size. The roots of unity come from tables computed on the host in long double,
/// never from sin and cos of rounded arguments on the device.
///
/// An n-d transform is one 1-D transform per axis, one after another. An axis of an array whose
/// other axes lie as in a C- or F-ordered array (a view of one included) is transformed in place
/// of its strides; any other layout is first copied into a contiguous array (and the result
/// copied back into the output).
#include <rtcg/arrays/array.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/export.hpp>

#include <complex>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace rtcg::fft {

/// The direction of a transform: the sign of the exponent.
enum class Direction {
    forward, ///< exp(-2 pi i j k / n)
    inverse  ///< exp(+2 pi i j k / n)
};

/// numpy.fft's normalisation modes (n: the number of points transformed, the product of the axes').
enum class Norm {
    backward, ///< forward unscaled, inverse divided by n (numpy's default)
    ortho,    ///< both divided by sqrt(n)
    forward   ///< forward divided by n, inverse unscaled
};

/// How a plan chooses the kernel of each transform that fits a work-group's local memory (one
/// pass): the radices of its local passes, the transforms per work-group, the padding of their
/// rows and a register cap; and the layout of a longer transform's passes over global memory: the
/// local memory each work-group takes (which decides how many passes, or one wide one), its
/// work-items, the passes' order (the longest first, or all from the shortest), and whether odd
/// factors merge into radices of up to 15 or of up to 27 (fewer local passes). The tuning
/// database (rtcg/tuning/database.hpp, under the compile cache's directory) keeps a choice per
/// device, length, precision and layout (a contiguous last axis or a strided one), and apart for
/// the kernels of real transforms (RealPlan), which fuse a real step. The kernels of a longer
/// transform's passes use the built-in choices within the layout.
enum class Tuning {
    built_in, ///< the built-in rules, measured on an H100
    stored,   ///< the database's choice where it has one, else the built-in one
    tune,     ///< the database's choice, else every candidate timed now and the fastest stored
};

/// "forward" or "inverse".
RTCG_API const char* to_string(Direction direction) noexcept;
/// "backward", "ortho" or "forward".
RTCG_API const char* to_string(Norm norm) noexcept;

/// A complex-to-complex transform of arrays of one shape and element type over chosen axes, its
/// kernels compiled when it is made; executing it launches them, nothing more. Copies share the
/// plan.
class RTCG_API Plan {
public:
    /// The transform over `axes` (negative counting from the end; each once; empty: every axis) of
    /// arrays of `shape` and `dtype` (complex64 or complex128), for the context's device.
    /// InvalidArgument for another dtype, an axis out of range or repeated, a transformed axis
    /// of size 0, or complex128 on a device without double precision. `tuning`: see Tuning; with
    /// Tuning::tune the constructor times the candidates of each one-pass length the database
    /// lacks (compiling each), and the layouts of the passes of each longer one, which takes
    /// seconds; tuning::TuningFailed when no one-pass candidate is correct (a layout whose result
    /// differs from the built-in one's is passed over).
    Plan(const Context& context, std::vector<std::size_t> shape, std::vector<std::int64_t> axes,
         const codegen::DType& dtype, Direction direction, Norm norm = Norm::backward,
         Tuning tuning = Tuning::stored);

    /// Transforms `in` into `out`, on the context's current queue (rtcg/arrays/queue_scope.hpp).
    /// `out` may be `in` itself; otherwise the two must not overlap. InvalidArgument when either
    /// array's shape, dtype or context is not the plan's, or `out` has overlapping elements (a
    /// broadcast view).
    template <class Complex>
    void execute(const Array<Complex>& in, const Array<Complex>& out) const {
        execute_data(in.data(), out.data());
    }

    /// The transform of `in` into a new C-ordered array.
    template <class Complex>
    Array<Complex> operator()(const Array<Complex>& in) const {
        Array<Complex> out = Array<Complex>::empty(in.context(), in.shape());
        execute(in, out);
        return out;
    }

    /// The untyped form of execute.
    void execute_data(const detail::ArrayData& in, const detail::ArrayData& out) const;

    const std::vector<std::size_t>& shape() const noexcept;  ///< the arrays' shape
    const std::vector<std::size_t>& axes() const noexcept;   ///< the transformed axes, non-negative
    const codegen::DType& dtype() const noexcept;            ///< complex64 or complex128
    Direction direction() const noexcept;                    ///< the sign of the exponent
    Norm norm() const noexcept;                              ///< the normalisation
    /// Whether the transform along `axis` (an index into axes()) uses Bluestein's algorithm.
    bool uses_bluestein(std::size_t axis) const;
    /// The source of every program the plan compiled, in the prelude's neutral dialect and
    /// without it (codegen::with_prelude makes it whole), for inspection and tests.
    std::vector<std::string> sources() const;

    struct State; ///< the plan's kernels and tables, shared by copies
private:
    std::shared_ptr<const State> state_;
};

} // namespace rtcg::fft
