#pragma once
/// \file
/// Run-time auto-tuning: generate, compile, check and time variants of a kernel on the device at
/// hand, keep the fastest, and remember it in the tuning database.
///
/// \code
///   rtcg::tuning::TuningProblem problem{
///       .kernel = "scale/v1",
///       .size_class = rtcg::tuning::power_of_two_class({n}),
///       .space = space,
///       .generate = [&](const Configuration& c) { return GeneratedKernel{source_for(c), "scale", {}, threads(c)}; },
///       .launch = [&](const rtcg::Kernel& k, const Configuration& c, rtcg::Queue& q) { k(q, config_for(c), x, n); },
///       .check = [&](rtcg::Queue& q) { return compare_with_reference(q); },
///   };
///   auto tuned = rtcg::tuning::tune(ctx, problem, {.strategy = rtcg::tuning::RandomSampling{20}});
///   tuned.kernel(queue, config_for(tuned.configuration), x, n);
/// \endcode
///
/// tune() first looks the key (device, kernel, size class) up in the database: a usable entry is
/// generated and compiled (usually a compile cache hit) and returned without a single launch.
/// Otherwise the strategy proposes configurations; each batch is compiled on host threads in
/// parallel, then each variant in turn: its block is checked against the kernel's limit, `reset`
/// and one launch run, `check` compares the result with the reference, and only a correct
/// variant is timed with device events. Variants that fail to compile, do not fit, throw or give
/// a wrong result are recorded in the report and skipped. The fastest is stored in the database.
#include <rtcg/core/context.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/core/module.hpp>
#include <rtcg/core/queue.hpp>
#include <rtcg/tuning/configuration.hpp>
#include <rtcg/tuning/database.hpp>
#include <rtcg/tuning/parameter_space.hpp>
#include <rtcg/tuning/report.hpp>
#include <rtcg/tuning/strategy.hpp>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

namespace rtcg::tuning {

/// One variant's code, ready to compile.
struct GeneratedKernel {
    std::string source; ///< complete (prelude included)
    std::string kernel_name; ///< the kernel's name in the source
    CompileOptions options; ///< the compile options the variant needs
    /// The threads per block the launch will use; a kernel whose limit is lower is skipped as
    /// too_large. 0: not checked.
    std::size_t threads_per_block = 0;
};

/// A kernel to tune: its parameter space, how to generate, launch and check each variant.
struct TuningProblem {
    std::string kernel;     ///< the generator's name and version, part of the database key
    std::string size_class; ///< part of the database key
    ParameterSpace space; ///< the variants' parameters and constraints
    /// Called from several host threads at once (compiles run in parallel).
    std::function<GeneratedKernel(const Configuration&)> generate;
    /// Enqueues one run of the variant on `queue`; called for the check and for every timed run.
    std::function<void(const Kernel&, const Configuration&, Queue&)> launch;
    /// After one launch: nullopt when the output matches the reference, else what differs. It may
    /// read from the device through `queue`.
    std::function<std::optional<std::string>(Queue&)> check;
    /// Optional, before the checked launch: overwrite the output with values no correct variant
    /// leaves there, so that a variant that writes nothing cannot pass on the previous one's work.
    std::function<void(Queue&)> reset;
};

/// How each correct variant is timed.
struct TimingOptions {
    std::size_t samples = 5;          ///< the median of these is the variant's time
    double min_sample_ms = 1.0;       ///< each sample repeats the launch until it lasts this long
    double give_up_factor = 3.0;      ///< a first launch this many times slower than the best ends the timing
};

/// Whether tune() shows its progress.
enum class Progress {
    automatic, ///< a live bar on stderr when it is a terminal, else one line at the start and the end
    off,
};

/// How tune() searches and where it keeps its results.
struct TunerOptions {
    Strategy strategy = Exhaustive{}; ///< how configurations are picked
    /// Tune even when the database has an entry, and replace it.
    bool retune = false;
    /// Where results persist; nullopt: nowhere (every run tunes).
    std::optional<TuningDatabase> database = TuningDatabase::default_location();
    /// Host threads compiling variants at once; 0: one per hardware thread, at most 16.
    unsigned compile_threads = 0;
    Progress progress = Progress::automatic; ///< whether progress is shown on stderr
    TimingOptions timing; ///< how each variant is timed
};

/// The result of tune(): the best configuration, its compiled kernel and how it was found.
struct TunedKernel {
    Configuration configuration; ///< the fastest correct configuration
    Kernel kernel; ///< its compiled kernel, ready to launch
    GeneratedKernel code; ///< its generated code
    double time_ms = 0;          ///< measured now, or as the database recorded it
    bool from_database = false;  ///< true: nothing was launched or timed
    TuningReport report;         ///< empty when from_database
};

/// No variant passed: the message counts the failures by kind; the report has each of them.
class RTCG_API TuningFailed : public Error {
public:
    /// `why`: the failures counted by kind; `report`: every variant evaluated.
    TuningFailed(std::string why, TuningReport report);
    /// Every variant evaluated and what became of it.
    const TuningReport& report() const noexcept { return report_; }

private:
    TuningReport report_;
};

/// Throws InvalidArgument for an incomplete problem or a space with no valid configuration, and
/// TuningFailed when no variant passed.
RTCG_API TunedKernel tune(const Context& context, const TuningProblem& problem, const TunerOptions& options = {});

} // namespace rtcg::tuning
