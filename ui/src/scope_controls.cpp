#include "scope_controls.hpp"

#include <QCheckBox>
#include <QColorDialog>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <vector>

#include "maniplab/ui/scope_overlay.hpp"
#include "scope_model.hpp"

namespace maniplab::ui {

namespace {

using namespace scope_grid;

// 1-2-5 time bases from 1 µs/div to 50 s/div.
std::vector<double> timeBaseSteps() {
  std::vector<double> r;
  for (int e = -6; e <= 1; ++e)
    for (double m : {1.0, 2.0, 5.0}) r.push_back(m * std::pow(10.0, e));
  return r;
}

// Sets a spin box only when its value differs (re-setting the same value would reformat the text the
// user is typing).
void setSpin(QDoubleSpinBox* spin, double v) {
  if (spin->value() != v) spin->setValue(v);
}

// A form row whose label is kept for retranslate().
QLabel* addFormRow(QFormLayout* form, QWidget* field) {
  auto* label = new QLabel;
  label->setBuddy(field);
  form->addRow(label, field);
  return label;
}

QDoubleSpinBox* valueSpin(double lo, double hi) {
  auto* spin = new QDoubleSpinBox;
  spin->setDecimals(6);
  spin->setRange(lo, hi);
  spin->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
  return spin;
}

QComboBox* namedCombo(const char* name, int items) {
  auto* combo = new QComboBox;
  combo->setObjectName(QLatin1String(name));
  for (int i = 0; i < items; ++i) combo->addItem(QString());  // texts: retranslate()
  return combo;
}

// Sets the texts of the first texts.size() items of `combo` (the current index is kept).
void setItemTexts(QComboBox* combo, const QStringList& texts) {
  QSignalBlocker b(combo);
  for (int i = 0; i < texts.size() && i < combo->count(); ++i) combo->setItemText(i, texts[i]);
}

}  // namespace

struct ScopeControls::Impl {
  ScopeControls* q = nullptr;
  const ScopeModel& m;
  explicit Impl(const ScopeModel& model) : m(model) {}

  QPushButton* runButton = nullptr;
  QWidget* pageRow = nullptr;
  QLabel* pageLabel = nullptr;
  QComboBox* pageCombo = nullptr;
  QComboBox* channelSelect = nullptr;
  QCheckBox* channelOn = nullptr;
  QComboBox* sourceCombo = nullptr;
  QDoubleSpinBox* gainSpin = nullptr;
  QDoubleSpinBox* offsetSpin = nullptr;
  QPushButton* colorButton = nullptr;
  QComboBox* timeBaseCombo = nullptr;
  QComboBox* modeCombo = nullptr;
  QComboBox* trigChannelCombo = nullptr;
  QDoubleSpinBox* trigLevelSpin = nullptr;
  QComboBox* edgeCombo = nullptr;
  QComboBox* sweepCombo = nullptr;
  QDoubleSpinBox* trigPosSpin = nullptr;
  QDoubleSpinBox* cursorSpin[2] = {nullptr, nullptr};
  QLabel* cursorLabel = nullptr;
  QLabel* measureLabel = nullptr;
  // kept for retranslate()
  QGroupBox *chBox = nullptr, *hBox = nullptr, *tBox = nullptr, *cBox = nullptr, *mBox = nullptr;
  QLabel *channelLabel = nullptr, *sourceLabel = nullptr, *gainLabel = nullptr, *offsetLabel = nullptr,
         *colorLabel = nullptr, *timeBaseLabel = nullptr, *modeLabel = nullptr, *trigSourceLabel = nullptr,
         *levelLabel = nullptr, *edgeLabel = nullptr, *sweepLabel = nullptr, *positionLabel = nullptr;
  QLabel* cursorLabels[2] = {nullptr, nullptr};
  QPushButton* autoButton = nullptr;
  QToolButton* exportButton = nullptr;
  QAction* csvAction = nullptr;
  QAction* imageAction = nullptr;

  int channel() const { return channelSelect->currentIndex(); }

  void buildRunAndPages(QVBoxLayout* v) {
    runButton = new QPushButton;
    runButton->setObjectName(QStringLiteral("scopeRunButton"));
    runButton->setCheckable(true);
    QObject::connect(runButton, &QPushButton::toggled, q, &ScopeControls::runToggled);
    v->addWidget(runButton);

    // page of channel assignments (shown with two pages or more)
    pageRow = new QWidget;
    auto* pageLay = new QHBoxLayout(pageRow);
    pageLay->setContentsMargins(0, 0, 0, 0);
    pageLabel = new QLabel;
    pageCombo = new QComboBox;
    pageCombo->setObjectName(QStringLiteral("scopePageCombo"));
    pageLabel->setBuddy(pageCombo);
    pageLay->addWidget(pageLabel);
    pageLay->addWidget(pageCombo, 1);
    pageRow->setVisible(false);
    QObject::connect(pageCombo, &QComboBox::activated, q, &ScopeControls::pageChosen);
    v->addWidget(pageRow);
  }

  void buildChannel(QVBoxLayout* v) {
    chBox = new QGroupBox;
    auto* chForm = new QFormLayout(chBox);
    channelSelect = namedCombo("scopeChannelSelect", kChannels);
    channelOn = new QCheckBox;
    channelOn->setObjectName(QStringLiteral("scopeChannelOn"));
    auto* top = new QHBoxLayout;
    top->addWidget(channelSelect, 1);
    top->addWidget(channelOn);
    channelLabel = new QLabel;
    chForm->addRow(channelLabel, top);
    sourceCombo = new QComboBox;
    sourceCombo->setObjectName(QStringLiteral("scopeSourceCombo"));
    sourceLabel = addFormRow(chForm, sourceCombo);
    gainSpin = valueSpin(1e-6, 1e9);
    gainLabel = addFormRow(chForm, gainSpin);
    offsetSpin = valueSpin(-1e9, 1e9);
    offsetLabel = addFormRow(chForm, offsetSpin);
    colorButton = new QPushButton;
    colorButton->setObjectName(QStringLiteral("scopeColorButton"));
    colorLabel = addFormRow(chForm, colorButton);
    v->addWidget(chBox);

    QObject::connect(channelSelect, &QComboBox::currentIndexChanged, q, [this] { syncChannel(); });
    QObject::connect(channelOn, &QCheckBox::toggled, q, [this](bool on) {
      emit q->channelSourceChosen(channel(), on ? std::max(sourceCombo->currentIndex(), 0) : -1);
    });
    QObject::connect(sourceCombo, &QComboBox::activated, q, [this](int idx) {
      if (channelOn->isChecked())
        emit q->channelSourceChosen(channel(), idx);
      else
        emit q->channelSourceKept(channel(), idx);
    });
    QObject::connect(gainSpin, &QDoubleSpinBox::valueChanged, q, [this](double g) { emit q->channelGainChanged(channel(), g); });
    QObject::connect(offsetSpin, &QDoubleSpinBox::valueChanged, q,
                     [this](double o) { emit q->channelOffsetChanged(channel(), o); });
    QObject::connect(colorButton, &QPushButton::clicked, q, [this] {
      const int k = channel();
      const QColor c = QColorDialog::getColor(m.ch[std::size_t(k)].color, q, ScopeControls::tr("Trace colour"));
      if (c.isValid()) emit q->channelColorChosen(k, c);
    });
  }

  void buildHorizontal(QVBoxLayout* v) {
    hBox = new QGroupBox;
    auto* hForm = new QFormLayout(hBox);
    timeBaseCombo = namedCombo("scopeTimeBaseCombo", 0);
    for (double tb : timeBaseSteps()) timeBaseCombo->addItem(QString(), tb);  // texts: retranslate()
    timeBaseLabel = addFormRow(hForm, timeBaseCombo);
    modeCombo = namedCombo("scopeModeCombo", 2);
    modeLabel = addFormRow(hForm, modeCombo);
    v->addWidget(hBox);
    QObject::connect(timeBaseCombo, &QComboBox::activated, q,
                     [this](int i) { emit q->timeBaseChosen(timeBaseCombo->itemData(i).toDouble()); });
    QObject::connect(modeCombo, &QComboBox::activated, q, [this](int i) { emit q->modeChosen(i != 0); });
  }

  void buildTrigger(QVBoxLayout* v) {
    tBox = new QGroupBox;
    auto* tForm = new QFormLayout(tBox);
    trigChannelCombo = namedCombo("scopeTriggerChannelCombo", kChannels);
    trigSourceLabel = addFormRow(tForm, trigChannelCombo);
    trigLevelSpin = valueSpin(-1e9, 1e9);
    levelLabel = addFormRow(tForm, trigLevelSpin);
    edgeCombo = namedCombo("scopeEdgeCombo", 2);
    edgeLabel = addFormRow(tForm, edgeCombo);
    sweepCombo = namedCombo("scopeSweepCombo", 3);
    sweepLabel = addFormRow(tForm, sweepCombo);
    trigPosSpin = new QDoubleSpinBox;
    trigPosSpin->setRange(0, kHDiv);
    trigPosSpin->setDecimals(1);
    positionLabel = addFormRow(tForm, trigPosSpin);
    v->addWidget(tBox);
    auto applyTrigger = [this] {
      emit q->triggerChosen(trigChannelCombo->currentIndex(), trigLevelSpin->value(),
                            edgeCombo->currentIndex() == 0 ? ScopeTrigger::Edge::Rising : ScopeTrigger::Edge::Falling,
                            ScopeTrigger::Sweep(sweepCombo->currentIndex()));
    };
    QObject::connect(trigChannelCombo, &QComboBox::activated, q, applyTrigger);
    QObject::connect(edgeCombo, &QComboBox::activated, q, applyTrigger);
    QObject::connect(sweepCombo, &QComboBox::activated, q, applyTrigger);
    QObject::connect(trigLevelSpin, &QDoubleSpinBox::editingFinished, q, applyTrigger);
    QObject::connect(trigPosSpin, &QDoubleSpinBox::valueChanged, q, &ScopeControls::triggerPositionChanged);
  }

  static QLabel* readout(const char* name) {
    auto* label = new QLabel;
    label->setObjectName(QLatin1String(name));
    label->setTextFormat(Qt::RichText);
    label->setWordWrap(true);
    return label;
  }

  void buildCursorsAndMeasurements(QVBoxLayout* v) {
    cBox = new QGroupBox;
    auto* cForm = new QFormLayout(cBox);
    for (int i = 0; i < 2; ++i) {
      cursorSpin[i] = new QDoubleSpinBox;
      cursorSpin[i]->setDecimals(9);
      cursorSpin[i]->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
      cursorLabels[i] = addFormRow(cForm, cursorSpin[i]);
      QObject::connect(cursorSpin[i], &QDoubleSpinBox::valueChanged, q,
                       [this] { emit q->cursorsChanged(cursorSpin[0]->value(), cursorSpin[1]->value()); });
    }
    cursorLabel = readout("scopeCursorReadout");
    cForm->addRow(cursorLabel);
    v->addWidget(cBox);

    mBox = new QGroupBox;
    auto* mLay = new QVBoxLayout(mBox);
    measureLabel = readout("scopeMeasurementReadout");
    mLay->addWidget(measureLabel);
    v->addWidget(mBox);
  }

  void buildButtons(QVBoxLayout* v) {
    auto* buttons = new QHBoxLayout;
    autoButton = new QPushButton;
    autoButton->setObjectName(QStringLiteral("scopeAutoscaleButton"));
    QObject::connect(autoButton, &QPushButton::clicked, q, &ScopeControls::autoscaleClicked);
    buttons->addWidget(autoButton);
    exportButton = new QToolButton;
    exportButton->setObjectName(QStringLiteral("scopeExportButton"));
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(exportButton);
    csvAction = menu->addAction(QString(), q, &ScopeControls::exportCsvClicked);
    imageAction = menu->addAction(QString(), q, &ScopeControls::exportImageClicked);
    exportButton->setMenu(menu);
    buttons->addWidget(exportButton);
    v->addLayout(buttons);
  }

  // ---- showing the model ---------------------------------------------------------------------------
  void syncRunButton() {
    QSignalBlocker b(runButton);
    runButton->setChecked(m.running);
    // The button acts on the scope's display only (not on the simulation): the label says so, so that
    // it does not read as the state of a run after the run has finished.
    runButton->setText(m.running ? ScopeControls::tr("Scope: live — click to freeze")
                                 : ScopeControls::tr("Scope: frozen — click to go live"));
    runButton->setStyleSheet(m.running ? QStringLiteral("QPushButton{background:#1d6b2c;color:white}")
                                       : QStringLiteral("QPushButton{background:#8b1f1f;color:white}"));
  }

  void syncChannel() {
    const int k = channel();
    if (!m.validChannel(k)) return;
    const ScopeModel::Channel& c = m.ch[std::size_t(k)];
    QSignalBlocker b1(channelOn), b2(sourceCombo), b3(gainSpin), b4(offsetSpin);
    channelOn->setChecked(c.source >= 0);
    sourceCombo->clear();
    for (int s = 0; s < m.names.size(); ++s) {
      const QString what = m.descriptions.value(s);
      sourceCombo->addItem(what.isEmpty() ? m.names[s] : ScopeControls::tr("%1 — %2", "channel picker: source, what it is").arg(m.names[s], what));
      if (!what.isEmpty()) sourceCombo->setItemData(s, what, Qt::ToolTipRole);
    }
    const int shown = c.source >= 0 ? c.source : c.lastSource;
    sourceCombo->setCurrentIndex(shown >= 0 && shown < m.names.size() ? shown : (m.names.isEmpty() ? -1 : 0));
    setSpin(gainSpin, c.gain);
    setSpin(offsetSpin, c.offset);
    const QString unit = m.unitOf(k);
    gainSpin->setSuffix(unit.isEmpty() ? ScopeControls::tr(" /div") : QStringLiteral(" %1/div").arg(unit));
    colorButton->setStyleSheet(QStringLiteral("QPushButton{background:%1;color:black}").arg(c.color.name()));
  }

  void syncTimeBase() {
    QSignalBlocker b(timeBaseCombo);
    int idx = -1;
    for (int i = 0; i < timeBaseCombo->count(); ++i)
      if (std::abs(timeBaseCombo->itemData(i).toDouble() - m.timeBase) <= 1e-9 * m.timeBase) idx = i;
    if (idx < 0) {
      idx = 0;
      while (idx < timeBaseCombo->count() && timeBaseCombo->itemData(idx).toDouble() < m.timeBase) ++idx;
      timeBaseCombo->insertItem(idx, ScopeControls::tr("%1/div").arg(scope_overlay::seconds(m.timeBase)), m.timeBase);
    }
    timeBaseCombo->setCurrentIndex(idx);
  }

  void sync() {
    syncChannel();
    syncTimeBase();
    {
      QSignalBlocker b1(modeCombo), b2(trigChannelCombo), b3(trigLevelSpin), b4(edgeCombo), b5(sweepCombo),
          b6(trigPosSpin), b7(cursorSpin[0]), b8(cursorSpin[1]);
      modeCombo->setCurrentIndex(m.mode == ScopeModel::Mode::Roll ? 0 : 1);
      trigChannelCombo->setCurrentIndex(m.trigChannel);
      setSpin(trigLevelSpin, m.trigger.level());
      edgeCombo->setCurrentIndex(m.trigger.edge() == ScopeTrigger::Edge::Rising ? 0 : 1);
      sweepCombo->setCurrentIndex(int(m.trigger.sweep()));
      setSpin(trigPosSpin, m.trigPosDiv);
      for (auto* s : cursorSpin) s->setRange(-kHDiv * m.timeBase, kHDiv * m.timeBase);
      setSpin(cursorSpin[0], m.cursor1);
      setSpin(cursorSpin[1], m.cursor2);
    }
    syncRunButton();
  }

  // All user-visible texts of the panel in the current language (construction and LanguageChange).
  void retranslate();
};

void ScopeControls::Impl::retranslate() {
  runButton->setToolTip(ScopeControls::tr("Freezes or resumes the scope's display only; the data keep being recorded. "
                           "The simulation is run, paused and stopped from the Simulation menu."));
  pageLabel->setText(ScopeControls::tr("&Page:"));
  pageCombo->setToolTip(ScopeControls::tr("Which group of sources the channels show"));

  chBox->setTitle(ScopeControls::tr("Channel"));
  QStringList chNames;
  for (int k = 0; k < kChannels; ++k) chNames << ScopeModel::channelName(k);
  setItemTexts(channelSelect, chNames);
  channelOn->setText(ScopeControls::tr("On"));
  channelLabel->setText(ScopeControls::tr("Channel:"));
  sourceLabel->setText(ScopeControls::tr("Source:"));
  gainLabel->setText(ScopeControls::tr("Gain:"));
  offsetLabel->setText(ScopeControls::tr("Offset:"));
  colorButton->setText(ScopeControls::tr("Colour…"));
  colorLabel->setText(ScopeControls::tr("Colour:"));

  hBox->setTitle(ScopeControls::tr("Horizontal"));
  {
    QSignalBlocker b(timeBaseCombo);
    for (int i = 0; i < timeBaseCombo->count(); ++i)
      timeBaseCombo->setItemText(i, ScopeControls::tr("%1/div").arg(scope_overlay::seconds(timeBaseCombo->itemData(i).toDouble())));
  }
  timeBaseLabel->setText(ScopeControls::tr("Time base:"));
  setItemTexts(modeCombo, {ScopeControls::tr("Roll"), ScopeControls::tr("Triggered")});
  modeLabel->setText(ScopeControls::tr("Mode:"));

  tBox->setTitle(ScopeControls::tr("Trigger"));
  setItemTexts(trigChannelCombo, chNames);
  trigSourceLabel->setText(ScopeControls::tr("Source:"));
  levelLabel->setText(ScopeControls::tr("Level:"));
  setItemTexts(edgeCombo, {ScopeControls::tr("Rising"), ScopeControls::tr("Falling")});
  edgeLabel->setText(ScopeControls::tr("Edge:"));
  setItemTexts(sweepCombo, {ScopeControls::tr("Auto"), ScopeControls::tr("Normal"), ScopeControls::tr("Single")});
  sweepLabel->setText(ScopeControls::tr("Sweep:"));
  {
    QSignalBlocker b(trigPosSpin);
    trigPosSpin->setSuffix(ScopeControls::tr(" div"));
  }
  positionLabel->setText(ScopeControls::tr("Position:"));

  cBox->setTitle(ScopeControls::tr("Cursors"));
  for (int i = 0; i < 2; ++i) {
    QSignalBlocker b(cursorSpin[i]);
    cursorSpin[i]->setSuffix(ScopeControls::tr(" s"));
  }
  cursorLabels[0]->setText(ScopeControls::tr("t1 (left click):"));
  cursorLabels[1]->setText(ScopeControls::tr("t2 (right click):"));

  mBox->setTitle(ScopeControls::tr("Measurements (visible window)"));
  autoButton->setText(ScopeControls::tr("Autoscale"));
  exportButton->setText(ScopeControls::tr("Export"));
  csvAction->setText(ScopeControls::tr("Visible data as CSV…"));
  imageAction->setText(ScopeControls::tr("Screen as image (PNG/SVG)…"));

  // texts that depend on the state: run button, gain suffix
  syncRunButton();
  syncChannel();
}

ScopeControls::ScopeControls(const ScopeModel& model, QWidget* parent)
    : QWidget(parent), d(std::make_unique<Impl>(model)) {
  d->q = this;
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(4, 4, 4, 4);
  d->buildRunAndPages(v);
  d->buildChannel(v);
  d->buildHorizontal(v);
  d->buildTrigger(v);
  d->buildCursorsAndMeasurements(v);
  d->buildButtons(v);
  v->addStretch(1);
  d->retranslate();
}

ScopeControls::~ScopeControls() = default;

void ScopeControls::sync() { d->sync(); }

void ScopeControls::syncRunButton() { d->syncRunButton(); }

void ScopeControls::setReadouts(const QString& measurements, const QString& cursors) {
  d->measureLabel->setText(measurements);
  d->cursorLabel->setText(cursors);
}

void ScopeControls::setPages(const QStringList& labels, int current) {
  QSignalBlocker b(d->pageCombo);
  d->pageCombo->clear();
  d->pageCombo->addItems(labels);
  d->pageCombo->setCurrentIndex(labels.isEmpty() ? -1 : current);
  d->pageRow->setVisible(labels.size() >= 2);
}

void ScopeControls::showPage(int page) {
  QSignalBlocker b(d->pageCombo);
  d->pageCombo->setCurrentIndex(page);
}

void ScopeControls::changeEvent(QEvent* e) {
  QWidget::changeEvent(e);
  if (e->type() == QEvent::LanguageChange && d) d->retranslate();
}

}  // namespace maniplab::ui
