// The trajectory form's checks (trajectory_editor.hpp): the scene reader's problems with the trajectory
// as edited, marked in the fields they name (showProblems), and the check of the trajectory against the
// robot's limits, shown as a warning under the form (checkLimits).
#include "maniplab/ui/trajectory_editor.hpp"

#include <QDoubleSpinBox>
#include <QLabel>
#include <QStringList>
#include <QTableWidget>
#include <algorithm>
#include <stdexcept>

#include "maniplab/sim/scene.hpp"
#include "maniplab/ui/diagnostic_text.hpp"
#include "trajectory_editor_common.hpp"

namespace maniplab::ui {

using nlohmann::json;

namespace {

using trajectory_form::kDeg;
using trajectory_form::numberOr;

const QColor kErrorColor(255, 190, 190);  // as the chain editor's invalid cells
const QColor kWarningColor(255, 236, 170);

void markWidget(QWidget* w, const QColor& c, const QString& reason) {
  QPalette p = w->palette();
  p.setColor(QPalette::Base, c);
  w->setPalette(p);
  w->setToolTip(reason);
}

}  // namespace

void TrajectoryEditor::setRobotDescription(const RobotDescription& description) {
  description_ = description;
  hasDescription_ = true;
  checkLimits();
}

QString TrajectoryEditor::limitWarningText() const { return limitWarning_->isHidden() ? QString() : limitWarning_->text(); }

void TrajectoryEditor::checkLimits() {
  limits_ = sim::LimitReport{};
  if (orthoglide_ || model_.nq == 0 || current_.is_null()) {
    limitWarning_->hide();
    return;
  }
  // The trajectory as a run would build it (sim::makeTrajectory); what the scene reader refuses is
  // reported by showProblems(), not here.
  try {
    sim::Scene scene;
    scene.robot.model = model_;
    if (hasDescription_ && int(description_.joints.size()) == model_.nq) scene.robot.description = description_;
    scene.trajectory = current_;
    scene.duration = std::max(numberOr(current_, "duration", 1.0), 1e-3);
    if (!noErrors(sim::validateTrajectory(current_, model_))) throw std::invalid_argument("invalid trajectory");
    const auto traj = sim::makeTrajectory(scene);
    if (traj && traj->dof() == model_.nq) limits_ = sim::checkTrajectoryLimits(model_, *traj);
  } catch (const std::exception&) {
    limits_ = sim::LimitReport{};
  }
  if (limits_.ok()) {
    limitWarning_->clear();
    limitWarning_->hide();
    return;
  }
  // Values in the units of the form: degrees for revolute joints.
  auto value = [&](int j, sim::LimitQuantity q, double v) {
    const bool rev = model_.isRevolute(j);
    switch (q) {
      case sim::LimitQuantity::Position:
        return rev ? tr("%1°").arg(QString::number(v * kDeg, 'g', 4)) : tr("%1 m").arg(QString::number(v, 'g', 4));
      case sim::LimitQuantity::Velocity:
        return rev ? tr("%1°/s").arg(QString::number(v * kDeg, 'g', 4)) : tr("%1 m/s").arg(QString::number(v, 'g', 4));
      case sim::LimitQuantity::Acceleration:
        return rev ? tr("%1°/s²").arg(QString::number(v * kDeg, 'g', 4))
                   : tr("%1 m/s²").arg(QString::number(v, 'g', 4));
      case sim::LimitQuantity::Effort:
        return rev ? tr("%1 N m").arg(QString::number(v, 'g', 4)) : tr("%1 N").arg(QString::number(v, 'g', 4));
    }
    return QString();
  };
  QStringList lines;
  lines << tr("The trajectory passes the robot's limits (checked before the run, without simulating):");
  constexpr int kShown = 8;
  for (std::size_t k = 0; k < limits_.violations.size() && k < kShown; ++k) {
    const sim::LimitViolation& v = limits_.violations[k];
    const QString name = std::size_t(v.joint) < model_.jointName.size()
                             ? QString::fromStdString(model_.jointName[std::size_t(v.joint)])
                             : QString();
    const QString joint = name.isEmpty() ? tr("joint %1").arg(v.joint + 1) : tr("joint %1 (%2)").arg(v.joint + 1).arg(name);
    const QString t = QString::number(v.firstTime, 'f', 3), tp = QString::number(v.peakTime, 'f', 3);
    const QString bound = value(v.joint, v.quantity, v.bound), by = value(v.joint, v.quantity, v.excess()),
                  peak = value(v.joint, v.quantity, v.peakValue);
    QString line;
    switch (v.quantity) {
      case sim::LimitQuantity::Position:
        line = v.upper ? tr("t = %1 s: %2 passes its upper limit %3 by %4 (peak %5 at t = %6 s)")
                       : tr("t = %1 s: %2 passes its lower limit %3 by %4 (peak %5 at t = %6 s)");
        break;
      case sim::LimitQuantity::Velocity:
        line = tr("t = %1 s: %2 exceeds its velocity limit %3 by %4 (peak %5 at t = %6 s)");
        break;
      case sim::LimitQuantity::Acceleration:
        line = tr("t = %1 s: %2 exceeds its acceleration limit %3 by %4 (peak %5 at t = %6 s)");
        break;
      case sim::LimitQuantity::Effort:
        line = model_.isRevolute(v.joint)
                   ? tr("t = %1 s: %2 needs more than its torque limit %3, by %4 (peak %5 at t = %6 s; inverse "
                        "dynamics along the path)")
                   : tr("t = %1 s: %2 needs more than its force limit %3, by %4 (peak %5 at t = %6 s; inverse "
                        "dynamics along the path)");
        break;
    }
    lines << line.arg(t, joint, bound, by, peak, tp);
  }
  if (limits_.violations.size() > std::size_t(kShown))
    lines << tr("... and %n more.", nullptr, int(limits_.violations.size()) - kShown);
  limitWarning_->setText(lines.join(QLatin1Char('\n')));
  limitWarning_->setToolTip(tr("Sampled every %1 ms with every peak refined between the samples; a run would "
                               "drive the robot beyond these limits or saturate its drives.")
                                .arg(QString::number(limits_.step * 1e3, 'g', 3)));
  limitWarning_->show();
}

void TrajectoryEditor::clearMarks() {
  for (QTableWidget* t : {jointTable_, viaTable_, cartesianTable_, wayPointTable_})
    for (int r = 0; r < t->rowCount(); ++r)
      for (int c = 0; c < t->columnCount(); ++c)
        if (auto* it = t->item(r, c)) {
          it->setBackground(QBrush());
          if ((t != cartesianTable_ || r < 3 || c == 0) && (t != wayPointTable_ || c < 3 || r > 0)) it->setToolTip(QString());
        }
  for (QWidget* w : std::initializer_list<QWidget*>{duration_, samplePeriod_}) {
    w->setPalette(QPalette());
    w->setToolTip(QString());
  }
}

void TrajectoryEditor::showProblems(const std::vector<Diagnostic>& diagnostics) {
  const bool wasFilling = filling_;
  filling_ = true;  // colouring items emits itemChanged / cellChanged
  clearMarks();
  QStringList lines;
  bool anyError = false;
  const QStringList keys = jointColumnKeys();
  const QString t = type();
  for (const Diagnostic& d : diagnostics) {
    const bool error = d.severity == Diagnostic::Severity::Error;
    anyError = anyError || error;
    const QColor colour = error ? kErrorColor : kWarningColor;
    const QString path = QString::fromStdString(d.path);
    const QString text = translatedMessage(d.detail());
    lines << (path.isEmpty() || path == QStringLiteral("/trajectory") ? text : path + QStringLiteral(": ") + text);
    const QString reason = lines.back();
    // "/trajectory/KEY[/INDEX...]"
    const QStringList parts = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (parts.size() < 2 || parts[0] != QStringLiteral("trajectory")) continue;
    const QString key = parts[1];
    bool hasIndex = false;
    const int index = parts.size() > 2 ? parts[2].toInt(&hasIndex) : -1;
    auto markCells = [&](QTableWidget* table, int row0, int row1, int col0, int col1) {
      for (int r = row0; r <= row1 && r < table->rowCount(); ++r)
        for (int c = col0; c <= col1 && c < table->columnCount(); ++c)
          if (auto* it = table->item(r, c)) {
            it->setBackground(colour);
            it->setToolTip(reason);
          }
    };
    if (orthoglide_) {
      // points/K[/i] -> row K (column i or X, Y, Z); durations/K -> the duration on row K + 1.
      const int rows = wayPointTable_->rowCount();
      if (key == QStringLiteral("points")) {
        bool hasAxis = false;
        const int axis = parts.size() > 3 ? parts[3].toInt(&hasAxis) : -1;
        markCells(wayPointTable_, hasIndex ? index : 0, hasIndex ? index : rows - 1, hasAxis ? axis : 0, hasAxis ? axis : 2);
      } else if (key == QStringLiteral("durations")) {
        markCells(wayPointTable_, hasIndex ? index + 1 : 1, hasIndex ? index + 1 : rows - 1, 3, 3);
      }
      continue;
    }
    if (key == QStringLiteral("duration")) {
      markWidget(duration_, colour, reason);
    } else if (key == QStringLiteral("sample_period")) {
      markWidget(samplePeriod_, colour, reason);
    } else if (keys.contains(key)) {
      const int c = int(keys.indexOf(key));
      markCells(jointTable_, hasIndex ? index : 0, hasIndex ? index : jointTable_->rowCount() - 1, c, c);
    } else if (t == QStringLiteral("via_points") && key == QStringLiteral("times")) {
      markCells(viaTable_, 0, 0, 0, viaTable_->columnCount() - 1);
    } else if (t == QStringLiteral("via_points") && key == QStringLiteral("points")) {
      markCells(viaTable_, 1, viaTable_->rowCount() - 1, hasIndex ? index : 0,
                hasIndex ? index : viaTable_->columnCount() - 1);
    } else if (t == QStringLiteral("cartesian_line") && (key == QStringLiteral("from") || key == QStringLiteral("to"))) {
      const int c = key == QStringLiteral("from") ? 0 : 1;
      markCells(cartesianTable_, 0, 5, c, c);
    }
  }
  filling_ = wasFilling;
  if (lines.isEmpty()) {
    status_->clear();
    status_->setToolTip(QString());
    status_->hide();
    return;
  }
  status_->setText(lines.join(QLatin1Char('\n')));
  status_->setToolTip(status_->text());
  status_->setStyleSheet(anyError ? QStringLiteral("color: #b00020;") : QStringLiteral("color: #8a5a00;"));
  status_->show();
}

QString TrajectoryEditor::statusText() const { return status_->isHidden() ? QString() : status_->text(); }

}  // namespace maniplab::ui
