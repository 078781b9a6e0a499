#pragma once
/// \file
/// Matrix-free operators from a stencil: y = alpha A x + beta y where A applies the same weighted
/// neighbourhood at every point of a 2-D or 3-D grid, with zero (Dirichlet) values outside it.
/// The operator stores nothing but its description; its kernel has the grid's extents, the
/// offsets and the weights written in (sparse/device/kernel/stencil.rtcg). It is a LinearOperator
/// (operator.hpp), so the solvers take it as they take a matrix:
///
/// \code
///   auto a = std::make_shared<const rtcg::StencilOperator<double>>(context, rtcg::poisson_3d_stencil(256));
///   (*a)(1.0, x, 0.0, y);                                   // y = A x
///   rtcg::ConjugateGradient<double>(a, {.rtol = 1e-8}).solve(b, x);
/// \endcode
///
/// Vectors are the grid's points in C order (the last axis the fastest), so the operator of
/// poisson_2d_stencil(n) or poisson_3d_stencil(n, points) is the matrix of poisson_2d(n) or
/// poisson_3d(n, points) (generators.hpp).
#include <rtcg/arrays/array.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/sparse/operator.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace rtcg {

/// One neighbour of a stencil: its offset along each axis of the grid and its weight.
struct StencilPoint {
    std::vector<std::int64_t> offset; ///< one entry per axis, in the grid's order
    double weight = 0;                ///< its coefficient
};

/// A stencil on a grid: the grid's extents (2 or 3, the last the fastest) and its points (points
/// with the same offset add up; no points is the zero operator).
struct Stencil {
    std::vector<std::size_t> shape;   ///< the grid's extents
    std::vector<StencilPoint> points; ///< the weighted neighbours
};

/// The 5-point Laplacian on an n x n grid: 4 at the centre, -1 at each of the 4 neighbours.
RTCG_API Stencil poisson_2d_stencil(std::size_t n);

/// The 7-point Laplacian on an n x n x n grid (6 at the centre, -1 at each face neighbour) or,
/// with `points` 27, the 27-point one (26 at the centre, -1 at each neighbour of the 3 x 3 x 3
/// cube). InvalidArgument for other `points`.
RTCG_API Stencil poisson_3d_stencil(std::size_t n, int points = 7);

namespace detail {
template <std::floating_point T>
struct StencilState;
} // namespace detail

/// A stencil as a LinearOperator; see stencil.hpp. Real values only: its kernel, fused dot product
/// included, computes with C's operators.
template <std::floating_point T>
class RTCG_API StencilOperator final : public LinearOperator<T> {
public:
    /// Plans products with `stencil` in `context` (compiles its kernel). InvalidArgument for a
    /// shape of other than 2 or 3 extents, an offset of another length, a weight that is not
    /// finite, or a grid whose points do not fit 63 bits.
    StencilOperator(const Context& context, const Stencil& stencil);
    /// y = alpha A x + beta y (y not read when beta is 0). x and y are 1-d contiguous arrays of the
    /// grid's points, of the value type and context, possibly views, not sharing memory.
    /// InvalidArgument otherwise, before anything runs.
    void operator()(T alpha, const Array<T>& x, T beta, const Array<T>& y) const;

    const Context& context() const override;
    /// The grid's points.
    std::size_t rows() const override;
    /// The grid's points.
    std::size_t cols() const override;
    /// The same as operator().
    void apply(T alpha, const Array<T>& x, T beta, const Array<T>& y) const override;
    std::size_t dot_shares() const override;
    void apply_and_dot(T alpha, const Array<T>& x, T beta, const Array<T>& y, const Array<T>& partials,
                       std::size_t first) const override;
    /// 1 / the centre's weight (the points of offset zero summed; infinity when there are none),
    /// at every point.
    Array<T> inverse_diagonal() const override;
    /// The description it was made from.
    const Stencil& stencil() const noexcept;
    /// The generated source in `dialect`, prelude included.
    std::string source(codegen::Dialect dialect) const;

private:
    std::shared_ptr<const detail::StencilState<T>> state_;
};

} // namespace rtcg
