# ctest -P check: cmake/check_include_graph.cmake refuses what it must. On a
# small tree of its own (a header per floor, a private src/ file, bench/ and
# tests/ beside them) the check passes; then, one at a time, each include
# below is planted in it, and the check must fail naming the planted file: an
# upward include by name, by "../" path and in angle brackets, "../" reaches
# into another floor's src/ (from a floor and from tests/), a "../" path that
# names no file from its own folder (an include path might still find one), out
# of the tree, and simd's lane ABI from above engine/query. The real tree is
# include_graph_points_down's.
#   -DCHECK=<cmake/check_include_graph.cmake> -DWORK=<a scratch folder>
cmake_minimum_required(VERSION 3.22)
file(REMOVE_RECURSE ${WORK})

# The clean tree: each file and its includes, all of which point down.
set(clean_files
  "kernels/include/levelsweep/vec.hpp|"
  "mesh/include/levelsweep/level.hpp|#include \"levelsweep/vec.hpp\""
  "mesh/src/grid.hpp|"
  "mesh/src/level.cpp|#include \"levelsweep/level.hpp\"\n#include \"grid.hpp\"\n#include \"../src/grid.hpp\""
  "simd/include/levelsweep/lane_abi.hpp|"
  "engine/query/include/levelsweep/mesh_query.hpp|#include \"levelsweep/level.hpp\""
  "engine/query/src/walk.cpp|#include \"levelsweep/lane_abi.hpp\"\n#include \"../../../mesh/include/levelsweep/level.hpp\"\n#  include <levelsweep/vec.hpp>"
  "engine/world/include/levelsweep/world.hpp|#include \"levelsweep/mesh_query.hpp\""
  "engine/world/src/world_impl.hpp|"
  "engine/world/src/world.cpp|#include \"world_impl.hpp\"\n#include \"levelsweep/world.hpp\""
  "bench/helpers.hpp|#include \"levelsweep/world.hpp\""
  "tests/world/world_test.cpp|#include \"../../bench/helpers.hpp\"\n#include \"levelsweep/world.hpp\"")

# Each plant: the file it goes into, and the include.
set(plants
  "kernels/unit01/kernel.cpp|#include \"levelsweep/world.hpp\""
  "kernels/unit01/kernel.cpp|#include \"../../engine/world/include/levelsweep/world.hpp\""
  "kernels/unit01/kernel.cpp|#include <levelsweep/mesh_query.hpp>"
  "engine/query/src/walk.cpp|#include \"../../world/src/world_impl.hpp\""
  "engine/query/src/walk.cpp|  #  include \"../../world/src/world_impl.hpp\""
  "engine/world/src/world.cpp|#include \"../../../mesh/src/grid.hpp\""
  "engine/query/src/walk.cpp|#include \"../world/src/world_impl.hpp\""
  "tests/world/world_test.cpp|#include \"../../engine/world/src/world_impl.hpp\""
  "engine/world/src/world.cpp|#include \"../../../../outside.hpp\""
  "engine/world/src/world.cpp|#include \"levelsweep/lane_abi.hpp\""
  "engine/world/src/world.cpp|#include \"../../../simd/include/levelsweep/lane_abi.hpp\""
  "mesh/src/level.cpp|#include \"world_impl.hpp\"")

function(write_tree dir)
  foreach(entry ${clean_files})
    string(FIND "${entry}" "|" bar)
    string(SUBSTRING "${entry}" 0 ${bar} path)
    math(EXPR bar "${bar} + 1")
    string(SUBSTRING "${entry}" ${bar} -1 includes)
    file(WRITE ${dir}/${path} "// a planted file\n${includes}\n")
  endforeach()
  file(WRITE ${WORK}/outside.hpp "// outside the tree\n")
endfunction()

function(run_check dir out_rc out_text)
  execute_process(COMMAND ${CMAKE_COMMAND} -DSOURCE=${dir} -P ${CHECK}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE text)
  set(${out_rc} ${rc} PARENT_SCOPE)
  set(${out_text} "${text}" PARENT_SCOPE)
endfunction()

write_tree(${WORK}/clean)
run_check(${WORK}/clean rc text)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the check refuses the clean tree:\n${text}")
endif()

set(failures "")
set(n 0)
foreach(plant ${plants})
  math(EXPR n "${n} + 1")
  string(FIND "${plant}" "|" bar)
  string(SUBSTRING "${plant}" 0 ${bar} path)
  math(EXPR bar "${bar} + 1")
  string(SUBSTRING "${plant}" ${bar} -1 include)
  set(dir ${WORK}/plant_${n})
  write_tree(${dir})
  file(APPEND ${dir}/${path} "${include}\n")
  run_check(${dir} rc text)
  if(rc EQUAL 0)
    string(APPEND failures "\n  ${path}: ${include}: accepted")
  else()
    string(REGEX MATCH " ${path}: [^\n]*" why "${text}")
    if(why)
      message(STATUS "refused as it must:${why}")
    else()
      string(APPEND failures "\n  ${path}: ${include}: refused, but not for this file:\n${text}")
    endif()
  endif()
endforeach()
if(failures)
  message(FATAL_ERROR "cmake/check_include_graph.cmake let through:${failures}")
endif()
file(REMOVE_RECURSE ${WORK})
message(STATUS "the check passes the clean tree and refuses each of the ${n} planted includes")
