#pragma once
// Destroying a Qt 3D node tree while its scene runs (the 3D view's scene switch, robot_view.cpp).
//
// Qt 3D's rule (Qt 3D 6.4, src/core/nodes/qnode.cpp): a node constructed under a parent that is already in
// a scene is queued (NodePostConstructorInit::addNode, a raw QNodePrivate pointer) for
// QNodePrivate::_q_postConstructorInit, which NodePostConstructorInit::processNodes calls at the next pass of
// the event loop. A destroyed node leaves that queue only by itself, in
// QNodePrivate::notifyDestructionChangesAndRemoveFromScene, and only while it still has its scene. Deleting
// an ancestor first unsets the scene of its whole subtree (unsetSceneHelper) and only then deletes the
// children (~QObject): a descendant still queued is freed but stays queued, and the next pass calls
// _q_postConstructorInit on freed memory (SIGSEGV in QNode::parentNode; issue 27: the ghost built under the
// live robot, then the robot replaced in the same pass). Qt 3D 6.6.3 and later queue more such descendants
// (nodes constructed under an ancestor whose backend addComponent created early).
//
// destroyNodeTree destroys the tree leaves first: each node is destroyed while its ancestors, and so its
// scene, are still there, and leaves the queue itself. No node of the tree is touched by Qt 3D afterwards.
namespace Qt3DCore {
class QNode;
}

namespace maniplab::ui {

/// Destroys `root` and every node under it (QObject children), children before their parent; null is
/// ignored.
void destroyNodeTree(Qt3DCore::QNode* root);

}  // namespace maniplab::ui
