// The counter-based generators' host side, one for Philox and Threefry: kernels are built once
// per context, block function and distribution; each call checks its input, launches one kernel
// and moves the stream position past the blocks it used.
#include "context_kernels.hpp"
#include "launch_shape.hpp"
#include "policies/chosen_policy.hpp"
#include "random_kernels.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/random.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/core/module.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>

namespace rtcg::random {
namespace {

using codegen::DType;

struct RandomProgram {
    Kernel kernel;
    std::size_t block_size = 1;
    std::size_t max_groups = 1;
};

std::shared_ptr<const RandomProgram> program(rtcg::detail::ContextKernels& kernels, BlockFunction block_function,
                                             Distribution distribution, const DType& element) {
    const std::string name = detail::kernel_name(block_function, distribution, element);
    // The source depends on nothing but the kernel's name (and the context's dialect), the launch
    // shape on the policy.
    const Context& context = kernels.context();
    const auto policy = rtcg::detail::choose_policy<RandomPolicy>(context.device());
    const std::string key = "random\x1f" + name + policy.cache_key;
    if (auto found = kernels.find<RandomProgram>(key)) return found;
    const Module module = context.compile(
        random_source(block_function, codegen::dialect_of(context.device()), distribution, element));
    Kernel kernel = module.kernel(name);
    const std::size_t block = rtcg::detail::block_size(kernel, context.device(), policy.policy.block_size);
    const std::size_t max_groups = rtcg::detail::max_groups(context.device(), policy.policy.groups_per_compute_unit);
    return kernels.insert(key,
                          std::make_shared<const RandomProgram>(RandomProgram{std::move(kernel), block, max_groups}));
}

std::string operation(const CounterBasedGenerator& generator, Distribution distribution) {
    static constexpr const char* fills[] = {"fill_bits", "fill_uniform", "fill_normal", "fill_integers"};
    return "random::" + std::string(generator.name()) + "::" + fills[static_cast<int>(distribution)];
}

} // namespace

CounterBasedGenerator::CounterBasedGenerator(BlockFunction block_function, const Context& context, std::uint64_t seed,
                                             std::uint64_t subsequence)
    : block_function_(block_function), kernels_(rtcg::detail::ContextKernels::of(context)), seed_(seed),
      subsequence_(subsequence) {}

const Context& CounterBasedGenerator::context() const noexcept { return kernels_->context(); }

const char* CounterBasedGenerator::name() const noexcept {
    return block_function_ == BlockFunction::philox4x32_10 ? "Philox" : "Threefry";
}

void CounterBasedGenerator::fill(const rtcg::detail::ArrayData& out, Distribution distribution,
                                 const FillParameters& parameters) {
    const double mean = parameters.mean, stddev = parameters.stddev;
    const std::string where = operation(*this, distribution);
    if (out.context() != context())
        throw InvalidArgument("the array belongs to another context than the generator", where);
    if (distribution == Distribution::normal && !(std::isfinite(mean) && std::isfinite(stddev) && stddev >= 0))
        throw InvalidArgument("mean must be finite and stddev finite and not negative, not mean " +
                                  std::to_string(mean) + ", stddev " + std::to_string(stddev),
                              where);
    const bool doubles = out.dtype() == DType::float64();
    if ((doubles || distribution == Distribution::normal) && !context().device().supports_fp64)
        throw Error("the device '" + context().device().name + "' has no double precision (fp64), which " +
                        (doubles ? std::string("double results need")
                                 : std::string("normal numbers need for their bit-exact log, cos and sin")),
                    where);

    if (!out.is_contiguous()) {
        // The numbers go to the elements in C order, as they would to a contiguous copy.
        const rtcg::detail::ArrayData packed(context(), out.dtype(), out.shape());
        fill(packed, distribution, parameters);
        rtcg::detail::copy_elements(out, packed);
        return;
    }
    const std::shared_ptr<const RandomProgram> generator = program(*kernels_, block_function_, distribution, out.dtype());
    const std::size_t groups = out.size() / 4 + (out.size() % 4 != 0);
    const bool wide = doubles || distribution == Distribution::integers; // 64 bits per element
    const std::uint64_t blocks = static_cast<std::uint64_t>(groups) * (wide ? 2 : 1);
    if (groups == 0) return;

    const std::size_t block = generator->block_size;
    const LaunchConfig config{Dim3{std::min((groups + block - 1) / block, generator->max_groups)}, Dim3{block}, 0};
    const auto offset = static_cast<std::int64_t>(out.offset());
    const auto n = static_cast<std::int64_t>(out.size());
    Queue& queue = rtcg::detail::current_queue(context());
    if (distribution == Distribution::normal)
        generator->kernel(queue, config, out.buffer(), offset, n, seed_, subsequence_, position_, mean, stddev);
    else if (distribution == Distribution::integers)
        generator->kernel(queue, config, out.buffer(), offset, n, seed_, subsequence_, position_, parameters.low,
                          parameters.span);
    else
        generator->kernel(queue, config, out.buffer(), offset, n, seed_, subsequence_, position_);
    // Modulo 2^64, as the counter wraps.
    position_ += blocks;
}

} // namespace rtcg::random
