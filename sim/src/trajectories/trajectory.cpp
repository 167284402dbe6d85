#include "maniplab/sim/trajectories/trajectory.hpp"
