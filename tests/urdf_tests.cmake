# URDF import/export (model/urdf): round trips, the hand-written test arm against an independent
# URDF-frame computation, shipped URDF robots, defect reports; and the CLI commands urdf-import/export.
maniplab_add_test(test_urdf test_urdf.cpp LIBS maniplab::urdf)
maniplab_add_test(test_urdf_cli test_urdf_cli.cpp)
add_dependencies(test_urdf_cli maniplab-cli)
target_compile_definitions(test_urdf_cli PRIVATE MANIPLAB_CLI="$<TARGET_FILE:maniplab-cli>")
