# Embeds device source files into C++: run as
#   cmake -DSOURCE_DIR=<dir> -DOUTPUT=<header> -DFILES=<a;b;...> [-DNAMESPACE=<ns>] [-DORIGIN=<dir>]
#         -P embed_device_sources.cmake
# with FILES relative to SOURCE_DIR (block/block_scan.rtcg). The header defines, in namespace
# NAMESPACE (rtcg::detail::device unless given; each library that embeds files names its own;
# ORIGIN, the folder the header says it comes from), one `inline constexpr std::string_view` per
# file, named by its folder and
# stem (block::block_scan), and `files`, every file's path and text in the order given. Each byte
# is written as a hex escape, so any content embeds unchanged, and the literal is split into short
# pieces that every compiler's limit on one string literal allows.
cmake_minimum_required(VERSION 3.25)
if(NOT DEFINED NAMESPACE)
  set(NAMESPACE "rtcg::detail::device")
endif()
if(NOT DEFINED ORIGIN)
  set(ORIGIN "arrays/device")
endif()

set(header "// Generated from ${ORIGIN} by embed_device_sources.cmake: do not edit.\n")
string(APPEND header "#pragma once\n#include <string_view>\n\nnamespace ${NAMESPACE} {\n")
set(table "")
# 32 bytes, 64 hex digits, per piece of a literal.
string(REPEAT "[0-9a-f]" 64 piece)
foreach(file IN LISTS FILES)
  get_filename_component(folder "${file}" DIRECTORY)
  get_filename_component(stem "${file}" NAME_WE)
  foreach(name IN ITEMS "${folder}" "${stem}")
    if(NOT name MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
      message(FATAL_ERROR "embed_device_sources: '${file}' does not name a C++ identifier (folder/stem.ext)")
    endif()
  endforeach()
  file(READ "${SOURCE_DIR}/${file}" bytes HEX)
  string(REGEX REPLACE "(${piece})" "\\1\n" bytes "${bytes}")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "\\\\x\\1" escaped "${bytes}")
  string(STRIP "${escaped}" escaped)
  string(REPLACE "\n" "\"\n    \"" escaped "${escaped}")
  string(APPEND header "namespace ${folder} {\n// ${file}\ninline constexpr std::string_view ${stem} =\n    \"${escaped}\";\n}\n")
  string(APPEND table "    {\"${file}\", ${folder}::${stem}},\n")
endforeach()
string(APPEND header "\nstruct File {\n    std::string_view path;\n    std::string_view text;\n};\n\n")
string(APPEND header "inline constexpr File files[] = {\n${table}};\n\n} // namespace ${NAMESPACE}\n")

# Rewritten only when it changes, so that an unchanged result rebuilds nothing.
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" previous)
  if(previous STREQUAL header)
    return()
  endif()
endif()
file(WRITE "${OUTPUT}" "${header}")
