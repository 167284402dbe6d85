// The main window's language and texts (main_window_impl.hpp): the translator, Help > Equations, and every
// menu, action and dock title.
#include "main_window_impl.hpp"

namespace maniplab::ui {

void MainWindow::Impl::setLanguage(const QString& lang) {
  qApp->removeTranslator(&translator);
  qApp->removeTranslator(&qtTranslator);
  language = lang == QStringLiteral("fr") ? QStringLiteral("fr") : QStringLiteral("en");
  if (translator.load(QStringLiteral(":/i18n/maniplab_%1.qm").arg(language))) qApp->installTranslator(&translator);
  if (qtTranslator.load(QStringLiteral("qtbase_%1").arg(language), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
    qApp->installTranslator(&qtTranslator);
  frAct->setChecked(language == QStringLiteral("fr"));
  enAct->setChecked(language == QStringLiteral("en"));
  QSettings().setValue(QStringLiteral("language"), language);
  // Installing a translator sends LanguageChange (-> retranslate); also do it now for the English case.
  retranslate();
}

void MainWindow::Impl::showEquations() {
  if (!equations) {
    equations = new QDialog(w);
    equations->setObjectName("equationsDialog");
    auto* lay = new QVBoxLayout(equations);
    equationsText = new QTextBrowser(equations);
    lay->addWidget(equationsText);
    auto* bb = new QDialogButtonBox(QDialogButtonBox::Close, equations);
    QObject::connect(bb, &QDialogButtonBox::rejected, equations, &QDialog::close);
    lay->addWidget(bb);
    equations->resize(640, 520);
  }
  retranslateEquations();
  equations->show();
  equations->raise();
}

void MainWindow::Impl::retranslateEquations() {
  if (!equations) return;
  equations->setWindowTitle(MainWindow::tr("Equations in use"));
  equationsText->setHtml(MainWindow::tr(
      "<h3>Robot dynamics (Llibre, Mampey & Chrétien 1983 §II, §IV)</h3>"
      "<p>M(q) q̈ + C(q, q̇) q̇ + G(q) + τ<sub>f</sub>(q̇) = τ, with the rotor inertias of the actuators; "
      "simulated as q̈ = M<sup>-1</sup>(τ − Q(q, q̇, 0)) (Cholesky or articulated bodies).</p>"
      "<p>Friction: τ<sub>f</sub> = F<sub>v</sub> q̇ + F<sub>c</sub> sign(q̇).</p>"
      "<h3>Independent-joint PID</h3>"
      "<p>τ = K<sub>p</sub> e + K<sub>i</sub> ∫e dt − K<sub>d</sub> q̇<sub>f</sub>, e = q<sub>d</sub> − q, "
      "filtered derivative on the measurement, anti-windup, saturation.</p>"
      "<h3>PD + gravity</h3><p>τ = K<sub>p</sub> e + K<sub>d</sub> ė + Ĝ(q).</p>"
      "<h3>Computed torque (Zanaboni 2009, eqs 7.1–7.8)</h3>"
      "<p>τ = M̂(q) (q̈<sub>d</sub> + K<sub>v</sub> ė + K<sub>p</sub> e) + Ĉ(q, q̇) q̇ + Ĝ(q) (+ friction "
      "compensation); error dynamics ë + K<sub>v</sub> ė + K<sub>p</sub> e = 0.</p>"
      "<h3>Gain design (eqs 7.9–7.17)</h3>"
      "<p>K<sub>p</sub> = ω<sub>n</sub><sup>2</sup>, K<sub>v</sub> = 2 ζ ω<sub>n</sub>; or with the response time "
      "T<sub>r</sub> (5 %): λ<sub>0</sub> = −4.73 / T<sub>r</sub>, K<sub>p</sub> = λ<sub>0</sub><sup>2</sup>, "
      "K<sub>v</sub> = −2 λ<sub>0</sub>.</p>"
      "<h3>Energy balance (Llibre, Mampey & Chrétien 1983 §IV.2)</h3><p>E − E<sub>0</sub> − W = 0 (drift channel E_drift).</p>"));
}

QString MainWindow::Impl::aboutText() const {
  return MainWindow::tr("<h3>ManipLab %1</h3><p>Simulating, controlling and teaching the dynamics of robot "
                        "manipulators: serial chains (DH, modified DH, general frames, URDF), exact recursive "
                        "dynamics, independent-joint PID and computed-torque control, a free-floating base, the "
                        "Orthoglide parallel robot, base-parameter identification and EtherCAT drives.</p>")
             .arg(QCoreApplication::applicationVersion()) +
         MainWindow::tr("<p>Every CSV file it exports names this version, the scene and the robot in its first line.</p>"
                        "<p>Qt %1. Robots and example scenes: %2</p>")
             .arg(QString::fromLatin1(qVersion()), QDir::toNativeSeparators(dataDirectory()).toHtmlEscaped());
}

void MainWindow::Impl::retranslate() {
  fileMenu->setTitle(MainWindow::tr("&File"));
  recentMenu->setTitle(MainWindow::tr("Recent &files"));
  examplesMenu->setTitle(MainWindow::tr("Open &example"));
  exportMenu->setTitle(MainWindow::tr("&Export"));
  editMenu->setTitle(MainWindow::tr("&Edit"));
  simMenu->setTitle(MainWindow::tr("&Simulation"));
  speedMenu->setTitle(MainWindow::tr("S&peed"));
  viewMenu->setTitle(MainWindow::tr("&View"));
  langMenu->setTitle(MainWindow::tr("&Language"));
  helpMenu->setTitle(MainWindow::tr("&Help"));
  newAct->setText(MainWindow::tr("&New"));
  openAct->setText(MainWindow::tr("&Open..."));
  importUrdfAct->setText(MainWindow::tr("&Import URDF..."));
  importUrdfAct->setStatusTip(MainWindow::tr("Load a URDF robot (ROS, vendors) into the current scene"));
  saveAct->setText(MainWindow::tr("&Save robot"));
  saveAsAct->setText(MainWindow::tr("Save robot &as..."));
  saveAct->setStatusTip(MainWindow::tr("Write the robot of the chain editor to its robot file"));
  exportUrdfAct->setText(MainWindow::tr("Export &URDF..."));
  exportUrdfAct->setStatusTip(MainWindow::tr("Write the robot as a URDF file (ROS and other tools read it)"));
  saveSceneAct->setText(MainWindow::tr("Save s&cene"));
  saveSceneAct->setStatusTip(MainWindow::tr("Write the scene with the control panel's settings (trajectory, controllers, gains, rates...)"));
  saveSceneAsAct->setText(MainWindow::tr("Sa&ve scene as..."));
  exportCsvAct->setText(MainWindow::tr("Last run as &CSV..."));
  exportPlotAct->setText(MainWindow::tr("&Plot image..."));
  exportMetricsAct->setText(MainWindow::tr("Comparison &table (CSV)..."));
  quitAct->setText(MainWindow::tr("&Quit"));
  undoAct->setText(MainWindow::tr("&Undo"));
  redoAct->setText(MainWindow::tr("&Redo"));
  runAct->setText(MainWindow::tr("&Run"));
  pauseAct->setText(MainWindow::tr("&Pause"));
  stepAct->setText(MainWindow::tr("Single s&tep"));
  resetAct->setText(MainWindow::tr("R&eset"));
  compareAct->setText(MainWindow::tr("&Compare the controllers on the scope"));
  seqIdentAct->setText(MainWindow::tr("&Guided sequential identification (TH8)..."));
  seqIdentAct->setStatusTip(MainWindow::tr("Belkoura's (1993) 14 tests on the current robot, one step at a time, in their corrected form"));
  const QString speeds[] = {MainWindow::tr("x0.1"), MainWindow::tr("x0.5"), MainWindow::tr("x1 (real time)"),
                            MainWindow::tr("x2"), MainWindow::tr("x10"), MainWindow::tr("As fast as possible")};
  for (std::size_t i = 0; i < speedActs.size(); ++i) speedActs[i]->setText(speeds[i]);
  framesAct->setText(MainWindow::tr("Show &frames"));
  comAct->setText(MainWindow::tr("Show centres of &mass"));
  axesAct->setText(MainWindow::tr("Show joint &axes"));
  gridAct->setText(MainWindow::tr("Show floor &grid"));
  desiredTrailAct->setText(MainWindow::tr("Show &desired tool path"));
  actualTrailAct->setText(MainWindow::tr("Show a&ctual tool path"));
  fitAct->setText(MainWindow::tr("Fit to &robot"));
  fitAct->setStatusTip(MainWindow::tr("Frame the whole robot in the 3D view"));
  frAct->setText(QStringLiteral("Français"));
  enAct->setText(QStringLiteral("English"));
  aboutAct->setText(MainWindow::tr("&About ManipLab"));
  equationsAct->setText(MainWindow::tr("&Equations in use"));
  algorithmsAct->setText(MainWindow::tr("&Algorithms and operation counts"));
  toolBar->setWindowTitle(MainWindow::tr("Main toolbar"));
  parts.panelDock->setWindowTitle(MainWindow::tr("Control panel"));
  for (const KindDock& k : parts.kindDocks)
    if (k.dock) k.dock->setWindowTitle(k.title());
  scopeDock->setWindowTitle(MainWindow::tr("Oscilloscope"));
  metricsDock->setWindowTitle(MainWindow::tr("Metrics"));
  messageDock->setWindowTitle(MainWindow::tr("Messages"));
  conservationDock->setWindowTitle(MainWindow::tr("Conservation"));
  showRunStatus();
  updateRunActions();  // their tooltips
  retranslatePresentation();
  retranslateEquations();
  updateTitle();
  updateActions();  // the tooltips that say why an action is disabled
}

}  // namespace maniplab::ui
