// The OpenCL plug-in's reading of PoCL's release from its platform version, and which releases
// miscount concurrent launches of a kernel (pocl_version.hpp). Needs no device.
#include "pocl_version.hpp"

#include <doctest/doctest.h>

using rtcg::opencl::pocl_major_release;
using rtcg::opencl::pocl_miscounts_concurrent_launches;

TEST_CASE("PoCL's major release is read from its platform version") {
    CHECK(pocl_major_release("OpenCL 3.0 PoCL 3.1+debian  Linux, None+Asserts, RELOC, LLVM 15.0.6, SLEEF, DISTRO, "
                             "POCL_DEBUG") == 3);
    CHECK(pocl_major_release("OpenCL 3.0 PoCL 5.0+debian  Linux, None+Asserts, RELOC, SPIR, LLVM 16.0.6") == 5);
    CHECK(pocl_major_release("OpenCL 3.0 PoCL 7.1  Linux, Release, RELOC, SPIR-V, LLVM 19.1.7") == 7);
    CHECK(pocl_major_release("OpenCL 3.0 PoCL 12.0-pre main-0123abc") == 12);
    CHECK_FALSE(pocl_major_release("OpenCL 3.0 CUDA 13.0.88").has_value());
    CHECK_FALSE(pocl_major_release("OpenCL 3.0 PoCL ").has_value());
    CHECK_FALSE(pocl_major_release("OpenCL 3.0 PoCL x.1").has_value());
    CHECK_FALSE(pocl_major_release("").has_value());
}

TEST_CASE("PoCL releases before 7.0 miscount one kernel's launches on several queues at once; other platforms do not") {
    CHECK(pocl_miscounts_concurrent_launches("OpenCL 3.0 PoCL 3.1+debian  Linux, None+Asserts"));
    CHECK(pocl_miscounts_concurrent_launches("OpenCL 3.0 PoCL 6.0+debian  Linux"));
    CHECK_FALSE(pocl_miscounts_concurrent_launches("OpenCL 3.0 PoCL 7.0  Linux"));
    CHECK_FALSE(pocl_miscounts_concurrent_launches("OpenCL 3.0 PoCL 7.1  Linux"));
    CHECK_FALSE(pocl_miscounts_concurrent_launches("OpenCL 3.0 CUDA 13.0.88"));
}
