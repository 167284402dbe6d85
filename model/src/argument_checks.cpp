// Error messages of the argument checks (argument_checks.hpp), out of line so that the checks stay small.
#include "maniplab/model/argument_checks.hpp"

#include <stdexcept>

namespace maniplab::detail {

void throwSizeMismatch(const char* function, const char* argument, long expected, long actual, const char* meaning) {
  throw std::invalid_argument(std::string(function) + ": argument '" + argument + "' has size " +
                              std::to_string(actual) + ", expected " + std::to_string(expected) + " (" + meaning + ")");
}

void throwInconsistentModel(const char* function, const std::string& modelName, const char* field, long expected,
                            long actual) {
  throw std::invalid_argument(std::string(function) + ": model '" + modelName + "' is inconsistent: " + field +
                              " has " + std::to_string(actual) + " entries, expected " + std::to_string(expected) +
                              " (model.nq)");
}

void throwTreeRefused(const char* function, const std::string& modelName, int joint, int parent, const char* reason) {
  throw std::invalid_argument(std::string(function) + ": model '" + modelName + "' is a tree, not a serial chain (joint " +
                              std::to_string(joint + 1) + " hangs on " +
                              (parent < 0 ? std::string("the base") : "joint " + std::to_string(parent + 1)) +
                              ", not on " + (joint == 0 ? std::string("the base") : "joint " + std::to_string(joint)) +
                              "): " + reason);
}

void throwBadParent(const std::string& modelName, int joint, int parent) {
  throw std::invalid_argument("addJoint: model '" + modelName + "': argument 'parentJoint' of joint " +
                              std::to_string(joint + 1) + " is " + std::to_string(parent) + ", expected -1 (the base) to " +
                              std::to_string(joint - 1) + " (an earlier joint: the numbering must be topological)");
}

}  // namespace maniplab::detail
