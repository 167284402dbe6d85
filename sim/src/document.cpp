// One way to open a document (document.hpp): read once, recognised, parsed from the same text.
#include "maniplab/sim/document.hpp"

#include <filesystem>

#include "maniplab/model/model_messages.hpp"
#include "maniplab/sim/sim_messages.hpp"
#include "maniplab/sim/scene.hpp"

namespace maniplab::sim {

Document openDocument(const std::string& path) {
  Document d;
  d.path = path;
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec) || !readTextFile(path, d.text)) return d;  // Unreadable
  if (isUrdfPath(path)) {
    d.type = Document::Type::Urdf;
    return d;
  }
  d.header = readDocumentHeader(d.text);
  if ((d.kind = sceneKindOf(d.header))) {
    d.type = Document::Type::Scene;
    return d;
  }
  for (const SceneKind* k : sceneKinds())
    if (k->readsRobot(d.header)) {
      d.type = Document::Type::Robot;
      d.kind = k;
      return d;
    }
  d.type = Document::Type::Unknown;
  return d;
}

bool Document::isSerialRobot() const {
  return type == Type::Urdf || (type == Type::Robot && kind == &serialSceneKind());
}

std::string Document::description() const {
  switch (type) {
    case Type::Unreadable: return "a file that cannot be read";
    case Type::Urdf: return "a URDF robot file";
    default: return describeDocument(header);
  }
}

SceneLoad Document::scene() const {
  if (type == Type::Unreadable) {
    SceneLoad r;
    r.diagnostics.push_back(Diagnostic::of(Diagnostic::Severity::Error, path, "", message(msg::kCannotOpen)));
    return r;
  }
  return parseAnyScene(text, path, std::filesystem::path(path).parent_path().string());
}

RobotLoadResult Document::robot(const UrdfImportOptions& urdf) const {
  RobotLoadResult r;
  const auto error = [&](const Message& why) {
    r.diagnostics.push_back(Diagnostic::of(Diagnostic::Severity::Error, path, "", why));
    return r;
  };
  switch (type) {
    case Type::Unreadable:
      r.diagnostics.push_back(Diagnostic::of(Diagnostic::Severity::Error, path, "", message(msg::kCannotOpen)));
      return r;
    case Type::Urdf: r = parseUrdf(text, path, urdf); break;
    default:
      if (!isSerialRobot() && type != Type::Unknown)
        return error(message(msg::kNotSerialRobot, {MessageArg::field(documentHeaderFields(header))}));
      r = parseRobot(text, path);  // an Unknown document gets the robot reader's own diagnostics
      if (auto e = urdfOnlyOptionsError(path, urdf)) {
        r.diagnostics.push_back(std::move(*e));
        return r;
      }
  }
  r.description.sourceFile = path;
  return r;
}

SceneLoad loadAnyScene(const std::string& path) { return openDocument(path).scene(); }

SceneLoad loadSceneOfKind(const std::string& path, const std::string& kind) {
  const Document d = openDocument(path);
  if (d.type == Document::Type::Scene && d.kind->name() != kind) {  // another kind's scene, refused from its header
    SceneLoad r;
    r.diagnostics.push_back(Diagnostic::of(Diagnostic::Severity::Error, path, "",
                                           message(msg::kOtherKindScene, {MessageArg::field(d.kind->name()),
                                                                          MessageArg::field(kind), MessageArg::field(path)})));
    return r;
  }
  return d.scene();
}

}  // namespace maniplab::sim
