// The Philox kernels' text: the generator's configuration, rendered by the template engine (the
// kernel's name, element type and distribution, Philox's constants and, for normal numbers, the
// polynomials of log, sin and cos), followed by the device files (arrays/device: Philox itself,
// the normal transform, the kernel).
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
#define RTCG_PHILOX_KERNEL {{ kernel }}
typedef {{ type }} rtcg_philox_value_t;
#define RTCG_PHILOX_DOUBLES {{ doubles }}
#define RTCG_PHILOX_DISTRIBUTION RTCG_PHILOX_{{ distribution }}
#define RTCG_PHILOX_MULTIPLIER0 {{ multiplier0 }}
#define RTCG_PHILOX_MULTIPLIER1 {{ multiplier1 }}
#define RTCG_PHILOX_WEYL0 {{ weyl0 }}
#define RTCG_PHILOX_WEYL1 {{ weyl1 }}
{% if normal %}
#define RTCG_PHILOX_SQRT2 {{ sqrt2 }}
#define RTCG_PHILOX_LN2_HIGH {{ ln2_high }}
#define RTCG_PHILOX_LN2_LOW {{ ln2_low }}
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
    static const codegen::Template configuration(configuration_text, "Philox configuration");
    return configuration;
}

// [name, [coefficients from the highest degree down]].
codegen::Value polynomial(Dialect dialect, const char* name, std::span<const double> coefficients) {
    std::vector<codegen::Value> highest_first;
    for (std::size_t k = coefficients.size(); k-- > 0;)
        highest_first.emplace_back(codegen::literal(dialect, coefficients[k]));
    return std::vector<codegen::Value>{name, std::move(highest_first)};
}

bool doubles(const DType& element) { return element == DType::float64(); }

} // namespace

namespace detail {

void check_element(Distribution distribution, const DType& element) {
    const bool bits = distribution == Distribution::bits;
    if (bits ? element == DType::uint32() : element == DType::float32() || element == DType::float64()) return;
    throw InvalidArgument(std::string(bits ? "bits are uint32" : "uniform and normal numbers are float32 or float64") +
                              ", not " + std::string(element.name()),
                          "random::philox_source");
}

std::string philox_kernel_name(Distribution distribution, const DType& element) {
    static constexpr const char* names[] = {"bits", "uniform", "normal"};
    return "rtcg_philox_" + std::string(names[static_cast<int>(distribution)]) + "_" + std::string(element.name());
}

} // namespace detail

std::string philox_source(Dialect dialect, Distribution distribution, const DType& element) {
    detail::check_element(distribution, element);
    static constexpr const char* distributions[] = {"BITS", "UNIFORM", "NORMAL"};
    const bool normal = distribution == Distribution::normal;
    codegen::Values values{{"kernel", detail::philox_kernel_name(distribution, element)},
                           {"type", element.c_name(dialect)},
                           {"doubles", doubles(element) ? 1 : 0},
                           {"distribution", distributions[static_cast<int>(distribution)]},
                           {"multiplier0", codegen::literal(dialect, k::philox_multiplier0)},
                           {"multiplier1", codegen::literal(dialect, k::philox_multiplier1)},
                           {"weyl0", codegen::literal(dialect, k::philox_weyl0)},
                           {"weyl1", codegen::literal(dialect, k::philox_weyl1)},
                           {"normal", normal}};
    if (normal) {
        values["sqrt2"] = codegen::literal(dialect, k::sqrt2);
        values["ln2_high"] = codegen::literal(dialect, k::ln2_high);
        values["ln2_low"] = codegen::literal(dialect, k::ln2_low);
        values["polynomials"] = std::vector<codegen::Value>{
            polynomial(dialect, "rtcg_philox_log_series", k::log_series),
            polynomial(dialect, "rtcg_philox_sin_series", k::sin_quarter_turn),
            polynomial(dialect, "rtcg_philox_cos_series", k::cos_quarter_turn)};
    }
    std::string source = configuration_template().render(values);
    (source += rtcg::detail::device::thread::philox) += '\n';
    if (normal) (source += rtcg::detail::device::thread::philox_normal) += '\n';
    source += rtcg::detail::device::kernel::random_philox;
    return codegen::with_prelude(dialect, source);
}

} // namespace rtcg::random
