# ctest -P check: each of the spec's constants is written once, at its bit
# pattern, in kernels/include/levelsweep/spec_constants.hpp (docs/design.md,
# "Where the spec disagrees with itself"): no other source of the floors
# (kernels/, mesh/, simd/, engine/), bench/ or examples/ writes one of its
# words in code; comments may cite them. The tests may (they check the words
# independently).
#   -DSOURCE=<the source tree>
set(home kernels/include/levelsweep/spec_constants.hpp)
file(STRINGS ${SOURCE}/${home} definitions REGEX "bit_cast<float>")
set(words "")
foreach(d ${definitions})
  if(d MATCHES "0x([0-9a-fA-F]+)")
    string(TOLOWER "${CMAKE_MATCH_1}" w)
    list(APPEND words ${w})
  endif()
endforeach()
list(LENGTH words n)
if(n EQUAL 0)
  message(FATAL_ERROR "${home} defines no constant at its bit pattern: this check reads it wrongly")
endif()

file(GLOB_RECURSE sources RELATIVE ${SOURCE} ${SOURCE}/kernels/*.[ch]pp ${SOURCE}/mesh/*.[ch]pp
     ${SOURCE}/simd/*.[ch]pp ${SOURCE}/engine/*.[ch]pp ${SOURCE}/bench/*.[ch]pp ${SOURCE}/examples/*.[ch]pp)
list(REMOVE_ITEM sources ${home})
set(bad "")
foreach(file ${sources})
  file(STRINGS ${SOURCE}/${file} lines REGEX "0[xX][0-9a-fA-F]")
  foreach(line ${lines})
    string(REGEX REPLACE "//.*$" "" code "${line}")  # a comment may cite a word
    string(TOLOWER "${code}" code)
    foreach(w ${words})
      if(code MATCHES "0x0*${w}([^0-9a-f]|$)")
        string(STRIP "${line}" shown)
        string(APPEND bad "\n  ${file}: 0x${w} again: ${shown}")
      endif()
    endforeach()
  endforeach()
endforeach()
if(bad)
  message(FATAL_ERROR "spec constants written again outside ${home} (use the spec:: name there; a new "
                      "quantity with the same word gets a name of its own there):${bad}")
endif()
list(LENGTH sources m)
message(STATUS "${n} spec constants, each written once (${m} files read)")
