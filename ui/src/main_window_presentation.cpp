// The main window's presentation mode (main_window_impl.hpp), for a lecture on a projector: View >
// Presentation mode or F11 shows only the 3D view and the oscilloscope, full screen, with fonts 1.5 times
// larger (except the scope's settings panel, so that the plot keeps its width), a toolbar with the run
// controls and a big time readout, and the centres of mass hidden. F11 again (or the toolbar's Leave
// button) restores the window exactly as it was: docks, toolbars, geometry, window state, fonts, menu and
// status bars, and the centre-of-mass toggle.
#include <QWidget>

#include "main_window_impl.hpp"

namespace maniplab::ui {

namespace {
constexpr double kFontScale = 1.5;  ///< presentation fonts, relative to the window's
constexpr double kClockScale = 2.2;  ///< the time readout, relative to the presentation font
}  // namespace

void MainWindow::Impl::buildPresentationMode() {
  presentationAct = action("actionPresentationMode", QKeySequence(Qt::Key_F11));
  presentationAct->setCheckable(true);
  viewMenu->addSeparator();
  viewMenu->addAction(presentationAct);
  w->addAction(presentationAct);  // F11 also with the menu bar hidden

  presentationBar = new QToolBar(w);
  presentationBar->setObjectName("presentationToolBar");
  presentationBar->setMovable(false);
  presentationBar->setFloatable(false);
  presentationBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  w->addToolBar(Qt::TopToolBarArea, presentationBar);
  for (QAction* a : {runAct, pauseAct, stepAct, resetAct}) presentationBar->addAction(a);
  presentationBar->addSeparator();
  leavePresentationAct = presentationBar->addAction(QString());
  leavePresentationAct->setObjectName("actionLeavePresentation");
  QObject::connect(leavePresentationAct, &QAction::triggered, presentationAct, [this] { presentationAct->setChecked(false); });
  auto* spacer = new QWidget(presentationBar);
  spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
  presentationBar->addWidget(spacer);
  bigClock = new QLabel(presentationBar);
  bigClock->setObjectName("presentationClock");
  bigClock->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
  bigClock->setContentsMargins(12, 0, 12, 0);
  presentationBar->addWidget(bigClock);
  presentationBar->hide();

  QObject::connect(&runs, &RunController::timeChanged, bigClock,
                   [this](double t) { bigClock->setText(MainWindow::tr("t = %1 s").arg(t, 0, 'f', 2)); });
  QObject::connect(presentationAct, &QAction::toggled, w, [this](bool on) { setPresentationMode(on); });
}

void MainWindow::Impl::setPresentationMode(bool on) {
  if (on == presenting) return;
  if (on) {
    saved.state = w->saveState();
    saved.geometry = w->geometry();
    saved.windowState = w->windowState();
    saved.fontSet = w->testAttribute(Qt::WA_SetFont);
    saved.font = w->font();
    saved.coms = comAct->isChecked();
    saved.menuBar = w->menuBar()->isVisible();
    saved.statusBar = w->statusBar()->isVisible();
    presenting = true;
    for (QDockWidget* dw : w->findChildren<QDockWidget*>())
      if (dw != scopeDock) dw->hide();
    scopeDock->show();
    toolBar->hide();
    w->menuBar()->hide();
    w->statusBar()->hide();
    QFont f = w->font();
    f.setPointSizeF(f.pointSizeF() * kFontScale);
    w->setFont(f);
    // The scope's settings panel keeps the normal size: at 1.5 times it took half the width from the plot.
    saved.scopeFontSet = scope->testAttribute(Qt::WA_SetFont);
    saved.scopeFont = scope->font();
    QFont normal = saved.font;
    normal.setPointSizeF(saved.font.pointSizeF());  // stated (resolved), not inherited from the window
    scope->setFont(normal);
    QFont clock = f;
    clock.setPointSizeF(f.pointSizeF() * kClockScale);
    clock.setBold(true);
    bigClock->setFont(clock);
    if (bigClock->text().isEmpty()) bigClock->setText(MainWindow::tr("t = %1 s").arg(0.0, 0, 'f', 2));
    presentationBar->show();
    comAct->setChecked(false);
    w->showFullScreen();
    if (w->screen()) w->setGeometry(w->screen()->geometry());  // also without a window manager (a bare X server)
    w->resizeDocks({scopeDock}, {w->height() * 2 / 5}, Qt::Vertical);
  } else {
    presenting = false;
    presentationBar->hide();
    w->setFont(saved.fontSet ? saved.font : QFont());  // an empty font: inherit the application's again
    scope->setFont(saved.scopeFontSet ? saved.scopeFont : QFont());
    comAct->setChecked(saved.coms);
    w->menuBar()->setVisible(saved.menuBar);
    w->statusBar()->setVisible(saved.statusBar);
    w->setWindowState(saved.windowState);
    w->setGeometry(saved.geometry);  // (restoreGeometry() of a maximized window moved it by a frame's height)
    // The panels' size hints follow the normal font before the docks get their sizes back (laid out from
    // posted events, level by level: a dock still as wide as the large font wanted kept that width).
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    w->restoreState(saved.state);
  }
  presentationAct->setChecked(on);
}

void MainWindow::Impl::retranslatePresentation() {
  presentationAct->setText(MainWindow::tr("&Presentation mode"));
  presentationAct->setStatusTip(
      MainWindow::tr("Only the 3D view and the oscilloscope, full screen, with large fonts and time (F11 to leave)"));
  presentationBar->setWindowTitle(MainWindow::tr("Presentation"));
  leavePresentationAct->setText(MainWindow::tr("Leave (F11)"));
  leavePresentationAct->setToolTip(MainWindow::tr("Leave the presentation mode and restore the window's layout"));
}

}  // namespace maniplab::ui
