# The Orthoglide parallel robot (seed 004): model, kinematics, dynamics, file, simulation.
maniplab_add_test(test_orthoglide test_orthoglide.cpp)
