# rtcg_add_library(<module> SOURCES ... [PUBLIC <deps>...] [PRIVATE <deps>...]): the layer
# library librtcg_<module>.so as target rtcg-<module> with alias rtcg::<module>, its public
# headers in <module>/include, versioned like the project.
function(rtcg_add_library module)
  cmake_parse_arguments(ARG "" "" "SOURCES;PUBLIC;PRIVATE" ${ARGN})
  set(target rtcg-${module})
  add_library(${target} SHARED ${ARG_SOURCES})
  add_library(rtcg::${module} ALIAS ${target})
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_link_libraries(${target} PUBLIC ${ARG_PUBLIC} PRIVATE ${ARG_PRIVATE})
  set_target_properties(${target} PROPERTIES
    OUTPUT_NAME rtcg_${module} VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
endfunction()
