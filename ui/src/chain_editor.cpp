// The chain editor (chain_editor.hpp): joint table, convention selector, inertial and actuator panels.
//
// Every edit is applied to a copy of the description, which is validated exactly as a robot file is
// (robotToJson + parseRobot: the loader's diagnostics), and pushed on the undo stack as a command that
// holds the whole description before and after (undo restores it bit for bit). Errors already present in
// the current description do not block edits (only errors introduced by the edit reject it).
#include "maniplab/ui/chain_editor.hpp"

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMap>
#include <QPointer>
#include <QPushButton>
#include <QRegularExpression>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QUndoCommand>
#include <QVBoxLayout>
#include <cmath>
#include <optional>
#include <set>

#include "maniplab/model/robot_file.hpp"
#include "maniplab/ui/diagnostic_text.hpp"
#include "maniplab/ui/chain_editor_convert.hpp"
#include "maniplab/ui/chain_editor_fields.hpp"

namespace maniplab::ui {

namespace {

constexpr double kDeg = 180.0 / M_PI;
const QColor kErrorColor(255, 190, 190);
const QColor kWarningColor(255, 236, 170);

QString formatValue(double v) { return QString::number(v, 'g', 10); }

bool parseNumber(const QString& text, double& v) {
  const QString t = text.trimmed();
  bool ok = false;
  v = QLocale::c().toDouble(t, &ok);
  if (!ok) v = QLocale().toDouble(t, &ok);
  return ok;
}

QString keyLabel(const QString& key) {
  if (key == "name") return ChainEditor::tr("name");
  if (key == "type") return ChainEditor::tr("type");
  if (key == "parent") return ChainEditor::tr("parent");
  if (key == "a") return ChainEditor::tr("a [m]");
  if (key == "alpha") return ChainEditor::tr("α [°]");
  if (key == "d") return ChainEditor::tr("d [m]");
  if (key == "theta") return ChainEditor::tr("θ [°]");
  if (key == "r") return ChainEditor::tr("r [m]");
  if (key == "x") return ChainEditor::tr("x [m]");
  if (key == "y") return ChainEditor::tr("y [m]");
  if (key == "z") return ChainEditor::tr("z [m]");
  if (key == "roll") return ChainEditor::tr("roll [°]");
  if (key == "pitch") return ChainEditor::tr("pitch [°]");
  if (key == "yaw") return ChainEditor::tr("yaw [°]");
  if (key == "offset") return ChainEditor::tr("offset [° | m]");
  if (key == "lower") return ChainEditor::tr("lower [° | m]");
  if (key == "upper") return ChainEditor::tr("upper [° | m]");
  if (key == "velocity") return ChainEditor::tr("velocity [°/s | m/s]");
  if (key == "effort") return ChainEditor::tr("effort [N·m | N]");
  if (key == "mass") return ChainEditor::tr("mass [kg]");
  if (key == "com_x") return ChainEditor::tr("CoM x [m]");
  if (key == "com_y") return ChainEditor::tr("CoM y [m]");
  if (key == "com_z") return ChainEditor::tr("CoM z [m]");
  if (key == "ixx") return ChainEditor::tr("Ixx [kg·m²]");
  if (key == "iyy") return ChainEditor::tr("Iyy [kg·m²]");
  if (key == "izz") return ChainEditor::tr("Izz [kg·m²]");
  if (key == "ixy") return ChainEditor::tr("Ixy [kg·m²]");
  if (key == "ixz") return ChainEditor::tr("Ixz [kg·m²]");
  if (key == "iyz") return ChainEditor::tr("Iyz [kg·m²]");
  if (key == "gear_ratio") return ChainEditor::tr("gear ratio");
  if (key == "rotor_inertia") return ChainEditor::tr("rotor inertia j_m [kg·m²]");
  if (key == "rotor_transverse_inertia") return ChainEditor::tr("transverse rotor inertia i_m [kg·m²]");
  if (key == "rotor_axis") return ChainEditor::tr("rotor axis (x, y, z)");
  if (key == "viscous_pos") return ChainEditor::tr("viscous + [N·m·s/rad | N·s/m]");
  if (key == "viscous_neg") return ChainEditor::tr("viscous − [N·m·s/rad | N·s/m]");
  if (key == "coulomb_pos") return ChainEditor::tr("Coulomb + [N·m | N]");
  if (key == "coulomb_neg") return ChainEditor::tr("Coulomb − [N·m | N]");
  if (key == "mimic_joint") return ChainEditor::tr("follows joint");
  if (key == "mimic_multiplier") return ChainEditor::tr("multiplier");
  if (key == "mimic_offset") return ChainEditor::tr("offset [° | m]");
  return key;
}

QString keyToolTip(const QString& key) {
  if (key == "type") return ChainEditor::tr("R: revolute, P: prismatic");
  if (key == "parent")
    return ChainEditor::tr("The body the joint hangs on (Khalil–Kleinfinger's antecedent a(j)): 0 the base, "
                           "or the number of an earlier joint; the previous joint makes a serial chain");
  if (key == "offset")
    return ChainEditor::tr("Joint offset: the joint variable's parameter at q = 0 (θ of a revolute joint, "
                           "d (DH) or r (MDH) of a prismatic one); degrees for revolute, metres for prismatic");
  if (key == "lower" || key == "upper" || key == "velocity" || key == "effort")
    return ChainEditor::tr("Degrees for revolute joints, metres for prismatic ones; empty: no limit");
  if (key == "d") return ChainEditor::tr("DH: offset along z; MDH: distance along x (Khalil's notation)");
  if (key == "rotor_axis")
    return ChainEditor::tr("Unit vector in the frame of the link carrying the motor; empty: the joint axis");
  if (key == "mimic_joint")
    return ChainEditor::tr("A coupled (mimic) joint moves with another, independent joint (a gripper's second "
                           "finger, a gear): the number of that joint; empty: the joint moves on its own");
  if (key == "mimic_multiplier" || key == "mimic_offset")
    return ChainEditor::tr("q = multiplier × q(source) + offset; the dynamics are projected onto the independent "
                           "joints (as Pinocchio 3 does for mimic joints)");
  return {};
}

QString axisText(const Vector3& a) {
  if (a.isZero()) return {};
  return QStringLiteral("%1, %2, %3").arg(formatValue(a.x()), formatValue(a.y()), formatValue(a.z()));
}

std::string diagKey(const Diagnostic& d) { return d.path + "\n" + d.message; }

/// True when `prefix` is `path` or a parent pointer of it.
bool pointerPrefix(const std::string& prefix, const std::string& path) {
  return path.size() >= prefix.size() && path.compare(0, prefix.size(), prefix) == 0 &&
         (path.size() == prefix.size() || path[prefix.size()] == '/');
}

class TypeDelegate : public QStyledItemDelegate {
 public:
  using QStyledItemDelegate::QStyledItemDelegate;
  QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const override {
    auto* c = new QComboBox(parent);
    c->addItem(QStringLiteral("R"));
    c->addItem(QStringLiteral("P"));
    c->setItemData(0, ChainEditor::tr("revolute"), Qt::ToolTipRole);
    c->setItemData(1, ChainEditor::tr("prismatic"), Qt::ToolTipRole);
    return c;
  }
  void setEditorData(QWidget* editor, const QModelIndex& index) const override {
    static_cast<QComboBox*>(editor)->setCurrentText(index.data().toString());
  }
  void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override {
    model->setData(index, static_cast<QComboBox*>(editor)->currentText());
  }
};

}  // namespace

struct ChainEditor::Impl {
  // One undoable change: the whole description before and after.
  class Command : public QUndoCommand {
   public:
    Command(ChainEditor* ed, RobotDescription before, RobotDescription after, int curBefore, int curAfter,
            const QString& text)
        : QUndoCommand(text), ed_(ed), before_(std::move(before)), after_(std::move(after)),
          curBefore_(curBefore), curAfter_(curAfter) {}
    void undo() override {
      if (ed_) ed_->d->apply(before_, curBefore_);
    }
    void redo() override {
      if (ed_) ed_->d->apply(after_, curAfter_);
    }

   private:
    QPointer<ChainEditor> ed_;
    RobotDescription before_, after_;
    int curBefore_, curAfter_;
  };

  ChainEditor* q;
  QUndoStack* undo;
  RobotDescription desc;
  Model model;
  int current = 0;
  bool updating = false;
  std::set<std::string> currentErrors, currentWarnings;
  std::vector<Diagnostic> warnings;

  QLabel* conventionLabel = nullptr;
  QComboBox* convention = nullptr;
  QTableWidget* table = nullptr;
  QPushButton *addButton = nullptr, *removeButton = nullptr, *upButton = nullptr, *downButton = nullptr;
  QGroupBox *linkBox = nullptr, *actuatorBox = nullptr, *couplingBox = nullptr;
  QMap<QString, QLineEdit*> fields;
  QMap<QString, QLabel*> fieldLabels;
  QStringList columns;

  Impl(ChainEditor* editor, QUndoStack* stack) : q(editor), undo(stack) {}

  // ---- UI ----
  void buildUi() {
    auto* top = new QVBoxLayout(q);
    auto* bar = new QHBoxLayout;
    conventionLabel = new QLabel(q);
    bar->addWidget(conventionLabel);
    convention = new QComboBox(q);
    convention->setObjectName(QStringLiteral("conventionSelector"));
    // Item texts are set by retranslate().
    convention->addItem(QString(), int(Convention::DH));
    convention->addItem(QString(), int(Convention::MDH));
    convention->addItem(QString(), int(Convention::General));
    bar->addWidget(convention);
    bar->addStretch(1);
    top->addLayout(bar);
    // The joint buttons on their own row: with the convention selector they cut each other off in a
    // narrow dock (a projector's 1280 x 720).
    auto* buttons = new QHBoxLayout;
    addButton = new QPushButton(q);
    removeButton = new QPushButton(q);
    upButton = new QPushButton(q);
    downButton = new QPushButton(q);
    for (auto* b : {addButton, removeButton, upButton, downButton}) buttons->addWidget(b);
    buttons->addStretch(1);
    top->addLayout(buttons);

    auto* split = new QSplitter(Qt::Vertical, q);
    table = new QTableWidget(split);
    table->setObjectName(QStringLiteral("jointTable"));
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setItemDelegateForColumn(1, new TypeDelegate(table));
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->setMinimumHeight(table->fontMetrics().height() * 9);  // header and about six joints

    // The link and actuator fields one above the other, a field below its label when the dock is narrow:
    // side by side they made the editor wider than the dock (cut buttons, a horizontal scroll).
    auto* panels = new QWidget(split);
    auto* ph = new QVBoxLayout(panels);
    ph->setContentsMargins(0, 0, 0, 0);
    linkBox = new QGroupBox(panels);
    linkBox->setObjectName(QStringLiteral("inertialPanel"));
    actuatorBox = new QGroupBox(panels);
    actuatorBox->setObjectName(QStringLiteral("actuatorPanel"));
    couplingBox = new QGroupBox(panels);
    couplingBox->setObjectName(QStringLiteral("couplingPanel"));
    auto makeForm = [this](QGroupBox* box, const QStringList& keys) {
      auto* form = new QFormLayout(box);
      form->setRowWrapPolicy(QFormLayout::WrapLongRows);
      for (const QString& key : keys) {
        auto* e = new QLineEdit(box);
        e->setObjectName(key);
        auto* label = new QLabel(box);  // texts (label, tooltip, placeholder) are set by retranslate()
        form->addRow(label, e);
        fields[key] = e;
        fieldLabels[key] = label;
        QObject::connect(e, &QLineEdit::editingFinished, q, [this, key, e] {
          if (updating || e->text() == e->property("shownText").toString()) return;
          q->editField(current, key, e->text());
        });
      }
    };
    makeForm(linkBox, linkFieldKeys());
    makeForm(actuatorBox, actuatorFieldKeys());
    makeForm(couplingBox, couplingFieldKeys());
    ph->addWidget(linkBox);
    ph->addWidget(actuatorBox);
    ph->addWidget(couplingBox);
    split->addWidget(table);
    split->addWidget(panels);
    top->addWidget(split, 1);

    QObject::connect(table, &QTableWidget::itemChanged, q, [this](QTableWidgetItem* item) {
      if (updating) return;
      const int col = item->column();
      if (col < 0 || col >= columns.size()) return;
      q->editCell(item->row(), columns[col], item->text());
    });
    QObject::connect(table, &QTableWidget::currentCellChanged, q, [this](int row, int, int, int) {
      if (updating || row < 0 || row == current) return;
      current = row;
      refreshPanels();
      updateButtons();
    });
    QObject::connect(convention, &QComboBox::currentIndexChanged, q, [this](int idx) {
      if (updating || idx < 0) return;
      const auto c = Convention(convention->itemData(idx).toInt());
      if (!q->setConvention(c)) {
        updating = true;
        convention->setCurrentIndex(convention->findData(int(desc.convention)));
        updating = false;
      }
    });
    QObject::connect(addButton, &QPushButton::clicked, q, [this] { q->addJoint(current); });
    QObject::connect(removeButton, &QPushButton::clicked, q, [this] { q->removeJoint(current); });
    QObject::connect(upButton, &QPushButton::clicked, q, [this] { q->moveJoint(current, -1); });
    QObject::connect(downButton, &QPushButton::clicked, q, [this] { q->moveJoint(current, +1); });
  }

  static QString tr(const char* s) { return ChainEditor::tr(s); }

  // Every user-visible text that depends on the language (labels, buttons, the convention items, the
  // header labels, the panel titles and the tooltips). Called from the constructor and on LanguageChange.
  void retranslate() {
    const bool wasUpdating = updating;
    updating = true;
    conventionLabel->setText(tr("Convention:"));
    const auto setItem = [this](Convention c, const QString& text) {
      const int i = convention->findData(int(c));
      if (i >= 0) convention->setItemText(i, text);  // keeps the current index
    };
    setItem(Convention::DH, tr("DH (standard)"));
    setItem(Convention::MDH, tr("MDH (modified)"));
    setItem(Convention::General, tr("General"));
    convention->setToolTip(tr("Re-expresses the robot in another convention (the same kinematics and dynamics)"));
    addButton->setText(tr("Add"));
    addButton->setToolTip(tr("Insert a joint after the selected one"));
    removeButton->setText(tr("Remove"));
    removeButton->setToolTip(tr("Remove the selected joint"));
    upButton->setText(tr("Up"));
    upButton->setToolTip(tr("Move the selected joint towards the base"));
    downButton->setText(tr("Down"));
    downButton->setToolTip(tr("Move the selected joint towards the tool"));
    for (auto it = fields.begin(); it != fields.end(); ++it) {
      const QString& key = it.key();
      QLineEdit* e = it.value();
      if (QLabel* l = fieldLabels.value(key)) l->setText(keyLabel(key));
      const QString tip = keyToolTip(key);
      // A marked field shows its reason in the tooltip: keep it; otherwise show the new base tooltip.
      if (e->toolTip() == e->property("baseToolTip").toString()) e->setToolTip(tip);
      e->setProperty("baseToolTip", tip);
      if (key == "rotor_axis") e->setPlaceholderText(tr("the joint axis"));
      if (key == "mimic_joint") e->setPlaceholderText(tr("none (independent)"));
    }
    retranslateTable();
    updateTitles();
    updating = wasUpdating;
  }

  // The header labels and tooltips of the current convention's columns, and the tooltips of the cells
  // that carry no mark (a marked cell shows its reason).
  void retranslateTable() {
    QStringList labels;
    for (const auto& c : columns) labels << keyLabel(c);
    table->setHorizontalHeaderLabels(labels);
    for (int c = 0; c < columns.size(); ++c)
      if (auto* h = table->horizontalHeaderItem(c)) h->setToolTip(keyToolTip(columns[c]));
    for (int r = 0; r < table->rowCount(); ++r)
      for (int c = 0; c < columns.size() && c < table->columnCount(); ++c)
        if (auto* it = table->item(r, c); it && !it->data(Qt::BackgroundRole).isValid())
          it->setToolTip(keyToolTip(columns[c]));
  }

  // The titles of the inertial and actuator panels (they name the current joint).
  void updateTitles() {
    const bool has = current >= 0 && current < int(desc.joints.size());
    const QString jn = has ? QString::fromStdString(desc.joints[std::size_t(current)].name) : QString();
    linkBox->setTitle(has ? tr("Link %1 %2").arg(current + 1).arg(jn) : tr("Link"));
    actuatorBox->setTitle(has ? tr("Actuator of joint %1 %2").arg(current + 1).arg(jn) : tr("Actuator"));
    couplingBox->setTitle(has ? tr("Coupling of joint %1 %2").arg(current + 1).arg(jn) : tr("Coupling"));
  }

  QString displayText(int joint, const QString& key) const {
    if (joint < 0 || joint >= int(desc.joints.size())) return {};
    const JointDescription& j = desc.joints[std::size_t(joint)];
    if (key == "name") return QString::fromStdString(j.name);
    if (key == "type") return j.type == JointType::Revolute ? QStringLiteral("R") : QStringLiteral("P");
    if (key == "parent") return QString::number(parentOf(desc, std::size_t(joint)) + 1);
    if (key == "rotor_axis") return axisText(j.actuator.rotorAxis);
    if (key == "mimic_joint") return j.mimic ? QString::number(j.mimic->source + 1) : QString();
    const auto v = fieldValue(desc.convention, j, key);
    if (!v) return {};
    if (isLimitKey(key) && std::abs(*v) > 1e299) return {};
    return formatValue(isAngleKey(key, j) ? *v * kDeg : *v);
  }

  void refresh() {
    updating = true;
    convention->setCurrentIndex(convention->findData(int(desc.convention)));
    columns = chainColumns(desc.convention);
    table->setColumnCount(int(columns.size()));
    retranslateTable();
    const int n = int(desc.joints.size());
    table->setRowCount(n);
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < columns.size(); ++c) {
        QTableWidgetItem* it = table->item(r, c);
        if (!it) {
          it = new QTableWidgetItem;
          table->setItem(r, c, it);
        }
        it->setText(displayText(r, columns[c]));
        it->setData(Qt::BackgroundRole, QVariant());
        it->setToolTip(keyToolTip(columns[c]));
      }
    }
    if (n > 0) {
      current = std::clamp(current, 0, n - 1);
      table->setCurrentCell(current, std::max(0, table->currentColumn()));
    } else {
      current = 0;
    }
    updating = false;
    refreshPanels();
    markWarnings();
    updateButtons();
  }

  void refreshPanels() {
    updating = true;
    const bool has = current >= 0 && current < int(desc.joints.size());
    updateTitles();
    for (auto it = fields.begin(); it != fields.end(); ++it) {
      const QString t = has ? displayText(current, it.key()) : QString();
      it.value()->setText(t);
      it.value()->setProperty("shownText", t);
      it.value()->setStyleSheet(QString());
      it.value()->setToolTip(it.value()->property("baseToolTip").toString());
      // The multiplier and offset of a coupling exist once the joint follows another.
      const bool coupled = has && desc.joints[std::size_t(current)].mimic.has_value();
      it.value()->setEnabled(has && (coupled || (it.key() != "mimic_multiplier" && it.key() != "mimic_offset")));
    }
    updating = false;
    markWarnings(true);
  }

  void updateButtons() {
    const int n = int(desc.joints.size());
    removeButton->setEnabled(n > 1);
    upButton->setEnabled(current > 0 && current < n);
    downButton->setEnabled(current >= 0 && current + 1 < n);
    addButton->setEnabled(n < 64);
  }

  // Marks a table cell or a panel field (text as typed, colour, reason in the tooltip).
  void mark(int joint, const QString& key, const QString* text, const QColor& color, const QString& reason) {
    updating = true;
    const int col = int(columns.indexOf(key));
    if (col >= 0 && joint >= 0 && joint < table->rowCount()) {
      if (auto* it = table->item(joint, col)) {
        if (text) it->setText(*text);
        it->setBackground(color);
        it->setToolTip(reason);
      }
    } else if (fields.contains(key) && joint == current) {
      QLineEdit* e = fields[key];
      if (text) e->setText(*text);
      e->setStyleSheet(QStringLiteral("background-color: %1;").arg(color.name()));
      e->setToolTip(reason);
    }
    updating = false;
  }

  // Warnings of the current description (the loader's), shown on their cells/fields.
  void markWarnings(bool panelsOnly = false) {
    for (const Diagnostic& w : warnings) {
      for (int j = 0; j < int(desc.joints.size()); ++j) {
        const std::string jp = "/joints/" + std::to_string(j);
        if (!pointerPrefix(jp, w.path)) continue;
        QStringList keys = panelsOnly ? QStringList() : columns;
        if (j == current) keys << linkFieldKeys() << actuatorFieldKeys() << couplingFieldKeys();
        const QString reason = tr("warning: %1").arg(translatedMessage(w.detail()));
        for (const QString& k : keys) {
          const std::string fp = fieldPath(desc.convention, j, k, desc.joints[std::size_t(j)]).toStdString();
          const bool hit = fp == w.path || (w.path == jp + "/link" && k == "mass") ||
                           (w.path == jp + "/limits" && (k == "lower" || k == "upper"));
          if (hit) mark(j, k, nullptr, kWarningColor, reason);
        }
      }
    }
  }

  void setDiagnostics(const std::vector<Diagnostic>& diags) {
    currentErrors.clear();
    currentWarnings.clear();
    warnings.clear();
    for (const auto& dg : diags) {
      if (dg.severity == Diagnostic::Severity::Error) {
        currentErrors.insert(diagKey(dg));
      } else {
        currentWarnings.insert(diagKey(dg));
        warnings.push_back(dg);
      }
    }
  }

  static std::vector<Diagnostic> check(const RobotDescription& r) {
    return parseRobot(robotToJson(r), r.name.empty() ? std::string("robot") : r.name).diagnostics;
  }

  void apply(const RobotDescription& next, int cur) {
    desc = next;
    model = buildModel(desc);
    current = cur;
    setDiagnostics(check(desc));
    refresh();
    emit q->robotChanged(desc, model);
  }

  /// Validates `next` as a robot file; the message of the first error it introduces (the one for `path`
  /// preferably), or nothing when it is acceptable. New warnings go to the message area.
  std::optional<QString> validate(const RobotDescription& next, const std::string& path,
                                  std::vector<Diagnostic>* newWarnings = nullptr) const {
    const std::vector<Diagnostic> diags = check(next);
    std::vector<Diagnostic> fresh;
    for (const auto& dg : diags) {
      if (dg.severity == Diagnostic::Severity::Error) {
        if (!currentErrors.count(diagKey(dg))) fresh.push_back(dg);
      } else if (newWarnings && !currentWarnings.count(diagKey(dg))) {
        newWarnings->push_back(dg);
      }
    }
    if (fresh.empty()) return std::nullopt;
    const Diagnostic* best = nullptr;
    for (const auto& dg : fresh)
      if (dg.path == path) best = &dg;
    if (!best)
      for (const auto& dg : fresh)
        if (!dg.path.empty() && (pointerPrefix(dg.path, path) || pointerPrefix(path, dg.path))) {
          best = &dg;
          break;
        }
    if (!best) best = &fresh.front();
    return QString::fromStdString(best->path.empty() ? std::string("/") : best->path) + QStringLiteral(": ") +
           translatedMessage(best->detail());
  }

  /// Validates and pushes a change. On rejection: the message (also emitted), and false.
  bool commit(const RobotDescription& next, int curAfter, const std::string& path, const QString& text,
              QString* error) {
    std::vector<Diagnostic> newWarnings;
    if (auto err = validate(next, path, &newWarnings)) {
      const QString msg = tr("Rejected: %1").arg(*err);
      if (error) *error = msg;
      emit q->message(msg);
      return false;
    }
    undo->push(new Command(q, desc, next, current, curAfter, text));
    for (const auto& w : newWarnings)
      emit q->message(tr("Warning: %1: %2").arg(QString::fromStdString(w.path), translatedMessage(w.detail())));
    return true;
  }

  bool editValue(int joint, const QString& key, const QString& text, QString* error, bool cell) {
    const int n = int(desc.joints.size());
    auto fail = [&](const QString& reason) {
      const QString msg = joint >= 0 && joint < n
                              ? tr("Joint %1, %2: %3").arg(joint + 1).arg(keyLabel(key), reason)
                              : reason;
      if (error) *error = msg;
      emit q->message(msg);
      if (joint >= 0 && joint < n) mark(joint, key, &text, kErrorColor, reason);
      return false;
    };
    if (joint < 0 || joint >= n) return fail(tr("no joint %1").arg(joint + 1));
    const bool known = cell ? columns.contains(key)
                            : (linkFieldKeys().contains(key) || actuatorFieldKeys().contains(key) ||
                               couplingFieldKeys().contains(key));
    if (!known) return fail(tr("no field \"%1\" in this convention").arg(key));

    RobotDescription next = desc;
    JointDescription& J = next.joints[std::size_t(joint)];
    const QString path = fieldPath(desc.convention, joint, key, J);
    const QString t = text.trimmed();
    if (key == "name") {
      if (J.name == t.toStdString()) return true;
      J.name = t.toStdString();
    } else if (key == "type") {
      const QString l = t.toLower();
      JointType ty;
      if (l == "r" || l == "revolute") ty = JointType::Revolute;
      else if (l == "p" || l == "prismatic") ty = JointType::Prismatic;
      else return fail(tr("%1: must be \"revolute\" or \"prismatic\" (got \"%2\")").arg(path, t));
      if (ty == J.type) {
        refresh();
        return true;
      }
      J.type = ty;
    } else if (key == "parent") {
      // 1-based as in the robot file: 0 the base, else an earlier joint (a(j) < j keeps the numbering
      // topological).
      bool ok = false;
      const int a = t.toInt(&ok);
      if (!ok || a < 0 || a > joint)
        return fail(joint == 0 ? tr("%1: the first joint hangs on the base: must be 0 (got \"%2\")").arg(path, t)
                               : tr("%1: must be 0 (the base) or an earlier joint, 1 to %2 (got \"%3\")")
                                     .arg(path)
                                     .arg(joint)
                                     .arg(t));
      std::vector<int> parents = jointParents(next);
      if (parents[std::size_t(joint)] == a - 1) {
        refresh();
        return true;
      }
      parents[std::size_t(joint)] = a - 1;
      setJointParents(next, parents);
    } else if (key == "mimic_joint") {
      // 1-based as in the robot file; empty: independent. The reader's checks (another joint, itself
      // independent) reject the rest with their messages (robot.mimic_source).
      std::optional<JointCoupling> m;
      if (!t.isEmpty()) {
        bool ok = false;
        const int k = t.toInt(&ok);
        if (!ok || k < 1 || k > n || k == joint + 1)
          return fail(tr("%1: must be the number of another joint, 1 to %2, or empty (got \"%3\")").arg(path).arg(n).arg(t));
        m = J.mimic.value_or(JointCoupling{});
        m->source = k - 1;
      }
      if ((!m && !J.mimic) || (m && J.mimic && m->source == J.mimic->source)) {
        refreshPanels();
        return true;
      }
      J.mimic = m;
    } else if ((key == "mimic_multiplier" || key == "mimic_offset") && !J.mimic) {
      return fail(tr("%1: the joint follows no joint: give the joint it follows first").arg(path));
    } else if (key == "rotor_axis") {
      Vector3 a = Vector3::Zero();
      if (!t.isEmpty()) {
        const QStringList parts = t.split(QRegularExpression(QStringLiteral("[\\s;,]+")), Qt::SkipEmptyParts);
        bool ok = parts.size() == 3;
        for (int i = 0; ok && i < 3; ++i) ok = parseNumber(parts[i], a[i]) && std::isfinite(a[i]);
        if (!ok) return fail(tr("%1: must be a 3-vector \"x, y, z\" (or empty: the joint axis), got \"%2\"").arg(path, t));
      }
      if (a == J.actuator.rotorAxis) {
        refreshPanels();
        return true;
      }
      J.actuator.rotorAxis = a;
    } else {
      double v = 0;
      if (t.isEmpty() && isLimitKey(key)) {
        v = key == "lower" ? -1e300 : 1e300;
      } else {
        if (!parseNumber(t, v)) return fail(tr("%1: must be a number (got \"%2\")").arg(path, t));
        if (!std::isfinite(v)) return fail(tr("%1: must be finite").arg(path));
        if (isAngleKey(key, J)) v /= kDeg;
      }
      const auto old = fieldValue(desc.convention, J, key);
      if (old && *old == v) {  // unchanged: restore the display (and clear a previous mark)
        if (cell) refresh(); else refreshPanels();
        return true;
      }
      setFieldValue(desc.convention, J, key, v);
    }
    QString err;
    if (!commit(next, joint, path.toStdString(),
                tr("Edit %1 of joint %2").arg(keyLabel(key)).arg(joint + 1), &err)) {
      const QString reason = err;
      if (error) *error = reason;
      mark(joint, key, &text, kErrorColor, reason);
      return false;
    }
    return true;
  }
};

ChainEditor::ChainEditor(QUndoStack* undo, QWidget* parent) : QWidget(parent), d(std::make_unique<Impl>(this, undo)) {
  if (!d->undo) d->undo = new QUndoStack(this);
  d->buildUi();
  d->retranslate();
  d->refresh();
}

void ChainEditor::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange && d) d->retranslate();
  QWidget::changeEvent(e);
}

ChainEditor::~ChainEditor() = default;

void ChainEditor::setDescription(const RobotDescription& desc) {
  d->desc = desc;
  d->model = buildModel(desc);
  d->current = 0;
  d->setDiagnostics(Impl::check(desc));
  d->refresh();
}

const RobotDescription& ChainEditor::description() const { return d->desc; }

bool ChainEditor::replaceDescription(const RobotDescription& desc, const QString& text, QString* error) {
  return d->commit(desc, 0, "", text, error);
}
const Model& ChainEditor::model() const { return d->model; }

bool ChainEditor::editCell(int joint, const QString& column, const QString& text, QString* error) {
  return d->editValue(joint, column, text, error, true);
}

bool ChainEditor::editField(int joint, const QString& key, const QString& text, QString* error) {
  return d->editValue(joint, key, text, error, false);
}

int ChainEditor::currentJoint() const { return d->current; }

QString ChainEditor::cellText(int joint, const QString& column) const {
  const int col = int(d->columns.indexOf(column));
  if (col < 0 || joint < 0 || joint >= d->table->rowCount()) return {};
  const auto* it = d->table->item(joint, col);
  return it ? it->text() : QString();
}

QString ChainEditor::fieldText(const QString& key) const {
  const auto it = d->fields.constFind(key);
  return it == d->fields.constEnd() ? QString() : it.value()->text();
}

void ChainEditor::setCurrentJoint(int joint) {
  if (joint < 0 || joint >= int(d->desc.joints.size())) return;
  d->current = joint;
  d->updating = true;
  d->table->setCurrentCell(joint, std::max(0, d->table->currentColumn()));
  d->updating = false;
  d->refreshPanels();
  d->updateButtons();
}

bool ChainEditor::addJoint(int after, QString* error) {
  const int n = int(d->desc.joints.size());
  const int at = after < 0 || after >= n ? n : after + 1;
  RobotDescription next = d->desc;
  JointDescription j;
  auto used = [&next](const std::string& name) {
    for (const auto& other : next.joints)
      if (other.name == name) return true;
    return false;
  };
  for (int k = n + 1;; ++k) {  // a name not yet used
    j.name = QStringLiteral("q%1").arg(k).toStdString();
    if (!used(j.name)) break;
  }
  if (next.convention == Convention::General) j.placement = Transform();
  j.link.mass = 1.0;  // a non-degenerate default body (a massless one makes the mass matrix singular)
  j.link.inertia = Matrix3::Identity() * 1e-3;
  // In a tree the new joint hangs on joint `at - 1` (its predecessor in the list) and takes over the joint
  // that followed it there; the other parents shift with the numbering.
  const std::vector<int> old = jointParents(next);
  std::vector<int> parents(old.begin(), old.begin() + at);
  parents.push_back(at - 1);
  for (int k = at; k < n; ++k) {
    const int p = old[std::size_t(k)];
    parents.push_back(k == at && p == at - 1 ? at : p >= at ? p + 1 : p);
  }
  next.joints.insert(next.joints.begin() + at, j);
  setJointParents(next, parents);
  for (auto& other : next.joints)  // mimic sources shift with the numbering too
    if (other.mimic && other.mimic->source >= at) ++other.mimic->source;
  if (!next.home.empty()) next.home.insert(next.home.begin() + at, 0.0);
  return d->commit(next, at, "/joints/" + std::to_string(at), tr("Add joint %1").arg(at + 1), error);
}

bool ChainEditor::removeJoint(int joint, QString* error) {
  const int n = int(d->desc.joints.size());
  if (joint < 0 || joint >= n) {
    if (error) *error = tr("no joint %1").arg(joint + 1);
    return false;
  }
  RobotDescription next = d->desc;
  // In a tree the removed joint's children hang on its parent; the other parents shift with the numbering.
  const std::vector<int> old = jointParents(next);
  std::vector<int> parents;
  for (int k = 0; k < n; ++k) {
    if (k == joint) continue;
    const int p = old[std::size_t(k)];
    parents.push_back(p == joint ? old[std::size_t(joint)] : p > joint ? p - 1 : p);
  }
  next.joints.erase(next.joints.begin() + joint);
  setJointParents(next, parents);
  for (auto& other : next.joints) {  // a mimic of the removed joint becomes independent; the others shift
    if (!other.mimic) continue;
    if (other.mimic->source == joint)
      other.mimic.reset();
    else if (other.mimic->source > joint)
      --other.mimic->source;
  }
  if (!next.home.empty()) next.home.erase(next.home.begin() + joint);
  return d->commit(next, std::min(joint, n - 2), "/joints", tr("Remove joint %1").arg(joint + 1), error);
}

bool ChainEditor::moveJoint(int joint, int delta, QString* error) {
  const int n = int(d->desc.joints.size());
  const int to = joint + (delta < 0 ? -1 : 1);
  if (joint < 0 || joint >= n || to < 0 || to >= n || delta == 0) {
    if (error) *error = tr("cannot move joint %1 there").arg(joint + 1);
    return false;
  }
  RobotDescription next = d->desc;
  // A chain keeps its parents implicit (the order changes); a tree's parents follow the two joints (a move
  // that would put a joint before its parent is refused by the reader's check at /joints/K/parent).
  const bool chain = isChain(next);
  const std::vector<int> old = jointParents(next);
  std::swap(next.joints[std::size_t(joint)], next.joints[std::size_t(to)]);
  for (auto& other : next.joints)  // mimic sources follow the two joints
    if (other.mimic) other.mimic->source = other.mimic->source == joint ? to : other.mimic->source == to ? joint : other.mimic->source;
  if (!chain) {
    auto moved = [&](int p) { return p == joint ? to : p == to ? joint : p; };
    std::vector<int> parents(old.size());
    for (int k = 0; k < n; ++k) parents[std::size_t(moved(k))] = moved(old[std::size_t(k)]);
    setJointParents(next, parents);
  }
  if (!next.home.empty()) std::swap(next.home[std::size_t(joint)], next.home[std::size_t(to)]);
  return d->commit(next, to, "/joints/" + std::to_string(to),
                   delta < 0 ? tr("Move joint %1 up").arg(joint + 1) : tr("Move joint %1 down").arg(joint + 1), error);
}

bool ChainEditor::setConvention(Convention convention, QString* error) {
  if (convention == d->desc.convention) return true;
  RobotDescription next;
  std::string why;
  if (!convertConvention(d->desc, convention, next, &why)) {
    const QString msg = tr("Cannot change the convention: %1").arg(QString::fromStdString(why));
    if (error) *error = msg;
    emit message(msg);
    return false;
  }
  const QString name = convention == Convention::DH ? tr("DH") : convention == Convention::MDH ? tr("MDH") : tr("general");
  return d->commit(next, d->current, "/convention", tr("Convention: %1").arg(name), error);
}

}  // namespace maniplab::ui
