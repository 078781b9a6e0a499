# Every array operation runs on the queue detail::current_queue gives (QueueScope's design,
# rtcg/arrays/queue_scope.hpp). A call to a context's own queue() in the arrays' sources would
# send work past the caller's scope, unordered with the rest, which no result check sees reliably:
# only queue_scope.cpp, which falls back to it, may name it.
# Usage: cmake -DSOURCES=<arrays/src> -P queue_discipline_check.cmake
file(GLOB_RECURSE sources ${SOURCES}/*.cpp ${SOURCES}/*.hpp)
set(offenders "")
foreach(source IN LISTS sources)
  get_filename_component(name ${source} NAME)
  if(name STREQUAL "queue_scope.cpp")
    continue()
  endif()
  file(STRINGS ${source} lines REGEX "[.>]queue\\(\\)")
  foreach(line IN LISTS lines)
    string(APPEND offenders "\n  ${source}: ${line}")
  endforeach()
endforeach()
if(offenders)
  message(FATAL_ERROR "array work sent to a context's own queue instead of detail::current_queue:${offenders}")
endif()
