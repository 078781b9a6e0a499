#include "pass_tuning.hpp"

#include "axis_plan.hpp"

#include <rtcg/codegen/dialect.hpp>
#include <rtcg/tuning/database.hpp>
#include <rtcg/tuning/tuner.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rtcg::detail::fft {
namespace {

// The generators' names and versions in the database keys: change one when a choice's meaning does.
constexpr const char* tuned_kernel = "rtcg.fft.one_pass/v7";
constexpr const char* tuned_layout = "rtcg.fft.passes/v4";

// The longest whole transforms of a contiguous axis on a GPU through OpenCL whose built-in choice
// takes the full grid (through CUDA, those of the usual pass's local memory), and the most points
// the rows of such a choice's group hold together.
constexpr std::size_t full_grid_opencl_bytes = 4096;
constexpr std::size_t full_grid_group_points = 512;

// The largest group a candidate may have, unless the built-in choice's is larger: 16 transforms
// of 16 points already fill 256 work-items.
constexpr std::size_t largest_group = 16;

// Transforms that share a best choice: one length, precision and layout.
std::string size_class(std::size_t points, const codegen::DType& real, bool contiguous) {
    return std::to_string(points) + "_" + std::string(real.name()) + (contiguous ? "_contiguous" : "_strided");
}

// The key's mark of a real step, which moves points otherwise and so may be fastest in another
// choice: a kernel that fuses one is tuned apart from the complex transform's.
std::string step_suffix(RealStep real_step) {
    return real_step == RealStep::untangle ? "_untangle" : real_step == RealStep::tangle ? "_tangle" : "";
}

// A one-pass kernel's choice for a layout's work-items and odd radices: the key tells them apart,
// for a choice tuned with some (a register cap, say) may not suit others.
std::string one_pass_class(std::size_t points, const codegen::DType& real, bool contiguous, const PassLimits& limits,
                           bool wide_odd, RealStep real_step) {
    return size_class(points, real, contiguous) + "_threads" + std::to_string(limits.max_threads) +
           (wide_odd ? "_wide_odd" : "") + (limits.pieces > 1 ? "_pieces" + std::to_string(limits.pieces) : "") +
           step_suffix(real_step);
}

PassChoice choice_of(const tuning::Configuration& configuration, bool wide_odd) {
    return PassChoice{.sixteens = configuration.integer("sixteens") != 0,
                      .wide_odd = wide_odd,
                      .group = static_cast<std::size_t>(configuration.integer("group")),
                      .padded = configuration.integer("padded") != 0,
                      .register_cap = configuration.integer("register_cap") != 0,
                      .full_grid = configuration.integer("full_grid") != 0};
}

// The candidates: radix 16 or not, every group from `min_group` that fits, padded rows where a
// group has several transforms, the register cap where the dialect has launch bounds (CUDA), and
// the grid capped or full (PassShape::full_grid).
tuning::ParameterSpace candidate_space(std::size_t points, const PassLimits& limits, std::size_t min_group,
                                       bool contiguous, bool wide_odd, const PassChoice& built_in,
                                       codegen::Dialect dialect) {
    tuning::ParameterSpace space;
    space.integer("sixteens", {0, 1})
        .powers_of_two("group", static_cast<std::int64_t>(min_group),
                       static_cast<std::int64_t>(std::max({largest_group, min_group, built_in.group})))
        .integer("padded", {0, 1})
        .integer("register_cap",
                 dialect == codegen::Dialect::cuda ? std::vector<std::int64_t>{0, 1} : std::vector<std::int64_t>{0})
        .integer("full_grid", {0, 1})
        .constraint("the group fits the work-group's limits",
                    [points, limits, contiguous, wide_odd](const tuning::Configuration& c) {
                        return make_pass_shape(points, limits, choice_of(c, wide_odd), contiguous).has_value();
                    })
        .constraint("only a group of several transforms pads its rows",
                    [](const tuning::Configuration& c) { return c.integer("padded") == 0 || c.integer("group") > 1; });
    return space;
}

// The local memory of a layout's groups in KiB (the last: all the device has), and the
// work-items each may have.
constexpr std::int64_t layout_kib[] = {32, 64, 128, whole_local_memory / 1024};
constexpr std::int64_t layout_threads[] = {256, 384, 512, 1024};

// The choices of a multi-pass transform's layout. Groups of 32 KiB leave room for several on a
// multiprocessor, which hides each one's barriers behind the others: 256 work-items do; larger
// groups sit fewer to a multiprocessor and need more to hide them: 1024 (NOTES.md, session 38),
// though groups of 128 KiB with 512 were the fastest layout of some lengths (session 46), and a
// group of all the local memory with 384, whose registers hold wide odd radices' butterflies
// (session 51).
tuning::ParameterSpace layout_space(codegen::Dialect dialect) {
    tuning::ParameterSpace space;
    space.integer("local_kib", std::vector<std::int64_t>(std::begin(layout_kib), std::end(layout_kib)))
        .integer("threads", std::vector<std::int64_t>(std::begin(layout_threads), std::end(layout_threads)))
        .integer("shortest_first", {0, 1})
        .integer("sixteens", {0, 1})
        .integer("int_indices",
                 dialect == codegen::Dialect::cuda ? std::vector<std::int64_t>{1} : std::vector<std::int64_t>{0, 1})
        .integer("wide_odd", {0, 1})
        .integer("pieces", {1, 2, 4})
        .constraint("groups of 32 KiB have 256 work-items, of 64 256, 512 or 1024, of 128 512 or 1024, of more "
                    "384 or 1024",
                    [](const tuning::Configuration& c) {
                        const std::int64_t kib = c.integer("local_kib"), threads = c.integer("threads");
                        if (kib == 32) return threads == 256;
                        if (kib == 64) return threads != 384;
                        if (kib == 128) return threads == 512 || threads == 1024;
                        return threads == 384 || threads == 1024;
                    });
    return space;
}

PassLayout layout_of(const tuning::Configuration& configuration) {
    return PassLayout{.local_budget = static_cast<std::size_t>(configuration.integer("local_kib")) * 1024,
                      .max_threads = static_cast<std::size_t>(configuration.integer("threads")),
                      .shortest_first = configuration.integer("shortest_first") != 0,
                      .sixteens = configuration.integer("sixteens") != 0,
                      .int_twiddle_indices = configuration.integer("int_indices") != 0,
                      .wide_odd = configuration.integer("wide_odd") != 0,
                      .pieces = static_cast<std::size_t>(configuration.integer("pieces"))};
}

tuning::TuningKey layout_key(const Context& context, std::size_t n, const codegen::DType& real, bool contiguous,
                             RealStep real_step) {
    return tuning::TuningKey::of(context.device(), tuned_layout,
                                 size_class(n, real, contiguous) + step_suffix(real_step));
}

// The stored configuration for `key`, where it parses and keeps the space's constraints.
std::optional<tuning::Configuration> stored_configuration(const tuning::TuningDatabase& database,
                                                          const tuning::TuningKey& key,
                                                          const tuning::ParameterSpace& space) {
    const std::optional<tuning::TuningEntry> entry = database.find(key);
    if (!entry) return std::nullopt;
    try {
        tuning::Configuration configuration = space.parse(entry->configuration);
        if (space.violated_constraint(configuration)) return std::nullopt;
        return configuration;
    } catch (const InvalidArgument&) {
        return std::nullopt;
    }
}

// A batch of transforms to time the candidates on: its input, an output, the twiddles of each set
// of local radices a candidate has (made at its first launch) and a real step's roots.
struct TuningData {
    std::size_t batch = 1;
    Buffer input, output;
    std::map<std::vector<std::size_t>, Buffer> twiddles;
    std::optional<Buffer> real_roots;
};

template <class Real>
const Buffer& twiddles_of(const Context& context, TuningData& data, const PassShape& shape) {
    auto found = data.twiddles.find(shape.radices);
    if (found == data.twiddles.end())
        found = data.twiddles.emplace(shape.radices, context.to_device(local_twiddles<Real>(shape))).first;
    return found->second;
}

// `batch` transforms of `in_points` input and `out_points` output points each.
template <class Real>
std::shared_ptr<TuningData> tuning_data(const Context& context, std::size_t in_points, std::size_t out_points,
                                        std::size_t batch) {
    auto data = std::make_shared<TuningData>();
    data->batch = batch;
    data->input = context.to_device(tuning_points<Real>(in_points * batch));
    data->output = context.allocate(out_points * batch * sizeof(std::complex<Real>));
    return data;
}

template <class Real>
PassChoice tuned_choice(const Context& context, std::size_t points, const codegen::DType& real,
                        const PassLimits& limits, bool contiguous, RealStep real_step, const PassChoice& built_in,
                        const tuning::TuningKey& key, tuning::ParameterSpace space) {
    const codegen::DType complex = real == codegen::DType::float32() ? codegen::DType::complex64()
                                                                     : codegen::DType::complex128();
    // A real step's side holds the real transform's points + 1 points per transform: the input
    // of the inverse's (tangle), the output of the forward's (untangle).
    const std::size_t in_points = points + (real_step == RealStep::tangle ? 1 : 0);
    const std::size_t out_points = points + (real_step == RealStep::untangle ? 1 : 0);
    // The input and the output, each within an eighth of the device's memory.
    const std::size_t target = tuning_point_count(context.device(), complex.size(), 8);
    const auto data = tuning_data<Real>(context, in_points, out_points, std::max<std::size_t>(1, target / out_points));
    if (real_step != RealStep::none) data->real_roots = context.to_device(real_step_roots<Real>(points, points));
    // The candidates run on the layout they are for (tuning_layout).
    const std::size_t batch = data->batch;
    const auto layout = [points, batch, contiguous](const Buffer& buffer, std::size_t row_points) {
        return tuning_layout(buffer, points, row_points, batch, contiguous);
    };
    const auto launch = [context, complex, data, layout, in_points, out_points](const Kernel& kernel,
                                                                                const PassShape& shape, Queue& queue) {
        const Buffer& twiddles = twiddles_of<Real>(context, *data, shape);
        const PassTables tables{&twiddles, &twiddles, data->real_roots ? &*data->real_roots : &twiddles};
        launch_pass_kernel(kernel, queue, context.device(), shape, complex, layout(data->input, in_points),
                           layout(data->output, out_points), tables, static_cast<std::int64_t>(data->batch), 1.0);
    };
    // A one-pass kernel is its transform's only pass (FFT_WHOLE), with its real step.
    const codegen::Dialect dialect = codegen::dialect_of(context.device());
    const auto whole_shape = [points, limits, contiguous, dialect, real, real_step](const PassChoice& choice) {
        PassShape shape = *make_pass_shape(points, limits, choice, contiguous);
        shape.whole = true;
        shape.untangle = real_step == RealStep::untangle;
        shape.tangle = real_step == RealStep::tangle;
        // The direction of its real step (untangling ends a forward transform, tangling begins an
        // inverse one), else forward: the choice serves either.
        shape.sign = shape.tangle ? +1 : -1;
        choose_for_compiler(shape, dialect, real);
        return shape;
    };
    const PassShape reference_shape = whole_shape(built_in);
    const Kernel reference = compiled_kernel(context, pass_source(real, reference_shape), "fft_pass",
                                             pass_compile_options(reference_shape));
    launch(reference, reference_shape, context.queue());
    auto expected = std::make_shared<const std::vector<std::complex<Real>>>(
        context.to_host<std::complex<Real>>(data->output));
    const bool wide_odd = built_in.wide_odd;
    const auto shape_of = [whole_shape, wide_odd](const tuning::Configuration& c) {
        return whole_shape(choice_of(c, wide_odd));
    };
    tuning::TuningProblem problem{
        .kernel = key.kernel,
        .size_class = key.size_class,
        .space = std::move(space),
        .generate =
            [real, shape_of](const tuning::Configuration& c) {
                const PassShape shape = shape_of(c);
                return tuning::GeneratedKernel{pass_source(real, shape), "fft_pass", pass_compile_options(shape),
                                               shape.group * shape.threads};
            },
        .launch = [launch, shape_of](const Kernel& kernel, const tuning::Configuration& c,
                                     Queue& queue) { launch(kernel, shape_of(c), queue); },
        .check =
            [context, data, expected, points](Queue& queue) {
                queue.finish();
                return mismatch(context.to_host<std::complex<Real>>(data->output), *expected, points);
            },
        .reset = [data](Queue& queue) { queue.fill(data->output, std::numeric_limits<float>::quiet_NaN()); },
    };
    tuning::TunerOptions options;
    options.retune = true; // only reached where the database holds no usable choice
    options.progress = tuning::Progress::off;
    const tuning::TunedKernel tuned = tuning::tune(context, problem, options);
    return choice_of(tuned.configuration, built_in.wide_odd);
}

} // namespace

PassChoice one_pass_choice(const Context& context, std::size_t points, const codegen::DType& real,
                           const PassLimits& limits, std::size_t min_group, bool contiguous, bool wide_odd,
                           RealStep real_step, rtcg::fft::Tuning tuning) {
    const codegen::Dialect dialect = codegen::dialect_of(context.device());
    // On a GPU a whole complex transform of a contiguous axis whose rows are short launches a
    // group for every `group` slots, and its groups take rows of at most 512 points: more, smaller
    // groups each waiting on their loads overlap more of them. Through NVIDIA's OpenCL the full
    // grid lost from 1024 points on, through CUDA only past the usual pass's local memory
    // (NOTES.md, session 67). A real step's kernels were not timed so: they keep the capped grid.
    const std::size_t full_grid_bytes = dialect == codegen::Dialect::cuda ? pass_local_budget : full_grid_opencl_bytes;
    const bool full_grid = real_step == RealStep::none && contiguous && context.device().type == DeviceType::gpu &&
                           points * limits.element_bytes <= full_grid_bytes;
    PassChoice built_in = built_in_choice(points, limits, min_group, contiguous, contiguous, wide_odd,
                                          full_grid ? full_grid_group_points : usual_group_points);
    built_in.full_grid = full_grid;
    // A real step's rows are a RealPlan's, contiguous: the tuner times them so only.
    if (tuning == rtcg::fft::Tuning::built_in || (real_step != RealStep::none && !contiguous)) return built_in;
    tuning::ParameterSpace space = candidate_space(points, limits, min_group, contiguous, wide_odd, built_in, dialect);
    const tuning::TuningKey key = tuning::TuningKey::of(
        context.device(), tuned_kernel, one_pass_class(points, real, contiguous, limits, wide_odd, real_step));
    const std::optional<tuning::TuningDatabase> database = tuning::TuningDatabase::default_location();
    if (database)
        if (const std::optional<tuning::Configuration> stored = stored_configuration(*database, key, space))
            return choice_of(*stored, wide_odd);
    if (tuning == rtcg::fft::Tuning::stored) return built_in;
    return real == codegen::DType::float32() ? tuned_choice<float>(context, points, real, limits, contiguous, real_step,
                                                                   built_in, key, std::move(space))
                                             : tuned_choice<double>(context, points, real, limits, contiguous,
                                                                    real_step, built_in, key, std::move(space));
}

std::string layout_text(const PassLayout& layout) {
    return "local_kib=" + std::to_string(layout.local_budget / 1024) +
           ",threads=" + std::to_string(layout.max_threads) + ",shortest_first=" + (layout.shortest_first ? "1" : "0") +
           ",sixteens=" + (layout.sixteens ? "1" : "0") + ",int_indices=" + (layout.int_twiddle_indices ? "1" : "0") +
           ",wide_odd=" + (layout.wide_odd ? "1" : "0") + ",pieces=" + std::to_string(layout.pieces);
}

std::vector<PassLayout> layout_candidates(codegen::Dialect dialect) {
    const tuning::ParameterSpace space = layout_space(dialect);
    std::vector<PassLayout> layouts;
    for (const tuning::Configuration& configuration : space.valid_configurations())
        layouts.push_back(layout_of(configuration));
    return layouts;
}

std::optional<PassLayout> stored_layout(const Context& context, std::size_t n, const codegen::DType& real,
                                        bool contiguous, RealStep real_step) {
    const std::optional<tuning::TuningDatabase> database = tuning::TuningDatabase::default_location();
    if (!database) return std::nullopt;
    const std::optional<tuning::Configuration> stored = stored_configuration(
        *database, layout_key(context, n, real, contiguous, real_step),
        layout_space(codegen::dialect_of(context.device())));
    if (!stored) return std::nullopt;
    return layout_of(*stored);
}

void store_layout(const Context& context, std::size_t n, const codegen::DType& real, bool contiguous,
                  RealStep real_step, const PassLayout& layout, double time_ms) {
    const std::optional<tuning::TuningDatabase> database = tuning::TuningDatabase::default_location();
    if (!database) return;
    const tuning::ParameterSpace space = layout_space(codegen::dialect_of(context.device()));
    database->store(layout_key(context, n, real, contiguous, real_step),
                    tuning::TuningEntry{space.parse(layout_text(layout)).to_string(), time_ms});
}

} // namespace rtcg::detail::fft
