// rfft and irfft of an even number of points along the last axis through a complex transform of
// half as many (kernel/real.rtcg): the real points read in place as complex pairs.
#include <rtcg/fft/real_transforms.hpp>

#include "axis_plan.hpp"
#include "batch_layout.hpp"
#include "normalization.hpp"
#include "pass_source.hpp"
#include "roots_of_unity.hpp"

#include <rtcg/arrays/array_data.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/core/module.hpp>

#include <complex>
#include <optional>

namespace rtcg::fft::detail {
namespace {

using rtcg::detail::ArrayData;
using rtcg::detail::fft::AxisPlan;
using rtcg::detail::fft::BatchLayout;

// The kernels of real transforms of n = 2 half points and their table of w^k, k <= half / 2.
struct RealKernels {
    Kernel untangle, tangle;
    Buffer table;
};

template <class Real>
Buffer twiddles(const Context& context, std::size_t n) {
    std::vector<std::complex<Real>> values(n / 4 + 1);
    for (std::size_t k = 0; k < values.size(); ++k) {
        const std::complex<long double> w = rtcg::detail::fft::root_of_unity(k, n);
        values[k] = {static_cast<Real>(w.real()), static_cast<Real>(w.imag())};
    }
    return context.to_device(values);
}

RealKernels real_kernels(const Context& context, const codegen::DType& real, std::size_t n) {
    const Module module =
        context.compile(rtcg::detail::fft::real_source(real), {.prelude = codegen::portable_prelude()});
    return RealKernels{module.kernel("fft_real_untangle"), module.kernel("fft_real_tangle"),
                       real == codegen::DType::float32() ? twiddles<float>(context, n) : twiddles<double>(context, n)};
}

LaunchConfig covering(const Context& context, std::size_t total) {
    return LaunchConfig{Dim3{rtcg::detail::fft::launch_groups(context.device(), total, 256)}, Dim3{256}, 0};
}

std::int64_t signed_value(std::size_t value) { return static_cast<std::int64_t>(value); }

// Transforms one after another in `buffer` from `offset`, `distance` elements apart.
BatchLayout rows(const Buffer& buffer, std::size_t offset, std::size_t distance) {
    return BatchLayout{&buffer, signed_value(offset), 1, 1, 0, signed_value(distance)};
}

} // namespace

rtcg::detail::ArrayData half_length_rfft(const rtcg::detail::ArrayData& x, Norm norm) {
    const Context& context = x.context();
    const codegen::DType real = x.dtype();
    const codegen::DType complex = real == codegen::DType::float32() ? codegen::DType::complex64()
                                                                     : codegen::DType::complex128();
    const std::size_t n = x.shape().back(), half = n / 2;
    std::vector<std::size_t> shape = x.shape();
    shape.back() = half + 1;
    const ArrayData out(context, complex, shape);
    const std::size_t batch = x.size() / n;
    if (batch == 0) return out;
    // The real points as complex pairs: a C-ordered array from an even offset.
    const bool in_place = x.is_contiguous() && x.offset() % 2 == 0;
    const ArrayData source = in_place ? x : ArrayData(context, real, x.shape());
    if (!in_place) rtcg::detail::copy_elements(source, x);
    const AxisPlan plan(context, half, complex, false);
    const RealKernels kernels = real_kernels(context, real, n);
    Queue& queue = rtcg::detail::current_queue(context);
    plan.execute(queue, rows(source.buffer(), source.offset() / 2, half),
                 rows(out.buffer(), out.offset(), half + 1), batch,
                 rtcg::detail::fft::axis_scale(n, Direction::forward, norm), -1);
    const std::size_t total = batch * (half / 2 + 1);
    kernels.untangle(queue, covering(context, total), out.buffer(), signed_value(out.offset()), std::int64_t{1},
                     std::int64_t{0}, signed_value(half + 1), kernels.table, signed_value(half), signed_value(total));
    return out;
}

rtcg::detail::ArrayData half_length_irfft(const rtcg::detail::ArrayData& x, std::size_t n, Norm norm) {
    const Context& context = x.context();
    const codegen::DType complex = x.dtype();
    const codegen::DType real = complex.element();
    const std::size_t half = n / 2, axis = x.shape().size() - 1;
    std::vector<std::size_t> shape = x.shape();
    shape.back() = n;
    const ArrayData out(context, real, shape);
    const std::size_t batch = out.size() / n;
    if (batch == 0) return out;
    // The spectrum where it lies, or a C-ordered copy where its other axes do not collapse.
    std::optional<rtcg::detail::fft::AxisBatch> layout = rtcg::detail::fft::batch_layout(x, axis);
    const ArrayData spectrum = layout ? x : ArrayData(context, complex, x.shape());
    if (!layout) {
        rtcg::detail::copy_elements(spectrum, x);
        layout = rtcg::detail::fft::batch_layout(spectrum, axis);
    }
    const BatchLayout& from = layout->layout;
    const ArrayData work(context, complex, {batch * half});
    const RealKernels kernels = real_kernels(context, real, n);
    Queue& queue = rtcg::detail::current_queue(context);
    const std::size_t total = batch * (half / 2 + 1);
    kernels.tangle(queue, covering(context, total), *from.buffer, from.offset, from.stride, from.inner,
                   from.inner_distance, from.outer_distance, signed_value(x.shape().back()), work.buffer(),
                   kernels.table, signed_value(half), signed_value(total));
    // The unnormalised inverse of Z is half z: numpy's default 1 / n is 2 / (2 half) of it, and the
    // other norms scale z likewise.
    const AxisPlan plan(context, half, complex, false);
    plan.execute(queue, rows(work.buffer(), 0, half), rows(out.buffer(), out.offset() / 2, half), batch,
                 2 * rtcg::detail::fft::axis_scale(n, Direction::inverse, norm), +1);
    return out;
}

} // namespace rtcg::fft::detail
