# Conan 2 recipe for rtcg:  conan create . [-o "rtcg/*:with_cuda=True"]
# With no Conan remote reachable, add -pr:a conan/profiles/debian12 (see that file and README.md).
import os
import re

from conan import ConanFile
from conan.errors import ConanInvalidConfiguration
from conan.tools.build import check_min_cppstd
from conan.tools.cmake import CMake, CMakeDeps, CMakeToolchain, cmake_layout
from conan.tools.files import load, rm

required_conan_version = ">=2.0"


class RtcgConan(ConanFile):
    name = "rtcg"
    description = "GPU run-time code generation for C++ on CUDA and OpenCL"
    topics = ("gpu", "cuda", "opencl", "nvrtc", "code-generation")
    package_type = "library"
    settings = "os", "arch", "compiler", "build_type"
    # shared: True only; see validate(). with_cuda: the CUDA plug-in, built against the system's
    # CUDA Toolkit (Conan Center has no CUDA package; CMake finds it on PATH, in CUDAToolkit_ROOT
    # or in /usr/local/cuda), which is needed at build time only: the plug-in opens libcuda and
    # NVRTC with dlopen. with_opencl: the OpenCL plug-in, on the ICD loader.
    options = {"shared": [True, False], "with_cuda": [True, False], "with_opencl": [True, False]}
    # spdlog and the OpenCL loader are linked statically into rtcg's libraries and plug-ins, so
    # that a consumer's run-time environment, which never sees them, needs no path to them.
    default_options = {"shared": True, "with_cuda": False, "with_opencl": True,
                       "boost/*:header_only": True, "spdlog/*:shared": False, "opencl-icd-loader/*:shared": False}
    # The fuzzers are built by scripts/fuzz.sh from a checkout, never by the package.
    exports_sources = ("CMakeLists.txt", "cmake/*", "include/*", "core/*", "codegen/*", "arrays/*", "tuning/*", "sparse/*", "fft/*", "backends/*",
                       "tools/*", "tests/*", "!tests/fuzz/*",
                       # The tuning tests build the matmul example's kernel generator.
                       "examples/matmul/*")

    def set_version(self):
        cmakelists = load(self, os.path.join(self.recipe_folder, "CMakeLists.txt"))
        self.version = re.search(r"project\(rtcg VERSION (\S+)", cmakelists).group(1)

    def layout(self):
        cmake_layout(self)

    def requirements(self):
        # spdlog is linked into librtcg.so and the plug-ins, statically (see default_options), and
        # no header a consumer includes uses it: plugin/support.hpp is for the plug-ins built here.
        self.requires("spdlog/[>=1.10 <2]", visible=False)
        # codegen's public device_struct.hpp includes Boost.PFR (Boost 1.75 or later).
        self.requires("boost/[>=1.75 <2]", transitive_headers=True)
        if self.options.with_opencl:
            # Only the plug-in, which is loaded and never linked, uses OpenCL: consumers of rtcg
            # neither see nor link it.
            self.requires("opencl-headers/[>=2022.01.04]", visible=False)
            self.requires("opencl-icd-loader/[>=2022.01.04]", visible=False)

    def build_requirements(self):
        self.test_requires("doctest/[>=2.4.9 <3]")

    def validate(self):
        if not self.options.shared:
            raise ConanInvalidConfiguration(
                "rtcg is built as shared libraries only (shared=True): its backends are plug-ins loaded "
                "with dlopen that link librtcg.so, so that the program, core and every plug-in share one "
                "copy of core's state (plug-in registry, compile cache, logger) and one type identity for "
                "rtcg::Error and the plug-in interfaces, which exception handling and dynamic_cast rely "
                "on. A static core would be copied into each plug-in.")
        if self.settings.os != "Linux":
            raise ConanInvalidConfiguration("rtcg supports Linux only (plug-ins are found with dladdr and dlopen)")
        if not self.options.with_cuda and not self.options.with_opencl:
            raise ConanInvalidConfiguration("rtcg needs at least one backend: with_cuda=True or with_opencl=True")
        check_min_cppstd(self, 20)

    def _packaged(self, name):
        # A requirement met by the profile's [platform_requires] is on the system: it has no
        # package, and CMakeDeps makes no target for it (the compiler finds its headers).
        return name in self.dependencies and self.dependencies[name].package_folder is not None

    def _build_tests(self):
        return not self.conf.get("tools.build:skip_test", default=False, check_type=bool)

    def generate(self):
        toolchain = CMakeToolchain(self)
        toolchain.cache_variables["RTCG_WITH_CUDA"] = "ON" if self.options.with_cuda else "OFF"
        toolchain.cache_variables["RTCG_WITH_OPENCL"] = bool(self.options.with_opencl)
        toolchain.cache_variables["RTCG_BUILD_TESTS"] = self._build_tests()
        toolchain.cache_variables["RTCG_BUILD_EXAMPLES"] = False
        toolchain.cache_variables["RTCG_BUILD_BENCH"] = False
        toolchain.cache_variables["RTCG_BUILD_DOCS"] = False
        # rtcg::distributed would link whatever MPI the build machine has, which Conan does not
        # provide: the package leaves it out (its sources are not exported either).
        toolchain.cache_variables["RTCG_WITH_MPI"] = False
        toolchain.generate()
        CMakeDeps(self).generate()

    def build(self):
        cmake = CMake(self)
        cmake.configure()
        cmake.build()
        if self._build_tests():
            # Every backend test runs where its backend is present and is skipped elsewhere.
            cmake.test()

    def package(self):
        CMake(self).install()
        # Consumers get CMakeDeps' package, made from package_info(), not rtcg's own: keep only
        # rtcg-plugins.cmake, which both include.
        package_dir = os.path.join(self.package_folder, "lib", "cmake", "rtcg")
        rm(self, "rtcg-config*.cmake", package_dir)
        rm(self, "rtcg-targets*.cmake", package_dir)

    def package_info(self):
        self.cpp_info.set_property("cmake_file_name", "rtcg")
        self.cpp_info.set_property("cmake_target_name", "rtcg::all")
        # Sets rtcg_PLUGIN_DIR and rtcg_BACKENDS, as rtcg's own CMake package does.
        self.cpp_info.set_property("cmake_build_modules", [os.path.join("lib", "cmake", "rtcg", "rtcg-plugins.cmake")])

        core = self.cpp_info.components["core"]
        core.set_property("cmake_target_name", "rtcg::rtcg")
        core.libs = ["rtcg"]

        codegen = self.cpp_info.components["codegen"]
        codegen.set_property("cmake_target_name", "rtcg::codegen")
        codegen.libs = ["rtcg_codegen"]
        codegen.requires = ["core"]
        if self._packaged("boost"):
            codegen.requires.append("boost::headers")

        arrays = self.cpp_info.components["arrays"]
        arrays.set_property("cmake_target_name", "rtcg::arrays")
        arrays.libs = ["rtcg_arrays"]
        arrays.requires = ["codegen"]

        tuning = self.cpp_info.components["tuning"]
        tuning.set_property("cmake_target_name", "rtcg::tuning")
        tuning.libs = ["rtcg_tuning"]
        tuning.requires = ["codegen"]

        sparse = self.cpp_info.components["sparse"]
        sparse.set_property("cmake_target_name", "rtcg::sparse")
        sparse.libs = ["rtcg_sparse"]
        sparse.requires = ["arrays"]
        fft = self.cpp_info.components["fft"]
        fft.set_property("cmake_target_name", "rtcg::fft")
        fft.libs = ["rtcg_fft"]
        fft.requires = ["arrays", "tuning"]

        # librtcg.so finds its plug-ins here by itself; recipes that bundle them read this.
        self.conf_info.define_path("user.rtcg:plugin_dir", os.path.join(self.package_folder, "lib", "rtcg", "plugins"))
