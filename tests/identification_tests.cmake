# Issue 6 (seed 002): standard parameters, inverse-dynamics and energy regressors, base parameters
# (symbolic regrouping rules vs QR, count formula), identification from CSV traces, excitation.
maniplab_add_test(test_regressor test_regressor.cpp)
maniplab_add_test(test_base_parameters test_base_parameters.cpp)
maniplab_add_test(test_base_parameters_random test_base_parameters_random.cpp)
maniplab_add_test(test_identification test_identification.cpp LIBS maniplab::sim nlohmann_json::nlohmann_json)
add_dependencies(test_identification maniplab-cli)
target_compile_definitions(test_identification PRIVATE MANIPLAB_CLI="$<TARGET_FILE:maniplab-cli>")
# maniplab-cli base-params on the robots of issue 17 (minimal set in text and JSON, --thesis-rules).
maniplab_add_test(test_base_params_cli test_base_params_cli.cpp LIBS nlohmann_json::nlohmann_json)
add_dependencies(test_base_params_cli maniplab-cli)
target_compile_definitions(test_base_params_cli PRIVATE MANIPLAB_CLI="$<TARGET_FILE:maniplab-cli>")
