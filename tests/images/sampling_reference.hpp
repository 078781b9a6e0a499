#pragma once
// The host reference of image sampling: OpenCL 1.2's addressing and filtering rules (section
// 8.2), which CUDA's texture units follow too, on one channel of pixels stored x fastest.
#include <rtcg/core/image.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

namespace rtcg::test {

// A pixel index along one axis of `extent` pixels, or -1 where the border is read.
inline long address_pixel(long i, long extent, AddressMode mode) {
    if (mode == AddressMode::clamp_to_border) return i < 0 || i >= extent ? -1 : i;
    if (mode == AddressMode::clamp_to_edge) return i < 0 ? 0 : i >= extent ? extent - 1 : i;
    return i; // repeat and mirrored_repeat: the caller reduced the coordinate into the image
}

// The pixel coordinate (in pixels) that `coordinate` addresses along an axis of `extent`
// pixels, after normalization, repeat and mirror; pixel centres at i + 0.5.
inline float pixel_coordinate(float coordinate, long extent, const Sampler& sampler) {
    const float n = static_cast<float>(extent);
    if (!sampler.normalized_coordinates) return coordinate;
    if (sampler.address == AddressMode::repeat) return (coordinate - std::floor(coordinate)) * n;
    if (sampler.address == AddressMode::mirrored_repeat) {
        const float nearest_even = 2.0f * std::rint(0.5f * coordinate);
        return std::fabs(coordinate - nearest_even) * n;
    }
    return coordinate * n;
}

// The two pixels a linear filter blends along one axis and the weight of the second; for a
// nearest filter, the one pixel (twice) and weight 0.
struct AxisTaps {
    std::array<long, 2> pixel;
    float weight;
};

inline AxisTaps axis_taps(float coordinate, long extent, const Sampler& sampler) {
    const float u = pixel_coordinate(coordinate, extent, sampler);
    if (sampler.filter == Filter::nearest) {
        long i = static_cast<long>(std::floor(u));
        // u can reach extent after rounding: repeat wraps it, mirror clamps it (OpenCL's rules).
        if (sampler.address == AddressMode::repeat && i > extent - 1) i -= extent;
        if (sampler.address == AddressMode::mirrored_repeat) i = std::min(i, extent - 1);
        i = address_pixel(i, extent, sampler.address);
        return {{i, i}, 0.0f};
    }
    long i0 = static_cast<long>(std::floor(u - 0.5f));
    long i1 = i0 + 1;
    const float a = (u - 0.5f) - std::floor(u - 0.5f);
    if (sampler.address == AddressMode::repeat) {
        if (i0 < 0) i0 += extent;
        if (i1 > extent - 1) i1 -= extent;
    } else if (sampler.address == AddressMode::mirrored_repeat) {
        i0 = std::max(i0, 0L);
        i1 = std::min(i1, extent - 1);
    } else {
        i0 = address_pixel(i0, extent, sampler.address);
        i1 = address_pixel(i1, extent, sampler.address);
    }
    return {{i0, i1}, a};
}

// Channel `channel` of the sample at (x, y, z) of an image of `extent` pixels with `channels`
// channels per pixel in `pixels`; unused axes have extent 1 and coordinate 0.5 (unnormalized) or
// 0.5 / 1 (normalized): both address their one pixel.
inline float sample(const std::vector<float>& pixels, std::array<long, 3> extent, unsigned channels, unsigned channel,
                    std::array<float, 3> coordinate, const Sampler& sampler) {
    std::array<AxisTaps, 3> taps{};
    for (std::size_t axis = 0; axis < 3; ++axis) taps[axis] = axis_taps(coordinate[axis], extent[axis], sampler);
    float value = 0.0f;
    for (int k = 0; k < 2; ++k)
        for (int j = 0; j < 2; ++j)
            for (int i = 0; i < 2; ++i) {
                const float weight = (i ? taps[0].weight : 1.0f - taps[0].weight) *
                                     (j ? taps[1].weight : 1.0f - taps[1].weight) *
                                     (k ? taps[2].weight : 1.0f - taps[2].weight);
                const long x = taps[0].pixel[static_cast<std::size_t>(i)];
                const long y = taps[1].pixel[static_cast<std::size_t>(j)];
                const long z = taps[2].pixel[static_cast<std::size_t>(k)];
                if (weight == 0.0f || x < 0 || y < 0 || z < 0) continue;
                const auto index = static_cast<std::size_t>((z * extent[1] + y) * extent[0] + x);
                value += weight * pixels[index * channels + channel];
            }
    return value;
}

} // namespace rtcg::test
