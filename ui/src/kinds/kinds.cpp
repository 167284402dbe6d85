// The GUI bindings of the scene kinds (scene_kind_ui.hpp), one line each (a kind's binding is its file
// <kind>.cpp here); a kind without a line uses the generic binding (drawn from AnyScene::serialRobot,
// edited through jointSpaceScene).
#include "scene_kind_ui.hpp"

#define MANIPLAB_SCENE_KIND_UIS(X)       \
  X("serial", serialKindUi)               \
  X("orthoglide", orthoglideKindUi)       \
  X("floating_base", floatingBaseKindUi)  \
  X("pendulum", pendulumKindUi)

namespace maniplab::ui {

#define MANIPLAB_DECLARE_UI(kind, f) const SceneKindUi& f();
MANIPLAB_SCENE_KIND_UIS(MANIPLAB_DECLARE_UI)
#undef MANIPLAB_DECLARE_UI

namespace {
const SceneKindUi& genericKindUi() {
  static const SceneKindUi generic;
  return generic;
}
}  // namespace

const SceneKindUi& sceneKindUi(const std::string& kind) {
#define MANIPLAB_MATCH_UI(name, f) \
  if (kind == name) return f();
  MANIPLAB_SCENE_KIND_UIS(MANIPLAB_MATCH_UI)
#undef MANIPLAB_MATCH_UI
  return genericKindUi();
}

std::vector<const SceneKindUi*> sceneKindUis() {
#define MANIPLAB_UI_ADDRESS(name, f) &f(),
  return {MANIPLAB_SCENE_KIND_UIS(MANIPLAB_UI_ADDRESS) & genericKindUi()};
#undef MANIPLAB_UI_ADDRESS
}

}  // namespace maniplab::ui
