// The image kernels in the CUDA dialect, compiled by NVRTC whatever the backend: the CUDA half
// of the image macros is checked on machines without a GPU too.
#include "../support/cuda_compile.hpp"
#include "image_kernels.hpp"

#include <rtcg/codegen/prelude.hpp>

#include <doctest/doctest.h>

TEST_CASE("the image kernels compile for CUDA") {
    if (!rtcg::test::nvrtc_available()) return;
    CHECK_NOTHROW(rtcg::test::compile_for_cuda(
        rtcg::codegen::with_prelude(rtcg::codegen::Dialect::cuda, rtcg::test::image_kernels, {.images = true})));
}
