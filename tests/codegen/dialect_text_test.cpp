// The Dialect API's exact words, which generators paste into kernels, which targets have warp
// primitives, and how with_prelude puts the prelude, the complex and warp supports and the source
// together. Whether the words compile and do what they say is dialect_test.cpp's and
// prelude_test.cpp's business; here the text is the contract.
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/core/error.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace rtcg::codegen;

TEST_CASE("kernel, function and restrict qualifiers") {
    CHECK(kernel_qualifier(Dialect::cuda) == "extern \"C\" __global__");
    CHECK(kernel_qualifier(Dialect::opencl) == "__kernel");
    CHECK(device_function_qualifier(Dialect::cuda) == "__device__ inline");
    CHECK(device_function_qualifier(Dialect::opencl) == "inline");
    CHECK(restrict_qualifier(Dialect::cuda) == "__restrict__");
    CHECK(restrict_qualifier(Dialect::opencl) == "restrict");
}

TEST_CASE("pointer spaces: CUDA pointers are generic, constant ones const") {
    CHECK(pointer_space(Dialect::cuda, AddressSpace::private_space) == "");
    CHECK(pointer_space(Dialect::cuda, AddressSpace::global) == "");
    CHECK(pointer_space(Dialect::cuda, AddressSpace::local) == "");
    CHECK(pointer_space(Dialect::cuda, AddressSpace::constant) == "const");
    CHECK(pointer_space(Dialect::opencl, AddressSpace::private_space) == "");
    CHECK(pointer_space(Dialect::opencl, AddressSpace::global) == "__global");
    CHECK(pointer_space(Dialect::opencl, AddressSpace::local) == "__local");
    CHECK(pointer_space(Dialect::opencl, AddressSpace::constant) == "__constant");
}

TEST_CASE("variable spaces, and no variables in global memory") {
    CHECK(variable_space(Dialect::cuda, AddressSpace::private_space) == "");
    CHECK(variable_space(Dialect::cuda, AddressSpace::local) == "__shared__");
    CHECK(variable_space(Dialect::cuda, AddressSpace::constant) == "__constant__");
    CHECK(variable_space(Dialect::opencl, AddressSpace::private_space) == "");
    CHECK(variable_space(Dialect::opencl, AddressSpace::local) == "__local");
    CHECK(variable_space(Dialect::opencl, AddressSpace::constant) == "__constant");
    CHECK_THROWS_AS(variable_space(Dialect::cuda, AddressSpace::global), rtcg::InvalidArgument);
    CHECK_THROWS_AS(variable_space(Dialect::opencl, AddressSpace::global), rtcg::InvalidArgument);
}

TEST_CASE("index expressions widen CUDA's built-ins before combining them") {
    CHECK(index_expression(Dialect::cuda, IndexQuery::global_id, 0) ==
          "((size_t)blockIdx.x * (size_t)blockDim.x + (size_t)threadIdx.x)");
    CHECK(index_expression(Dialect::cuda, IndexQuery::local_id, 1) == "((size_t)threadIdx.y)");
    CHECK(index_expression(Dialect::cuda, IndexQuery::group_id, 2) == "((size_t)blockIdx.z)");
    CHECK(index_expression(Dialect::cuda, IndexQuery::local_size, 0) == "((size_t)blockDim.x)");
    CHECK(index_expression(Dialect::cuda, IndexQuery::num_groups, 1) == "((size_t)gridDim.y)");
    CHECK(index_expression(Dialect::cuda, IndexQuery::global_size, 2) == "((size_t)gridDim.z * (size_t)blockDim.z)");
    CHECK(index_expression(Dialect::opencl, IndexQuery::global_id, 0) == "get_global_id(0)");
    CHECK(index_expression(Dialect::opencl, IndexQuery::local_id, 1) == "get_local_id(1)");
    CHECK(index_expression(Dialect::opencl, IndexQuery::group_id, 2) == "get_group_id(2)");
    CHECK(index_expression(Dialect::opencl, IndexQuery::local_size, 0) == "get_local_size(0)");
    CHECK(index_expression(Dialect::opencl, IndexQuery::num_groups, 1) == "get_num_groups(1)");
    CHECK(index_expression(Dialect::opencl, IndexQuery::global_size, 2) == "(get_num_groups(2) * get_local_size(2))");
    for (const Dialect dialect : {Dialect::cuda, Dialect::opencl}) {
        CHECK_THROWS_AS(index_expression(dialect, IndexQuery::global_id, -1), rtcg::InvalidArgument);
        CHECK_THROWS_AS(index_expression(dialect, IndexQuery::global_id, 3), rtcg::InvalidArgument);
    }
}

TEST_CASE("barriers") {
    CHECK(local_barrier(Dialect::cuda) == "__syncthreads()");
    CHECK(local_barrier(Dialect::opencl) == "barrier(CLK_LOCAL_MEM_FENCE)");
    CHECK(global_barrier(Dialect::cuda) == "__syncthreads()");
    CHECK(global_barrier(Dialect::opencl) == "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)");
}

TEST_CASE("with_prelude puts the complex and warp supports after the prelude and restarts the line count") {
    for (const Dialect dialect : {Dialect::cuda, Dialect::opencl}) {
        CAPTURE(to_string(dialect));
        const std::string source = "RTCG_KERNEL void k() {}\n";
        CHECK(with_prelude(dialect, source) == std::string(prelude(dialect)) + "#line 1\n" + source);
        CHECK(with_prelude(dialect, source, {.complex = true}) ==
              std::string(prelude(dialect)) + std::string(complex_support(dialect)) + "#line 1\n" + source);
        CHECK(with_prelude(dialect, source, {.complex = true, .warp = true}) ==
              std::string(prelude(dialect)) + std::string(complex_support(dialect)) +
                  std::string(warp_support(dialect)) + "#line 1\n" + source);
    }
}

TEST_CASE("portable_prelude gives the text with_prelude puts before the source, in the device's dialect") {
    const rtcg::codegen::PreludeOptions options{.complex = true, .warp = true};
    const rtcg::SourcePrelude portable = rtcg::codegen::portable_prelude(options);
    for (const Dialect dialect : {Dialect::cuda, Dialect::opencl}) {
        CAPTURE(to_string(dialect));
        rtcg::DeviceInfo device;
        device.backend = std::string(to_string(dialect));
        CHECK(portable(device) + "#line 1\nsource" == with_prelude(dialect, "source", options));
    }
    // A device's target, not only its dialect: NVIDIA's OpenCL platform gets the PTX loads.
    rtcg::DeviceInfo nvidia;
    nvidia.backend = "opencl";
    nvidia.platform = "NVIDIA CUDA";
    nvidia.simd_width = 32;
    CHECK(portable(nvidia) + "#line 1\nsource" == with_prelude(Target(Dialect::opencl, true), "source", options));
    CHECK(portable(nvidia) != std::string(prelude(Dialect::opencl)) + std::string(complex_support(Dialect::opencl)) +
                                  std::string(warp_support(Dialect::opencl)));
    rtcg::DeviceInfo unknown;
    unknown.backend = "vulkan";
    CHECK_THROWS_AS(portable(unknown), rtcg::InvalidArgument);
}

TEST_CASE("the OpenCL warp support is PTX, not CUDA's intrinsics") {
    const std::string_view opencl = warp_support(Dialect::opencl);
    for (const char* intrinsic : {"__ballot_sync", "__syncwarp", "__shfl"}) {
        CAPTURE(intrinsic);
        CHECK(opencl.find(intrinsic) == std::string_view::npos);
        CHECK(warp_support(Dialect::cuda).find(intrinsic) != std::string_view::npos);
    }
    CHECK(opencl.find("vote.sync.ballot.b32") != std::string_view::npos);
}

TEST_CASE("the bit functions are CUDA's intrinsics in the CUDA prelude and OpenCL's built-ins in the other") {
    for (const char* intrinsic : {"__popc", "__clz", "__ffs", "__umulhi"}) {
        CAPTURE(intrinsic);
        CHECK(rtcg::codegen::prelude(Dialect::opencl).find(intrinsic) == std::string_view::npos);
        CHECK(rtcg::codegen::prelude(Dialect::cuda).find(intrinsic) != std::string_view::npos);
    }
    for (const char* builtin : {"popcount(x)", "clz(x)", "mul_hi(a, b)"}) {
        CAPTURE(builtin);
        CHECK(rtcg::codegen::prelude(Dialect::opencl).find(builtin) != std::string_view::npos);
    }
}

TEST_CASE("a target has warp primitives on CUDA and on NVIDIA's OpenCL platform with warps of 32") {
    CHECK(Target(Dialect::cuda).warp_primitives);
    CHECK_FALSE(Target(Dialect::opencl).warp_primitives);
    rtcg::DeviceInfo device;
    device.backend = "cuda";
    device.platform = "NVIDIA CUDA";
    device.simd_width = 32;
    CHECK(target_of(device).dialect == Dialect::cuda);
    CHECK(target_of(device).warp_primitives);
    device.backend = "opencl";
    CHECK(target_of(device).dialect == Dialect::opencl);
    CHECK(target_of(device).warp_primitives);
    device.simd_width = 1; // a driver that does not report its warp width
    CHECK_FALSE(target_of(device).warp_primitives);
    device.platform = "Portable Computing Language";
    device.simd_width = 32;
    CHECK_FALSE(target_of(device).warp_primitives);
    device.backend = "metal";
    CHECK_THROWS_AS(target_of(device), rtcg::InvalidArgument);
}

TEST_CASE("L2-only loads: CUDA's __ldcg, PTX's ld.global.cg in OpenCL with inline PTX, else plain loads") {
    const Target nvidia_opencl(Dialect::opencl, true);
    CHECK(l2_only_loads(Dialect::cuda));
    CHECK(l2_only_loads(Target(Dialect::cuda, false))); // the CUDA prelude always has __ldcg
    CHECK(l2_only_loads(nvidia_opencl));
    CHECK_FALSE(l2_only_loads(Dialect::opencl));
    const std::string_view cuda = prelude(Dialect::cuda), ptx = prelude(nvidia_opencl),
                           plain = prelude(Dialect::opencl);
    CHECK(cuda.find("#define RTCG_LOAD_L2_ONLY(pointer) __ldcg(pointer)") != std::string_view::npos);
    CHECK(plain.find("#define RTCG_LOAD_L2_ONLY(pointer) (*(pointer))") != std::string_view::npos);
    CHECK(plain.find("ld.global.cg") == std::string_view::npos);
    CHECK(ptx.find("#define RTCG_LOAD_L2_ONLY(pointer) rtcg_load_l2_only_(pointer)") != std::string_view::npos);
    CHECK(ptx.find("#define RTCG_LOAD_L2_ONLY(pointer) (*(pointer))") == std::string_view::npos);
    for (const char* load : {"ld.global.cg.s32", "ld.global.cg.u32", "ld.global.cg.s64", "ld.global.cg.u64",
                             "ld.global.cg.f32", "ld.global.cg.f64"}) {
        CAPTURE(load);
        CHECK(ptx.find(load) != std::string_view::npos);
    }
    // Otherwise the same prelude.
    CHECK(ptx.size() > plain.size());
    CHECK(ptx.substr(0, 200) == plain.substr(0, 200));
}

TEST_CASE("the prelude and the complex and warp supports are fully expanded in both dialects") {
    CHECK(prelude(Target(Dialect::opencl, true)).find('$') == std::string_view::npos);
    for (const Dialect dialect : {Dialect::cuda, Dialect::opencl}) {
        CAPTURE(to_string(dialect));
        CHECK(prelude(dialect).find('$') == std::string_view::npos);
        CHECK(complex_support(dialect).find('$') == std::string_view::npos);
        CHECK(warp_support(dialect).find('$') == std::string_view::npos);
    }
}

TEST_CASE("launch bounds become a register cap option on NVIDIA's OpenCL only") {
    const Target nvidia_opencl(Dialect::opencl, true);
    CHECK(launch_bounds_options(nvidia_opencl, 256, 4) == std::vector<std::string>{"-cl-nv-maxrregcount=64"});
    CHECK(launch_bounds_options(nvidia_opencl, 64, 1).empty()); // 1024 registers each: no cap
    CHECK(launch_bounds_options(nvidia_opencl, 256, 1).empty());
    // 784 work-items take 25 warps: 81 registers each, allocated in eights.
    CHECK(launch_bounds_options(nvidia_opencl, 784, 1) == std::vector<std::string>{"-cl-nv-maxrregcount=80"});
    CHECK(launch_bounds_options(nvidia_opencl, 1024, 1) == std::vector<std::string>{"-cl-nv-maxrregcount=64"});
    CHECK(launch_bounds_options(nvidia_opencl, 1024, 8) == std::vector<std::string>{"-cl-nv-maxrregcount=16"});
    CHECK(launch_bounds_options(nvidia_opencl, 0, 4).empty());
    CHECK(launch_bounds_options(Target(Dialect::opencl), 256, 4).empty()); // PoCL and other platforms
    CHECK(launch_bounds_options(Target(Dialect::cuda), 256, 4).empty());   // __launch_bounds__ in the source
}
