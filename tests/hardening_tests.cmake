# Hardening (scripts/hardening.sh runs the sanitizer and fuzzing jobs):
#  - fuzz_replay_<target>: every seed-corpus and regression input of tests/fuzz/ through the fuzz entry
#    point, in the normal build (any crash, abort or uncaught exception fails);
#  - with -DMANIPLAB_FUZZ=ON (clang only): the libFuzzer executables fuzz_<target>.
set(maniplab_fuzz_dir ${CMAKE_CURRENT_SOURCE_DIR}/fuzz)
set(maniplab_fuzz_targets robot_file scene_file urdf csv)
set(maniplab_fuzz_libs_robot_file maniplab::model)
set(maniplab_fuzz_libs_scene_file maniplab::sim)
set(maniplab_fuzz_libs_urdf maniplab::urdf)
set(maniplab_fuzz_libs_csv maniplab::sim)
option(MANIPLAB_FUZZ "Build the libFuzzer targets (clang; see scripts/hardening.sh)" OFF)
foreach(t IN LISTS maniplab_fuzz_targets)
  add_executable(fuzz_replay_${t} ${maniplab_fuzz_dir}/fuzz_${t}.cpp ${maniplab_fuzz_dir}/replay_main.cpp)
  target_link_libraries(fuzz_replay_${t} PRIVATE ${maniplab_fuzz_libs_${t}})
  target_compile_definitions(fuzz_replay_${t} PRIVATE MANIPLAB_SOURCE_DIR="${MANIPLAB_SOURCE_DATA_DIR}")
  add_test(NAME fuzz_replay_${t} COMMAND fuzz_replay_${t} ${maniplab_fuzz_dir}/corpus/${t} ${maniplab_fuzz_dir}/regressions/${t})
  if(MANIPLAB_FUZZ)
    add_executable(fuzz_${t} ${maniplab_fuzz_dir}/fuzz_${t}.cpp)
    target_link_libraries(fuzz_${t} PRIVATE ${maniplab_fuzz_libs_${t}})
    target_compile_definitions(fuzz_${t} PRIVATE MANIPLAB_SOURCE_DIR="${MANIPLAB_SOURCE_DATA_DIR}")
    target_link_options(fuzz_${t} PRIVATE -fsanitize=fuzzer)
  endif()
endforeach()

# Installation into a temporary prefix (needs the application and the CLI built).
maniplab_add_test(test_install test_install.cpp)
add_dependencies(test_install maniplab maniplab-cli)
target_compile_definitions(test_install PRIVATE MANIPLAB_BUILD_DIR="${CMAKE_BINARY_DIR}" MANIPLAB_CMAKE="${CMAKE_COMMAND}")
set_tests_properties(test_install PROPERTIES TIMEOUT 600)

# Long runs: the oscilloscope in roll mode fed for 20 simulated minutes stays bounded (offscreen).
if(TARGET maniplab::ui)
  maniplab_add_test(test_scope_long_run test_scope_long_run.cpp LIBS maniplab::ui)
endif()

# The simulation worker's thread hand-off without widgets (ThreadSanitizer job of scripts/hardening.sh):
# the worker's source is compiled in, so that the TSan tree needs only the sim library and Qt Core.
maniplab_add_test(test_worker_threads test_worker_threads.cpp
                  ${PROJECT_SOURCE_DIR}/ui/src/simulation_worker.cpp
                  ${PROJECT_SOURCE_DIR}/ui/include/maniplab/ui/simulation_worker.hpp LIBS maniplab::sim)
target_include_directories(test_worker_threads PRIVATE ${PROJECT_SOURCE_DIR}/ui/include)

# Files are never lost: the atomic writer (model/atomic_file.hpp), the CSV writer and maniplab-cli's --out.
maniplab_add_test(test_atomic_file test_atomic_file.cpp LIBS maniplab::sim)
add_dependencies(test_atomic_file maniplab-cli)
target_compile_definitions(test_atomic_file PRIVATE MANIPLAB_CLI="$<TARGET_FILE:maniplab-cli>")
