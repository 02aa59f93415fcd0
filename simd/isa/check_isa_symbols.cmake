# ctest -P check: a per-ISA object (simd/batch_<isa>.cpp, tests/lanes) defines no
# inline or template code that another unit could also define. The linker keeps
# one copy of each such weak symbol for the whole program; were it one compiled
# for AVX-512, a CPU without AVX-512 running the reference path would fault.
# Every weak symbol of a per-ISA object must name that ISA's xsimd architecture.
# -DNM=<nm> -DUNITS=<object|arch;...>
set(bad "")
foreach(unit ${UNITS})
  string(REPLACE "|" ";" pair "${unit}")
  list(GET pair 0 object)
  list(GET pair 1 arch)
  execute_process(COMMAND ${NM} -C --defined-only ${object} OUTPUT_VARIABLE symbols RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NM} could not read ${object}")
  endif()
  string(REPLACE "\n" ";" lines "${symbols}")
  foreach(line ${lines})
    if(line MATCHES "^[0-9a-f]+ [WVu] (.*)$")
      set(name "${CMAKE_MATCH_1}")
      if(NOT name MATCHES "xsimd::${arch}[^a-z0-9_]" AND NOT name STREQUAL "DW.ref.__gxx_personality_v0")
        string(APPEND bad "\n  ${object}: ${name}")
      endif()
    endif()
  endforeach()
endforeach()
if(bad)
  message(FATAL_ERROR "per-ISA units define code another unit may share:${bad}")
endif()
