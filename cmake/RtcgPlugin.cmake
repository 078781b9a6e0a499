# rtcg_add_plugin(<name> SOURCES ...): a backend plug-in, librtcg-<name>.so, built into (and
# installed to) the plug-in directory beside librtcg.so, where core looks for it.
function(rtcg_add_plugin name)
  cmake_parse_arguments(ARG "" "" "SOURCES" ${ARGN})
  set(target rtcg-${name})
  add_library(${target} MODULE ${ARG_SOURCES})
  target_link_libraries(${target} PRIVATE rtcg::rtcg spdlog::spdlog Threads::Threads ${CMAKE_DL_LIBS})
  set_target_properties(${target} PROPERTIES
    PREFIX "lib"
    LIBRARY_OUTPUT_DIRECTORY ${RTCG_PLUGIN_OUTPUT_DIR}
    # Find librtcg.so two levels up (lib/rtcg/plugins -> lib) without any environment.
    BUILD_RPATH "$ORIGIN/../.."
    INSTALL_RPATH "$ORIGIN/../..")
  # Only the entry point leaves the plug-in.
  target_link_options(${target} PRIVATE "LINKER:--exclude-libs,ALL" "LINKER:--no-undefined")
  # Plug-ins are loaded, never linked: installed, but not exported in the CMake package, which
  # lists them in rtcg_BACKENDS (see RtcgInstall.cmake).
  install(TARGETS ${target} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/${RTCG_PLUGIN_SUBDIR})
  set_property(GLOBAL APPEND PROPERTY RTCG_PLUGINS ${name})
endfunction()
