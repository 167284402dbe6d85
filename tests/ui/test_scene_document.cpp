// The scene document (ui/src/scene_document.cpp), Qt Core only: it opens a scene of any kind, refuses a
// file that is no scene (keeping the open one), puts a robot into an open serial scene, saves any writable
// kind (read back by its reader first; a failed save leaves the file as it was), tracks its modified state
// and the recent files (settings in a temporary directory).
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "maniplab/sim/orthoglide/simulation.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/ui/scene_document.hpp"

using namespace maniplab;
using namespace maniplab::ui;

namespace {
QString source(const char* rel) { return QStringLiteral(MANIPLAB_SOURCE_DIR "/") + QLatin1String(rel); }
}  // namespace

class TestSceneDocument : public QObject {
  Q_OBJECT
  QTemporaryDir settings_, dir_;

 private slots:
  void initTestCase() {
    QVERIFY(settings_.isValid() && dir_.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("maniplab-test"));
    QCoreApplication::setApplicationName(QStringLiteral("test_scene_document"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settings_.path());
  }

  void opensEveryKind() {
    SceneDocument doc;
    QSignalSpy changed(&doc, &SceneDocument::sceneChanged);
    QVERIFY(!doc.hasScene());
    const std::pair<const char*, const char*> files[] = {{"scenes/default.json", "serial"},
                                                         {"scenes/orthoglide_ctc_vs_pid.json", "orthoglide"},
                                                         {"scenes/satellite_arm.json", "floating_base"},
                                                         {"scenes/pendulum.json", "pendulum"}};
    for (const auto& [file, kind] : files) {
      std::vector<Diagnostic> diags;
      QVERIFY2(doc.open(source(file), &diags), file);
      QCOMPARE(doc.kindName(), QLatin1String(kind));
      QCOMPARE(doc.path(), QFileInfo(source(file)).absoluteFilePath());
      QCOMPARE(doc.displayName(), QString::fromStdString(doc.scene()->name()));
      QVERIFY(!doc.isModified());
      QCOMPARE(SceneDocument::recentFiles().front(), QFileInfo(source(file)).absoluteFilePath());
      QCOMPARE(doc.writable(), QLatin1String(kind) != QLatin1String("floating_base"));
    }
    QCOMPARE(changed.count(), 4);
    // A robot file is no scene: refused with what it is, and the open scene stays.
    std::vector<Diagnostic> diags;
    QVERIFY(!doc.open(source("robots/orthoglide.json"), &diags));
    QCOMPARE(diags.size(), std::size_t(1));
    QVERIFY(diags[0].message.find("this is a robot file ({\"format\": \"maniplab-robot\", \"kind\": \"orthoglide\"})") != std::string::npos);
    QCOMPARE(doc.kindName(), QStringLiteral("pendulum"));
    QCOMPARE(changed.count(), 4);
  }

  void recentFilesAreBounded() {
    SceneDocument doc;
    QSignalSpy recent(&doc, &SceneDocument::recentFilesChanged);
    for (int i = 0; i < 12; ++i) doc.addRecent(dir_.filePath(QStringLiteral("s%1.json").arg(i)));
    doc.addRecent(dir_.filePath(QStringLiteral("s5.json")));  // again: moves to the front
    const QStringList list = SceneDocument::recentFiles();
    QCOMPARE(list.size(), SceneDocument::kMaxRecent);
    QCOMPARE(list.front(), dir_.filePath(QStringLiteral("s5.json")));
    QCOMPARE(list[1], dir_.filePath(QStringLiteral("s11.json")));
    QCOMPARE(list.count(dir_.filePath(QStringLiteral("s5.json"))), 1);
    QCOMPARE(recent.count(), 13);
  }

  void robotIntoASerialSceneOnly() {
    SceneDocument doc;
    QString why;
    const RobotLoadResult scara = loadRobotFile(source("robots/scara.json").toStdString());
    QVERIFY(scara.ok());
    QVERIFY(!doc.replaceRobot(scara, source("robots/scara.json"), &why));
    QVERIFY(why.contains(QLatin1String("open a scene first")));
    QVERIFY(doc.open(source("scenes/orthoglide_ctc_vs_pid.json")));
    QVERIFY(!doc.replaceRobot(scara, source("robots/scara.json"), &why));
    QVERIFY(why.contains(QLatin1String("open a serial scene first")));
    QVERIFY(doc.open(source("scenes/planar2r_teaching.json")));
    QSignalSpy modified(&doc, &SceneDocument::modifiedChanged);
    QVERIFY(doc.replaceRobot(scara, source("robots/scara.json"), &why));
    QVERIFY(doc.isModified());
    QCOMPARE(modified.count(), 1);
    const auto* s = sim::sceneData<sim::Scene>(doc.scene().get());
    QCOMPARE(s->robot.model.nq, scara.model.nq);
    QCOMPARE(QString::fromStdString(s->robotFile), QFileInfo(source("robots/scara.json")).absoluteFilePath());
    QCOMPARE(doc.path(), QFileInfo(source("scenes/planar2r_teaching.json")).absoluteFilePath());  // the same scene file
  }

  void savesWritableKinds() {
    SceneDocument doc;
    for (const char* file : {"scenes/planar2r_teaching.json", "scenes/orthoglide_free_fall.json", "scenes/pendulum.json"}) {
      QVERIFY(doc.open(source(file)));
      auto edited = doc.scene()->clone();
      edited->setDuration(1.25);
      doc.setModified(true);
      const QString out = dir_.filePath(QFileInfo(QLatin1String(file)).fileName());
      QString err;
      QVERIFY2(doc.save(edited, out, &err), qPrintable(err));
      QVERIFY(!doc.isModified());
      QCOMPARE(doc.path(), QFileInfo(out).absoluteFilePath());
      QCOMPARE(doc.scene()->duration(), 1.25);
      QCOMPARE(SceneDocument::recentFiles().front(), QFileInfo(out).absoluteFilePath());
      const sim::SceneLoad back = sim::loadAnyScene(out.toStdString());
      QVERIFY2(back.ok(), back.report().c_str());
      QCOMPARE(back.scene->kind().name(), doc.scene()->kind().name());
      QCOMPARE(back.scene->duration(), 1.25);
    }
    // A scene its reader would refuse is not written, and the file keeps its content.
    const QString out = dir_.filePath(QStringLiteral("pendulum.json"));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray before = f.readAll();
    f.close();
    auto bad = doc.scene()->clone();
    bad->setDuration(-1);
    QString err;
    QVERIFY(!doc.save(bad, out, &err));
    QVERIFY2(err.contains(QLatin1String("it would not read back")) && err.contains(QLatin1String("/duration")), qPrintable(err));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), before);
    QCOMPARE(doc.scene()->duration(), 1.25);  // the document keeps its scene
    // A kind that is not written by ManipLab (the satellite's hand-edited file).
    QVERIFY(doc.open(source("scenes/satellite_arm.json")));
    QVERIFY(!doc.writable());
    QVERIFY(!doc.save(doc.scene()->clone(), dir_.filePath(QStringLiteral("sat.json")), &err));
    QVERIFY(err.contains(QLatin1String("edit its file")));
    QVERIFY(!QFileInfo::exists(dir_.filePath(QStringLiteral("sat.json"))));
  }

  void newSceneIsTheTemplate() {
    SceneDocument doc;
    QVERIFY(doc.newScene(QStringLiteral(MANIPLAB_SOURCE_DIR)));
    QCOMPARE(doc.kindName(), QStringLiteral("serial"));
    QVERIFY(doc.path().isEmpty());
    QCOMPARE(doc.displayName(), QStringLiteral("untitled"));
    QCOMPARE(doc.scene()->jointCount(), 2);
  }
};

QTEST_GUILESS_MAIN(TestSceneDocument)
#include "test_scene_document.moc"
