# rtcg_embed_device_sources(<library> <namespace> <header> <file>...): the device files of the
# calling folder's device/ (paths relative to it, in the order a program includes them) embedded as
# string constants in namespace <namespace> of the generated header generated/<header>
# (arrays/cmake/embed_device_sources.cmake), built before <library> through the target
# <library>-device-sources, and the generated folder on <library>'s private include path.
set(RTCG_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/../arrays/cmake/embed_device_sources.cmake)

function(rtcg_embed_device_sources library namespace header)
  set(files ${ARGN})
  set(paths ${files})
  list(TRANSFORM paths PREPEND ${CMAKE_CURRENT_SOURCE_DIR}/device/)
  file(RELATIVE_PATH origin ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/device)
  set(output ${CMAKE_CURRENT_BINARY_DIR}/generated/${header})
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${CMAKE_CURRENT_SOURCE_DIR}/device -DOUTPUT=${output}
            "-DFILES=${files}" -DNAMESPACE=${namespace} -DORIGIN=${origin} -P ${RTCG_EMBED_SCRIPT}
    DEPENDS ${paths} ${RTCG_EMBED_SCRIPT}
    COMMENT "Embedding the device sources of ${origin}"
    VERBATIM)
  add_custom_target(${library}-device-sources DEPENDS ${output})
  add_dependencies(${library} ${library}-device-sources)
  target_include_directories(${library} PRIVATE $<BUILD_INTERFACE:${CMAKE_CURRENT_BINARY_DIR}/generated>)
endfunction()
