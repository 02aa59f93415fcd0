# levelsweep_unity_by_folder(target SOURCES <files> [ALONE <regex>]): builds
# `target` as one translation unit per folder of its sources (CMake's unity
# build), and each file whose name matches ALONE as one of its own. For the
# targets whose files each include the same heavy headers (CLI11, which is
# compiled in every file that includes it, nlohmann-json, simdjson, the
# standard library's): a folder pays for them once instead of every file. The
# files of a folder must then not define the same names in their anonymous
# namespaces.
function(levelsweep_unity_by_folder target)
  cmake_parse_arguments(UNITY "" "ALONE" "SOURCES" ${ARGN})
  foreach(source ${UNITY_SOURCES})
    get_filename_component(folder ${source} DIRECTORY)
    get_filename_component(group ${folder} NAME)
    get_filename_component(name ${source} NAME_WE)
    if(UNITY_ALONE AND name MATCHES "${UNITY_ALONE}")
      set(group ${name})
    endif()
    set_source_files_properties(${source} PROPERTIES UNITY_GROUP ${group})
  endforeach()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
  # In a unity file every source is an included one, and GCC's warning for a
  # header's class holding a type of an anonymous namespace (meant for headers
  # seen by several files) fires on a source's own private types.
  target_compile_options(${target} PRIVATE $<$<CXX_COMPILER_ID:GNU>:-Wno-subobject-linkage>)
endfunction()
