// Matrix-free stencil operators (stencil.hpp): the stencil rendered into the configuration of
// sparse/device/kernel/stencil.rtcg, and its launches.
#include "programs.hpp"
#include "sparse_device_sources.hpp"
#include "value_operations.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/sparse/stencil.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <locale>
#include <optional>
#include <sstream>

namespace rtcg {
namespace detail {

template <std::floating_point T>
struct StencilState {
    Context context;
    Stencil stencil;
    std::size_t size = 0;
    double centre = 0;
    std::string configuration; // after the value operations
    Kernel kernel;             // none for a grid of no points
    LaunchConfig launch;
    std::optional<Array<T>> scratch; // where plain products put the shares nobody reads
};

} // namespace detail

namespace {

constexpr const char* where = "StencilOperator";

// `value` as a literal of T's precision in a kernel.
template <std::floating_point T>
std::string literal(double value) {
    std::ostringstream text;
    text.imbue(std::locale::classic());
    text.precision(std::numeric_limits<T>::max_digits10);
    text << std::scientific << static_cast<T>(value);
    if constexpr (std::is_same_v<T, float>) text << 'f';
    return text.str();
}

// The grid as three extents (a 2-D grid has one plane), and its number of points; InvalidArgument
// when the shape has other than 2 or 3 extents or more points than 62 bits count.
std::array<std::int64_t, 3> extents_of(const std::vector<std::size_t>& shape, std::size_t& size) {
    if (shape.size() != 2 && shape.size() != 3)
        throw InvalidArgument("a stencil's grid has 2 or 3 extents, not " + std::to_string(shape.size()), where);
    std::array<std::int64_t, 3> extents{1, 1, 1};
    size = 1;
    constexpr std::size_t most = std::size_t(1) << 62;
    for (std::size_t axis = 0; axis < shape.size(); ++axis) {
        if (shape[axis] != 0 && size > most / shape[axis])
            throw InvalidArgument("the grid's extents multiply to more points than 62 bits count", where);
        size *= shape[axis];
        extents[axis + 3 - shape.size()] = static_cast<std::int64_t>(shape[axis]);
    }
    return extents;
}

// The statements that add each point inside the grid to `sum` (stencil.rtcg), and the centre's
// weight; InvalidArgument for an offset of another length or a weight that is not finite in T.
template <std::floating_point T>
std::string terms(const Stencil& stencil, const std::array<std::int64_t, 3>& extents, double& centre) {
    const std::size_t axes = stencil.shape.size();
    std::string text = "#define RTCG_STENCIL_TERMS";
    centre = 0;
    for (std::size_t p = 0; p < stencil.points.size(); ++p) {
        const StencilPoint& point = stencil.points[p];
        if (point.offset.size() != axes)
            throw InvalidArgument("point " + std::to_string(p) + " has " + std::to_string(point.offset.size()) +
                                      " offsets for a grid of " + std::to_string(axes) + " axes",
                                  where);
        if (!(std::abs(point.weight) <= static_cast<double>(std::numeric_limits<T>::max())))
            throw InvalidArgument("point " + std::to_string(p) + "'s weight " + std::to_string(point.weight) +
                                      " is not a finite value of the operator's type",
                                  where);
        std::array<std::int64_t, 3> offset{0, 0, 0};
        std::copy(point.offset.begin(), point.offset.end(), offset.begin() + static_cast<std::ptrdiff_t>(3 - axes));
        if (offset == std::array<std::int64_t, 3>{0, 0, 0}) centre += point.weight;
        std::string test;
        bool inside_somewhere = true;
        for (std::size_t axis = 0; axis < 3; ++axis) {
            const std::int64_t d = offset[axis];
            if (d == 0) continue;
            // std::abs of the most negative offset overflows: such offsets leave every grid anyway.
            if (d <= -extents[axis] || d >= extents[axis]) inside_somewhere = false;
            if (!inside_somewhere) break;
            const std::string index = "i" + std::to_string(axis);
            test += (test.empty() ? "" : " && ") +
                    (d > 0 ? index + " < " + std::to_string(extents[axis] - d) : index + " >= " + std::to_string(-d));
        }
        if (!inside_somewhere) continue;
        const std::int64_t linear = (offset[0] * extents[1] + offset[1]) * extents[2] + offset[2];
        const std::string add = "sum += " + literal<T>(point.weight) + " * in[k + (" + std::to_string(linear) + ")];";
        text += " \\\n    " + (test.empty() ? add : "if (" + test + ") " + add);
    }
    return text + "\n";
}

template <std::floating_point T>
std::string stencil_source(codegen::Dialect dialect, const std::string& configuration) {
    return sparse_detail::program_source(
        dialect,
        sparse_detail::value_operations(dialect, codegen::dtype_of<T>(), codegen::DType::int32()) + configuration,
        {detail::sparse_device::kernel::stencil}, false);
}

} // namespace

Stencil poisson_2d_stencil(std::size_t n) {
    return {{n, n}, {{{0, 0}, 4}, {{-1, 0}, -1}, {{1, 0}, -1}, {{0, -1}, -1}, {{0, 1}, -1}}};
}

Stencil poisson_3d_stencil(std::size_t n, int points) {
    if (points != 7 && points != 27)
        throw InvalidArgument("the 3-D stencils have 7 or 27 points, not " + std::to_string(points),
                              "poisson_3d_stencil");
    const int distance = points == 7 ? 1 : 3;
    Stencil stencil{{n, n, n}, {}};
    for (std::int64_t d0 = -1; d0 <= 1; ++d0)
        for (std::int64_t d1 = -1; d1 <= 1; ++d1)
            for (std::int64_t d2 = -1; d2 <= 1; ++d2) {
                const std::int64_t manhattan = std::abs(d0) + std::abs(d1) + std::abs(d2);
                if (manhattan <= distance)
                    stencil.points.push_back({{d0, d1, d2}, manhattan == 0 ? double(points - 1) : -1.0});
            }
    return stencil;
}

template <std::floating_point T>
StencilOperator<T>::StencilOperator(const Context& context, const Stencil& stencil) {
    std::size_t size = 0;
    const std::array<std::int64_t, 3> extents = extents_of(stencil.shape, size);
    double centre = 0;
    const std::string terms_text = terms<T>(stencil, extents, centre);
    auto state = std::make_shared<detail::StencilState<T>>(
        detail::StencilState<T>{context, stencil, size, centre, {}, {}, LaunchConfig{Dim3{1}, Dim3{1}, 0}, {}});
    if (size != 0) {
        const std::size_t group = std::bit_floor(
            std::max<std::size_t>(std::min<std::size_t>(context.device().max_work_group_size, 256), 1));
        const std::size_t most_groups = std::max<std::size_t>(context.device().compute_units, 1) * 16;
        const std::size_t groups = std::clamp<std::size_t>((size + group - 1) / group, 1, most_groups);
        state->launch = LaunchConfig{Dim3{groups}, Dim3{group}, 0};
        // 32-bit indices, whose divisions by constants are cheaper, while the stride cannot overflow them.
        const bool narrow = size + groups * group < (std::size_t(1) << 31);
        state->configuration = std::string("typedef ") + (narrow ? "int" : "rtcg_index_t") +
                               " rtcg_stencil_index_t;\n#define RTCG_STENCIL_SIZE ((rtcg_stencil_index_t)" +
                               std::to_string(size) + ")\n#define RTCG_STENCIL_N1 " + std::to_string(extents[1]) +
                               "\n#define RTCG_STENCIL_N2 " + std::to_string(extents[2]) +
                               "\n#define RTCG_STENCIL_GROUP " + std::to_string(group) + "\n" + terms_text;
        state->kernel = context.compile(stencil_source<T>(sparse_detail::dialect(context), state->configuration))
                            .kernel("rtcg_stencil_apply");
    }
    state->scratch.emplace(Array<T>::empty(context, state->launch.grid.x));
    state_ = std::move(state);
}

template <std::floating_point T>
void StencilOperator<T>::operator()(T alpha, const Array<T>& x, T beta, const Array<T>& y) const {
    apply_and_dot(alpha, x, beta, y, *state_->scratch, 0);
}

template <std::floating_point T>
void StencilOperator<T>::apply_and_dot(T alpha, const Array<T>& x, T beta, const Array<T>& y, const Array<T>& partials,
                                       std::size_t first) const {
    const detail::StencilState<T>& s = *state_;
    auto check = [&](const Array<T>& v, const char* name) {
        if (v.context() != s.context)
            throw InvalidArgument(std::string(name) + " belongs to another context than the operator", where);
        if (v.ndim() != 1 || v.size() != s.size)
            throw InvalidArgument(std::string(name) + " must be a vector of the grid's " + std::to_string(s.size) +
                                      " points, not of shape " + detail::shape_text(v.shape()),
                                  where);
        if (!v.is_contiguous()) throw InvalidArgument(std::string(name) + " must be contiguous", where);
    };
    check(x, "x");
    check(y, "y");
    if (s.size == 0) return;
    if (&x.data().buffer() == &y.data().buffer())
        throw InvalidArgument("x and y share memory: the product would read what it writes", where);
    s.kernel(detail::current_queue(s.context), s.launch, x.data().buffer(),
             static_cast<std::int64_t>(x.data().offset()), y.data().buffer(),
             static_cast<std::int64_t>(y.data().offset()), alpha, beta, partials.data().buffer(),
             static_cast<std::int64_t>(first));
}

template <std::floating_point T>
const Context& StencilOperator<T>::context() const {
    return state_->context;
}

template <std::floating_point T>
std::size_t StencilOperator<T>::rows() const {
    return state_->size;
}

template <std::floating_point T>
std::size_t StencilOperator<T>::cols() const {
    return state_->size;
}

template <std::floating_point T>
void StencilOperator<T>::apply(T alpha, const Array<T>& x, T beta, const Array<T>& y) const {
    (*this)(alpha, x, beta, y);
}

template <std::floating_point T>
std::size_t StencilOperator<T>::dot_shares() const {
    return state_->launch.grid.x;
}

template <std::floating_point T>
Array<T> StencilOperator<T>::inverse_diagonal() const {
    return Array<T>::full(state_->context, std::max<std::size_t>(state_->size, 1), static_cast<T>(1 / state_->centre));
}

template <std::floating_point T>
const Stencil& StencilOperator<T>::stencil() const noexcept {
    return state_->stencil;
}

template <std::floating_point T>
std::string StencilOperator<T>::source(codegen::Dialect dialect) const {
    return stencil_source<T>(dialect, state_->configuration);
}

template class StencilOperator<float>;
template class StencilOperator<double>;

} // namespace rtcg
