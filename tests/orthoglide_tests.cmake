# The Orthoglide parallel robot (seed 004): model, kinematics, dynamics, file, simulation.
maniplab_add_test(test_orthoglide test_orthoglide.cpp)
maniplab_add_test(test_orthoglide_sim test_orthoglide_sim.cpp LIBS maniplab::sim)
maniplab_add_test(test_orthoglide_cli test_orthoglide_cli.cpp)
add_dependencies(test_orthoglide_cli maniplab-cli)
target_compile_definitions(test_orthoglide_cli PRIVATE MANIPLAB_CLI="$<TARGET_FILE:maniplab-cli>")
