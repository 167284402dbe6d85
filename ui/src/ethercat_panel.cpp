// The EtherCAT panel (issue 5, GUI; Zanaboni 2009 §8.2.4). See ethercat_panel.hpp.
#include "maniplab/ui/ethercat_panel.hpp"

#include "maniplab/ethercat/coe.hpp"
#include "maniplab/ethercat/latency_check.hpp"
#include "maniplab/ui/object_dictionary_browser.hpp"
#include "maniplab/ui/text_conversion.hpp"
#include "background_job.hpp"

#include <QButtonGroup>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QRadioButton>
#include <QListWidget>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#ifndef MANIPLAB_SOURCE_DATA_DIR
#define MANIPLAB_SOURCE_DATA_DIR "."
#endif

namespace maniplab::ui {

namespace {

namespace ec = maniplab::ethercat;

QString us(double seconds) { return QString::number(seconds * 1e6, 'f', 1); }
QString hex(std::uint32_t v, int digits) { return QStringLiteral("0x%1").arg(v, digits, 16, QLatin1Char('0')).toUpper().replace(QLatin1String("0X"), QLatin1String("0x")); }

/// |period - nominal| histogram (1 us bins, last bin = overflow), counts on a log scale.
class JitterHistogram : public QWidget {
 public:
  explicit JitterHistogram(QWidget* parent = nullptr) : QWidget(parent) { setMinimumSize(260, 120); }
  void setData(const std::vector<long long>& h) {
    hist_ = h;
    update();
  }
  void setTexts(const QString& title, const QString& empty, const QString& overflow) {
    title_ = title;
    empty_ = empty;
    overflow_ = overflow;
    update();
  }
  QSize sizeHint() const override { return {360, 150}; }

 protected:
  void paintEvent(QPaintEvent*) override {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const QFontMetrics fm = p.fontMetrics();
    const int top = fm.height() + 4, bottom = height() - fm.height() - 4, left = 6, right = width() - 6;
    p.setPen(palette().text().color());
    p.drawText(QRect(left, 2, right - left, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, title_);
    long long total = 0;
    for (auto c : hist_) total += c;
    if (total == 0 || hist_.size() < 2) {
      p.drawText(rect(), Qt::AlignCenter, empty_);
      return;
    }
    // Range: up to the largest non-empty regular bin (at least 20 us), overflow drawn apart.
    const std::size_t regular = hist_.size() - 1;
    std::size_t last = 0;
    for (std::size_t i = 0; i < regular; ++i)
      if (hist_[i]) last = i;
    const std::size_t bins = std::max<std::size_t>(20, last + 1);
    const long long over = hist_.back();
    const int overW = over ? std::max(12, fm.horizontalAdvance(overflow_) + 4) : 0;
    const int plotR = right - overW - (over ? 4 : 0);
    double maxLog = 0;
    for (auto c : hist_) maxLog = std::max(maxLog, std::log10(1.0 + double(c)));
    const double bw = double(plotR - left) / double(bins);
    auto barH = [&](long long c) { return int(std::round((bottom - top) * std::log10(1.0 + double(c)) / maxLog)); };
    const QColor bar = palette().highlight().color();
    for (std::size_t i = 0; i < bins && i < regular; ++i) {
      if (!hist_[i]) continue;
      const int h = barH(hist_[i]);
      p.fillRect(QRectF(left + i * bw, bottom - h, std::max(1.0, bw - (bw > 3 ? 1 : 0)), h), bar);
    }
    if (over) {
      const int h = barH(over);
      p.fillRect(QRect(plotR + 4, bottom - h, overW, h), QColor(200, 40, 40));
      p.drawText(QRect(plotR + 4, bottom + 2, overW, fm.height()), Qt::AlignCenter, overflow_);
    }
    p.setPen(palette().mid().color());
    p.drawLine(left, bottom, plotR, bottom);
    p.setPen(palette().text().color());
    p.drawText(QRect(left, bottom + 2, 60, fm.height()), Qt::AlignLeft, QStringLiteral("0"));
    p.drawText(QRect(plotR - 80, bottom + 2, 80, fm.height()), Qt::AlignRight, QStringLiteral("%1 µs").arg(bins));
  }

 private:
  std::vector<long long> hist_;
  QString title_, empty_, overflow_;
};

enum Col { ColPos, ColStation, ColName, ColVendor, ColProduct, ColRev, ColSerial, ColAl, ColAlCode, ColDrive, ColError, ColProcess, ColDc, ColCount };

}  // namespace

struct EthercatPanel::Impl {
  EthercatPanel* self = nullptr;
  std::shared_ptr<ec::BusProvider> provider = std::make_shared<ec::BusProvider>();

  // widgets
  QGroupBox *backendBox = nullptr, *busBox = nullptr, *slavesBox = nullptr, *statsBox = nullptr, *faultBox = nullptr;
  QRadioButton *simRadio = nullptr, *ecatRadio = nullptr;
  QLabel *ifLabel = nullptr, *modeLabel = nullptr, *cycleLabel = nullptr;
  QComboBox *ifCombo = nullptr, *modeCombo = nullptr, *cycleCombo = nullptr;
  QToolButton* refreshButton = nullptr;
  QPushButton *scanButton = nullptr, *startButton = nullptr, *stopButton = nullptr, *enableButton = nullptr,
              *disableButton = nullptr, *resetButton = nullptr, *injectButton = nullptr;
  QLabel *stateLabel = nullptr, *faultLabel = nullptr, *warningLabel = nullptr, *injectLabel = nullptr, *notesLabel = nullptr;
  QLineEdit* injectEdit = nullptr;
  QTableWidget* table = nullptr;
  QTabWidget* tabs = nullptr;
  QListWidget* emergencyList = nullptr;
  ObjectDictionaryBrowser* browser = nullptr;
  long long emergenciesShown = -1;
  QFormLayout* statsForm = nullptr;
  QLabel *statCycles = nullptr, *statPeriod = nullptr, *statJitter = nullptr, *statLatency = nullptr, *statRtt = nullptr,
         *statCounts = nullptr, *statDc = nullptr;
  JitterHistogram* histogram = nullptr;
  QTimer* timer = nullptr;
  // loss budget and latency check (issue 20)
  QGroupBox* policyBox = nullptr;
  QLabel *budgetLabel = nullptr, *rateLabel = nullptr, *resolvedLabel = nullptr, *checkLabel = nullptr, *verdictLabel = nullptr,
         *figuresLabel = nullptr, *adviceLabel = nullptr;
  QDoubleSpinBox* budgetSpin = nullptr;
  QSpinBox* rateSpin = nullptr;
  QDoubleSpinBox* checkSpin = nullptr;
  QPushButton* checkButton = nullptr;
  QString verdict;
  QStringList advice;

  // state (GUI thread)
  BackgroundJob job;  // the scan, start, stop, enable... in progress (one at a time)
  QString busyAction;
  QString lastError;
  ec::BusScan scan;
  ec::MasterStatus status;
  bool haveStatus = false;
  QString faultShown;

  void build();
  void retranslate();
  void pushConfig();
  void updateButtons();
  void fillTable(const std::vector<ec::SlaveInfo>& slaves, int faultSlave);
  void poll();
  void showStats(const ec::CycleStats& s);
  void showEmergencies();
  void runJob(const QString& action, std::function<QString()> job, std::function<void()> done = {});
  void buildPolicy(QVBoxLayout* top);
  void retranslatePolicy();
  void showResolvedBudget();
  void showLatency(const ec::LatencyReport& r);
};

EthercatPanel::EthercatPanel(QWidget* parent) : QWidget(parent), d(std::make_unique<Impl>()) {
  d->self = this;
  d->build();
  d->retranslate();
  refreshInterfaces();
  // A default robot for the virtual drives until the main window sets the scene.
  const auto sl = sim::loadSceneFile(std::string(MANIPLAB_SOURCE_DATA_DIR) + "/scenes/umis_ctc_vs_pid.json");
  if (sl.ok()) d->provider->setScene(sl.scene);
  d->pushConfig();
  d->updateButtons();
  d->timer->start();  // 10 Hz: the live bus's status (cheap copies under the master's mutex)
}

EthercatPanel::~EthercatPanel() {
  d->job.wait();
  d->timer->stop();
  d->provider->close();  // refused (no-op) while a run holds the bus; the run's backend keeps it alive
}

void EthercatPanel::Impl::build() {
  auto* top = new QVBoxLayout(self);

  backendBox = new QGroupBox(self);
  auto* bl = new QHBoxLayout(backendBox);
  simRadio = new QRadioButton(backendBox);
  ecatRadio = new QRadioButton(backendBox);
  simRadio->setChecked(true);
  auto* group = new QButtonGroup(backendBox);
  group->addButton(simRadio);
  group->addButton(ecatRadio);
  bl->addWidget(simRadio);
  bl->addWidget(ecatRadio);
  bl->addStretch();
  QObject::connect(ecatRadio, &QRadioButton::toggled, self, [this](bool) { emit self->backendChanged(); });
  top->addWidget(backendBox);

  busBox = new QGroupBox(self);
  auto* form = new QFormLayout(busBox);
  auto* ifRow = new QHBoxLayout;
  ifCombo = new QComboBox(busBox);
  ifCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  refreshButton = new QToolButton(busBox);
  ifRow->addWidget(ifCombo, 1);
  ifRow->addWidget(refreshButton);
  ifLabel = new QLabel(busBox);
  form->addRow(ifLabel, ifRow);
  modeCombo = new QComboBox(busBox);
  modeCombo->addItem(QString(), int(ec::cia402::ModeCST));
  modeCombo->addItem(QString(), int(ec::cia402::ModeCSP));
  modeLabel = new QLabel(busBox);
  form->addRow(modeLabel, modeCombo);
  cycleCombo = new QComboBox(busBox);
  for (double c : EthercatPanel::cycleChoices()) cycleCombo->addItem(QString(), c);
  cycleLabel = new QLabel(busBox);
  form->addRow(cycleLabel, cycleCombo);
  auto* buttons = new QHBoxLayout;
  scanButton = new QPushButton(busBox);
  startButton = new QPushButton(busBox);
  stopButton = new QPushButton(busBox);
  enableButton = new QPushButton(busBox);
  disableButton = new QPushButton(busBox);
  for (auto* b : {scanButton, startButton, stopButton, enableButton, disableButton}) buttons->addWidget(b);
  buttons->addStretch();
  form->addRow(buttons);
  stateLabel = new QLabel(busBox);
  stateLabel->setWordWrap(true);
  stateLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
  form->addRow(stateLabel);
  warningLabel = new QLabel(busBox);
  warningLabel->setWordWrap(true);
  warningLabel->setStyleSheet(QStringLiteral("color: #a06000;"));
  warningLabel->hide();
  form->addRow(warningLabel);
  notesLabel = new QLabel(busBox);
  notesLabel->setWordWrap(true);
  notesLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
  notesLabel->setStyleSheet(QStringLiteral("color: #505050;"));
  notesLabel->hide();
  form->addRow(notesLabel);
  top->addWidget(busBox);
  QObject::connect(ifCombo, &QComboBox::currentIndexChanged, self, [this] { pushConfig(); updateButtons(); });
  QObject::connect(modeCombo, &QComboBox::currentIndexChanged, self, [this] { pushConfig(); });
  QObject::connect(cycleCombo, &QComboBox::currentIndexChanged, self, [this] { pushConfig(); });
  QObject::connect(refreshButton, &QToolButton::clicked, self, [this] { self->refreshInterfaces(); });
  QObject::connect(scanButton, &QPushButton::clicked, self, [this] { self->scan(); });
  QObject::connect(startButton, &QPushButton::clicked, self, [this] { self->startBus(); });
  QObject::connect(stopButton, &QPushButton::clicked, self, [this] { self->stopBus(); });
  QObject::connect(enableButton, &QPushButton::clicked, self, [this] { self->enableDrives(true); });
  QObject::connect(disableButton, &QPushButton::clicked, self, [this] { self->enableDrives(false); });

  faultBox = new QGroupBox(self);
  auto* fl = new QVBoxLayout(faultBox);
  auto* frow = new QHBoxLayout;
  faultLabel = new QLabel(faultBox);
  faultLabel->setWordWrap(true);
  faultLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
  resetButton = new QPushButton(faultBox);
  frow->addWidget(faultLabel, 1);
  frow->addWidget(resetButton, 0, Qt::AlignTop);
  fl->addLayout(frow);
  auto* irow = new QHBoxLayout;
  injectLabel = new QLabel(faultBox);
  injectEdit = new QLineEdit(faultBox);
  injectEdit->setText(QStringLiteral("drive-fault:1"));
  injectButton = new QPushButton(faultBox);
  irow->addWidget(injectLabel);
  irow->addWidget(injectEdit, 1);
  irow->addWidget(injectButton);
  fl->addLayout(irow);
  top->addWidget(faultBox);
  QObject::connect(resetButton, &QPushButton::clicked, self, [this] { self->resetBus(); });
  QObject::connect(injectButton, &QPushButton::clicked, self, [this] { self->injectFault(injectEdit->text()); });
  QObject::connect(injectEdit, &QLineEdit::returnPressed, self, [this] { self->injectFault(injectEdit->text()); });
  buildPolicy(top);

  slavesBox = new QGroupBox(self);
  auto* sl = new QVBoxLayout(slavesBox);
  tabs = new QTabWidget(slavesBox);
  table = new QTableWidget(0, ColCount, tabs);
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->setSelectionBehavior(QAbstractItemView::SelectRows);
  table->verticalHeader()->hide();
  table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table->horizontalHeader()->setStretchLastSection(true);
  tabs->addTab(table, QString());
  emergencyList = new QListWidget(tabs);
  emergencyList->setWordWrap(true);
  tabs->addTab(emergencyList, QString());
  browser = new ObjectDictionaryBrowser(provider, tabs);
  tabs->addTab(browser, QString());
  sl->addWidget(tabs);
  top->addWidget(slavesBox, 1);

  statsBox = new QGroupBox(self);
  auto* sh = new QHBoxLayout(statsBox);
  statsForm = new QFormLayout;
  for (QLabel** l : {&statCycles, &statPeriod, &statJitter, &statLatency, &statRtt, &statCounts, &statDc}) {
    *l = new QLabel(statsBox);
    (*l)->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statsForm->addRow(new QLabel(statsBox), *l);
  }
  sh->addLayout(statsForm);
  histogram = new JitterHistogram(statsBox);
  sh->addWidget(histogram, 1);
  top->addWidget(statsBox);

  timer = new QTimer(self);
  timer->setInterval(100);
  QObject::connect(timer, &QTimer::timeout, self, [this] { poll(); });
}

void EthercatPanel::Impl::retranslate() {
  backendBox->setTitle(EthercatPanel::tr("Backend"));
  simRadio->setText(EthercatPanel::tr("Simulation"));
  ecatRadio->setText(EthercatPanel::tr("EtherCAT"));
  simRadio->setToolTip(EthercatPanel::tr("Runs drive the simulated plant of the scene."));
  ecatRadio->setToolTip(EthercatPanel::tr("Runs drive CiA 402 drives over EtherCAT: the interface below, or the in-process virtual drives."));
  busBox->setTitle(EthercatPanel::tr("EtherCAT bus"));
  ifLabel->setText(EthercatPanel::tr("Interface:"));
  ifCombo->setToolTip(EthercatPanel::tr("A raw socket on a host interface needs root or CAP_NET_RAW: without root, grant ManipLab "
                         "cap_net_raw, cap_sys_nice and cap_ipc_lock once with 'sudo scripts/grant-capabilities.sh' (the "
                         "cyclic thread then also gets SCHED_FIFO and locked memory). The in-process virtual drives need "
                         "no privileges (the whole path: master, frames, virtual slaves, simulated plant).") +
                         QLatin1Char(' ') +
                         EthercatPanel::tr("Installed from the Debian package, ManipLab drives a bus without root for the members of "
                                           "the group maniplab-ethercat: the administrator runs 'sudo adduser USER "
                                           "maniplab-ethercat', and USER logs in again."));
  if (ifCombo->count() > 0) ifCombo->setItemText(0, EthercatPanel::tr("In-process virtual drives (no privileges)"));
  refreshButton->setText(EthercatPanel::tr("Refresh"));
  refreshButton->setToolTip(EthercatPanel::tr("List the host's network interfaces again"));
  modeLabel->setText(EthercatPanel::tr("Mode:"));
  modeCombo->setItemText(0, EthercatPanel::tr("CST: cyclic synchronous torque (the controller's torque)"));
  modeCombo->setItemText(1, EthercatPanel::tr("CSP: cyclic synchronous position (the drives' own loop)"));
  cycleLabel->setText(EthercatPanel::tr("Cycle:"));
  const auto choices = EthercatPanel::cycleChoices();
  for (int i = 0; i < cycleCombo->count(); ++i) {
    const double c = choices[std::size_t(i)];
    cycleCombo->setItemText(i, c == 0 ? EthercatPanel::tr("Control period of the scene")
                                      : EthercatPanel::tr("%1 Hz (%2 ms)").arg(std::round(1.0 / c)).arg(c * 1e3));
  }
  scanButton->setText(EthercatPanel::tr("Scan"));
  scanButton->setToolTip(EthercatPanel::tr("Count the slaves and read their identity, AL state and CiA 402 state"));
  startButton->setText(EthercatPanel::tr("Start bus"));
  startButton->setToolTip(EthercatPanel::tr("Bring the slaves to OP and start the cyclic exchange (drives disabled)"));
  stopButton->setText(EthercatPanel::tr("Stop bus"));
  stopButton->setToolTip(EthercatPanel::tr("Stop the cyclic exchange and return the slaves to INIT"));
  enableButton->setText(EthercatPanel::tr("Enable drives"));
  enableButton->setToolTip(EthercatPanel::tr("CSP only, outside a run: the drives hold their position"));
  disableButton->setText(EthercatPanel::tr("Disable drives"));
  disableButton->setToolTip(EthercatPanel::tr("Disable the drives (brakes close); during a run: quick stop, the run ends"));
  faultBox->setTitle(EthercatPanel::tr("Faults"));
  resetButton->setText(EthercatPanel::tr("Reset"));
  resetButton->setToolTip(EthercatPanel::tr("Acknowledge the fault, bring the slaves back to OP and reset the drive faults"));
  injectLabel->setText(EthercatPanel::tr("Inject into the virtual drives:"));
  injectEdit->setToolTip(EthercatPanel::tr("drop:F, drop-every:N, delay:F:S, wkc:N, drive-fault:N, leave-op:N, link-down, "
                            "refuse:N:STATE[:CODE], each with an optional @CYCLES start (slaves numbered from 1)"));
  injectButton->setText(EthercatPanel::tr("Inject"));
  slavesBox->setTitle(EthercatPanel::tr("Slaves"));
  table->setHorizontalHeaderLabels({EthercatPanel::tr("#"), EthercatPanel::tr("Station"), EthercatPanel::tr("Name"), EthercatPanel::tr("Vendor"), EthercatPanel::tr("Product"), EthercatPanel::tr("Revision"),
                                    EthercatPanel::tr("Serial"), EthercatPanel::tr("AL state"), EthercatPanel::tr("AL status code"), EthercatPanel::tr("CiA 402 state"),
                                    EthercatPanel::tr("Error code"), EthercatPanel::tr("Process data"), EthercatPanel::tr("System time difference")});
  table->horizontalHeaderItem(ColProcess)->setToolTip(EthercatPanel::tr("Output / input bytes of the drive's process data, and where the mapping came from"));
  table->horizontalHeaderItem(ColDc)->setToolTip(EthercatPanel::tr("Distributed clocks: the slave's system time difference to the reference clock (register 0x092C), last and largest since the statistics restarted"));
  tabs->setTabText(0, EthercatPanel::tr("Slaves"));
  tabs->setTabText(2, EthercatPanel::tr("Object dictionary"));
  emergenciesShown = -1;  // the emergencies tab's title is set by poll()
  statsBox->setTitle(EthercatPanel::tr("Cycle statistics"));
  const char* names[] = {QT_TRANSLATE_NOOP("maniplab::ui::EthercatPanel", "Cycles:"), QT_TRANSLATE_NOOP("maniplab::ui::EthercatPanel", "Period:"), QT_TRANSLATE_NOOP("maniplab::ui::EthercatPanel", "Period error:"),
                         QT_TRANSLATE_NOOP("maniplab::ui::EthercatPanel", "Worst wake-up:"), QT_TRANSLATE_NOOP("maniplab::ui::EthercatPanel", "Round trip:"), QT_TRANSLATE_NOOP("maniplab::ui::EthercatPanel", "Late / missed / lost / WKC:"),
                         QT_TRANSLATE_NOOP("maniplab::ui::EthercatPanel", "Distributed clocks:")};
  for (int i = 0; i < statsForm->rowCount(); ++i)
    if (auto* l = qobject_cast<QLabel*>(statsForm->itemAt(i, QFormLayout::LabelRole)->widget())) l->setText(EthercatPanel::tr(names[i]));
  histogram->setTexts(EthercatPanel::tr("|period − nominal| (1 µs bins, log count)"), EthercatPanel::tr("no cycle yet"), EthercatPanel::tr("over"));
  retranslatePolicy();
  poll();
}

std::vector<double> EthercatPanel::cycleChoices() { return {0.0, 2.5e-3, 1e-3, 0.5e-3, 0.25e-3}; }

void EthercatPanel::Impl::pushConfig() {
  ec::BusConfig cfg;
  cfg.ifname = ifCombo->currentData().toString().toStdString();
  cfg.mode = std::int8_t(modeCombo->currentData().toInt());
  cfg.cyclePeriod = cycleCombo->currentData().toDouble();
  cfg.realtime = true;
  cfg.lockMemory = false;
  cfg.lossBudget = {budgetSpin->value() * 1e-3, double(rateSpin->value())};
  cfg.lossBudgetSet = true;  // the panel's fields (loaded from the scene by setScene) decide
  provider->setConfig(cfg);
}

void EthercatPanel::refreshInterfaces() {
  const QString keep = selectedInterface();
  QSignalBlocker block(d->ifCombo);
  d->ifCombo->clear();
  d->ifCombo->addItem(EthercatPanel::tr("In-process virtual drives (no privileges)"), QString());
  const QDir net(QStringLiteral("/sys/class/net"));
  for (const QString& name : net.entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::System, QDir::Name)) {
    if (name == QLatin1String("lo")) continue;
    QFile f(net.filePath(name + QStringLiteral("/operstate")));
    QString state;
    if (f.open(QIODevice::ReadOnly)) state = QString::fromLatin1(f.readAll()).trimmed();
    d->ifCombo->addItem(state.isEmpty() ? name : EthercatPanel::tr("%1 (%2)").arg(name, state), name);
  }
  const int i = d->ifCombo->findData(keep);
  d->ifCombo->setCurrentIndex(i >= 0 ? i : 0);
  d->pushConfig();
  d->updateButtons();
}

bool EthercatPanel::selectInterface(const QString& ifname) {
  const int i = d->ifCombo->findData(ifname);
  if (i < 0) return false;
  d->ifCombo->setCurrentIndex(i);
  d->pushConfig();
  return true;
}

QString EthercatPanel::selectedInterface() const { return d->ifCombo->currentData().toString(); }

void EthercatPanel::setMode(std::int8_t mode) {
  const int i = d->modeCombo->findData(int(mode));
  if (i >= 0) d->modeCombo->setCurrentIndex(i);
  d->pushConfig();
}

bool EthercatPanel::ethercatSelected() const { return d->ecatRadio->isChecked(); }

void EthercatPanel::setEthercatSelected(bool on) { (on ? d->ecatRadio : d->simRadio)->setChecked(true); }

std::function<std::unique_ptr<sim::Backend>(const Model&, const sim::Scene&)> EthercatPanel::backendFactory() const {
  std::shared_ptr<ec::BusProvider> provider = d->provider;
  return [provider](const Model& model, const sim::Scene& scene) -> std::unique_ptr<sim::Backend> {
    return provider->makeBackend(model, scene);
  };
}

void EthercatPanel::setScene(const sim::Scene& scene) {
  if (scene.robot.ok() && scene.robot.model.nq > 0) d->provider->setScene(scene);
  setLossBudget(scene.ethercat.lossBudget, scene.ethercat.maxLossesPerSecond);
  if (scene.backend == "ethercat") setEthercatSelected(true);  // the scene chooses the EtherCAT backend
}

std::shared_ptr<ethercat::BusProvider> EthercatPanel::provider() const { return d->provider; }

void EthercatPanel::Impl::runJob(const QString& action, std::function<QString()> work, std::function<void()> done) {
  const bool started = job.start(self, std::move(work), [this, action, done](const QString& err) {
    lastError = err;
    if (done) done();
    poll();
    if (!err.isEmpty()) stateLabel->setText(EthercatPanel::tr("%1 failed: %2").arg(action, err));
    updateButtons();
    emit self->jobFinished(action, err);
  });
  if (!started) {
    lastError = EthercatPanel::tr("busy: %1").arg(busyAction);
    emit self->jobFinished(action, lastError);
    return;
  }
  busyAction = action;
  stateLabel->setText(EthercatPanel::tr("%1 …").arg(action));
  updateButtons();
}

void EthercatPanel::scan() {
  auto provider = d->provider;
  auto result = std::make_shared<ec::BusScan>();
  d->runJob(EthercatPanel::tr("Scan"), [provider, result] {
    *result = provider->scan();
    return q(result->error);
  }, [this, result] {
    d->scan = *result;
    d->fillTable(result->slaves, -1);
    d->browser->setSlaves(result->slaves);
  });
}

void EthercatPanel::startBus() {
  auto provider = d->provider;
  d->runJob(EthercatPanel::tr("Start bus"), [provider] { return q(provider->start()); });
}

void EthercatPanel::stopBus() {
  auto provider = d->provider;
  d->runJob(EthercatPanel::tr("Stop bus"), [provider] { return q(provider->close()); });
}

void EthercatPanel::enableDrives(bool on) {
  auto s = d->provider->current();
  if (!s) {
    d->lastError = EthercatPanel::tr("no bus (scan or start it first)");
    emit jobFinished(on ? EthercatPanel::tr("Enable drives") : EthercatPanel::tr("Disable drives"), d->lastError);
    return;
  }
  if (!on && s->inUse()) {  // during a run: quick stop now (no job: it must not wait)
    s->quickStop(EthercatPanel::tr("drives disabled from the EtherCAT panel (quick stop)").toStdString());
    d->lastError.clear();
    d->poll();
    emit jobFinished(EthercatPanel::tr("Disable drives"), QString());
    return;
  }
  d->runJob(on ? EthercatPanel::tr("Enable drives") : EthercatPanel::tr("Disable drives"), [s, on] { return q(s->setEnable(on)); });
}

void EthercatPanel::resetBus() {
  auto s = d->provider->current();
  if (!s) {
    d->lastError = EthercatPanel::tr("no bus to reset");
    emit jobFinished(EthercatPanel::tr("Reset"), d->lastError);
    return;
  }
  d->runJob(EthercatPanel::tr("Reset"), [s] { return q(s->resetFault()); }, [this] { d->faultShown.clear(); });
}

void EthercatPanel::injectFault(const QString& spec) {
  QString err;
  auto s = d->provider->current();
  if (!s) err = EthercatPanel::tr("no bus: start the in-process virtual drives first");
  else {
    try {
      err = q(s->injectFault(ec::parseFaultPlan(spec.trimmed().toStdString())));
    } catch (const std::exception& e) {
      err = EthercatPanel::tr("fault '%1': %2").arg(spec, q(e.what()));
    }
  }
  d->lastError = err;
  if (!err.isEmpty()) d->stateLabel->setText(err);
  emit jobFinished(EthercatPanel::tr("Inject"), err);
}

bool EthercatPanel::jobBusy() const { return d->job.busy(); }
QString EthercatPanel::lastError() const { return d->lastError; }
ethercat::BusScan EthercatPanel::lastScan() const { return d->scan; }
ethercat::MasterStatus EthercatPanel::lastStatus() const { return d->status; }
QString EthercatPanel::faultText() const { return d->faultLabel->text() == EthercatPanel::tr("No fault.") ? QString() : d->faultLabel->text(); }
int EthercatPanel::slaveRows() const { return d->table->rowCount(); }
QStringList EthercatPanel::emergencyLines() const {
  QStringList l;
  for (int i = 0; i < d->emergencyList->count(); ++i) l << d->emergencyList->item(i)->text();
  return l;
}
ObjectDictionaryBrowser* EthercatPanel::objectBrowser() const { return d->browser; }
QString EthercatPanel::slaveCell(int row, int column) const {
  const auto* it = d->table->item(row, column);
  return it ? it->text() : QString();
}
void EthercatPanel::pollNow() { d->poll(); }

void EthercatPanel::Impl::updateButtons() {
  auto s = provider->current();
  const bool live = s && s->cycling();
  const bool running = s && s->inUse();
  const bool virt = ifCombo->currentData().toString().isEmpty();
  scanButton->setEnabled(!job.busy());
  startButton->setEnabled(!job.busy() && !running);
  stopButton->setEnabled(!job.busy() && s && !running);
  enableButton->setEnabled(!job.busy() && live && !running && modeCombo->currentData().toInt() == ec::cia402::ModeCSP);
  disableButton->setEnabled((!job.busy() || running) && live);
  resetButton->setEnabled(!job.busy() && s && (haveStatus && (status.fault || !live)));
  injectButton->setEnabled(virt && s && s->config().inProcess());
  injectEdit->setEnabled(virt);
  ifCombo->setEnabled(!job.busy() && !running);
  modeCombo->setEnabled(!running);
  cycleCombo->setEnabled(!running);
  budgetSpin->setEnabled(!running);
  rateSpin->setEnabled(!running);
  checkButton->setEnabled(!job.busy() && !running);
}

void EthercatPanel::Impl::fillTable(const std::vector<ec::SlaveInfo>& slaves, int faultSlave) {
  table->setRowCount(int(slaves.size()));
  for (int r = 0; r < int(slaves.size()); ++r) {
    const auto& s = slaves[std::size_t(r)];
    const QString cells[ColCount] = {
        QString::number(s.position + 1),
        hex(s.station, 4),
        q(s.identity.name),
        hex(s.identity.vendor, 8),
        hex(s.identity.product, 8),
        QString::number(s.identity.revision),
        QString::number(s.identity.serial),
        q(ec::alStateName(s.alStatus)),
        s.alStatusCode ? q(ec::alStatusCodeText(s.alStatusCode)) : QStringLiteral("-"),
        q(ec::cia402::stateName(s.driveState)),
        s.errorCode ? q(ec::cia402::errorCodeText(s.errorCode)) : QStringLiteral("-"),
        s.rxBytes || s.txBytes ? EthercatPanel::tr("%1 / %2 bytes").arg(s.rxBytes).arg(s.txBytes) : QStringLiteral("-"),
        s.dc ? EthercatPanel::tr("%1 ns (largest %2 ns)").arg(s.dcDiff).arg(s.dcWorstDiff) + (s.dcReference ? EthercatPanel::tr(", reference clock") : QString())
             : QStringLiteral("-"),
    };
    const bool bad = r == faultSlave || (s.alStatus & ec::kAlErrorFlag) || (s.statusword & 0x08);
    for (int c = 0; c < ColCount; ++c) {
      auto* it = table->item(r, c);
      if (!it) {
        it = new QTableWidgetItem;
        table->setItem(r, c, it);
      }
      if (it->text() != cells[c]) it->setText(cells[c]);
      it->setBackground(bad ? QBrush(QColor(255, 200, 200)) : QBrush());
    }
    if (auto* it = table->item(r, ColProcess); it && s.details) {
      const QString tip = q(s.details->pd.describe()) + QLatin1Char('\n') + EthercatPanel::tr("from %1").arg(q(s.details->pd.source)) +
                          (s.details->profile.empty() ? QString() : QLatin1Char('\n') + EthercatPanel::tr("drive profile: %1").arg(q(s.details->profile)));
      if (it->toolTip() != tip) it->setToolTip(tip);
    }
  }
}

void EthercatPanel::Impl::showStats(const ec::CycleStats& s) {
  statCycles->setText(QString::number(s.cycles));
  statPeriod->setText(EthercatPanel::tr("nominal %1 µs, mean %2 µs").arg(us(s.nominalPeriod), us(s.meanPeriod)));
  statJitter->setText(EthercatPanel::tr("median %1 µs, p99 %2 µs, worst %3 µs")
                          .arg(us(s.periodErrorQuantile(0.5)), us(s.periodErrorQuantile(0.99)), us(s.worstPeriodError)));
  statLatency->setText(EthercatPanel::tr("%1 µs after the deadline").arg(us(s.worstLatency)));
  statRtt->setText(EthercatPanel::tr("mean %1 µs, worst %2 µs").arg(us(s.meanRoundTrip), us(s.worstRoundTrip)));
  statCounts->setText(EthercatPanel::tr("%1 / %2 / %3 / %4").arg(s.lateCycles).arg(s.missedCycles).arg(s.lostFrames).arg(s.wkcErrors));
  if (!haveStatus || !status.dc) statDc->setText(EthercatPanel::tr("not in use"));
  else
    statDc->setText(EthercatPanel::tr("reference slave %1, |Δt| ≤ %2 ns, cycle vs DC time %3 µs (largest %4 µs)")
                        .arg(status.dcReference + 1)
                        .arg(std::llround(s.dcWorstDiff * 1e9))
                        .arg(us(s.dcPhaseError), us(s.dcWorstPhaseError)));
  histogram->setData(s.jitterHistogram);
}

void EthercatPanel::Impl::showEmergencies() {
  const long long count = haveStatus ? status.emergencyCount : 0;
  if (count == emergenciesShown) return;
  emergenciesShown = count;
  emergencyList->clear();
  if (haveStatus)
    for (auto it = status.emergencies.rbegin(); it != status.emergencies.rend(); ++it) {  // newest first
      const QString who = it->slave >= 0 && it->slave < int(status.slaves.size()) && !status.slaves[std::size_t(it->slave)].identity.name.empty()
                              ? EthercatPanel::tr("slave %1 (%2)").arg(it->slave + 1).arg(q(status.slaves[std::size_t(it->slave)].identity.name))
                              : EthercatPanel::tr("slave %1").arg(it->slave + 1);
      auto* item = new QListWidgetItem(EthercatPanel::tr("%1: %2").arg(who, q(ec::coe::emergencyText(it->emergency))), emergencyList);
      if (it->emergency.errorCode != 0) item->setForeground(QColor(176, 0, 0));
    }
  tabs->setTabText(1, count ? EthercatPanel::tr("Emergencies (%1)").arg(count) : EthercatPanel::tr("Emergencies"));
}

void EthercatPanel::Impl::poll() {
  auto s = provider->current();
  if (!s) {
    haveStatus = false;
    status = ec::MasterStatus{};
    stateLabel->setText(job.busy() ? EthercatPanel::tr("%1 …").arg(busyAction) : EthercatPanel::tr("No bus. Scan or start it (the in-process virtual drives need no privileges)."));
    faultLabel->setText(EthercatPanel::tr("No fault."));
    faultLabel->setStyleSheet(QString());
    warningLabel->hide();
    notesLabel->hide();
    showStats(ec::CycleStats{});
    showEmergencies();
    showResolvedBudget();
    updateButtons();
    return;
  }
  status = s->status();
  haveStatus = true;
  showResolvedBudget();
  const bool running = s->inUse();
  QString state = EthercatPanel::tr("%1: %2").arg(q(s->describe()), q(status.phase));
  if (status.cyclic)
    state += EthercatPanel::tr(", cycling at %1 Hz").arg(std::round(1.0 / status.stats.nominalPeriod));
  if (status.cyclic) state += status.enabled ? EthercatPanel::tr(", drives enabled") : EthercatPanel::tr(", drives disabled");
  if (running) state += EthercatPanel::tr(", a run uses the bus");
  if (job.busy()) state = EthercatPanel::tr("%1 … (%2)").arg(busyAction, state);
  stateLabel->setText(state);
  // What the bring-up decided (defaults for absent objects, remapping, distributed clocks).
  QStringList noteLines;
  for (const auto& x : s->notes()) noteLines << q(x);
  const QString notesText = noteLines.join(QLatin1Char('\n'));
  if (notesLabel->text() != notesText) notesLabel->setText(notesText);
  notesLabel->setVisible(!noteLines.isEmpty());
  if (!status.warnings.empty()) {
    QStringList w;
    for (const auto& x : status.warnings) w << q(x);
    warningLabel->setText(w.join(QLatin1Char('\n')));
    warningLabel->show();
  } else {
    warningLabel->hide();
  }
  if (status.fault) {
    const QString msg = q(status.faultMessage);
    faultLabel->setText(msg);
    faultLabel->setStyleSheet(QStringLiteral("color: #b00000; font-weight: bold;"));
    if (msg != faultShown) {
      faultShown = msg;
      emit self->faultRaised(msg);
    }
  } else {
    faultLabel->setText(EthercatPanel::tr("No fault."));
    faultLabel->setStyleSheet(QString());
    faultShown.clear();
  }
  if (status.cyclic || !status.slaves.empty()) {
    // The cyclic status carries the live AL and CiA 402 states; a scan result is kept until then.
    if (status.cyclic || scan.slaves.empty()) fillTable(status.slaves, status.fault ? status.faultSlave : -1);
  }
  browser->setSlaves(!status.slaves.empty() ? status.slaves : scan.slaves);
  showStats(status.stats);
  showEmergencies();
  updateButtons();
}

void EthercatPanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) d->retranslate();
  QWidget::changeEvent(e);
}


// --- loss budget and latency check (issue 20) ------------------------------------------------------

void EthercatPanel::Impl::buildPolicy(QVBoxLayout* top) {
  policyBox = new QGroupBox(self);
  auto* form = new QFormLayout(policyBox);
  budgetSpin = new QDoubleSpinBox(policyBox);
  budgetSpin->setObjectName(QStringLiteral("lossBudgetSpin"));
  budgetSpin->setRange(0, 10000);  // the scene reader's range (scene.cpp: loss_budget_ms)
  budgetSpin->setDecimals(1);
  budgetSpin->setSingleStep(2.5);
  budgetLabel = new QLabel(policyBox);
  form->addRow(budgetLabel, budgetSpin);
  rateSpin = new QSpinBox(policyBox);
  rateSpin->setObjectName(QStringLiteral("lossesPerSecondSpin"));
  rateSpin->setRange(0, 100000);
  rateLabel = new QLabel(policyBox);
  form->addRow(rateLabel, rateSpin);
  resolvedLabel = new QLabel(policyBox);
  resolvedLabel->setWordWrap(true);
  resolvedLabel->setStyleSheet(QStringLiteral("color: #505050;"));
  form->addRow(resolvedLabel);
  auto* crow = new QHBoxLayout;
  checkSpin = new QDoubleSpinBox(policyBox);
  checkSpin->setRange(1, 600);
  checkSpin->setDecimals(0);
  checkSpin->setValue(10);  // as `maniplab-cli ecat-latency`
  checkButton = new QPushButton(policyBox);
  crow->addWidget(checkSpin);
  crow->addWidget(checkButton);
  crow->addStretch();
  checkLabel = new QLabel(policyBox);
  form->addRow(checkLabel, crow);
  for (QLabel** l : {&verdictLabel, &figuresLabel, &adviceLabel}) {
    *l = new QLabel(policyBox);
    (*l)->setWordWrap(true);
    (*l)->setTextInteractionFlags(Qt::TextSelectableByMouse);
    (*l)->hide();
    form->addRow(*l);
  }
  top->addWidget(policyBox);
  auto edited = [this] {
    pushConfig();
    showResolvedBudget();
    emit self->lossBudgetChanged();
  };
  QObject::connect(budgetSpin, &QDoubleSpinBox::valueChanged, self, edited);
  QObject::connect(rateSpin, &QSpinBox::valueChanged, self, edited);
  QObject::connect(checkButton, &QPushButton::clicked, self, [this] { self->checkLatency(); });
}

void EthercatPanel::Impl::retranslatePolicy() {
  policyBox->setTitle(EthercatPanel::tr("Loss budget and latency"));
  budgetLabel->setText(EthercatPanel::tr("Longest time without a good cycle:"));
  budgetSpin->setSuffix(EthercatPanel::tr(" ms"));
  budgetSpin->setSpecialValueText(EthercatPanel::tr("default (a quarter of the shortest drive watchdog, at most 25 ms)"));
  budgetSpin->setToolTip(EthercatPanel::tr("Lost, late or incomplete cycles are counted, timed and marked on the scope while the run goes on; "
                            "a run stops safely when no good cycle came for longer than this. Keep it well inside the drives' "
                            "process-data watchdog (registers 0x0400/0x0420), which stops them on their own. Saved with the scene."));
  rateLabel->setText(EthercatPanel::tr("Bad cycles per second:"));
  rateSpin->setSpecialValueText(EthercatPanel::tr("default (a tenth of the cycles)"));
  rateSpin->setToolTip(EthercatPanel::tr("A run stops safely when more bad cycles than this fall within one second. Saved with the scene."));
  checkLabel->setText(EthercatPanel::tr("Check this PC for:"));
  checkSpin->setSuffix(EthercatPanel::tr(" s"));
  checkSpin->setToolTip(EthercatPanel::tr("How long the master's cyclic thread is measured"));
  checkButton->setText(EthercatPanel::tr("Check this PC"));
  checkButton->setToolTip(EthercatPanel::tr("Run the master's own cyclic thread at the selected cycle on the selected interface (or the "
                             "in-process virtual drives), drives disabled, and judge whether the cycle and the loss budget will "
                             "hold, as 'maniplab-cli ecat-latency' does"));
  showResolvedBudget();
}

void EthercatPanel::Impl::showResolvedBudget() {
  if (!haveStatus || status.lossBudget <= 0) {
    resolvedLabel->setText(EthercatPanel::tr("In force once the bus is started."));
    return;
  }
  QString t = EthercatPanel::tr("In force: %1 ms without a good cycle, %2 bad cycles per second")
                  .arg(status.lossBudget * 1e3, 0, 'f', 1)
                  .arg(status.maxLossesPerSecond, 0, 'f', 0);
  if (status.watchdogSlave >= 0)
    t += EthercatPanel::tr("; shortest drive watchdog %1 ms (slave %2)").arg(status.shortestWatchdog * 1e3, 0, 'f', 1).arg(status.watchdogSlave + 1);
  t += EthercatPanel::tr("; bad cycles %1, longest time without a good cycle %2 ms")
           .arg(status.stats.badCycles)
           .arg(status.stats.longestGap * 1e3, 0, 'f', 1);
  resolvedLabel->setText(t);
}

void EthercatPanel::Impl::showLatency(const ec::LatencyReport& r) {
  using V = ec::LatencyJudgement::Verdict;
  if (!r.error.empty()) {
    verdict = EthercatPanel::tr("Latency check failed: %1").arg(q(r.error));
    advice.clear();
    verdictLabel->setStyleSheet(QStringLiteral("color: #b00000;"));
    figuresLabel->hide();
  } else {
    const QString word = r.judgement.verdict == V::Fit        ? EthercatPanel::tr("fit")
                         : r.judgement.verdict == V::Marginal ? EthercatPanel::tr("marginal")
                                                              : EthercatPanel::tr("unfit");
    QString summary = q(r.judgement.summary);  // "fit for a 400 Hz cycle ...": the word is shown translated
    const QString name = QString::fromLatin1(ec::verdictName(r.judgement.verdict)) + QLatin1Char(' ');
    if (summary.startsWith(name)) summary = summary.mid(name.size());
    verdict = EthercatPanel::tr("Verdict: %1 — %2").arg(word, summary);
    verdictLabel->setStyleSheet(r.judgement.verdict == V::Fit        ? QStringLiteral("color: #006000; font-weight: bold;")
                                : r.judgement.verdict == V::Marginal ? QStringLiteral("color: #a06000; font-weight: bold;")
                                                                     : QStringLiteral("color: #b00000; font-weight: bold;"));
    const auto& st = r.stats;
    QString fig = EthercatPanel::tr("%1, %2 cycles of %3 µs: wake-up latency worst %4 µs; |period error| p99 %5 µs, worst %6 µs; "
                                    "round trip mean %7 µs, worst %8 µs; bad cycles %9")
                      .arg(q(r.link))
                      .arg(st.cycles)
                      .arg(us(r.period))
                      .arg(us(st.worstLatency))
                      .arg(us(st.periodErrorQuantile(0.99)))
                      .arg(us(st.worstPeriodError))
                      .arg(us(st.meanRoundTrip))
                      .arg(us(st.worstRoundTrip))
                      .arg(st.badCycles);
    fig += EthercatPanel::tr(", longest time without a good cycle %1 ms (budget %2 ms)")
               .arg(st.longestGap * 1e3, 0, 'f', 2)
               .arg(r.budget * 1e3, 0, 'f', 1);
    for (const auto& why : r.judgement.reasons) fig += QStringLiteral("\n  – ") + q(why);
    figuresLabel->setText(fig);
    figuresLabel->show();
    advice.clear();
    for (const auto& a : r.judgement.advice) advice << q(a);
  }
  verdictLabel->setText(verdict);
  verdictLabel->show();
  QStringList lines;
  for (const auto& a : advice) lines << EthercatPanel::tr("Advice: %1").arg(a);
  adviceLabel->setText(lines.join(QLatin1Char('\n')));
  adviceLabel->setVisible(!lines.isEmpty());
}

void EthercatPanel::setLossBudget(double seconds, double perSecond) {
  {
    QSignalBlocker b1(d->budgetSpin), b2(d->rateSpin);
    d->budgetSpin->setValue(std::max(0.0, seconds) * 1e3);
    d->rateSpin->setValue(int(std::lround(std::max(0.0, perSecond))));
  }
  d->pushConfig();
  d->showResolvedBudget();
}

double EthercatPanel::lossBudget() const { return d->budgetSpin->value() * 1e-3; }
double EthercatPanel::maxLossesPerSecond() const { return double(d->rateSpin->value()); }
QString EthercatPanel::latencyVerdict() const { return d->verdict; }
QStringList EthercatPanel::latencyAdvice() const { return d->advice; }
QString EthercatPanel::interfaceToolTip() const { return d->ifCombo->toolTip(); }

void EthercatPanel::checkLatency(double seconds) {
  ec::LatencyCheckOptions o;
  o.ifname = selectedInterface().toStdString();
  o.seconds = seconds > 0 ? seconds : d->checkSpin->value();
  o.lossBudget = lossBudget();
  o.maxLossesPerSecond = maxLossesPerSecond();
  // The cycle chosen above; "control period of the scene": the scene's control period.
  double cycle = d->cycleCombo->currentData().toDouble();
  if (cycle <= 0)
    if (auto sc = d->provider->scene()) cycle = sc->controlPeriod;
  o.hz = cycle > 0 ? 1.0 / cycle : 1000.0;
  const QString action = EthercatPanel::tr("Latency check");
  auto live = d->provider->current();
  if (!o.ifname.empty() && live && live->config().ifname == o.ifname) {
    d->lastError = EthercatPanel::tr("the bus on %1 is open: stop it first (Stop bus), the check needs the interface to itself")
                       .arg(selectedInterface());
    d->stateLabel->setText(EthercatPanel::tr("%1 failed: %2").arg(action, d->lastError));
    emit jobFinished(action, d->lastError);
    return;
  }
  auto report = std::make_shared<ec::LatencyReport>();
  d->runJob(action, [o, report] {
    *report = ec::runLatencyCheck(o);
    return q(report->error);
  }, [this, report] { d->showLatency(*report); });
}

}  // namespace maniplab::ui
