#include "maniplab/sim/trajectory.hpp"
