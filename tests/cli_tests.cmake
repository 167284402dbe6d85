maniplab_add_test(test_cli test_cli.cpp)
add_dependencies(test_cli maniplab-cli)
target_compile_definitions(test_cli PRIVATE MANIPLAB_CLI="$<TARGET_FILE:maniplab-cli>")
