# maniplab-bench: timing of the dynamics core against Orocos KDL and MuJoCo (optional).
# Included by bench/CMakeLists.txt (CMAKE_CURRENT_SOURCE_DIR is bench/).
add_executable(maniplab-bench
  ${CMAKE_CURRENT_SOURCE_DIR}/main.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/kdl_oracle.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/mujoco_oracle.cpp
)
target_link_libraries(maniplab-bench PRIVATE maniplab::model)
target_compile_definitions(maniplab-bench PRIVATE
  MANIPLAB_SOURCE_DATA_DIR="${MANIPLAB_SOURCE_DATA_DIR}")

option(MANIPLAB_BENCH_KDL "Compare with Orocos KDL when found" ON)
option(MANIPLAB_BENCH_MUJOCO "Compare with MuJoCo when found" ON)

# Orocos KDL: its CMake config only sets orocos_kdl_LIBRARIES (a bare library name) and include dirs.
if(MANIPLAB_BENCH_KDL)
  find_package(orocos_kdl CONFIG QUIET)
  if(orocos_kdl_FOUND)
    find_path(MANIPLAB_KDL_INCLUDE_DIR kdl/chainfdsolver_recursive_newton_euler.hpp
              HINTS ${orocos_kdl_INCLUDE_DIRS})
    find_library(MANIPLAB_KDL_LIBRARY NAMES ${orocos_kdl_LIBRARIES} orocos-kdl)
  endif()
  if(MANIPLAB_KDL_INCLUDE_DIR AND MANIPLAB_KDL_LIBRARY)
    message(STATUS "maniplab-bench: Orocos KDL found (${MANIPLAB_KDL_LIBRARY})")
    target_compile_definitions(maniplab-bench PRIVATE MANIPLAB_BENCH_HAVE_KDL)
    target_include_directories(maniplab-bench SYSTEM PRIVATE ${MANIPLAB_KDL_INCLUDE_DIR})
    target_link_libraries(maniplab-bench PRIVATE ${MANIPLAB_KDL_LIBRARY})
  else()
    message(STATUS "maniplab-bench: Orocos KDL not found (KDL column disabled)")
  endif()
endif()

# MuJoCo: located by header and library (the Debian package's mujoco::mujoco target references a
# libqhull_r include directory that may be absent, so it is not used).
if(MANIPLAB_BENCH_MUJOCO)
  find_path(MANIPLAB_MUJOCO_INCLUDE_DIR mujoco/mujoco.h)
  find_library(MANIPLAB_MUJOCO_LIBRARY NAMES mujoco)
  if(MANIPLAB_MUJOCO_INCLUDE_DIR AND MANIPLAB_MUJOCO_LIBRARY)
    message(STATUS "maniplab-bench: MuJoCo found (${MANIPLAB_MUJOCO_LIBRARY})")
    target_compile_definitions(maniplab-bench PRIVATE MANIPLAB_BENCH_HAVE_MUJOCO)
    target_include_directories(maniplab-bench SYSTEM PRIVATE ${MANIPLAB_MUJOCO_INCLUDE_DIR})
    target_link_libraries(maniplab-bench PRIVATE ${MANIPLAB_MUJOCO_LIBRARY})
  else()
    message(STATUS "maniplab-bench: MuJoCo not found (MuJoCo column disabled)")
  endif()
endif()
