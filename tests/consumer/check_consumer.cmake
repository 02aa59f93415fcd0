# ctest -P check: build tests/consumer (a program embedding levelsweep) with
# clang and contraction requested, and compare its output with the project's
# own build of the same program (REFERENCE): every bit must be equal.
# -DSOURCE=<levelsweep source dir> -DBUILD=<a scratch dir> -DREFERENCE=<program> -DCLANG=<clang++>
find_program(clang_path ${CLANG})
if(NOT clang_path)
  message("SKIP: ${CLANG} is not installed (Debian package clang); ./x test installs it")
  return()  # the test's SKIP_REGULAR_EXPRESSION turns this into a skip
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE}/tests/consumer -B ${BUILD} -G Ninja
                        -DCMAKE_CXX_COMPILER=${clang_path} -DCMAKE_BUILD_TYPE=Release -DLEVELSWEEP_SOURCE=${SOURCE}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the consumer failed:\n${out}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building the consumer failed:\n${out}")
endif()
execute_process(COMMAND ${REFERENCE} OUTPUT_VARIABLE expected RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${REFERENCE} failed")
endif()
foreach(program consumer consumer_file_options)
  execute_process(COMMAND ${BUILD}/${program} OUTPUT_VARIABLE got RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${program} failed")
  endif()
  if(NOT got STREQUAL expected)
    string(LENGTH "${expected}" n)
    message(FATAL_ERROR "${program}, built with clang and contraction requested, prints other bits than levelsweep's own "
                        "build (${n} characters expected): fused multiply-adds reached our inline math")
  endif()
endforeach()
message(STATUS "the consumer's bits equal levelsweep's")
