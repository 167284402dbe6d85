// The main window's runs (main_window_impl.hpp): a run of the scene as the editors set it, its rows to the
// 3D view, the scope and the conservation panel, its outcome in the messages and the metrics, the
// comparison on the scope, the guided identification, the operation counts, and the exports.
#include "main_window_impl.hpp"

#include <QRegularExpression>

namespace maniplab::ui {

void MainWindow::Impl::run(bool startPaused) {
  if (!document.hasScene()) return;
  if (runs.isRunning() && pauseAct->isChecked() && !startPaused) {  // Run on a paused run resumes it
    pauseAct->setChecked(false);
    return;
  }
  if (runs.isRunning() || runs.worker()->isBusy()) {
    info(MainWindow::tr("A simulation is already running"));
    return;
  }
  QString why;
  std::shared_ptr<sim::AnyScene> edited = binding->edited(*scene(), parts, &why);  // as the editors set it
  if (!edited) {
    error(why);
    return;
  }
  writeRecovery();  // a run that crashes the application loses no edit
  binding->prepareRun(*edited, parts);
  RunRequest req{edited, binding->selectedControllers(*edited, parts)};
  if (req.controllers.empty()) {
    error(MainWindow::tr("No controller is selected in the control panel"));
    return;
  }
  // Two controllers or more are a comparison: they run side by side (the worker runs them one after the
  // other when they drive hardware), the scope shows both errors as they are produced, the 3D view the
  // second as a ghost.
  req.together = true;
  metrics->clear();
  parts.view->clearTrails();
  parts.view->hideGhost();
  live.clear();
  liveScale.invalidate();
  ghostFeed = ViewFeed{};
  parts.running = true;
  binding->runningChanged(true, parts);
  {
    const QSignalBlocker block(pauseAct);  // the worker gets the state with the request
    pauseAct->setChecked(startPaused);
  }
  runs.start(std::move(req), startPaused);
  progressBar->setValue(0);
  progressBar->show();
  runTime = 0;
  runName.clear();
  runState = startPaused ? RunState::Paused : RunState::Running;
  showRunStatus();
  updateActions();
}

/// Pause acts on a run in progress only (the action is disabled otherwise); unpausing resumes it.
void MainWindow::Impl::setPaused(bool paused) {
  if (!runs.isRunning()) {
    if (paused) {
      const QSignalBlocker block(pauseAct);
      pauseAct->setChecked(false);
    }
    return;
  }
  runs.setPaused(paused);
  runState = paused ? RunState::Paused : RunState::Running;
  showRunStatus();
  updateRunActions();
}

/// Run: enabled with a scene when nothing runs (starts) and on a paused run (resumes it). Pause: only
/// while a run is in progress.
void MainWindow::Impl::updateRunActions() {
  const bool has = document.hasScene();
  const bool running = runs.isRunning();
  runAct->setEnabled(has && (!running || pauseAct->isChecked()));
  runAct->setToolTip(running && pauseAct->isChecked() ? MainWindow::tr("Resume the paused run")
                                                      : MainWindow::tr("Run the selected controllers"));
  pauseAct->setEnabled(running);
  pauseAct->setToolTip(running ? MainWindow::tr("Pause or resume the run in progress")
                               : MainWindow::tr("Pause acts on a run in progress: start one with Run"));
}

/// The status bar: running / paused / finished (or cancelled), always with the simulated time.
void MainWindow::Impl::showRunStatus() {
  if (!statusLabel) return;
  const QString t = QString::number(runTime, 'f', 3);
  QString text;
  switch (runState) {
    case RunState::Idle: text = MainWindow::tr("Ready"); break;
    case RunState::Running:
      text = runName.isEmpty() ? MainWindow::tr("Running: t = %1 s").arg(t) : MainWindow::tr("Running %1: t = %2 s").arg(runName, t);
      break;
    case RunState::Paused: text = MainWindow::tr("Paused at t = %1 s: Run or Pause resumes").arg(t); break;
    case RunState::Finished: text = MainWindow::tr("Finished: t = %1 s").arg(t); break;
    case RunState::Cancelled: text = MainWindow::tr("Cancelled at t = %1 s").arg(t); break;
  }
  statusLabel->setText(text);
}

void MainWindow::Impl::reset() {
  runs.cancel();
  scope->clearData();
  if (scene()) binding->pose(*scene(), parts);
  parts.view->hideGhost();
  metrics->clear();
  runs.clearRuns();
  if (!runs.isRunning()) {
    runState = RunState::Idle;
    runTime = 0;
    showRunStatus();
  }
  updateActions();
}

void MainWindow::Impl::onRunStarted(int index, const QString& name, const QStringList& names, const QStringList& units) {
  if (runs.runsTogether()) {
    // Side by side: the first run poses the robot and feeds the conservation panel, the second the
    // ghost; the scope shows both runs' errors once both have started.
    live.start(index, name, names, units);
    if (index == 0) {
      if (scene()) feed = binding->viewFeed(*scene(), *parts.view, names);
      setScopeSources(names, units);  // the first run's channels until the comparison's are known
      conservation->startRun(names, units);
      parts.view->clearTrails();
      runName = name;
    } else if (index == 1) {
      if (scene()) ghostFeed = binding->viewFeed(*scene(), *parts.view, names);
      runName = MainWindow::tr("%1 and %2 side by side").arg(runName, name);
    }
    if (live.ready() && index <= 1) {
      showComparison(live.layout());
      sourceCount = -1;  // the scope's sources are the comparison's, fed from `live`
    }
    showRunStatus();
    return;
  }
  if (scene()) feed = binding->viewFeed(*scene(), *parts.view, names);
  setScopeSources(names, units);
  conservation->startRun(names, units);
  parts.view->clearTrails();
  runName = name;
  showRunStatus();
}

void MainWindow::Impl::onRows(int index, const QVector<double>& times, const QVector<double>& values, int columns) {
  const int rows = int(times.size());
  const double* newest = values.constData() + qsizetype(rows - 1) * columns;
  if (index == 0) {
    runTime = times.back();
    if (runState == RunState::Paused) showRunStatus();  // the rows that were on their way when it paused
  }
  if (runs.runsTogether()) {
    // The 3D view: the first run's rows go to the trails and its newest poses the robot; the second
    // run's newest poses the ghost (display rate).
    if (index == 0) feedRows(*parts.view, feed, values.constData(), rows, columns);
    if (index == 1) feedGhost(*parts.view, ghostFeed, newest, columns);
    if (!live.ready()) {  // no error both runs record: the first run's channels, as for one run
      if (index == 0 && columns == sourceCount) {
        scope->appendSamples(times.constData(), values.constData(), rows);
        scope->replotIfDue();
      }
      return;
    }
    std::vector<double> t, v;
    if (live.add(index, times, values, columns, &t, &v) > 0) {
      scope->appendSamples(t.data(), v.data(), int(t.size()));
      if (!liveScale.isValid() || liveScale.elapsed() >= 500) {  // one scale per joint, fitted to the larger
        liveScale.restart();
        scope->autoscale();
      }
      scope->replotIfDue();
    }
    return;
  }
  // The 3D view: every row to the trails, the newest poses the robot (display rate).
  feedRows(*parts.view, feed, values.constData(), rows, columns);
  if (columns == sourceCount) {
    scope->appendSamples(times.constData(), values.constData(), rows);
    scope->replotIfDue();  // a frame in this pass of the event loop when the last one is 12 ms old
  }
}

void MainWindow::Impl::onFinished(const RunOutcomes& out) {
  parts.running = false;
  if (binding) {
    binding->runningChanged(false, parts);
    binding->runFinished(out, parts);
  }
  {
    const QSignalBlocker block(pauseAct);
    pauseAct->setChecked(false);
  }
  MetricsView::Runs shown;
  double end = 0;
  for (const auto& r : out.runs) {
    if (!r.message.isEmpty()) message(r.ok ? MessageArea::Severity::Warning : MessageArea::Severity::Error, r.message);
    for (const QString& line : r.summary) info(r.name + QStringLiteral(": ") + line);
    if (r.recorder) shown.emplace_back(r.name.toStdString(), r.metrics);
    end = std::max(end, r.endTime);
  }
  if (!out.message.isEmpty()) error(out.message);
  metrics->setProvenance(provenance());
  metrics->setRuns(shown);
  const bool compared = runs.runsTogether() && runs.recordedRuns() >= 2;
  if (compared) {
    compareOnScope();  // the whole comparison from the recorders (the live one may lack the last rows)
  } else if (!shown.empty()) {
    scope->autoscale();
    scope->replotNow();
  }
  if (!shown.empty()) metricsDock->raise();
  if (compared) scopeDock->raise();
  progressBar->hide();
  runTime = out.runs.empty() ? runTime : end;
  runState = out.cancelled ? RunState::Cancelled : RunState::Finished;
  showRunStatus();
  if (!out.runs.empty())
    info(out.cancelled ? MainWindow::tr("Run cancelled") : MainWindow::tr("Run finished (%n controller(s))", "", int(out.runs.size())));
  updateActions();
}

/// For the scope's channel picker: the joint a per-joint channel ("q[9]", "tau[9]", "q_d[9]"...) belongs to,
/// by the name its robot file gives it (nothing for a joint without one, or named just "q9").
QStringList MainWindow::Impl::jointSourceDescriptions(const QStringList& names) const {
  QStringList out;
  if (!scene()) return out;
  const std::vector<std::string> joints = scene()->jointNames();
  static const QRegularExpression perJoint(QStringLiteral("^[A-Za-z_]+\\[([0-9]+)\\]$"));
  for (const QString& name : names) {
    const QRegularExpressionMatch m = perJoint.match(name);
    const int i = m.hasMatch() ? m.captured(1).toInt() : 0;
    const QString joint = i >= 1 && std::size_t(i) <= joints.size() ? q(joints[std::size_t(i - 1)]) : QString();
    out << (joint == QStringLiteral("q%1").arg(i) ? QString() : joint);
  }
  return out;
}

void MainWindow::Impl::setScopeSources(const QStringList& names, const QStringList& units) {
  sourceCount = int(names.size());
  scope->setSources(names, units);
  scope->setSourceDescriptions(jointSourceDescriptions(names));
  const QStringList wanted = {QStringLiteral("q_d[1]"), QStringLiteral("q[1]"), QStringLiteral("q[2]"),
                              QStringLiteral("q[3]"),   QStringLiteral("e[1]"), QStringLiteral("e[2]"),
                              QStringLiteral("tau[1]"), QStringLiteral("tau[2]")};
  for (int k = 0; k < ScopeWidget::kChannels && k < wanted.size(); ++k) scope->setChannelSource(k, int(names.indexOf(wanted[k])));
  const double shown = parts.panel->duration() > 0 ? parts.panel->duration() : (scene() ? scene()->duration() : 0.0);
  if (scene() && shown > 0) scope->setTimeBase(shown / 10.0);  // the whole run on the 10 divisions
}

/// The channels the open scene's runs record (before a run: the scope's channel pickers).
void MainWindow::Impl::scopeSourcesFromScene() {
  if (!scene()) return;
  QStringList names, units;
  for (const auto& c : scene()->channels()) {
    names << q(c.name);
    units << q(c.unit);
  }
  setScopeSources(names, units);
}

/// The comparison view: the joint errors e[i] of the first two finished runs overlaid on the scope (same
/// trajectory, same time grid), two colours per joint (bright: first run, dark: second) on one scale per
/// joint, four joints at a time (8 channels): the scope's page selector shows the others (joints 1-4,
/// 5-6...).
void MainWindow::Impl::compareOnScope() {
  if (runs.recordedRuns() < 2) {
    info(MainWindow::tr("Run at least two controllers to compare them"));
    return;
  }
  const RunComparison c = runs.comparison(kComparedJointsPerPage);
  if (c.empty()) {
    info(MainWindow::tr("The runs did not record the joint errors (record group \"error\")"));
    return;
  }
  showComparison(c);
  const int rows = int(comparison.times.size());
  scope->appendSamples(comparison.times.data(), comparison.values.data(), rows);
  if (rows > 1) scope->setTimeBase((comparison.times.back() - comparison.times.front()) / 10.0);
  showComparisonPage(scope->channelPage() < 0 ? 0 : scope->channelPage());
  scopeDock->raise();
  info(MainWindow::tr("Scope: joint errors of %1 (solid) and %2 (dashed), one scale per joint").arg(comparison.first, comparison.second));
  if (comparison.pages() > 1)
    info(MainWindow::tr("The scope shows %1 joints at a time: its Page selector shows the others").arg(kComparedJointsPerPage));
}

/// The comparison's channels on the scope (no data yet): sources, legend labels, pages, the first page.
void MainWindow::Impl::showComparison(const RunComparison& c) {
  comparison = c;
  comparison.jointsPerPage = kComparedJointsPerPage;
  scope->setSources(comparison.names, comparison.units);
  QStringList labels;  // the legend: one line per joint ("error of joint 1 [rad]:"), each controller's name
  for (std::size_t k = 0; k < comparison.joints.size(); ++k) labels << comparison.first << comparison.second;
  scope->setSourceLabels(labels);
  const double shown = parts.panel->duration() > 0 ? parts.panel->duration() : (scene() ? scene()->duration() : 0.0);
  if (shown > 0) scope->setTimeBase(shown / 10.0);  // the whole run on the 10 divisions
  QStringList pages;
  for (int page = 0; page < comparison.pages(); ++page) {
    const auto [first, last] = comparison.pageJoints(page);
    pages << (first == last ? MainWindow::tr("Joint %1").arg(first) : MainWindow::tr("Joints %1-%2").arg(first).arg(last));
  }
  scope->setChannelPages(pages, 0);
  showComparisonPage(0);
}

/// Channels 2k and 2k+1 show the k-th joint of the page: the first run solid and bright, the second
/// dashed and darker, on one scale (scale group k: the gain that fits the larger error) and one legend
/// line ("error of joint J [rad]: ── first ‐ ‐ second").
void MainWindow::Impl::showComparisonPage(int page) {
  const int joints = int(comparison.joints.size());
  const int first = page * kComparedJointsPerPage;
  if (first < 0 || first >= joints) return;
  const int onPage = std::min(kComparedJointsPerPage, joints - first);
  for (int k = 0; k < ScopeWidget::kChannels; ++k) {
    scope->setChannelSource(k, -1);
    scope->setChannelScaleGroup(k, -1);
  }
  for (int j = 0; j < onPage; ++j) {
    const QColor base = QColor::fromHsv((j * 360 / std::max(1, onPage) + 40) % 360, 200, 255);
    scope->setChannelSource(2 * j, 2 * (first + j));
    scope->setChannelColor(2 * j, base);
    scope->setChannelScaleGroup(2 * j, j);
    scope->setChannelPenStyle(2 * j, Qt::SolidLine);
    scope->setChannelSource(2 * j + 1, 2 * (first + j) + 1);
    scope->setChannelColor(2 * j + 1, base.darker(125));
    scope->setChannelScaleGroup(2 * j + 1, j);
    scope->setChannelPenStyle(2 * j + 1, Qt::DashLine);  // the second controller dashed, as in the legend
    scope->setLegendGroupTitle(j, MainWindow::tr("error of joint %1").arg(comparison.joints[std::size_t(first + j)]));
  }
  scope->autoscale();
  scope->replotNow();
}

/// Simulation > Guided sequential identification: the dialog on the open scene's robot (the TH8's
/// procedure; another robot is refused with the reason in the message area).
void MainWindow::Impl::openSequentialIdentification() {
  if (!scene() || !binding->identifies() || !scene()->serialRobot()) return;
  if (!seqIdent) {
    seqIdent = new SequentialIdentificationDialog(w);
    seqIdent->setObjectName("sequentialIdentificationDialog");
  }
  QString why;
  if (!seqIdent->setRobot(scene()->serialRobot()->model, &why)) {
    seqIdent->hide();
    error(MainWindow::tr("Guided sequential identification: %1").arg(why));
    return;
  }
  seqIdent->show();
  seqIdent->raise();
  seqIdent->activateWindow();
}

/// Help > Algorithms counts for the open scene's serial chain (the robot, the satellite's arm...).
void MainWindow::Impl::updateAlgorithmsDialog() {
  if (algorithmsDialog && scene()) binding->algorithms(*scene(), *algorithmsDialog);
}

void MainWindow::Impl::exportCsv() {
  const auto& last = runs.lastRuns();
  if (last.empty()) {
    error(MainWindow::tr("No run to export: run the simulation first"));
    return;
  }
  const QString path = QFileDialog::getSaveFileName(w, MainWindow::tr("Export the last run as CSV"), QStringLiteral("run.csv"),
                                                    MainWindow::tr("CSV files (*.csv)"));
  if (path.isEmpty()) return;
  for (const auto& r : last) {
    if (!r.recorder) continue;
    QString p = path;
    if (last.size() > 1) {
      const QFileInfo fi(path);
      p = fi.path() + QLatin1Char('/') + fi.completeBaseName() + QLatin1Char('_') + r.name + QStringLiteral(".csv");
    }
    try {
      sim::CsvOptions options;
      sim::Provenance source = provenance();
      source.files.emplace_back("controller", r.name.toStdString());
      options.comments = source.csvComments();
      sim::writeCsv(*r.recorder, p.toStdString(), options);
      info(MainWindow::tr("%1: traces of %2 written").arg(p, r.name));
    } catch (const std::exception& e) {
      error(q(e.what()));
    }
  }
}

void MainWindow::Impl::exportPlot() {
  const QString path = QFileDialog::getSaveFileName(w, MainWindow::tr("Export the plot"), QStringLiteral("scope.png"),
                                                    MainWindow::tr("Images (*.png *.svg)"));
  if (path.isEmpty()) return;
  QString err;
  if (scope->exportImage(path, &err))
    info(MainWindow::tr("Plot written to %1").arg(path));
  else
    error(MainWindow::tr("%1: cannot export the plot: %2").arg(path, err));
}

void MainWindow::Impl::exportMetrics() {
  const QString path = QFileDialog::getSaveFileName(w, MainWindow::tr("Export the comparison table"),
                                                    QStringLiteral("comparison.csv"), MainWindow::tr("CSV files (*.csv)"));
  if (path.isEmpty()) return;
  QString err;
  if (metrics->exportCsv(path, &err))
    info(MainWindow::tr("Comparison table written to %1").arg(path));
  else
    error(err);
}

}  // namespace maniplab::ui
