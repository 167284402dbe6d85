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

}  // namespace maniplab::detail
