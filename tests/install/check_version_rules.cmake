# cmake -DPACKAGE_DIR=<prefix>/lib/cmake/rtcg -P check_version_rules.cmake
#
# Asks the installed rtcg-config-version.cmake what find_package(rtcg <version>) would ask it and
# checks the answers: the installed version and any lower patch of it are accepted; a higher
# patch, the next minor and the next major are refused; a lower minor is accepted from 1.0 on
# (SameMajorVersion) and refused before (SameMinorVersion: 0.y releases may break the API).
cmake_minimum_required(VERSION 3.25)

function(find_version_accepts requested expected)
  set(PACKAGE_FIND_VERSION ${requested})
  string(REPLACE "." ";" parts ${requested})
  list(LENGTH parts count)
  list(GET parts 0 PACKAGE_FIND_VERSION_MAJOR)
  list(GET parts 1 PACKAGE_FIND_VERSION_MINOR)
  set(PACKAGE_FIND_VERSION_COUNT ${count})
  include(${PACKAGE_DIR}/rtcg-config-version.cmake)
  if(PACKAGE_VERSION_COMPATIBLE)
    set(accepted TRUE)
  else()
    set(accepted FALSE)
  endif()
  if(NOT accepted STREQUAL expected)
    message(FATAL_ERROR "rtcg ${PACKAGE_VERSION} answers ${accepted} to find_package(rtcg ${requested}), "
                        "expected ${expected}")
  endif()
  message(STATUS "find_package(rtcg ${requested}) with rtcg ${PACKAGE_VERSION} installed: ${accepted}")
endfunction()

include(${PACKAGE_DIR}/rtcg-config-version.cmake)
string(REPLACE "." ";" installed ${PACKAGE_VERSION})
list(GET installed 0 major)
list(GET installed 1 minor)
list(GET installed 2 patch)
math(EXPR next_major "${major} + 1")
math(EXPR next_minor "${minor} + 1")
math(EXPR next_patch "${patch} + 1")

find_version_accepts(${major}.${minor} TRUE)
find_version_accepts(${major}.${minor}.${patch} TRUE)
find_version_accepts(${major}.${minor}.${next_patch} FALSE)
find_version_accepts(${major}.${next_minor} FALSE)
find_version_accepts(${next_major}.0 FALSE)
if(minor GREATER 0)
  math(EXPR previous_minor "${minor} - 1")
  if(major EQUAL 0)
    find_version_accepts(0.${previous_minor} FALSE)
  else()
    find_version_accepts(${major}.${previous_minor} TRUE)
  endif()
endif()
