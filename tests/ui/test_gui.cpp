// The desktop application shell: scenes load and run from the GUI's own actions, the scope and the
// metrics table fill, language switching retranslates, bad files give messages, and a screenshot of
// the main window (grabbed from the screen: the Qt 3D container is not in QWidget::grab) is not blank.
#include <QAction>
#include <cmath>
#include <QDir>
#include <QDoubleSpinBox>
#include <QMenu>
#include <QListWidget>
#include <QMenuBar>
#include <QMimeData>
#include <QScreen>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QElapsedTimer>
#include <QThread>
#include <QtTest>

#include "maniplab/ui/algorithms_dialog.hpp"
#include "maniplab/ui/control_panel.hpp"
#include "maniplab/ui/conservation_panel.hpp"
#include <QComboBox>
#include <QPushButton>
#include <QTableWidget>
#include "maniplab/ui/ethercat_panel.hpp"
#include "maniplab/ui/sequential_identification_dialog.hpp"
#include "maniplab/ui/main_window.hpp"
#include "support/main_window_driver.hpp"
#include "maniplab/ui/orthoglide_editor.hpp"
#include <QDockWidget>
#include "maniplab/ui/robot_view.hpp"
#include "kinds/arm_drawing.hpp"  // ui/src: the kinds' drawings of the 3D view
#include "kinds/floating_base_drawing.hpp"
#include "kinds/orthoglide_drawing.hpp"
#include "maniplab/ui/message_area.hpp"
#include "maniplab/ui/metrics_view.hpp"
#include "maniplab/sim/scene.hpp"
#include "maniplab/ui/simulation_worker.hpp"
#include "maniplab/ui/chain_editor.hpp"
#include "maniplab/ui/scope_widget.hpp"

using namespace maniplab::ui;
using maniplab::test::action;
using maniplab::test::runFor;

class TestGui : public QObject {
  Q_OBJECT
 private:
  static QString source(const QString& rel) { return QStringLiteral(MANIPLAB_SOURCE_DIR "/") + rel; }
 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("ManipLabTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_gui"));
    QSettings().clear();
    QSettings().setValue(QStringLiteral("language"), QStringLiteral("en"));
  }

  void shippedScenesRunFromTheGui_data() {
    QTest::addColumn<QString>("scene");
    QStringList files = QDir(source(QStringLiteral("scenes"))).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    // Every kind: serial scenes, the Orthoglide (Guégan, Khalil, Chablat & Wenger 2002) and the satellite (free-floating base).
    QVERIFY(!files.isEmpty());
    for (const QString& f : files) QTest::newRow(qPrintable(f)) << source(QStringLiteral("scenes/") + f);
  }

  void shippedScenesRunFromTheGui() {
    QFETCH(QString, scene);
    MainWindow w;
    w.show();
    auto* messages = w.findChild<MessageArea*>();
    QVERIFY(messages);
    const int errorsBefore = messages->errorCount();
    QVERIFY2(w.openFile(scene), qPrintable(messages->lastMessage()));
    QCOMPARE(messages->errorCount(), errorsBefore);
    // 1 s, or the whole scene when it is shorter (orthoglide_free_fall.json: 0.15 s, after which the
    // falling platform would leave the actuators' strokes).
    auto* durationSpin = w.findChild<QDoubleSpinBox*>(QStringLiteral("durationSpin"));
    QVERIFY(durationSpin);
    const double runTime = std::min(1.0, durationSpin->value());
    QVERIFY2(runFor(w, runTime), qPrintable(messages->lastMessage()));
    auto* metrics = w.findChild<MetricsView*>();
    QVERIFY(metrics->rowCount() >= 1);
    QVERIFY(metrics->columnCount() >= 7);
    QVERIFY(!metrics->cellText(0, 0).isEmpty());  // max |e| of joint 1 of the first controller
    auto* scope = w.findChild<ScopeWidget*>();
    QVERIFY(scope);
    // One controller: its channels; two or more run side by side: the comparison of their errors (when
    // both record them).
    const QStringList sources = scope->sources();
    QVERIFY2(sources.contains(QStringLiteral("q[1]")) ||
                 (sources.size() >= 2 && sources[0].endsWith(QStringLiteral(": e[1]")) && sources[1].endsWith(QStringLiteral(": e[1]"))),
             qPrintable(sources.join(QStringLiteral(", "))));
    QVERIFY2(scope->sampleCount() > 0, "no samples reached the scope");
    // The 3D view draws the scene's kind and was posed from the rows.
    auto* view = w.findChild<RobotView*>();
    QVERIFY(view && view->hasRobot());
    const QString file = QFileInfo(scene).fileName();
    // (what the view draws: the drawing of the scene's kind; ArmDrawing is also the floating base's arm)
    enum class Drawn { Other, Serial, FloatingBase, Orthoglide };
    const Drawn expected = file.startsWith(QStringLiteral("orthoglide")) ? Drawn::Orthoglide
                           : file.startsWith(QStringLiteral("satellite")) ? Drawn::FloatingBase
                                                                           : Drawn::Serial;
    const Drawn drawn = view->drawing<OrthoglideDrawing>()      ? Drawn::Orthoglide
                        : view->drawing<FloatingBaseDrawing>() ? Drawn::FloatingBase
                        : view->drawing<ArmDrawing>()          ? Drawn::Serial
                                                               : Drawn::Other;
    QCOMPARE(drawn, expected);
    QVERIFY(view->updatesApplied() > 0);
    // The conservation dock followed the (last) run: the energy balance for the serial robots and the
    // Orthoglide, the momenta for the satellite.
    auto* conservation = w.findChild<ConservationPanel*>(QStringLiteral("conservationPanel"));
    QVERIFY(conservation);
    QVERIFY(conservation->rowsSeen() > 0);
    QVERIFY(conservation->lastTime() > 0.9 * runTime);
    // Every GUI run records the energy channels, even when the scene's "record" list leaves them out
    // (the identification scenes record reference, state and torque only).
    if (expected == Drawn::FloatingBase) {
      QVERIFY(conservation->momentumRecorded());
    } else {
      QVERIFY2(conservation->energyRecorded(), qPrintable(file));
      QVERIFY2(std::isfinite(conservation->number(QStringLiteral("dE"))), qPrintable(file));
      QVERIFY2(std::abs(conservation->number(QStringLiteral("max_rel_drift"))) < 1e-2, qPrintable(file));
    }
  }

  // The conservation dock shows the energy balance of a run. Free fall (no torque, no friction, Dormand-
  // Prince at 1e-12): E stays E0 while the arm swings. The default scene (PID vs computed torque, the
  // last run shown): the actuators do work, ΔE follows W_τ − W_f up to the integration error.
  void conservationDockDuringARun() {
    MainWindow w;
    w.show();
    auto* conservation = w.findChild<ConservationPanel*>(QStringLiteral("conservationPanel"));
    QVERIFY(conservation);
    QVERIFY(w.findChild<QDockWidget*>(QStringLiteral("conservationDock")));
    QVERIFY(w.findChild<QAction*>(QStringLiteral("toggle_conservationDock")));
    QVERIFY(w.openFile(source(QStringLiteral("scenes/puma560_free_fall.json"))));
    QVERIFY(runFor(w, 1.0));
    QVERIFY(conservation->energyRecorded());
    qInfo("free fall: E0 %g J, dE %g J, W_tau %g J, max rel drift %g", conservation->number(QStringLiteral("E0")),
          conservation->number(QStringLiteral("dE")), conservation->number(QStringLiteral("W_tau")),
          conservation->number(QStringLiteral("max_rel_drift")));
    QVERIFY(std::abs(conservation->number(QStringLiteral("E0"))) > 1.0);
    QCOMPARE(conservation->number(QStringLiteral("W_tau")), 0.0);
    QVERIFY(std::abs(conservation->number(QStringLiteral("max_rel_drift"))) < 1e-9);
    QVERIFY(w.openFile(source(QStringLiteral("scenes/default.json"))));
    QVERIFY(runFor(w, 1.0));
    qInfo("default: dE %g J, W_tau %g J, W_friction %g J, residual %g J, max rel drift %g",
          conservation->number(QStringLiteral("dE")), conservation->number(QStringLiteral("W_tau")),
          conservation->number(QStringLiteral("W_friction")), conservation->number(QStringLiteral("residual")),
          conservation->number(QStringLiteral("max_rel_drift")));
    QVERIFY(std::abs(conservation->number(QStringLiteral("dE"))) > 1e-2);
    QVERIFY(conservation->number(QStringLiteral("W_friction")) > 0.0);
    QVERIFY(std::abs(conservation->number(QStringLiteral("max_rel_drift"))) < 1e-3);
  }

  // Help > Algorithms counts the open scene's serial chain: the robot, the satellite's arm, and nothing
  // for the Orthoglide (a closed loop), with the reason instead of the previous robot's counts.
  void algorithmsDialogFollowsTheSceneKind() {
    MainWindow w;
    w.show();
    auto* algo = action(w, "actionAlgorithms");
    QVERIFY(algo);
    QVERIFY(w.openFile(source(QStringLiteral("scenes/planar2r_teaching.json"))));
    algo->trigger();
    auto* dlg = w.findChild<AlgorithmsDialog*>();
    QVERIFY(dlg);
    QVERIFY(dlg->rowCount() > 0);
    const QString planar = dlg->cellText(1, 1);  // Newton-Euler multiplications for n = 2
    QVERIFY(w.openFile(source(QStringLiteral("scenes/satellite_arm.json"))));
    algo->trigger();
    QVERIFY(dlg->rowCount() > 0);
    QVERIFY2(dlg->cellText(1, 1) != planar, qPrintable(dlg->cellText(1, 1)));  // the 6-joint arm's count
    QVERIFY(w.openFile(source(QStringLiteral("scenes/orthoglide_ctc_vs_pid.json"))));
    algo->trigger();
    QCOMPARE(dlg->rowCount(), 0);
    QCOMPARE(dlg->graphCount(), 0);
  }

  // The operational-space controller's gains are edited per task axis [φ θ ψ X Y Z] (6 rows, no Ki),
  // whatever the robot's joint count, and reach the run's scene.
  void operationalSpaceGainsInTheControlPanel() {
    MainWindow w;
    w.show();
    const QString path = source(QStringLiteral("scenes/puma560_three_controllers.json"));
    QVERIFY(w.openFile(path));
    auto loaded = maniplab::sim::loadSceneFile(path.toStdString());
    QVERIFY(loaded.ok());
    int os = -1;
    for (std::size_t i = 0; i < loaded.scene.controllers.size(); ++i)
      if (loaded.scene.controllers[i].type == "operational_space") os = int(i);
    QVERIFY(os >= 0);
    auto* panel = w.findChild<ControlPanel*>();
    QVERIFY(panel);
    QCOMPARE(panel->gainRows(0), 6);  // the Puma's joints (pid)
    QCOMPARE(panel->gainRows(os), 6);
    auto* combo = panel->findChild<QComboBox*>(QStringLiteral("editedControllerCombo"));
    auto* table = panel->findChild<QTableWidget*>(QStringLiteral("gainTable"));
    QVERIFY(combo && table);
    combo->setCurrentIndex(os);
    QCOMPARE(table->rowCount(), 6);
    QCOMPARE(table->verticalHeaderItem(3)->text(), ControlPanel::tr("position X"));
    QVERIFY(!(table->item(0, 2)->flags() & Qt::ItemIsEditable));  // no Ki
    QVERIFY(table->item(5, 0)->flags() & Qt::ItemIsEditable);
    table->item(5, 0)->setText(QStringLiteral("123"));  // Kp of Z, as typed by the user
    panel->setGain(os, 0, 2, 7.0);                       // refused: no integral term
    auto scene = loaded.scene;
    QVERIFY(panel->applyTo(scene));
    const auto& spec = scene.controllers[std::size_t(os)];
    QCOMPARE(spec.kp.size(), Eigen::Index(6));
    QCOMPARE(spec.kp[5], 123.0);
    QCOMPARE(spec.ki.size(), loaded.scene.controllers[std::size_t(os)].ki.size());
    // The design helpers set the 6 axes.
    auto* apply = panel->findChild<QPushButton*>(QStringLiteral("applyResponseTimeButton"));
    QVERIFY(apply && apply->isEnabled());
    apply->click();
    scene = loaded.scene;
    QVERIFY(panel->applyTo(scene));
    QCOMPARE(scene.controllers[std::size_t(os)].kp.size(), Eigen::Index(6));
    QCOMPARE(scene.controllers[std::size_t(os)].kp[0], scene.controllers[std::size_t(os)].kp[5]);
    QVERIFY(scene.controllers[std::size_t(os)].kp[5] != 123.0);
  }

  // Simulation > Guided sequential identification runs Belkoura's (1993) procedure on the TH8 and refuses
  // another robot with a message.
  void sequentialIdentificationFromTheMenu() {
    MainWindow w;
    w.show();
    auto* messages = w.findChild<MessageArea*>();
    QVERIFY(w.openFile(source(QStringLiteral("scenes/th8_identification.json"))));
    auto* act = action(w, "actionSequentialIdentification");
    QVERIFY(act && act->isEnabled());
    act->trigger();
    auto* dlg = w.findChild<SequentialIdentificationDialog*>(QStringLiteral("sequentialIdentificationDialog"));
    QVERIFY(dlg);
    QVERIFY(dlg->isVisible());
    QCOMPARE(dlg->stepCount(), 14);
    QVERIFY2(dlg->runStep(), qPrintable(dlg->statusText()));
    QCOMPARE(dlg->stepsDone(), 1);
    QVERIFY(dlg->worstRelativeError() < 1e-6);  // noiseless: exact up to the integration of the motion
    const int errors = messages->errorCount();
    QVERIFY(w.openFile(source(QStringLiteral("scenes/default.json"))));  // the Puma 560
    act->trigger();
    QCOMPARE(messages->errorCount(), errors + 1);
    QVERIFY(!dlg->isVisible());
    QVERIFY(w.openFile(source(QStringLiteral("scenes/orthoglide_ctc_vs_pid.json"))));
    QVERIFY(!act->isEnabled());
  }

  // The comparison view overlays the joint errors of both controllers of the default scene.
  void comparisonOnTheScope() {
    MainWindow w;
    w.show();
    QVERIFY(w.openFile(source(QStringLiteral("scenes/default.json"))));
    auto* compare = action(w, "actionCompareOnScope");
    QVERIFY(compare);
    QVERIFY(!compare->isEnabled());  // nothing to compare before a run
    QVERIFY(runFor(w, 0.5));
    QVERIFY(compare->isEnabled());
    compare->trigger();
    auto* scope = w.findChild<ScopeWidget*>();
    const QStringList src = scope->sources();
    const int a = int(src.indexOf(QStringLiteral("computed_torque: e[1]"))), b = int(src.indexOf(QStringLiteral("pid: e[1]")));
    QVERIFY2(a >= 0 && b >= 0, qPrintable(src.join(QStringLiteral(", "))));
    QCOMPARE(scope->channelSource(0), a);
    QCOMPARE(scope->channelSource(1), b);
    QCOMPARE(scope->sampleCount(), qint64(201));  // 0 .. 0.5 s at 400 Hz
    // The PID's error is the larger one (the engine's comparison, seen on the scope).
    QVERIFY(scope->measurement(1).max - scope->measurement(1).min > scope->measurement(0).max - scope->measurement(0).min);
  }

  void pauseStepAndResume() {
    MainWindow w;
    w.show();
    QVERIFY(w.openFile(source(QStringLiteral("scenes/planar2r_teaching.json"))));
    auto* pause = action(w, "actionPause");
    auto* step = action(w, "actionStep");
    auto* run = action(w, "actionRun");
    QVERIFY(pause && step && run);
    auto* dur = w.findChild<QDoubleSpinBox*>(QStringLiteral("durationSpin"));
    dur->setValue(0.5);
    action(w, "actionSpeedMax")->trigger();
    step->trigger();  // starts paused, one control period
    QVERIFY(pause->isChecked());
    QVERIFY(run->isEnabled());  // Run resumes a paused run
    QTest::qWait(100);
    auto* metrics = w.findChild<MetricsView*>();
    QCOMPARE(metrics->rowCount(), 0);  // still paused: not finished
    pause->setChecked(false);           // resume
    QVERIFY(QTest::qWaitFor([&] { return run->isEnabled() && metrics->rowCount() > 0; }, 30000));
  }

  void workerPacesAndBatches() {
    // The worker alone, in its thread: speed x2 over 0.3 s simulated takes >= 0.15 s of wall time and
    // the rows reach the GUI thread in batches (about every 8 ms), not one signal per control period.
    const auto sl = maniplab::sim::loadSceneFile(source(QStringLiteral("scenes/planar2r_teaching.json")).toStdString());
    QVERIFY2(sl.ok(), sl.report().c_str());
    maniplab::sim::Scene shortScene = sl.scene;
    shortScene.duration = 0.3;
    const RunRequest req = RunRequest::serial(shortScene, {0});
    QThread thread;
    auto* worker = new SimulationWorker;
    worker->moveToThread(&thread);
    thread.start();
    int batches = 0;
    qsizetype rows = 0;
    bool done = false;
    RunOutcomes result;
    connect(worker, &SimulationWorker::rows, this, [&](int, const QVector<double>& t, const QVector<double>&, int) {
      ++batches;
      rows += t.size();
    });
    connect(worker, &SimulationWorker::finished, this, [&](const RunOutcomes& o) {
      result = o;
      done = true;
    });
    worker->setSpeed(2.0);
    worker->prepare();
    QElapsedTimer timer;
    timer.start();
    QMetaObject::invokeMethod(worker, [worker, req] { worker->run(req); }, Qt::QueuedConnection);
    QVERIFY(QTest::qWaitFor([&] { return done; }, 20000));
    const qint64 wall = timer.elapsed();
    thread.quit();
    thread.wait();
    delete worker;
    QCOMPARE(result.runs.size(), std::size_t(1));
    QVERIFY2(result.runs[0].ok, qPrintable(result.runs[0].message));
    QVERIFY2(wall >= 140, qPrintable(QStringLiteral("wall %1 ms").arg(wall)));
    QVERIFY(rows >= 290);  // 0.3 s at the scene's control rate, every row delivered
    QVERIFY2(batches >= 3 && batches < rows / 4, qPrintable(QStringLiteral("%1 batches for %2 rows").arg(batches).arg(rows)));
  }

  void undoIsSharedWithTheChainEditorAndRobotsOpen() {
    MainWindow w;
    w.show();
    auto* editor = w.findChild<ChainEditor*>();
    QVERIFY(editor);
    auto* undo = action(w, "actionUndo");
    QVERIFY(undo);
    QVERIFY(!undo->isEnabled());
    const double a0 = editor->description().joints.at(1).a;
    QString err;
    QVERIFY2(editor->editCell(1, QStringLiteral("a"), QStringLiteral("0.5"), &err), qPrintable(err));
    QCOMPARE(editor->description().joints.at(1).a, 0.5);
    QVERIFY(undo->isEnabled());
    QVERIFY(w.isWindowModified());
    undo->trigger();
    QCOMPARE(editor->description().joints.at(1).a, a0);
    QVERIFY(!w.isWindowModified());
    // A robot file replaces the robot of the current scene (same joint count here) and still runs.
    QVERIFY(w.openFile(source(QStringLiteral("robots/puma560_mdh.json"))));
    QVERIFY(runFor(w, 0.2));
  }

  void dropAndRecentFiles() {
    MainWindow w;
    w.show();
    auto* messages = w.findChild<MessageArea*>();
    const QString scene = source(QStringLiteral("scenes/puma560_free_fall.json"));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(scene)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&w, &drop);
    QTRY_VERIFY(messages->lastMessage().contains(QStringLiteral("puma560_free_fall.json")));
    QTRY_VERIFY(w.windowTitle().contains(QStringLiteral("free fall")));
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    QVERIFY(!recent.isEmpty());
    QCOMPARE(recent.front(), QFileInfo(scene).absoluteFilePath());
    auto* menu = w.findChild<QMenu*>(QStringLiteral("menuRecent"));
    QVERIFY(menu && !menu->actions().isEmpty());
    // File > New (nothing modified: no prompt): an untitled scene with the planar 2R arm, which runs.
    action(w, "actionNew")->trigger();
    QVERIFY2(w.windowTitle().contains(QStringLiteral("untitled")), qPrintable(w.windowTitle()));
    QVERIFY2(runFor(w, 0.2), qPrintable(messages->lastMessage()));
  }

  // File > Import URDF: a URDF robot replaces the scene's robot and runs; Save does not write over the
  // URDF; a URDF whose link has no inertial is refused with the link named; a dropped .urdf is accepted.
  void importUrdf() {
    MainWindow w;
    w.show();
    auto* messages = w.findChild<MessageArea*>();
    auto* editor = w.findChild<ChainEditor*>();
    QVERIFY(messages && editor);
    QVERIFY(action(w, "actionImportUrdf"));
    QVERIFY(w.openFile(source(QStringLiteral("scenes/default.json"))));
    QVERIFY2(w.openFile(source(QStringLiteral("robots/puma560.urdf"))), qPrintable(messages->lastMessage()));
    QCOMPARE(int(editor->description().joints.size()), 6);
    QVERIFY(messages->lastMessage().contains(QStringLiteral("puma560.urdf")));
    QVERIFY(runFor(w, 0.2));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString bad = dir.filePath(QStringLiteral("massless.urdf"));
    {
      QFile f(bad);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(R"(<robot name="r"><link name="base"/>
        <link name="l1"/>
        <joint name="j1" type="revolute"><parent link="base"/><child link="l1"/><axis xyz="0 0 1"/>
          <limit lower="-1" upper="1" effort="10" velocity="1"/></joint></robot>)");
    }
    const int errors = messages->errorCount();
    QVERIFY(!w.openFile(bad));
    QVERIFY(messages->errorCount() > errors);
    bool named = false;
    auto* list = messages->findChild<QListWidget*>(QStringLiteral("messageList"));
    QVERIFY(list);
    for (int i = 0; i < list->count(); ++i)
      named = named || (list->item(i)->text().contains(QStringLiteral("l1")) &&
                        list->item(i)->text().contains(QStringLiteral("singular")));
    QVERIFY2(named, qPrintable(messages->lastMessage()));
    QCOMPARE(int(editor->description().joints.size()), 6);  // the previous robot is kept

    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(source(QStringLiteral("robots/umis.urdf")))});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
  }

  // (The EtherCAT dock's run through the in-process virtual drives: test_gui_ethercat, label timing.)

  // An Orthoglide scene shows its parameter editor (not the serial chain editor); an edit is validated,
  // marks the window modified, redraws the robot and is used by the next run; a serial scene hides it.
  void orthoglideParametersEditor() {
    MainWindow w;
    w.show();
    auto* messages = w.findChild<MessageArea*>();
    auto* ed = w.findChild<OrthoglideEditor*>();
    auto* orthoDock = w.findChild<QDockWidget*>(QStringLiteral("orthoglideDock"));
    auto* editorDock = w.findChild<QDockWidget*>(QStringLiteral("chainEditorDock"));
    QVERIFY(messages && ed && orthoDock && editorDock);
    QVERIFY(orthoDock->isHidden());
    QVERIFY2(w.openFile(source(QStringLiteral("scenes/orthoglide_ctc_vs_pid.json"))), qPrintable(messages->lastMessage()));
    QVERIFY(!orthoDock->isHidden());
    QVERIFY(editorDock->isHidden());
    QVERIFY(!w.isWindowModified());
    QString err;
    QVERIFY2(ed->editValue(QStringLiteral("/chains/1/D4"), QStringLiteral("0.33"), &err), qPrintable(err));
    QVERIFY(w.isWindowModified());
    QVERIFY(!ed->editValue(QStringLiteral("/chains/1/D4"), QStringLiteral("-1"), &err));  // rejected
    QCOMPARE(ed->model().chain[1].D4, 0.33);
    QVERIFY2(runFor(w, 0.2), qPrintable(messages->lastMessage()));
    // Back to a serial scene (discarding the edit): the chain editor returns, the parameters go.
    ed->loadFile(QString::fromStdString(std::string(MANIPLAB_SOURCE_DIR "/robots/orthoglide.json")));
    QVERIFY(w.openFile(source(QStringLiteral("scenes/default.json"))));
    QVERIFY(orthoDock->isHidden());
    QVERIFY(!editorDock->isHidden());
  }

  void languageSwitchRetranslates() {
    MainWindow w;
    w.show();
    auto* file = w.findChild<QMenu*>(QStringLiteral("menuFile"));
    auto* sim = w.findChild<QMenu*>(QStringLiteral("menuSimulation"));
    QVERIFY(file && sim);
    action(w, "actionLanguageEn")->trigger();
    QTRY_COMPARE(file->title(), QStringLiteral("&File"));
    action(w, "actionLanguageFr")->trigger();
    QTRY_COMPARE(file->title(), QStringLiteral("&Fichier"));
    QCOMPARE(action(w, "actionRun")->text(), QStringLiteral("&Lancer"));
    QCOMPARE(sim->title(), QStringLiteral("&Simulation"));
    action(w, "actionLanguageEn")->trigger();
    QTRY_COMPARE(file->title(), QStringLiteral("&File"));
    QCOMPARE(action(w, "actionRun")->text(), QStringLiteral("&Run"));
  }

  void badFilesGiveMessages() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    MainWindow w;
    w.show();
    auto* messages = w.findChild<MessageArea*>();
    const int before = messages->errorCount();
    // Not JSON.
    const QString broken = dir.filePath(QStringLiteral("broken.json"));
    {
      QFile f(broken);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write("{ \"format\": \"maniplab-scene\", ");
    }
    QVERIFY(!w.openFile(broken));
    QVERIFY(messages->errorCount() > before);
    QVERIFY(messages->lastMessage().contains(QStringLiteral("broken.json")));
    // A scene with a wrong field: the message names the file and the field.
    const QString bad = dir.filePath(QStringLiteral("bad.json"));
    {
      QFile f(bad);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(R"({"format": "maniplab-scene", "version": 1, "robot": ")" MANIPLAB_SOURCE_DIR
              R"(/robots/planar2r.json", "trajectory": {"type": "hold"}, "duration": -1,
              "controllers": [{"name": "z", "type": "zero"}]})");
    }
    const int n = messages->count();
    QVERIFY(!w.openFile(bad));
    QVERIFY(messages->count() > n);
    bool named = false;  // some message names the file and the JSON pointer of the field
    auto* list = messages->findChild<QListWidget*>(QStringLiteral("messageList"));
    QVERIFY(list);
    for (int i = 0; i < list->count(); ++i)
      named = named || (list->item(i)->text().contains(QStringLiteral("bad.json")) &&
                        list->item(i)->text().contains(QStringLiteral("/duration")));
    QVERIFY2(named, qPrintable(messages->lastMessage()));
    // Missing file.
    QVERIFY(!w.openFile(dir.filePath(QStringLiteral("nothing.json"))));
    QVERIFY(messages->lastMessage().contains(QStringLiteral("nothing.json")));
    // The window still works: the default scene is still loaded and runs.
    QVERIFY(runFor(w, 0.2));
  }

  void screenshotOfTheMainWindow() {
    MainWindow w;
    w.resize(1500, 950);
    w.move(0, 0);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(runFor(w, 1.0));
    QTest::qWait(1500);  // let Qt 3D render a few frames
    QScreen* screen = QGuiApplication::primaryScreen();
    QVERIFY(screen);
    const QImage img = screen->grabWindow(0).toImage();
    QVERIFY(!img.isNull());
    QSet<QRgb> colours;
    for (int y = 0; y < img.height(); y += 7)
      for (int x = 0; x < img.width(); x += 7) colours.insert(img.pixel(x, y));
    QVERIFY2(colours.size() > 50, qPrintable(QStringLiteral("only %1 colours").arg(colours.size())));
    QString dir = qEnvironmentVariable("MANIPLAB_SCREENSHOT_DIR");
    if (dir.isEmpty()) dir = QStringLiteral(MANIPLAB_SCREENSHOT_DEFAULT_DIR);
    QVERIFY(QDir().mkpath(dir));
    const QString path = dir + QStringLiteral("/main_window.png");
    QVERIFY(img.save(path));
    qInfo("screenshot: %s", qPrintable(path));
  }
};

QTEST_MAIN(TestGui)
#include "test_gui.moc"
