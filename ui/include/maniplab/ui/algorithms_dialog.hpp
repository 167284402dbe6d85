#pragma once
// Help -> Algorithms: the operation counts of the dynamics algorithms (Llibre, Mampey & Chrétien 1983 §IV.1) for the current
// robot — multiplications and additions counted by running ManipLab's own code on the counting scalar
// (model/operation_counts.hpp) beside Llibre, Mampey & Chrétien's (1983) formulas — as a table for the robot's n, and as a plot
// of the multiplications against n (chains like the robot, n = 1 .. nMax) on log-log axes, where the
// slopes 1, 2, 3 of the O(n), O(n^2), O(n^3) algorithms show.
#include <QDialog>

#include "maniplab/model/model.hpp"

class QTableWidget;
class QLabel;
class QCPAxisRect;
class QCustomPlot;

namespace maniplab::ui {

class AlgorithmsDialog : public QDialog {
  Q_OBJECT
 public:
  explicit AlgorithmsDialog(QWidget* parent = nullptr);
  /// Recounts for `model` (its n in the table, chains like it for n = 1..nMax in the plot). On a model
  /// whose mass matrix is not positive definite the counts cannot be taken: the table says why.
  void setModel(const Model& model, int nMax = 12);
  /// No serial chain to count for (e.g. the Orthoglide): the table and plot are emptied and the caption
  /// says `why`.
  void clearModel(const QString& why);

  int rowCount() const;
  QString cellText(int row, int column) const;
  int graphCount() const;

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void rebuild();
  Model model_;
  int nMax_ = 12;
  bool haveModel_ = false;
  QString noModelReason_;
  QLabel* caption_ = nullptr;
  QTableWidget* table_ = nullptr;
  QCustomPlot* plot_ = nullptr;
};

}  // namespace maniplab::ui
