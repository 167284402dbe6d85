// The main window's runs (main_window_impl.hpp): a run of the scene as the editors set it, its rows to the
// 3D view, the scope and the conservation panel, its outcome in the messages and the metrics, the
// comparison on the scope, the guided identification, the operation counts, and the exports.
#include "main_window_impl.hpp"

namespace maniplab::ui {

void MainWindow::Impl::run(bool startPaused) {
  if (!document.hasScene()) return;
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
  binding->prepareRun(*edited, parts);
  RunRequest req{edited, binding->selectedControllers(*edited, parts)};
  if (req.controllers.empty()) {
    error(MainWindow::tr("No controller is selected in the control panel"));
    return;
  }
  metrics->clear();
  parts.view->clearTrails();
  parts.running = true;
  binding->runningChanged(true, parts);
  if (startPaused) pauseAct->setChecked(true);
  runs.start(std::move(req), pauseAct->isChecked());
  progressBar->setValue(0);
  progressBar->show();
  statusLabel->setText(MainWindow::tr("Running..."));
  updateActions();
}

void MainWindow::Impl::reset() {
  runs.cancel();
  scope->clearData();
  if (scene()) binding->pose(*scene(), parts);
  metrics->clear();
  runs.clearRuns();
  updateActions();
}

void MainWindow::Impl::onRunStarted(const QString& name, const QStringList& names, const QStringList& units) {
  if (scene()) feed = binding->viewFeed(*scene(), *parts.view, names);
  setScopeSources(names, units);
  conservation->startRun(names, units);
  parts.view->clearTrails();
  statusLabel->setText(MainWindow::tr("Running %1...").arg(name));
}

void MainWindow::Impl::onRows(const QVector<double>& times, const QVector<double>& values, int columns) {
  const int rows = int(times.size());
  // The 3D view gets the newest row only (display rate).
  feedView(*parts.view, feed, values.constData() + qsizetype(rows - 1) * columns, columns);
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
  pauseAct->setChecked(false);
  MetricsView::Runs shown;
  for (const auto& r : out.runs) {
    if (!r.message.isEmpty()) message(r.ok ? MessageArea::Severity::Warning : MessageArea::Severity::Error, r.message);
    for (const QString& line : r.summary) info(r.name + QStringLiteral(": ") + line);
    if (r.recorder) shown.emplace_back(r.name.toStdString(), r.metrics);
  }
  if (!out.message.isEmpty()) error(out.message);
  metrics->setRuns(shown);
  if (!shown.empty()) {
    metricsDock->raise();
    scope->autoscale();
    scope->replotNow();
  }
  progressBar->hide();
  statusLabel->setText(out.cancelled ? MainWindow::tr("Run cancelled") : MainWindow::tr("Run finished"));
  if (!out.runs.empty())
    info(out.cancelled ? MainWindow::tr("Run cancelled") : MainWindow::tr("Run finished (%n controller(s))", "", int(out.runs.size())));
  updateActions();
}

void MainWindow::Impl::setScopeSources(const QStringList& names, const QStringList& units) {
  sourceCount = int(names.size());
  scope->setSources(names, units);
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
/// trajectory, same time grid), two colours per joint (bright: first run, dark: second), four joints at a
/// time (8 channels): the scope's page selector shows the others (joints 1-4, 5-6...).
void MainWindow::Impl::compareOnScope() {
  if (runs.recordedRuns() < 2) {
    info(MainWindow::tr("Run at least two controllers to compare them"));
    return;
  }
  comparison = runs.comparison(kComparedJointsPerPage);
  if (comparison.empty()) {
    info(MainWindow::tr("The runs did not record the joint errors (record group \"error\")"));
    return;
  }
  const int rows = int(comparison.times.size());
  scope->setSources(comparison.names, comparison.units);
  scope->appendSamples(comparison.times.data(), comparison.values.data(), rows);
  if (rows > 1) scope->setTimeBase((comparison.times.back() - comparison.times.front()) / 10.0);
  QStringList pages;
  for (int page = 0; page < comparison.pages(); ++page) {
    const auto [first, last] = comparison.pageJoints(page);
    pages << (first == last ? MainWindow::tr("Joint %1").arg(first) : MainWindow::tr("Joints %1-%2").arg(first).arg(last));
  }
  scope->setChannelPages(pages, 0);
  showComparisonPage(0);
  scopeDock->raise();
  info(MainWindow::tr("Scope: joint errors of %1 (bright) and %2 (dark)").arg(comparison.first, comparison.second));
  if (pages.size() > 1)
    info(MainWindow::tr("The scope shows %1 joints at a time: its Page selector shows the others").arg(kComparedJointsPerPage));
}

/// Channels 2k and 2k+1 show the k-th joint of the page: the first run bright, the second dark.
void MainWindow::Impl::showComparisonPage(int page) {
  const int joints = int(comparison.joints.size());
  const int first = page * kComparedJointsPerPage;
  if (first < 0 || first >= joints) return;
  const int onPage = std::min(kComparedJointsPerPage, joints - first);
  for (int k = 0; k < ScopeWidget::kChannels; ++k) scope->setChannelSource(k, -1);
  for (int j = 0; j < onPage; ++j) {
    const QColor base = QColor::fromHsv((j * 360 / std::max(1, onPage) + 40) % 360, 200, 255);
    scope->setChannelSource(2 * j, 2 * (first + j));
    scope->setChannelColor(2 * j, base);
    scope->setChannelSource(2 * j + 1, 2 * (first + j) + 1);
    scope->setChannelColor(2 * j + 1, base.darker(170));
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
      sim::writeCsv(*r.recorder, p.toStdString());
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
