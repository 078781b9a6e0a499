# `cmake --install`: the headers, librtcg.so, librtcg_codegen.so, librtcg_arrays.so,
# librtcg_tuning.so, librtcg_sparse.so, librtcg_fft.so, the backend
# plug-ins (installed by rtcg_add_plugin), rtcg-info, and the CMake package
#
#   find_package(rtcg 0.1 CONFIG REQUIRED)   # rtcg::rtcg, rtcg::codegen, rtcg::arrays, rtcg::tuning, rtcg::sparse,
#                                            # rtcg::fft, rtcg::all, and rtcg::distributed where MPI was found
#
# The install tree has the build tree's shape (lib/librtcg.so beside lib/rtcg/plugins/), and
# every run path is relative ($ORIGIN), so the prefix can be moved or reached through a symbolic
# link and librtcg.so still finds its plug-ins with no environment.
include(CMakePackageConfigHelpers)

# Everything: core, codegen, arrays, tuning, sparse and fft (arrays needs the first two, the
# others all three).
add_library(rtcg-all INTERFACE)
add_library(rtcg::all ALIAS rtcg-all)
target_link_libraries(rtcg-all INTERFACE rtcg::arrays rtcg::tuning rtcg::sparse rtcg::fft)
# <rtcg/rtcg.hpp>, which includes every part, belongs to this target alone.
target_include_directories(rtcg-all INTERFACE
  $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)

set_target_properties(rtcg-codegen PROPERTIES EXPORT_NAME codegen)
set_target_properties(rtcg-arrays PROPERTIES EXPORT_NAME arrays)
set_target_properties(rtcg-tuning PROPERTIES EXPORT_NAME tuning)
set_target_properties(rtcg-sparse PROPERTIES EXPORT_NAME sparse)
set_target_properties(rtcg-fft PROPERTIES EXPORT_NAME fft)
set_target_properties(rtcg-all PROPERTIES EXPORT_NAME all)
# The libraries find librtcg.so beside them.
set_target_properties(rtcg-codegen rtcg-arrays rtcg-tuning rtcg-sparse rtcg-fft PROPERTIES INSTALL_RPATH "$ORIGIN")

install(DIRECTORY include/ core/include/ codegen/include/ arrays/include/ tuning/include/ sparse/include/ fft/include/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS rtcg rtcg-codegen rtcg-arrays rtcg-tuning rtcg-sparse rtcg-fft rtcg-all EXPORT rtcg-targets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS rtcg-info rtcg-cache RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# rtcg::distributed, where MPI was found: its package then looks for MPI too.
if(TARGET rtcg-distributed)
  set(RTCG_HAS_DISTRIBUTED TRUE)
  set_target_properties(rtcg-distributed PROPERTIES EXPORT_NAME distributed INSTALL_RPATH "$ORIGIN")
  install(DIRECTORY distributed/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(TARGETS rtcg-distributed EXPORT rtcg-targets LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(TARGETS rtcg-transports RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
else()
  set(RTCG_HAS_DISTRIBUTED FALSE)
endif()

set(rtcg_package_dir ${CMAKE_INSTALL_LIBDIR}/cmake/rtcg)
install(EXPORT rtcg-targets NAMESPACE rtcg:: DESTINATION ${rtcg_package_dir})

# rtcg-plugins.cmake stands alone so that Conan's generated package can include it too.
get_property(RTCG_BACKENDS GLOBAL PROPERTY RTCG_PLUGINS)
configure_file(cmake/rtcg-plugins.cmake.in ${PROJECT_BINARY_DIR}/rtcg-plugins.cmake @ONLY)
configure_package_config_file(cmake/rtcg-config.cmake.in ${PROJECT_BINARY_DIR}/rtcg-config.cmake
  INSTALL_DESTINATION ${rtcg_package_dir})
# Before 1.0 a minor release may break the API (semantic versioning's 0.y rule), so a request
# for 0.1 accepts 0.1.z only; from 1.0 on, any later release of the same major version.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(rtcg_compatibility SameMinorVersion)
else()
  set(rtcg_compatibility SameMajorVersion)
endif()
write_basic_package_version_file(${PROJECT_BINARY_DIR}/rtcg-config-version.cmake
  COMPATIBILITY ${rtcg_compatibility})
install(FILES
  ${PROJECT_BINARY_DIR}/rtcg-config.cmake
  ${PROJECT_BINARY_DIR}/rtcg-config-version.cmake
  ${PROJECT_BINARY_DIR}/rtcg-plugins.cmake
  DESTINATION ${rtcg_package_dir})
