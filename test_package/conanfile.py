# Builds a small program against the rtcg package and runs it on OpenCL (RTCG_BACKEND=opencl;
# CUDA when the package has no OpenCL plug-in), with no RTCG_PLUGIN_PATH: librtcg.so must find
# its plug-ins in the package folder by itself.
import os

from conan import ConanFile
from conan.errors import ConanException
from conan.tools.build import can_run
from conan.tools.cmake import CMake, cmake_layout


class RtcgTestPackageConan(ConanFile):
    settings = "os", "arch", "compiler", "build_type"
    generators = "CMakeDeps", "CMakeToolchain", "VirtualRunEnv"
    test_type = "explicit"

    def requirements(self):
        self.requires(self.tested_reference_str)

    def layout(self):
        cmake_layout(self)

    def build(self):
        cmake = CMake(self)
        cmake.configure()
        cmake.build()

    def test(self):
        if not can_run(self):
            return
        rtcg = self.dependencies["rtcg"]
        backend = "opencl" if rtcg.options.with_opencl else "cuda"
        plugin_dir = rtcg.conf_info.get("user.rtcg:plugin_dir")
        if not os.path.isfile(os.path.join(plugin_dir, f"librtcg-{backend}.so")):
            raise ConanException(f"user.rtcg:plugin_dir ({plugin_dir}) holds no librtcg-{backend}.so")
        program = os.path.join(self.cpp.build.bindir, "test_package")
        cache = os.path.join(self.build_folder, "rtcg-cache")
        self.run(f"env -u RTCG_PLUGIN_PATH RTCG_BACKEND={backend} RTCG_CACHE_DIR={cache} {program}", env="conanrun")
