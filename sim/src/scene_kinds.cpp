// The registered scene kinds (scene_kind.hpp), one line each. A kind's folder defines its function; the
// order is the order of the help texts and of the dispatch (the first kind that claims a file reads it).
#include "maniplab/sim/scene_kind.hpp"

#define MANIPLAB_SCENE_KINDS(X) \
  X(serialSceneKind)            \
  X(orthoglideSceneKind)        \
  X(floatingBaseSceneKind)      \
  X(pendulumSceneKind)

namespace maniplab::sim {

#define MANIPLAB_DECLARE_KIND(f) const SceneKind& f();
MANIPLAB_SCENE_KINDS(MANIPLAB_DECLARE_KIND)
#undef MANIPLAB_DECLARE_KIND

namespace detail {
std::vector<const SceneKind*> registeredSceneKinds() {
#define MANIPLAB_KIND_ADDRESS(f) &f(),
  return {MANIPLAB_SCENE_KINDS(MANIPLAB_KIND_ADDRESS)};
#undef MANIPLAB_KIND_ADDRESS
}
}  // namespace detail

}  // namespace maniplab::sim
