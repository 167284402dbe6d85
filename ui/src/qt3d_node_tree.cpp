// Destroying a Qt 3D node tree while its scene runs (qt3d_node_tree.hpp).
#include "qt3d_node_tree.hpp"

#include <QList>
#include <QPointer>
#include <Qt3DCore/QNode>

namespace maniplab::ui {

void destroyNodeTree(Qt3DCore::QNode* root) {
  if (!root) return;
  // Guarded: a node's destructor may destroy another node of the list (Qt 3D's own sub-nodes).
  QList<QPointer<Qt3DCore::QNode>> children;
  for (Qt3DCore::QNode* child : root->childNodes()) children.append(child);
  for (const QPointer<Qt3DCore::QNode>& child : children)
    if (child) destroyNodeTree(child);
  delete root;
}

}  // namespace maniplab::ui
