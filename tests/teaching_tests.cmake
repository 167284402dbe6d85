# Teaching capabilities of seeds 000/001 (issue 8): operation counts, operational space, floating base.
maniplab_add_test(test_operation_counts test_operation_counts.cpp)
add_dependencies(test_operation_counts maniplab-cli)
target_compile_definitions(test_operation_counts PRIVATE MANIPLAB_CLI="$<TARGET_FILE:maniplab-cli>")
maniplab_add_test(test_operational_space test_operational_space.cpp LIBS maniplab::sim)
maniplab_add_test(test_floating_base test_floating_base.cpp LIBS maniplab::sim)
add_dependencies(test_floating_base maniplab-cli)
target_compile_definitions(test_floating_base PRIVATE MANIPLAB_CLI="$<TARGET_FILE:maniplab-cli>")
