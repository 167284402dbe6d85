#pragma once
// Argument checks of the public algorithms (Pinocchio's PINOCCHIO_CHECK_ARGUMENT_SIZE and model.check(data)
// in spirit): every public entry point checks the sizes of its vectors against the model and that the
// workspace (Data) was built for a model of this size, in debug and release builds alike, and throws
// std::invalid_argument with the function, the argument, the expected and the actual size. The checks are
// a few integer comparisons per call (their cost is measured by maniplab-bench); the throwing paths are
// out of line. Internal calls between algorithms use the unchecked forms (namespace detail).
#include <string>

#include "maniplab/model/data.hpp"

namespace maniplab {

namespace detail {
/// "<function>: argument '<argument>' has size <actual>, expected <expected> (<meaning>)".
[[noreturn]] void throwSizeMismatch(const char* function, const char* argument, long expected, long actual,
                                    const char* meaning);
/// The model's own per-joint vectors disagree with model.nq.
[[noreturn]] void throwInconsistentModel(const char* function, const std::string& modelName, const char* field,
                                         long expected, long actual);
/// "<function>: model '<name>' is a tree (joint <j> hangs on ...), <reason>".
[[noreturn]] void throwTreeRefused(const char* function, const std::string& modelName, int joint, int parent,
                                   const char* reason);
}  // namespace detail

/// Model self-consistency (per-joint vectors of size nq) and workspace size (data built for nq joints).
template <typename S> inline void checkModelData(const char* function, const ModelTpl<S>& model, const DataTpl<S>& data) {
  const auto n = std::size_t(model.nq);
  if (model.jointType.size() != n || model.placement.size() != n || model.body.size() != n ||
      model.actuator.size() != n || model.parent.size() != n) [[unlikely]] {
    const char* field = model.jointType.size() != n ? "jointType"
                        : model.placement.size() != n ? "placement"
                        : model.body.size() != n      ? "body"
                        : model.actuator.size() != n  ? "actuator"
                                                      : "parent";
    const std::size_t actual = model.jointType.size() != n ? model.jointType.size()
                               : model.placement.size() != n ? model.placement.size()
                               : model.body.size() != n      ? model.body.size()
                               : model.actuator.size() != n  ? model.actuator.size()
                                                             : model.parent.size();
    detail::throwInconsistentModel(function, model.name, field, model.nq, long(actual));
  }
  if (data.nq != model.nq) [[unlikely]]
    detail::throwSizeMismatch(function, "data", model.nq, data.nq,
                              "the workspace was built for a model of another size: construct Data(model)");
}

/// An algorithm that is chain-only by construction refuses a tree (Model::parent, model.hpp): `reason` says
/// why, in a few words. O(n) integer comparisons.
template <typename S> inline void checkChain(const char* function, const ModelTpl<S>& model, const char* reason) {
  if (const int j = model.firstBranch(); j >= 0) [[unlikely]]
    detail::throwTreeRefused(function, model.name, j, model.parent[std::size_t(j)], reason);
}

/// A dimension (rows, columns) of an argument.
inline void checkDimension(const char* function, const char* argument, long actual, long expected, const char* meaning) {
  if (actual != expected) [[unlikely]]
    detail::throwSizeMismatch(function, argument, expected, actual, meaning);
}

/// A vector argument of the model's size.
template <typename V> inline void checkSize(const char* function, const char* argument, const V& v, int expected) {
  if (v.size() != expected) [[unlikely]]
    detail::throwSizeMismatch(function, argument, expected, long(v.size()), "model.nq");
}

}  // namespace maniplab
