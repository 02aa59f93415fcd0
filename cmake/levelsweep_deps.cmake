# Dependencies, each from a Debian package. A missing one stops the configure
# with the package to install (./x installs them for you when run as root).

function(levelsweep_require package debian_package)
  find_package(${package} ${ARGN} QUIET)
  if(NOT ${package}_FOUND)
    message(FATAL_ERROR
      "levelsweep needs ${package}: install the Debian package '${debian_package}' "
      "(sudo apt-get install ${debian_package}), or run ./x, which installs it.")
  endif()
endfunction()

levelsweep_require(xsimd libxsimd-dev)
levelsweep_require(TBB libtbb-dev)
levelsweep_require(ZLIB zlib1g-dev)
# libdeflate: its CRC-32 (the replay files' checksum) runs about ten times
# zlib's on records of a hundred bytes. Debian's 1.14 ships no CMake package.
find_path(LIBDEFLATE_INCLUDE_DIR libdeflate.h)
find_library(LIBDEFLATE_LIBRARY deflate)
if(NOT LIBDEFLATE_INCLUDE_DIR OR NOT LIBDEFLATE_LIBRARY)
  message(FATAL_ERROR
    "levelsweep needs libdeflate: install the Debian package 'libdeflate-dev' "
    "(sudo apt-get install libdeflate-dev), or run ./x, which installs it.")
endif()
levelsweep_require(nlohmann_json nlohmann-json3-dev)
# simdjson: the JSON Lines query reader's parser, several times nlohmann's
# speed on a query line (nlohmann's parse stays the reference it is checked
# against, and gives every error message).
levelsweep_require(simdjson libsimdjson-dev)
if(LEVELSWEEP_CLI OR LEVELSWEEP_TESTS)
  levelsweep_require(CLI11 libcli11-dev)
endif()
# The importers' library (mesh/import), which the OBJ and PLY fuzz targets link too.
if(LEVELSWEEP_CLI OR LEVELSWEEP_TESTS OR LEVELSWEEP_FUZZ)
  levelsweep_require(assimp libassimp-dev)
endif()
if(LEVELSWEEP_TESTS)
  levelsweep_require(doctest doctest-dev)
endif()
if(LEVELSWEEP_BENCH)
  levelsweep_require(benchmark libbenchmark-dev)
endif()
# Open MPI (libopenmpi-dev): the replay job's MPI team (engine/replay/mpi),
# for the tool only. The MPI-2 C++ bindings, deprecated and noisy, are left out.
set(LEVELSWEEP_MPI_FOUND FALSE)
if(LEVELSWEEP_CLI AND NOT LEVELSWEEP_MPI STREQUAL "OFF")
  set(MPI_CXX_SKIP_MPICXX TRUE)
  find_package(MPI COMPONENTS CXX QUIET)
  if(MPI_CXX_FOUND)
    set(LEVELSWEEP_MPI_FOUND TRUE)
  elseif(LEVELSWEEP_MPI STREQUAL "ON")
    message(FATAL_ERROR
      "LEVELSWEEP_MPI=ON needs Open MPI: install the Debian packages 'libopenmpi-dev' and 'openmpi-bin' "
      "(sudo apt-get install libopenmpi-dev openmpi-bin), or run ./x test, which installs them.")
  endif()
endif()
