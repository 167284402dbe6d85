// Scene kinds (scene_kind.hpp): the document header, the dispatch of a file to its kind, and what every
// kind shares (the plan of runs, writing a scene, describing limit passages and model fallbacks).
#include "maniplab/sim/scene_kind.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "maniplab/model/atomic_file.hpp"
#include "maniplab/model/json_reader.hpp"
#include "maniplab/sim/sim_messages.hpp"
#include "maniplab/sim/control/controller_spec.hpp"

namespace maniplab::sim {

using nlohmann::json;

DocumentHeader readDocumentHeader(const std::string& text) {
  DocumentHeader h;
  const json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return h;
  h.object = true;
  if (doc.contains("format") && doc["format"].is_string()) h.format = doc["format"].get<std::string>();
  if (doc.contains("kind") && doc["kind"].is_string()) {
    h.kind = doc["kind"].get<std::string>();
    h.hasKind = true;
  }
  return h;
}

// --- AnyScene ---------------------------------------------------------------------------------------

std::string AnyScene::describeLimitEvent(const JointLimitEvent& e) const {
  char q[32];
  std::snprintf(q, sizeof q, "%g", e.position);
  return jointNoun() + " " + std::to_string(e.joint + 1) + " passed its " + (e.upper ? "upper" : "lower") +
         " limit (q = " + q + ")";
}

std::vector<PlannedRun> AnyScene::plan(const std::vector<int>& selected) const {
  const std::vector<ControllerSpec> specs = controllers();
  std::vector<PlannedRun> out;
  auto add = [&](int i) {
    if (i >= 0 && std::size_t(i) < specs.size()) out.push_back({i, 0, specs[std::size_t(i)].name});
  };
  if (selected.empty())
    for (std::size_t i = 0; i < specs.size(); ++i) add(int(i));
  for (const int i : selected) add(i);
  return out;
}

json AnyScene::toJson(const std::string&) const {
  throw std::runtime_error("a " + kind().title() + " scene is not written by ManipLab: edit its file");
}

void AnyScene::write(const std::string& path) const {
  const std::string dir = std::filesystem::path(path).parent_path().string();
  std::string text;
  try {
    text = toJson(dir).dump(2) + "\n";
  } catch (const MessageError& e) {
    throw MessageError(message(msg::kCannotSaveScene, {MessageArg::field(path), e.message()}));
  } catch (const std::exception& e) {
    throw MessageError(message(msg::kCannotSaveScene, {MessageArg::field(path), e.what()}));
  }
  // What is written must read back: the reader's diagnostics refuse the save before the file is touched.
  const SceneLoad back = kind().parse(text, path, dir);
  if (!back.ok()) throw MessageError(message(msg::kSceneWouldNotReadBack, {MessageArg::field(path), back.report()}));
  writeFileAtomically(path, text, "scene file");
}

// --- Registry and dispatch --------------------------------------------------------------------------

namespace detail {
std::vector<const SceneKind*> registeredSceneKinds();  // scene_kinds.cpp
}

const std::vector<const SceneKind*>& sceneKinds() {
  static const std::vector<const SceneKind*> kinds = detail::registeredSceneKinds();
  return kinds;
}

const SceneKind* findSceneKind(const std::string& name) {
  for (const SceneKind* k : sceneKinds())
    if (k->name() == name) return k;
  return nullptr;
}

const SceneKind* sceneKindOf(const DocumentHeader& header) {
  for (const SceneKind* k : sceneKinds())
    if (k->readsScene(header)) return k;
  return nullptr;
}

std::string article(const std::string& word) {
  return word.empty() ? "a" : (std::string("aeiouAEIOU").find(word[0]) != std::string::npos ? "an" : "a");
}

namespace {

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

/// The kinds' names, as a "kind" field would give them.
std::string kindList() {
  std::string out;
  for (const SceneKind* k : sceneKinds()) {
    if (!out.empty()) out += ", ";
    out += quoted(k->name());
  }
  return out;
}


}  // namespace

/// A document's header as JSON text ({"format": "maniplab-robot", "kind": "orthoglide"}): what a message
/// about the document shows of it, the same in every language.
std::string documentHeaderFields(const DocumentHeader& h) {
  std::string out;
  if (!h.format.empty()) out += "\"format\": " + quoted(h.format);
  if (h.hasKind) out += std::string(out.empty() ? "" : ", ") + "\"kind\": " + quoted(h.kind);
  return "{" + out + "}";
}

std::string describeDocument(const DocumentHeader& h) {
  if (!h.object) return "not a JSON object";
  const std::string fields = "format " + (h.format.empty() ? std::string("absent") : quoted(h.format)) +
                             (h.hasKind ? ", kind " + quoted(h.kind) : std::string());
  if (const SceneKind* k = sceneKindOf(h)) return article(k->title()) + " " + k->title() + " scene (" + fields + ")";
  for (const SceneKind* k : sceneKinds())
    if (k->readsRobot(h)) return article(k->title()) + " " + k->title() + " file (" + fields + ")";
  return "a document with " + fields;
}

SceneLoad parseAnyScene(const std::string& text, const std::string& fileName, const std::string& baseDir) {
  const DocumentHeader h = readDocumentHeader(text);
  if (const SceneKind* k = sceneKindOf(h)) return k->parse(text, fileName, baseDir);
  SceneLoad out;
  JsonReader rd(fileName, out.diagnostics);
  if (!h.object) {  // the syntax error, with its line and column (or "must be an object")
    const std::size_t start = text.find_first_not_of(" \t\r\n");
    if (start != std::string::npos && text[start] == '<' && text.find("<robot") != std::string::npos) {
      rd.error("", message(msg::kUrdfNotScene, {MessageArg::field(fileName)}));
      return out;
    }
    json doc;
    if (parseJson(text, rd, doc)) rd.error("", message(msg::kNotObjectDocument));
    return out;
  }
  for (const SceneKind* k : sceneKinds())
    if (k->readsRobot(h)) {
      rd.error("/format", message(msg::kRobotNotScene, {MessageArg::field(documentHeaderFields(h)), MessageArg::field(k->robotCommand()),
                                                        MessageArg::field(fileName)}));
      return out;
    }
  if (h.format == "maniplab-scene" && h.hasKind)
    rd.error("/kind", message(msg::kUnknownSceneKind, {MessageArg::field(h.kind), MessageArg::field(kindList())}));
  else
    rd.error("/format", message(msg::kNotAScene, {MessageArg::field(documentHeaderFields(h)), MessageArg::field(kindList())}));
  return out;
}

// loadAnyScene and loadSceneOfKind: document.cpp (a file is read once).

void recordModelFallbacks(RunResult& result, const Controller& controller) {
  if (!controller.hasModelFallback()) return;
  result.metrics.fallbackPeriods = controller.modelFallbacks();
  result.metrics.controlPeriods = result.periods + 1;  // the law is computed at t_0 ... t_K
}

std::string modelFallbackText(const std::string& run, const RunMetrics& m) {
  if (m.fallbackPeriods <= 0) return {};
  char share[32];
  std::snprintf(share, sizeof share, "%.3g", m.controlPeriods > 0 ? 100.0 * double(m.fallbackPeriods) / double(m.controlPeriods) : 100.0);
  return run + ": the controller's model could not be evaluated in " + std::to_string(m.fallbackPeriods) + " of " +
         std::to_string(m.controlPeriods) + " control periods (" + share +
         " %): the PD part alone was applied there" +
         (2 * m.fallbackPeriods > m.controlPeriods ? " (the run was mostly PD, not computed torque)" : "");
}

}  // namespace maniplab::sim
