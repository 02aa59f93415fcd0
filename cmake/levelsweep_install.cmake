# install(): the library, its public headers and a CMake package, so that users
# can find_package(levelsweep) and link levelsweep::levelsweep.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS levelsweep levelsweep_kernels levelsweep_mesh levelsweep_simd levelsweep_query levelsweep_world levelsweep_embed levelsweep_replay EXPORT levelsweepTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY kernels/include/levelsweep mesh/include/levelsweep engine/query/include/levelsweep
  engine/world/include/levelsweep engine/embed/include/levelsweep engine/replay/include/levelsweep DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
if(TARGET levelsweep_cli)
  install(TARGETS levelsweep_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  if(TARGET levelsweep_mpi)  # where the tool looks for it (engine/cli/CMakeLists.txt)
    install(TARGETS levelsweep_mpi LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/levelsweep)
  endif()
endif()
install(EXPORT levelsweepTargets NAMESPACE levelsweep:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/levelsweep)
configure_package_config_file(cmake/levelsweepConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/levelsweepConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/levelsweep)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/levelsweepConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/levelsweepConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/levelsweepConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/levelsweep)
