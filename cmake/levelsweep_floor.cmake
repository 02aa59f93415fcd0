# levelsweep_floor(NAME SOURCES...): one floor's library, levelsweep_NAME (and
# the alias levelsweep::NAME), from the calling folder: its public headers in
# include/ (installed to the include directory), the project's warnings, and
# position-independent code so that a shared library can take it in. Each
# floor's CMakeLists adds what is its own (its links, private folders, flags).
function(levelsweep_floor name)
  set(target levelsweep_${name})
  add_library(${target} STATIC ${ARGN})
  add_library(levelsweep::${name} ALIAS ${target})
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_options(${target} PRIVATE ${LEVELSWEEP_WARNINGS})
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
endfunction()
