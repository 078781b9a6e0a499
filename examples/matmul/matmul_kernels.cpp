#include "matmul_kernels.hpp"

#include <rtcg/codegen/prelude.hpp>
#include <rtcg/codegen/template.hpp>
#include <rtcg/tuning/size_class.hpp>

#include <algorithm>

namespace matmul {
namespace {

using rtcg::tuning::Configuration;

// Loads this thread's share of tile `tile` of A and B from global memory into registers. Rows and
// columns past the matrices' edges read as zeros, which add nothing to the products; a vector is
// wholly inside or wholly outside, because vw divides K and N.
constexpr const char* load_template = R"(
{% for l in range(a_loads) %}
        {
            const int row = block_m + a_row + {{ l * threads // a_vectors_per_row }};
            const int col = tile * {{ tk }} + a_col;
{% if vw == 1 %}
            a_reg[{{ l }}] = (row < m && col < k) ? a[(rtcg_index_t)row * k + col] : 0.0f;
{% else %}
            {{ vector_type }} v = {{ vector_zero }};
            if (row < m && col < k) v = *((RTCG_GLOBAL const {{ vector_type }}*)(a + (rtcg_index_t)row * k + col));
{% for e in range(vw) %}
            a_reg[{{ l * vw + e }}] = v.{{ lanes[e] }};
{% endfor %}
{% endif %}
        }
{% endfor %}
{% for l in range(b_loads) %}
        {
            const int row = tile * {{ tk }} + b_row + {{ l * threads // b_vectors_per_row }};
            const int col = block_n + b_col;
{% if vw == 1 %}
            b_reg[{{ l }}] = (row < k && col < n) ? b[(rtcg_index_t)row * n + col] : 0.0f;
{% else %}
            {{ vector_type }} v = {{ vector_zero }};
            if (row < k && col < n) v = *((RTCG_GLOBAL const {{ vector_type }}*)(b + (rtcg_index_t)row * n + col));
{% for e in range(vw) %}
            b_reg[{{ l * vw + e }}] = v.{{ lanes[e] }};
{% endfor %}
{% endif %}
        }
{% endfor %}
)";

// Stores the registers into local stage `stage`: A transposed (k-major), so that the multiply
// reads consecutive rows of A as one vector, B as it is.
constexpr const char* store_template = R"(
{% for l in range(a_loads) %}
{% for e in range(vw) %}
        a_tiles[stage * {{ tk * tm }} + (a_col + {{ e }}) * {{ tm }} + a_row + {{ l * threads // a_vectors_per_row }}] = a_reg[{{ l * vw + e }}];
{% endfor %}
{% endfor %}
{% for l in range(b_loads) %}
{% for e in range(vw) %}
        b_tiles[stage * {{ tk * tn }} + (b_row + {{ l * threads // b_vectors_per_row }}) * {{ tn }} + b_col + {{ e }}] = b_reg[{{ l * vw + e }}];
{% endfor %}
{% endfor %}
)";

// Multiplies stage `stage`. Thread (tx, ty) owns rows ty*lv + i (+ a multiple of tcm*lv) and
// columns tx*lv + j (+ a multiple of tcn*lv): neighbouring threads read neighbouring vectors of
// local memory, without bank conflicts.
constexpr const char* multiply_template = R"(
        {
            RTCG_LOCAL_PTR const float* as = a_tiles + stage * {{ tk * tm }} + ty * {{ lv }};
            RTCG_LOCAL_PTR const float* bs = b_tiles + stage * {{ tk * tn }} + tx * {{ lv }};
            for (int kk = 0; kk < {{ tk }}; kk += {{ unroll }}) {
{% for u in range(unroll) %}
                {
{% for g in range(wm // lv) %}
{% if lv == 1 %}
                    const float a{{ g }} = as[(kk + {{ u }}) * {{ tm }} + {{ g * tcm }}];
{% else %}
                    const {{ local_vector_type }} av{{ g }} = *((RTCG_LOCAL_PTR const {{ local_vector_type }}*)(as + (kk + {{ u }}) * {{ tm }} + {{ g * tcm * lv }}));
{% for e in range(lv) %}
                    const float a{{ g * lv + e }} = av{{ g }}.{{ lanes[e] }};
{% endfor %}
{% endif %}
{% endfor %}
{% for g in range(wn // lv) %}
{% if lv == 1 %}
                    const float b{{ g }} = bs[(kk + {{ u }}) * {{ tn }} + {{ g * tcn }}];
{% else %}
                    const {{ local_vector_type }} bv{{ g }} = *((RTCG_LOCAL_PTR const {{ local_vector_type }}*)(bs + (kk + {{ u }}) * {{ tn }} + {{ g * tcn * lv }}));
{% for e in range(lv) %}
                    const float b{{ g * lv + e }} = bv{{ g }}.{{ lanes[e] }};
{% endfor %}
{% endif %}
{% endfor %}
{% for i in range(wm) %}
{% for j in range(wn) %}
                    c{{ i }}_{{ j }} += a{{ i }} * b{{ j }};
{% endfor %}
{% endfor %}
                }
{% endfor %}
            }
        }
)";

constexpr const char* tiled_template = R"(
RTCG_KERNEL void rtcg_matmul_tiled(RTCG_GLOBAL const float* RTCG_RESTRICT a, RTCG_GLOBAL const float* RTCG_RESTRICT b,
                                   RTCG_GLOBAL float* RTCG_RESTRICT c, int m, int n, int k) {
    // Declared as vectors so that vector reads of local memory are aligned.
    RTCG_LOCAL_ARRAY(rtcg_float4, a_tiles4, {{ stages * tk * tm // 4 }});
    RTCG_LOCAL_ARRAY(rtcg_float4, b_tiles4, {{ stages * tk * tn // 4 }});
    RTCG_LOCAL_PTR float* a_tiles = (RTCG_LOCAL_PTR float*)a_tiles4;
    RTCG_LOCAL_PTR float* b_tiles = (RTCG_LOCAL_PTR float*)b_tiles4;

    const int tid = (int)RTCG_LOCAL_ID(0);
    const int tx = tid % {{ tcn }}, ty = tid / {{ tcn }};
    const int block_m = (int)RTCG_GROUP_ID(1) * {{ tm }}, block_n = (int)RTCG_GROUP_ID(0) * {{ tn }};
    // Where this thread's loads start in the A and B tiles.
    const int a_row = tid / {{ a_vectors_per_row }}, a_col = (tid % {{ a_vectors_per_row }}) * {{ vw }};
    const int b_row = tid / {{ b_vectors_per_row }}, b_col = (tid % {{ b_vectors_per_row }}) * {{ vw }};
    float a_reg[{{ a_loads * vw }}], b_reg[{{ b_loads * vw }}];
{% for i in range(wm) %}
    float {% for j in range(wn) %}c{{ i }}_{{ j }} = 0.0f{% if not loop.last %}, {% endif %}{% endfor %};
{% endfor %}
    const int tiles = (k + {{ tk - 1 }}) / {{ tk }};
{% if prefetch %}
    {
        const int tile = 0, stage = 0;
{{ load }}
{{ store }}
    }
    RTCG_LOCAL_BARRIER();
    for (int t = 0; t < tiles; ++t) {
        // The next tile travels from global memory while this one is multiplied.
        if (t + 1 < tiles) {
            const int tile = t + 1;
{{ load }}
        }
        {
            const int stage = t & 1;
{{ multiply }}
        }
        // The other stage was last read before the previous barrier: free to overwrite.
        if (t + 1 < tiles) {
            const int stage = (t + 1) & 1;
{{ store }}
        }
        RTCG_LOCAL_BARRIER();
    }
{% else %}
    for (int tile = 0; tile < tiles; ++tile) {
        const int stage = 0;
{{ load }}
{{ store }}
        RTCG_LOCAL_BARRIER();
{{ multiply }}
        RTCG_LOCAL_BARRIER();
    }
{% endif %}
{% for i in range(wm) %}
    {
        const int row = block_m + ty * {{ lv }} + {{ (i // lv) * tcm * lv + i % lv }};
        if (row < m) {
            RTCG_GLOBAL float* c_row = c + (rtcg_index_t)row * n + block_n + tx * {{ lv }};
            const int col = block_n + tx * {{ lv }};
{% for j in range(wn) %}
            if (col + {{ (j // lv) * tcn * lv + j % lv }} < n) c_row[{{ (j // lv) * tcn * lv + j % lv }}] = c{{ i }}_{{ j }};
{% endfor %}
        }
    }
{% endfor %}
}
)";

constexpr const char* naive_source = R"(
RTCG_KERNEL void rtcg_matmul_naive(RTCG_GLOBAL const float* RTCG_RESTRICT a, RTCG_GLOBAL const float* RTCG_RESTRICT b,
                                   RTCG_GLOBAL float* RTCG_RESTRICT c, int m, int n, int k) {
    const int col = (int)RTCG_GLOBAL_ID(0), row = (int)RTCG_GLOBAL_ID(1);
    if (row >= m || col >= n) return;
    float sum = 0.0f;
    for (int p = 0; p < k; ++p) sum += a[(rtcg_index_t)row * k + p] * b[(rtcg_index_t)p * n + col];
    c[(rtcg_index_t)row * n + col] = sum;
}
)";

constexpr std::int64_t naive_block = 16;

std::int64_t threads_of(const Configuration& c) {
    return (c.integer("tm") / c.integer("wm")) * (c.integer("tn") / c.integer("wn"));
}

std::size_t groups(std::int64_t extent, std::int64_t per_group) {
    return static_cast<std::size_t>((extent + per_group - 1) / per_group);
}

std::string vector_type(std::int64_t width) {
    return width == 1 ? "float" : "rtcg_float" + std::to_string(width);
}

} // namespace

rtcg::tuning::ParameterSpace tiled_space(const rtcg::DeviceInfo& device, const Shape& shape) {
    rtcg::tuning::ParameterSpace space;
    if (device.type == rtcg::DeviceType::cpu) {
        space.integer("tm", {32, 64}).integer("tn", {32, 64}).integer("tk", {16});
        space.integer("wm", {4}).integer("wn", {4}).integer("vw", {1, 4}).integer("lv", {4});
        space.integer("unroll", {4}).integer("prefetch", {0, 1});
    } else {
        space.integer("tm", {32, 64, 128}).integer("tn", {32, 64, 128}).integer("tk", {8, 16, 32});
        space.integer("wm", {4, 8}).integer("wn", {4, 8}).integer("vw", {1, 2, 4}).integer("lv", {1, 4});
        space.integer("unroll", {4, 8, 16}).integer("prefetch", {0, 1});
    }
    // CUDA allows 48 KiB of static shared memory whatever the device has.
    const auto local_bytes = static_cast<std::int64_t>(std::min<std::uint64_t>(device.local_memory_bytes, 48 * 1024));
    const auto max_threads = static_cast<std::int64_t>(std::min<std::size_t>(device.max_work_group_size, 1024));
    const auto simd = static_cast<std::int64_t>(std::max<std::uint32_t>(device.simd_width, 1));
    space.constraint("vw divides K and N", [shape](const Configuration& c) {
        return shape.k % c.integer("vw") == 0 && shape.n % c.integer("vw") == 0;
    });
    space.constraint("lv divides wm and wn, vw divides tk",
                     [](const Configuration& c) {
                         return c.integer("wm") % c.integer("lv") == 0 && c.integer("wn") % c.integer("lv") == 0 &&
                                c.integer("tk") % c.integer("vw") == 0;
                     });
    space.constraint("unroll divides tk", [](const Configuration& c) { return c.integer("tk") % c.integer("unroll") == 0; });
    space.constraint("threads per block: a multiple of the SIMD width, within the device's limit",
                     [=](const Configuration& c) {
                         const std::int64_t threads = threads_of(c);
                         return threads % simd == 0 && threads >= 2 * simd && threads <= max_threads;
                     });
    space.constraint("every thread loads whole rows of vectors of both tiles", [](const Configuration& c) {
        const std::int64_t threads = threads_of(c), vw = c.integer("vw");
        const std::int64_t a_vectors = c.integer("tm") * c.integer("tk") / vw, a_row = c.integer("tk") / vw;
        const std::int64_t b_vectors = c.integer("tk") * c.integer("tn") / vw, b_row = c.integer("tn") / vw;
        return a_vectors % threads == 0 && b_vectors % threads == 0 && threads % a_row == 0 && threads % b_row == 0;
    });
    space.constraint("local tiles fit the device's local memory", [=](const Configuration& c) {
        const std::int64_t stages = 1 + c.integer("prefetch");
        return stages * c.integer("tk") * (c.integer("tm") + c.integer("tn")) * 4 <= local_bytes;
    });
    space.constraint("at most 64 accumulators and 32 staging registers per thread", [](const Configuration& c) {
        const std::int64_t staged = c.integer("tk") * (c.integer("tm") + c.integer("tn")) / threads_of(c);
        return c.integer("wm") * c.integer("wn") <= 64 && staged <= 32;
    });
    return space;
}

std::vector<rtcg::tuning::Configuration> tiled_starts(const rtcg::tuning::ParameterSpace& space) {
    // 128 x 128 tiles of 8 x 8 per thread: few local-memory reads per multiply-add, where tiles of
    // 4 x 4 per thread ask for local memory faster than a GPU serves it. Then 64 x 128 tiles of
    // 4 x 4, which a search from a random start finds, as a second start (bench/NOTES.md).
    std::vector<rtcg::tuning::Configuration> starts;
    for (const char* text : {"tm=128,tn=128,tk=8,wm=8,wn=8,vw=4,lv=4,unroll=8,prefetch=1",
                             "tm=64,tn=128,tk=32,wm=4,wn=4,vw=4,lv=4,unroll=16,prefetch=1"})
        starts.push_back(space.parse(text));
    return starts;
}

std::string size_class(const Shape& shape) {
    const int vector = shape.k % 4 == 0 && shape.n % 4 == 0 ? 4 : shape.k % 2 == 0 && shape.n % 2 == 0 ? 2 : 1;
    const bool large = shape.m >= 2048 && shape.n >= 2048 && shape.k >= 1024;
    const std::string sizes =
        large ? "large"
              : rtcg::tuning::power_of_two_class({static_cast<std::uint64_t>(shape.m), static_cast<std::uint64_t>(shape.n),
                                                  static_cast<std::uint64_t>(shape.k)});
    return sizes + "/vec" + std::to_string(vector);
}

rtcg::tuning::GeneratedKernel tiled_kernel(rtcg::codegen::Dialect dialect, const Configuration& c) {
    static const rtcg::codegen::Template load(load_template, "matmul load");
    static const rtcg::codegen::Template store(store_template, "matmul store");
    static const rtcg::codegen::Template multiply(multiply_template, "matmul multiply");
    static const rtcg::codegen::Template tiled(tiled_template, "matmul");

    const std::int64_t threads = threads_of(c), vw = c.integer("vw");
    rtcg::codegen::Values values = c.template_values();
    values["threads"] = threads;
    values["stages"] = 1 + c.integer("prefetch");
    values["tcm"] = c.integer("tm") / c.integer("wm");
    values["tcn"] = c.integer("tn") / c.integer("wn");
    values["a_vectors_per_row"] = c.integer("tk") / vw;
    values["b_vectors_per_row"] = c.integer("tn") / vw;
    values["a_loads"] = c.integer("tm") * c.integer("tk") / vw / threads;
    values["b_loads"] = c.integer("tk") * c.integer("tn") / vw / threads;
    values["vector_type"] = vector_type(vw);
    values["vector_zero"] = vw == 1 ? std::string("0.0f")
                                    : "rtcg_make_float" + std::to_string(vw) + (vw == 2 ? "(0.0f, 0.0f)" : "(0.0f, 0.0f, 0.0f, 0.0f)");
    values["local_vector_type"] = vector_type(c.integer("lv"));
    values["lanes"] = std::vector<rtcg::codegen::Value>{"x", "y", "z", "w"};
    values["load"] = load.render(values);
    values["store"] = store.render(values);
    values["multiply"] = multiply.render(values);
    return rtcg::tuning::GeneratedKernel{rtcg::codegen::with_prelude(dialect, tiled.render(values)), "rtcg_matmul_tiled",
                                         {}, static_cast<std::size_t>(threads)};
}

rtcg::LaunchConfig tiled_launch(const Configuration& c, const Shape& shape) {
    return rtcg::LaunchConfig{rtcg::Dim3{groups(shape.n, c.integer("tn")), groups(shape.m, c.integer("tm"))},
                              rtcg::Dim3{static_cast<std::size_t>(threads_of(c))}};
}

rtcg::tuning::GeneratedKernel naive_kernel(rtcg::codegen::Dialect dialect) {
    return rtcg::tuning::GeneratedKernel{rtcg::codegen::with_prelude(dialect, naive_source), "rtcg_matmul_naive", {},
                                         naive_block * naive_block};
}

rtcg::LaunchConfig naive_launch(const Shape& shape) {
    return rtcg::LaunchConfig{rtcg::Dim3{groups(shape.n, naive_block), groups(shape.m, naive_block)},
                              rtcg::Dim3{naive_block, naive_block}};
}

} // namespace matmul
