#pragma once
// What produced the files the desktop application writes (sim::Provenance, csv.hpp): "maniplab VERSION"
// (QCoreApplication::applicationVersion(), set by app/gui/main.cpp from the project's CMake version) and
// the open scene and robot files. The first comment line of every CSV file the window exports.
#include <QString>

#include "maniplab/sim/traces/csv.hpp"

namespace maniplab::ui {

/// The program name in the provenance of the application's files.
inline constexpr const char* kProgramName = "maniplab";

/// "maniplab VERSION; scene SCENE; robot ROBOT" (empty paths left out, the others cleaned: "a/../b" is "b").
sim::Provenance guiProvenance(const QString& scene, const QString& robot);

}  // namespace maniplab::ui
