// The desktop application's provenance (provenance.hpp).
#include "maniplab/ui/provenance.hpp"

#include <QCoreApplication>
#include <QDir>

namespace maniplab::ui {

sim::Provenance guiProvenance(const QString& scene, const QString& robot) {
  sim::Provenance p{kProgramName, QCoreApplication::applicationVersion().toStdString(), {}};
  if (!scene.isEmpty()) p.files.emplace_back("scene", QDir::cleanPath(scene).toStdString());
  if (!robot.isEmpty()) p.files.emplace_back("robot", QDir::cleanPath(robot).toStdString());
  return p;
}

}  // namespace maniplab::ui
