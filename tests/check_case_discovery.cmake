# ctest -P check: the doctest entries ctest knows are exactly as many as the
# test cases in the doctest programs. With every entry running exactly one case
# (checked by each entry, tests/main.cpp), that makes every case run once under
# ctest.
# -DTESTS=<program;...> -DCTEST=<ctest> -DBUILD_DIR=<dir> -DOTHERS=<the other tests' names, a|b>
set(cases 0)
foreach(program ${TESTS})
  execute_process(COMMAND ${program} --count OUTPUT_VARIABLE count_out RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT count_out MATCHES "passing the current filters: ([0-9]+)")
    message(FATAL_ERROR "could not count the test cases of ${program}:\n${count_out}")
  endif()
  math(EXPR cases "${cases} + ${CMAKE_MATCH_1}")
endforeach()
execute_process(COMMAND ${CTEST} -N -E "^(${OTHERS})$" WORKING_DIRECTORY ${BUILD_DIR}
  OUTPUT_VARIABLE list_out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT list_out MATCHES "Total Tests: ([0-9]+)")
  message(FATAL_ERROR "could not list the ctest entries in ${BUILD_DIR}:\n${list_out}")
endif()
set(entries ${CMAKE_MATCH_1})
if(NOT cases EQUAL entries)
  message(FATAL_ERROR "${cases} doctest cases but ${entries} ctest entries: a test name the discovery "
                      "splits (';') or one shared by two cases")
endif()
message(STATUS "${cases} doctest cases, ${entries} ctest entries")
