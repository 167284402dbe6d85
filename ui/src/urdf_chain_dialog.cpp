#include "maniplab/ui/urdf_chain_dialog.hpp"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

#include "maniplab/ui/text_conversion.hpp"

namespace maniplab::ui {

namespace {

/// Display unit of a locked joint: degrees (revolute, continuous) or millimetres (prismatic).
double toDisplay(const UrdfLockedJoint& l, double si) { return l.prismatic ? si * 1000.0 : si * 180.0 / M_PI; }
double fromDisplay(const UrdfLockedJoint& l, double v) { return l.prismatic ? v / 1000.0 : v * M_PI / 180.0; }

QString number(double v) { return QString::number(v, 'g', 6); }

}  // namespace

UrdfChainDialog::UrdfChainDialog(std::string urdfText, std::string fileName, const UrdfTreeInfo& info, QWidget* parent)
    : QDialog(parent), text_(std::move(urdfText)), file_(std::move(fileName)), root_(info.root) {
  setObjectName("urdfChainDialog");
  resize(980, 640);
  // The chains as the file is written (no stated position): their joints do not depend on what is typed.
  const UrdfTreeInfo asWritten = urdfTreeInfo(text_, file_);
  candidates_ = asWritten.candidates;
  if (!asWritten.tree.joints.empty()) candidates_.insert(candidates_.begin(), asWritten.tree);  // first row
  auto* lay = new QVBoxLayout(this);
  intro_ = new QLabel(this);
  intro_->setWordWrap(true);
  lay->addWidget(intro_);
  chains_ = new QTableWidget(this);
  chains_->setObjectName("urdfChains");
  chains_->setColumnCount(4);
  chains_->setSelectionBehavior(QAbstractItemView::SelectRows);
  chains_->setSelectionMode(QAbstractItemView::SingleSelection);
  chains_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  chains_->verticalHeader()->hide();
  chains_->setWordWrap(false);
  chains_->setTextElideMode(Qt::ElideLeft);  // the end of a path tells the chains apart
  chains_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  chains_->horizontalHeader()->setStretchLastSection(true);
  lay->addWidget(chains_, 1);
  lockedTitle_ = new QLabel(this);
  lockedTitle_->setWordWrap(true);
  lay->addWidget(lockedTitle_);
  locked_ = new QTableWidget(this);
  locked_->setObjectName("urdfLockedJoints");
  locked_->setColumnCount(4);
  locked_->setSelectionMode(QAbstractItemView::NoSelection);
  locked_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  locked_->verticalHeader()->hide();
  locked_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  locked_->horizontalHeader()->setStretchLastSection(true);
  lay->addWidget(locked_, 1);
  buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  defaults_ = buttons_->addButton(QString(), QDialogButtonBox::ResetRole);  // not the standard Reset: own text
  defaults_->setObjectName("urdfDefaultPositions");
  lay->addWidget(buttons_);
  connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(defaults_, &QPushButton::clicked, this, [this] {
    stated_.clear();
    replan();
  });
  connect(chains_, &QTableWidget::itemSelectionChanged, this, [this] {
    if (filling_) return;
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(selected() != nullptr);
    replan();
  });
  connect(chains_, &QTableWidget::cellDoubleClicked, this, [this](int, int) { accept(); });
  retranslate();
  fillChains();
  // Default row: the whole tree, or the chain with the most joints, among those that drop no mimic
  // coupling (an arm with its gripper locked rather than one finger).
  int best = -1;
  for (int r = 0; r < int(candidates_.size()); ++r) {
    bool lost = false;
    for (const auto& l : candidates_[std::size_t(r)].locked) lost = lost || l.couplingLost;
    if (!lost && (best < 0 || candidates_[std::size_t(r)].joints.size() > candidates_[std::size_t(best)].joints.size()))
      best = r;
  }
  if (best < 0 && !candidates_.empty()) best = 0;
  if (best >= 0) chains_->selectRow(best);
  buttons_->button(QDialogButtonBox::Ok)->setEnabled(selected() != nullptr);
  replan();
}

void UrdfChainDialog::retranslate() {
  setWindowTitle(tr("Choose the tree or the chain to simulate"));
  intro_->setText(tr("%1 describes a tree: its moving joints branch (a gripper, several arms, a head). ManipLab "
                     "simulates the whole tree from the root link \"%2\" (first row), or one serial chain from "
                     "it: choose the link it ends at. Every other moving joint is locked at the position shown "
                     "below, and the links it carries are lumped into the body they hang from (masses, centres "
                     "of mass and inertias combined exactly). Mimic joints are locked too: at multiplier × q + "
                     "offset of the joint they follow.")
                      .arg(QFileInfo(q(file_)).fileName(), q(root_)));
  chains_->setHorizontalHeaderLabels({tr("Tip link"), tr("Moving joints"), tr("Locked joints"), tr("Path from the root")});
  locked_->setHorizontalHeaderLabels({tr("Joint"), tr("Locked at"), tr("Unit"), tr("Why")});
  defaults_->setText(tr("Default positions"));
  defaults_->setToolTip(
      tr("Forget the positions typed here: zero, or multiplier × q + offset for mimic joints"));
  if (chains_->rowCount() > 0) {
    fillChains();
    fillLocked();
  }
}

void UrdfChainDialog::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslate();
  QDialog::changeEvent(e);
}

void UrdfChainDialog::fillChains() {
  filling_ = true;
  const int keep = chains_->currentRow();
  chains_->setRowCount(int(candidates_.size()));
  for (int r = 0; r < int(candidates_.size()); ++r) {
    const UrdfChainCandidate& c = candidates_[std::size_t(r)];
    QStringList names;
    for (const auto& j : c.joints) names << q(j);
    int mimicOnChain = 0;
    bool lost = false;
    for (const auto& l : c.locked) {
      mimicOnChain += int(l.onChain && !l.mimicOf.empty());
      lost = lost || l.couplingLost;
    }
    auto* tip = new QTableWidgetItem(c.wholeTree ? tr("(whole tree)") : q(c.tip));
    auto* n = new QTableWidgetItem(QString::number(c.joints.size()));
    n->setToolTip(c.wholeTree ? tr("Every moving joint but the mimic joints: %1").arg(names.join(QStringLiteral(", ")))
                              : q(root_) + QStringLiteral(" → ") + names.join(QStringLiteral(" → ")));
    tip->setToolTip(n->toolTip());
    QString lockedText = tr("%n joint(s)", "", int(c.locked.size()));
    if (mimicOnChain > 0 && !c.wholeTree) lockedText += tr(", of which %n mimic joint(s) on the chain", "", mimicOnChain);
    else if (mimicOnChain > 0) lockedText += tr(", of which %n mimic joint(s)", "", mimicOnChain);
    if (lost) lockedText += tr("; a mimic coupling with a moving joint is not followed");
    auto* l = new QTableWidgetItem(lockedText);
    chains_->setItem(r, 0, tip);
    chains_->setItem(r, 1, n);
    chains_->setItem(r, 2, l);
    auto* path = new QTableWidgetItem(names.join(QStringLiteral(", ")));
    path->setToolTip(n->toolTip());
    chains_->setItem(r, 3, path);
  }
  if (keep >= 0 && keep < chains_->rowCount()) chains_->selectRow(keep);
  filling_ = false;
}

const UrdfChainCandidate* UrdfChainDialog::selected() const {
  const auto rows = chains_->selectionModel() ? chains_->selectionModel()->selectedRows() : QModelIndexList();
  if (rows.isEmpty()) return nullptr;
  const int r = rows.front().row();
  return r >= 0 && r < int(candidates_.size()) ? &candidates_[std::size_t(r)] : nullptr;
}

void UrdfChainDialog::replan() {
  fillLocked();
}

void UrdfChainDialog::fillLocked() {
  filling_ = true;
  locked_->setRowCount(0);
  const UrdfChainCandidate* base = selected();
  if (!base) {
    lockedTitle_->setText(tr("Choose a chain above."));
    filling_ = false;
    return;
  }
  // The selected chain planned with the positions typed for ITS locked joints.
  UrdfImportOptions o = options();
  UrdfChainCandidate current = *base;
  const UrdfTreeInfo planned = urdfTreeInfo(text_, file_, o);
  if (base->wholeTree) current = planned.tree;
  for (const auto& c : planned.candidates)
    if (!base->wholeTree && c.tip == base->tip) current = c;
  lockedTitle_->setText(current.wholeTree
                            ? tr("The whole tree has %n moving joint(s). Joints it locks (type a position to state "
                                 "another; the links are lumped at that position):",
                                 "", int(current.joints.size()))
                        : current.locked.empty()
                            ? tr("The chain to %1 has %n moving joint(s) and locks no joint.", "", int(current.joints.size()))
                                  .arg(q(current.tip))
                            : tr("The chain to %1 has %n moving joint(s). Joints it locks (type a position to state "
                                 "another; the links are lumped at that position):",
                                 "", int(current.joints.size()))
                                  .arg(q(current.tip)));
  locked_->setRowCount(int(current.locked.size()));
  for (int r = 0; r < int(current.locked.size()); ++r) {
    const UrdfLockedJoint& l = current.locked[std::size_t(r)];
    auto* name = new QTableWidgetItem(q(l.name));
    locked_->setItem(r, 0, name);
    auto* spin = new QDoubleSpinBox(locked_);
    spin->setObjectName(QStringLiteral("lock_") + q(l.name));
    spin->setRange(-1e6, 1e6);
    spin->setDecimals(l.prismatic ? 3 : 4);
    spin->setValue(toDisplay(l, l.position));
    spin->setToolTip(tr("%1 %2 (SI)").arg(number(l.position), l.prismatic ? QStringLiteral("m") : QStringLiteral("rad")));
    if (l.stated) {
      QFont f = spin->font();
      f.setBold(true);
      spin->setFont(f);
    }
    const std::string joint = l.name;
    const UrdfLockedJoint copy = l;
    connect(spin, &QDoubleSpinBox::editingFinished, this, [this, spin, joint, copy] {
      if (filling_) return;
      const double si = fromDisplay(copy, spin->value());
      if (std::abs(toDisplay(copy, si) - toDisplay(copy, copy.position)) < 0.5 * std::pow(10.0, -spin->decimals()))
        return;  // unchanged
      stated_[joint] = si;
      // Rebuild after the spin box's signal has returned (it is deleted by the rebuild).
      QMetaObject::invokeMethod(this, [this] { replan(); }, Qt::QueuedConnection);
    });
    locked_->setCellWidget(r, 1, spin);
    locked_->setItem(r, 2, new QTableWidgetItem(l.prismatic ? tr("mm") : tr("°")));
    QString why;
    if (l.stated) why = tr("stated here");
    else if (!l.mimicOf.empty())
      why = tr("mimic of %1: %2 × q + %3").arg(q(l.mimicOf), number(l.mimicMultiplier), number(l.mimicOffset));
    else why = tr("default position");
    const QString sep = tr("; ", "separator of the reasons of a locked joint");
    if (!current.wholeTree) why += sep + (l.onChain ? tr("on the chain") : tr("off the chain"));
    if (l.couplingLost)
      why += sep + (current.wholeTree ? tr("%1 moves: these links do not follow it")
                                      : tr("%1 moves on the chain: these links do not follow it")).arg(q(l.mimicOf));
    why += sep + (l.intoBody == root_ ? tr("links lumped into the fixed base (no effect on the dynamics)")
                                                      : tr("links lumped into the body of link %1").arg(q(l.intoBody)));
    locked_->setItem(r, 3, new QTableWidgetItem(why));
  }
  filling_ = false;
}

UrdfImportOptions UrdfChainDialog::options() const {
  UrdfImportOptions o;
  const UrdfChainCandidate* c = selected();
  if (!c) return o;
  o.tip = c->tip;
  o.wholeTree = c->wholeTree;
  for (const auto& l : c->locked)
    if (auto it = stated_.find(l.name); it != stated_.end()) o.lockedPositions[l.name] = it->second;
  return o;
}

bool UrdfChainDialog::selectTip(const QString& tip) {
  for (int r = 0; r < int(candidates_.size()); ++r)
    if (!candidates_[std::size_t(r)].wholeTree && q(candidates_[std::size_t(r)].tip) == tip) {
      chains_->selectRow(r);
      return true;
    }
  return false;
}

bool UrdfChainDialog::setLockedPosition(const QString& joint, double si) {
  const UrdfChainCandidate* c = selected();
  if (!c) return false;
  for (const auto& l : c->locked)
    if (q(l.name) == joint) {
      stated_[l.name] = si;
      replan();
      return true;
    }
  return false;
}

bool UrdfChainDialog::selectWholeTree() {
  for (int r = 0; r < int(candidates_.size()); ++r)
    if (candidates_[std::size_t(r)].wholeTree) {
      chains_->selectRow(r);
      return true;
    }
  return false;
}

bool UrdfChainDialog::wholeTreeSelected() const {
  const UrdfChainCandidate* c = selected();
  return c && c->wholeTree;
}

QString UrdfChainDialog::selectedTip() const {
  const UrdfChainCandidate* c = selected();
  return c ? q(c->tip) : QString();
}
int UrdfChainDialog::chainCount() const { return chains_->rowCount(); }
int UrdfChainDialog::lockedCount() const { return locked_->rowCount(); }
QString UrdfChainDialog::lockedCell(int row, int column) const {
  if (column == 1) {
    const auto* spin = qobject_cast<const QDoubleSpinBox*>(locked_->cellWidget(row, 1));
    return spin ? spin->text() : QString();
  }
  const QTableWidgetItem* it = locked_->item(row, column);
  return it ? it->text() : QString();
}
QString UrdfChainDialog::chainCell(int row, int column) const {
  const QTableWidgetItem* it = chains_->item(row, column);
  return it ? it->text() : QString();
}

bool chooseUrdfChain(QWidget* parent, const QString& path, const std::string& text, UrdfImportOptions& options) {
  const UrdfTreeInfo info = urdfTreeInfo(text, path.toStdString());
  if (!info.ok() || info.serial || info.candidates.empty()) return true;
  UrdfChainDialog dlg(text, path.toStdString(), info, parent);
  if (dlg.exec() != QDialog::Accepted) return false;
  const UrdfImportOptions chosen = dlg.options();
  options.tip = chosen.tip;
  options.wholeTree = chosen.wholeTree;
  options.lockedPositions = chosen.lockedPositions;
  return true;
}

}  // namespace maniplab::ui
