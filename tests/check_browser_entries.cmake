# ctest -P check: the browser tests never vanish. The project configured
# without the inspector's page (-DLEVELSWEEP_PAGE=OFF, as a machine without
# node or npm gets it) still has its four browser entries, and ctest reports
# each skipped with the reason; with LEVELSWEEP_REQUIRE_BROWSER on (CI) the same
# configure fails, saying what is missing.
#   -DSOURCE=<the source tree> -DWORK=<a scratch folder> -DGENERATOR=<CMake's generator> -DCTEST=<ctest>
cmake_minimum_required(VERSION 3.22)
file(REMOVE_RECURSE ${WORK})
set(options -DLEVELSWEEP_PAGE=OFF -DLEVELSWEEP_TESTS=ON -DLEVELSWEEP_BENCH=OFF -DLEVELSWEEP_EXAMPLES=OFF)
set(reason "skipped: the tool was built without the inspector's page (LEVELSWEEP_PAGE=OFF)")

execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${WORK}/optional -G ${GENERATOR} ${options}
                        -DLEVELSWEEP_REQUIRE_BROWSER=OFF
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the configure without the page failed:\n${out}")
endif()
execute_process(COMMAND ${CTEST} -L browser WORKING_DIRECTORY ${WORK}/optional
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
string(REGEX MATCHALL "inspect_browser_[a-z_]+ \\(Skipped\\)" skipped "${out}")
list(LENGTH skipped n)
if(NOT rc EQUAL 0 OR NOT n EQUAL 4)
  message(FATAL_ERROR "without the page, ctest -L browser should report its 4 entries skipped:\n${out}")
endif()
execute_process(COMMAND ${CTEST} -L browser -V WORKING_DIRECTORY ${WORK}/optional OUTPUT_VARIABLE out ERROR_VARIABLE out)
# Each entry's output line ("N: skipped: ..."), not its command line.
string(REGEX MATCHALL "\n[0-9]+: skipped: the tool was built without the inspector's page" reasons "${out}")
list(LENGTH reasons n)
if(NOT n EQUAL 4)
  message(FATAL_ERROR "each skipped browser entry should say why (\"${reason}\"):\n${out}")
endif()

execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${WORK}/required -G ${GENERATOR} ${options}
                        -DLEVELSWEEP_REQUIRE_BROWSER=ON
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
string(REPLACE "\n" " " flat "${out}")
string(REGEX REPLACE "  +" " " flat "${flat}")
if(rc EQUAL 0 OR NOT flat MATCHES "LEVELSWEEP_REQUIRE_BROWSER is on, but the browser tests \\(ctest -L browser\\) cannot run: the tool was built without the inspector's page")
  message(FATAL_ERROR "with LEVELSWEEP_REQUIRE_BROWSER on, the configure without the page should fail saying why:\n${out}")
endif()
file(REMOVE_RECURSE ${WORK})
message(STATUS "without the page the 4 browser entries skip, saying why; with LEVELSWEEP_REQUIRE_BROWSER the configure stops")
