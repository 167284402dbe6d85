# Reference trajectories (sim/include/maniplab/sim/trajectory_*.hpp): quintic, synchronised
# trapezoidal, C4 quintic via-point spline, Fourier excitation, Cartesian line (closed-form UMIS and
# numeric IK), the UMIS thesis line (seed 003 Tables 8.1 / 10.1), bounded-deviation knots (umis.md §8),
# and no heap allocation in sample().
maniplab_add_test(test_trajectories test_trajectories.cpp LIBS maniplab::sim)
