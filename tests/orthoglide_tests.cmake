# The Orthoglide parallel robot (seed 004): model, kinematics, dynamics, file, simulation.
maniplab_add_test(test_orthoglide test_orthoglide.cpp)
maniplab_add_test(test_orthoglide_sim test_orthoglide_sim.cpp LIBS maniplab::sim)
