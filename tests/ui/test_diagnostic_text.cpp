// Diagnostics of model/ and sim/ in French (issue 19, point 6): with the application's French translation
// installed, a malformed scene's errors name the file and the field in French, numbers take the French
// decimal comma, a singular mass matrix and a trajectory-limit warning read in French, and the main window
// shows the French text in its message area. A message without a code stays English; the English text
// the CLI prints is unchanged (the catalogue's English is what the readers wrote before).
#include <QDir>
#include <QFile>
#include <QListWidget>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest>

#include "maniplab/model/model_messages.hpp"
#include "maniplab/model/orthoglide_file.hpp"
#include "maniplab/model/robot_file.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/sim/scene_kind.hpp"
#include "maniplab/sim/sim_messages.hpp"
#include "maniplab/sim/trajectories/limit_check.hpp"
#include "support/main_window_driver.hpp"
#include "maniplab/ui/diagnostic_text.hpp"
#include "maniplab/ui/main_window.hpp"
#include "maniplab/ui/message_area.hpp"

using namespace maniplab;

namespace {

bool writeFile(const QString& path, const QByteArray& text) {
  QFile f(path);
  return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

QString source(const QString& rel) { return QStringLiteral(MANIPLAB_SOURCE_DIR "/") + rel; }

/// A planar 2R robot whose joint 2 has a negative mass -2.5 kg and a scene that misses its duration.
const char* kBadRobot = R"({"format": "maniplab-robot", "version": 1, "name": "bad", "convention": "dh",
  "joints": [
    {"name": "shoulder", "type": "revolute", "a": 1, "link": {"mass": 1, "inertia": [[0,0,0],[0,0,0],[0,0,0]]}},
    {"name": "elbow", "type": "revolute", "a": 1, "link": {"mass": -2.5, "inertia": [[0,0,0],[0,0,0],[0,0,0]]}}]})";
const char* kBadScene = R"({"format": "maniplab-scene", "version": 2, "name": "bad", "robot": "planar2r.json",
  "trajectory": {"type": "hold", "q": "home", "duration": 1.0}, "controlers": [],
  "controllers": [{"name": "pd", "type": "pd_gravity", "kp": 100, "kd": 20}]})";

/// Every item of the window's message area.
QStringList messageTexts(ui::MainWindow& w) {
  QStringList out;
  auto* list = w.findChild<ui::MessageArea*>()->findChild<QListWidget*>(QStringLiteral("messageList"));
  for (int i = 0; list && i < list->count(); ++i) out << list->item(i)->text();
  return out;
}

}  // namespace

class TestDiagnosticText : public QObject {
  Q_OBJECT
  QTemporaryDir settingsDir_;
  QTranslator french_;

 private slots:
  void initTestCase() {
    QVERIFY(settingsDir_.isValid());
    test::isolateSettings(settingsDir_.path(), "test_diagnostic_text");
    QSettings().setValue(QStringLiteral("language"), QStringLiteral("fr"));
    QLocale::setDefault(QLocale(QLocale::French, QLocale::France));
    QVERIFY(french_.load(QStringLiteral(":/i18n/maniplab_fr.qm")));
    QVERIFY(QCoreApplication::installTranslator(&french_));
  }

  // The robot reader's errors: file and field named, the message and its number in French.
  void robotFileErrorsInFrench() {
    const RobotLoadResult r = parseRobot(kBadRobot, "bad_robot.json");
    QVERIFY(!r.ok());
    QCOMPARE(r.diagnostics.size(), std::size_t(1));
    // The English the CLI prints is unchanged.
    QCOMPARE(QString::fromStdString(r.diagnostics[0].toString()),
             QStringLiteral("bad_robot.json:/joints/1/link/mass: error: must be non-negative (got -2.5)"));
    QCOMPARE(ui::translatedDiagnostic(r.diagnostics[0]),
             QStringLiteral("bad_robot.json:/joints/1/link/mass : erreur : doit être positif ou nul (lu : -2,5)"));
  }

  // The scene reader's errors: an unknown key, an unsupported version, a missing duration.
  void sceneFileErrorsInFrench() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QFile::copy(source(QStringLiteral("robots/planar2r.json")), dir.filePath(QStringLiteral("planar2r.json"))));
    const sim::SceneLoadResult r = sim::parseScene(kBadScene, "bad_scene.json", dir.path().toStdString());
    QVERIFY(!r.ok());
    QStringList fr;
    for (const Diagnostic& d : r.diagnostics) fr << ui::translatedDiagnostic(d);
    QVERIFY2(fr.contains(QStringLiteral("bad_scene.json:/version : erreur : version 2 non prise en charge (ce "
                                        "programme lit la version 1)")),
             qPrintable(fr.join(QLatin1Char('\n'))));
    QVERIFY2(fr.contains(QStringLiteral("bad_scene.json:/duration : erreur : nombre obligatoire manquant")),
             qPrintable(fr.join(QLatin1Char('\n'))));
    const QString unknown = QStringLiteral("bad_scene.json:/controlers : erreur : clé inconnue \"controlers\" (clés "
                                           "attendues : ");
    QVERIFY2(std::any_of(fr.begin(), fr.end(), [&](const QString& s) { return s.startsWith(unknown); }),
             qPrintable(fr.join(QLatin1Char('\n'))));
    // A missing file.
    const sim::SceneLoadResult missing = sim::loadSceneFile(dir.filePath(QStringLiteral("none.json")).toStdString());
    QCOMPARE(missing.diagnostics.size(), std::size_t(1));
    QVERIFY(ui::translatedDiagnostic(missing.diagnostics[0])
                .endsWith(QStringLiteral("none.json:/ : erreur : impossible d'ouvrir le fichier en lecture")));
  }

  // The readers' messages that were English only (issue 27): a bound with its range, the Orthoglide and
  // satellite readers, a document that is not a scene; every diagnostic of each has a code and reads in French.
  void everyReaderSpeaksFrench() {
    const std::string heavy = std::string(kBadRobot).replace(std::string(kBadRobot).find("-2.5"), 4, "1e9");
    const RobotLoadResult r = parseRobot(heavy, "heavy.json");
    QCOMPARE(r.diagnostics.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(r.diagnostics[0].toString()),
             QStringLiteral("heavy.json:/joints/1/link/mass: error: must be between 0 and 100000 kg (got 1000000000)"));
    QCOMPARE(ui::translatedDiagnostic(r.diagnostics[0]),
             QStringLiteral("heavy.json:/joints/1/link/mass : erreur : doit être compris entre 0 et 100000 kg (reçu 1000000000)"));
    std::string text;
    QVERIFY(readTextFile(source(QStringLiteral("robots/orthoglide.json")).toStdString(), text));
    nlohmann::json o = nlohmann::json::parse(text);
    o["chains"][1]["bodies"].erase("7");
    o["home"] = {0.4, 0, 0.5};
    const OrthoglideLoadResult og = parseOrthoglide(o.dump(), "o.json");
    QVERIFY(!og.ok());
    QStringList fr;
    for (const Diagnostic& d : og.diagnostics) {
      QVERIFY2(!d.code.empty(), d.message.c_str());
      fr << ui::translatedDiagnostic(d);
    }
    QVERIFY2(fr.contains(QStringLiteral("o.json:/chains/1/bodies/7 : erreur : corps 7 obligatoire manquant (corps 1, 2, 3, 4, 5, 7)")),
             qPrintable(fr.join(QLatin1Char('\n'))));
    const sim::SceneLoad notScene = sim::parseAnyScene(text, "o.json", "");
    QCOMPARE(notScene.diagnostics.size(), std::size_t(1));
    QVERIFY2(ui::translatedDiagnostic(notScene.diagnostics[0])
                 .startsWith(QStringLiteral("o.json:/format : erreur : ceci est un fichier robot ({\"format\": \"maniplab-robot\", "
                                            "\"kind\": \"orthoglide\"}), pas une scène : `maniplab-cli orthoglide o.json` le lit")),
             qPrintable(ui::translatedDiagnostic(notScene.diagnostics[0])));
  }

  // A run that fails on a singular mass matrix: time (French decimal comma) and joint in French.
  void runFailureInFrench() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // A massless link 1 and a point mass at the end of link 2 on a horizontal axis: with q2 = 90 deg the
    // mass lies on the axis of joint 1 and nothing resists it: the mass matrix is singular at once.
    QVERIFY(writeFile(dir.filePath(QStringLiteral("singular.json")), R"({"format": "maniplab-robot", "version": 1,
      "name": "singular", "convention": "dh", "joints": [
      {"name": "base", "type": "revolute", "alpha": -1.5707963267948966, "link": {"mass": 0, "inertia": [[0,0,0],[0,0,0],[0,0,0]]}},
      {"name": "arm", "type": "revolute", "a": 1, "link": {"mass": 1, "inertia": [[0,0,0],[0,0,0],[0,0,0]]}}]})"));
    const std::string scene = R"({"format": "maniplab-scene", "version": 1, "name": "singular", "robot": "singular.json",
      "duration": 0.1, "rates": {"control_hz": 1000, "plant_hz": 1000}, "integrator": {"stepper": "rk4"},
      "trajectory": {"type": "hold", "q": [0, 1.5707963267948966], "duration": 0.1},
      "controllers": [{"name": "pd", "type": "pd_gravity", "kp": 100, "kd": 20}]})";
    const sim::SceneLoadResult r = sim::parseScene(scene, "singular_scene.json", dir.path().toStdString());
    QVERIFY2(r.ok(), formatDiagnostics(r.diagnostics).c_str());
    const sim::SerialScene s(r.scene);
    const auto plan = s.plan({});
    QCOMPARE(plan.size(), std::size_t(1));
    const sim::SceneRun run = s.run(plan[0], {});
    QVERIFY(!run.result.ok);
    QCOMPARE(QString::fromStdString(run.result.message),
             QStringLiteral("t = 0.001 s: the mass matrix became singular at joint 1 (base); the simulation stopped"));
    QCOMPARE(ui::translatedFailure(run.result.message, run.result.detail),
             QStringLiteral("t = 0,001 s : la matrice d'inertie est devenue singulière à l'articulation 1 (base) ; la "
                            "simulation s'est arrêtée"));
  }

  // A trajectory-limit warning: quantity, joint, values with their unit and degrees, in French.
  void limitWarningInFrench() {
    const RobotLoadResult robot = loadRobotFile(source(QStringLiteral("robots/planar2r.json")).toStdString());
    QVERIFY(robot.ok());
    sim::LimitViolation v;
    v.joint = 1;
    v.quantity = sim::LimitQuantity::Position;
    v.upper = true;
    v.bound = 0.5;
    v.peakValue = 0.75;
    v.firstTime = 1.25;
    v.peakTime = 1.5;
    v.lastTime = 1.75;
    const Message m = sim::violationMessage(robot.model, v);
    QCOMPARE(QString::fromStdString(m.text), QString::fromStdString(sim::describeViolation(robot.model, v)));
    QCOMPARE(QString::fromStdString(m.text),
             QStringLiteral("t = 1.25 s: joint 2 passes its upper position limit 0.5 rad (28.65 deg) by 0.25 rad "
                            "(14.32 deg): peak 0.75 rad (42.97 deg) at t = 1.5 s, back within the limit at t = 1.75 s"));
    QCOMPARE(ui::translatedMessage(m),
             QStringLiteral("t = 1,25 s : l'articulation 2 dépasse sa butée haute 0,5 rad (28,65°) de 0,25 rad "
                            "(14,32°) : pic de 0,75 rad (42,97°) à t = 1,5 s, de retour dans la limite à t = 1,75 s"));
  }

  // A message without a code, or with a code the table does not know, is shown in English.
  void uncodedMessagesStayEnglish() {
    QCOMPARE(ui::translatedMessage(plainMessage("cannot open the file")), QStringLiteral("cannot open the file"));
    const Message unknown{"no.such_code", {}, "some English text"};
    QCOMPARE(ui::translatedMessage(unknown), QStringLiteral("some English text"));
    QCOMPARE(ui::translatedError(std::runtime_error("plain")), QStringLiteral("plain"));
    QCOMPARE(ui::translatedError(MessageError(message(msg::kNotFinite))), QStringLiteral("doit être fini"));
  }

  // The window, started in French, shows the malformed scene's errors in French with file and field.
  void mainWindowShowsTheSceneErrorsInFrench() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QFile::copy(source(QStringLiteral("robots/planar2r.json")), dir.filePath(QStringLiteral("planar2r.json"))));
    const QString path = dir.filePath(QStringLiteral("bad_scene.json"));
    QVERIFY(writeFile(path, kBadScene));
    QCoreApplication::removeTranslator(&french_);  // the window installs its own (the saved language: fr)
    ui::MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(!w.openFile(path));
    const QStringList texts = messageTexts(w);
    const QString missing = path + QStringLiteral(":/duration : erreur : nombre obligatoire manquant");
    QVERIFY2(std::any_of(texts.begin(), texts.end(), [&](const QString& s) { return s.contains(missing); }),
             qPrintable(texts.join(QLatin1Char('\n'))));
    QVERIFY2(std::none_of(texts.begin(), texts.end(),
                          [](const QString& s) { return s.contains(QStringLiteral("missing required")); }),
             qPrintable(texts.join(QLatin1Char('\n'))));
    QCoreApplication::installTranslator(&french_);
  }
};

QTEST_MAIN(TestDiagnosticText)
#include "test_diagnostic_text.moc"
