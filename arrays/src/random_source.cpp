// The counter-based generators' kernels' text: the configuration, rendered by the template engine
// (the kernel's name, element type and distribution, the block function and its constants and,
// for normal numbers, the polynomials of log, sin and cos), followed by the device files
// (arrays/device: the block function, the normal transform, the kernel, which all generators
// share).
#include "device_sources.hpp"
#include "random_kernels.hpp"

#include <rtcg/arrays/random.hpp>
#include <rtcg/arrays/random_constants.hpp>
#include <rtcg/codegen/literal.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/codegen/template.hpp>
#include <rtcg/core/error.hpp>

#include <span>
#include <string>
#include <vector>

namespace rtcg::random {
namespace {

using codegen::Dialect;
using codegen::DType;
namespace k = constants;

// Each polynomial as a function of its variable by Horner's rule, one fma per step, from the
// highest coefficient down.
constexpr std::string_view configuration_text = R"(
#define RTCG_RANDOM_KERNEL {{ kernel }}
#define RTCG_RANDOM_BLOCK {{ block }}
typedef {{ type }} rtcg_random_value_t;
#define RTCG_RANDOM_WIDE {{ wide }}
#define RTCG_RANDOM_DISTRIBUTION RTCG_RANDOM_{{ distribution }}
{% for constant in constants %}
#define {{ constant[0] }} {{ constant[1] }}
{% endfor %}
{% if normal %}
#define RTCG_RANDOM_SQRT2 {{ sqrt2 }}
#define RTCG_RANDOM_LN2_HIGH {{ ln2_high }}
#define RTCG_RANDOM_LN2_LOW {{ ln2_low }}
{% for polynomial in polynomials %}

RTCG_DEVICE double {{ polynomial[0] }}(double x)
{
    double y = {{ polynomial[1][0] }};
{% for coefficient in polynomial[1] %}
{% if not loop.first %}
    y = fma(y, x, {{ coefficient }});
{% endif %}
{% endfor %}
    return y;
}
{% endfor %}
{% endif %}

)";

const codegen::Template& configuration_template() {
    static const codegen::Template configuration(configuration_text, "counter-based generator configuration");
    return configuration;
}

// [name, [coefficients from the highest degree down]].
codegen::Value polynomial(Dialect dialect, const char* name, std::span<const double> coefficients) {
    std::vector<codegen::Value> highest_first;
    for (std::size_t k = coefficients.size(); k-- > 0;)
        highest_first.emplace_back(codegen::literal(dialect, coefficients[k]));
    return std::vector<codegen::Value>{name, std::move(highest_first)};
}

// Whether each element takes 64 bits of the stream (two blocks per group of 4).
bool wide(Distribution distribution, const DType& element) {
    return element == DType::float64() || distribution == Distribution::integers;
}

// [macro name, value]: the block function's constants.
codegen::Value constant(std::string name, codegen::Value value) {
    return std::vector<codegen::Value>{std::move(name), std::move(value)};
}

std::vector<codegen::Value> block_function_constants(BlockFunction block_function, Dialect dialect) {
    if (block_function == BlockFunction::philox4x32_10)
        return {constant("RTCG_PHILOX_MULTIPLIER0", codegen::literal(dialect, k::philox_multiplier0)),
                constant("RTCG_PHILOX_MULTIPLIER1", codegen::literal(dialect, k::philox_multiplier1)),
                constant("RTCG_PHILOX_WEYL0", codegen::literal(dialect, k::philox_weyl0)),
                constant("RTCG_PHILOX_WEYL1", codegen::literal(dialect, k::philox_weyl1))};
    std::vector<codegen::Value> constants{
        constant("RTCG_THREEFRY_PARITY", codegen::literal(dialect, k::threefry_parity))};
    for (int round = 0; round < 8; ++round)
        for (int mix = 0; mix < 2; ++mix)
            constants.push_back(constant("RTCG_THREEFRY_ROTATION_" + std::to_string(round) + "_" + std::to_string(mix),
                                         std::to_string(k::threefry_rotations[round][mix])));
    return constants;
}

std::string_view block_function_file(BlockFunction block_function) {
    return block_function == BlockFunction::philox4x32_10 ? rtcg::detail::device::thread::philox
                                                          : rtcg::detail::device::thread::threefry;
}

} // namespace

namespace detail {

void check_element(Distribution distribution, const DType& element) {
    switch (distribution) {
    case Distribution::bits:
        if (element == DType::uint32()) return;
        throw InvalidArgument("bits are uint32, not " + std::string(element.name()), "random::random_source");
    case Distribution::integers:
        if (element.is_integer()) return;
        throw InvalidArgument("integers are of an integer type, not " + std::string(element.name()),
                              "random::random_source");
    case Distribution::uniform:
    case Distribution::normal:
        if (element == DType::float32() || element == DType::float64()) return;
        throw InvalidArgument("uniform and normal numbers are float32 or float64, not " + std::string(element.name()),
                              "random::random_source");
    }
    throw InvalidArgument("unknown distribution", "random::random_source");
}

const char* block_function_name(BlockFunction block_function) {
    return block_function == BlockFunction::philox4x32_10 ? "philox" : "threefry";
}

std::string kernel_name(BlockFunction block_function, Distribution distribution, const DType& element) {
    static constexpr const char* names[] = {"bits", "uniform", "normal", "integers"};
    return "rtcg_" + std::string(block_function_name(block_function)) + "_" +
           std::string(names[static_cast<int>(distribution)]) + "_" + std::string(element.name());
}

} // namespace detail

std::string random_source(BlockFunction block_function, Dialect dialect, Distribution distribution,
                          const DType& element) {
    detail::check_element(distribution, element);
    static constexpr const char* distributions[] = {"BITS", "UNIFORM", "NORMAL", "INTEGERS"};
    const bool normal = distribution == Distribution::normal;
    codegen::Values values{{"kernel", detail::kernel_name(block_function, distribution, element)},
                           {"block", "rtcg_" + std::string(detail::block_function_name(block_function)) + "_block"},
                           {"type", element.c_name(dialect)},
                           {"wide", wide(distribution, element) ? 1 : 0},
                           {"distribution", distributions[static_cast<int>(distribution)]},
                           {"constants", block_function_constants(block_function, dialect)},
                           {"normal", normal}};
    if (normal) {
        values["sqrt2"] = codegen::literal(dialect, k::sqrt2);
        values["ln2_high"] = codegen::literal(dialect, k::ln2_high);
        values["ln2_low"] = codegen::literal(dialect, k::ln2_low);
        values["polynomials"] = std::vector<codegen::Value>{
            polynomial(dialect, "rtcg_random_log_series", k::log_series),
            polynomial(dialect, "rtcg_random_sin_series", k::sin_quarter_turn),
            polynomial(dialect, "rtcg_random_cos_series", k::cos_quarter_turn)};
    }
    std::string source = configuration_template().render(values);
    (source += block_function_file(block_function)) += '\n';
    if (normal) (source += rtcg::detail::device::thread::random_normal) += '\n';
    source += rtcg::detail::device::kernel::random_fill;
    return codegen::with_prelude(dialect, source);
}

std::string philox_source(Dialect dialect, Distribution distribution, const DType& element) {
    return random_source(BlockFunction::philox4x32_10, dialect, distribution, element);
}

std::string threefry_source(Dialect dialect, Distribution distribution, const DType& element) {
    return random_source(BlockFunction::threefry4x32_20, dialect, distribution, element);
}

} // namespace rtcg::random
