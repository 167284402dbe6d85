#pragma once
// The teach panel: one slider + spin box per joint (degrees for revolute joints, millimetres for
// prismatic ones; range = the joint limits, or ±360° / ±1 m when unlimited) to pose the robot by hand
// when no simulation runs, with the end-effector pose (X, Y, Z and the Euler X-Y-Z angles of Zanaboni 2009)
// shown live. Radians and metres inside.
#include <QWidget>
#include <memory>

#include "maniplab/model/model.hpp"

namespace maniplab::ui {

class TeachPanel : public QWidget {
  Q_OBJECT
 public:
  explicit TeachPanel(QWidget* parent = nullptr);
  ~TeachPanel() override;

  /// Rebuilds the sliders for `model` and poses them at q (no signal).
  void setRobot(const Model& model, const VectorX& q);
  /// Moves the sliders to q (SI units) without emitting configurationChanged.
  void setConfiguration(const VectorX& q);
  const VectorX& configuration() const;
  /// Sets joint i from a displayed value (degrees or mm), as the user would; emits the signal.
  void setJointDisplayValue(int joint, double value);
  /// The end-effector pose text as displayed (for tests and the status bar).
  QString poseText() const;

 signals:
  void configurationChanged(const maniplab::VectorX& q);

 protected:
  void changeEvent(QEvent* e) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> d;
};

}  // namespace maniplab::ui
