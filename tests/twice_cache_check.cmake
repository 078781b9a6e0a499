# Runs the twice example twice with one fresh compile cache and RTCG_LOG_LEVEL=debug: both runs
# must succeed, the first must compile (a cache miss), the second must compile nothing and load
# the program from the disk cache (a hit).
# Usage: cmake -DTWICE=<path> -DCACHE_DIR=<dir> -P twice_cache_check.cmake
file(REMOVE_RECURSE ${CACHE_DIR})
set(ENV{RTCG_CACHE_DIR} ${CACHE_DIR})
set(ENV{RTCG_LOG_LEVEL} debug)

foreach(run first second)
  execute_process(COMMAND ${TWICE} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("--- ${run} run ---\n${out}${err}")
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "the ${run} run of twice failed with ${status}")
  endif()
  set(${run}_log "${out}${err}")
endforeach()

if(NOT first_log MATCHES "disk compile cache miss" OR NOT first_log MATCHES "compiled [0-9a-f]+ for")
  message(FATAL_ERROR "the first run did not compile through a cache miss")
endif()
if(NOT second_log MATCHES "disk compile cache hit")
  message(FATAL_ERROR "the second run logged no disk cache hit")
endif()
if(second_log MATCHES "compiled [0-9a-f]+ for" OR second_log MATCHES "cache miss")
  message(FATAL_ERROR "the second run compiled again")
endif()
file(REMOVE_RECURSE ${CACHE_DIR})
