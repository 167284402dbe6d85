#pragma once
// File > Import URDF on a tree (a gripper, several arms, a head): the user chooses the whole tree (the
// first row; UrdfImportOptions::wholeTree) or a serial chain to simulate. One row per candidate chain from
// the root link (its tip link, the number of joints that
// move, the joints it locks; urdfTreeInfo() in model/urdf); below, the joints the selected chain locks,
// each with its locked position (editable: degrees for revolute joints, millimetres for prismatic ones;
// SI in the options) and why it is there (off the chain, a mimic joint and its rule, the body its links
// are lumped into). Positions left alone follow the rule of urdf_file.hpp (mimic multiplier * q + offset,
// <maniplab:joint home>, zero); edited ones are "stated" and mimic joints that follow them are updated.
#include <QDialog>

#include <map>
#include <string>
#include <vector>

#include "maniplab/urdf/urdf_file.hpp"

class QLabel;
class QTableWidget;
class QDialogButtonBox;
class QPushButton;

namespace maniplab::ui {

class UrdfChainDialog : public QDialog {
  Q_OBJECT
 public:
  /// `urdfText` is the file's content (re-planned when a position is edited); `info` its urdfTreeInfo().
  UrdfChainDialog(std::string urdfText, std::string fileName, const UrdfTreeInfo& info, QWidget* parent = nullptr);

  /// The choice: the whole tree or a tip, and the positions the user stated (SI).
  UrdfImportOptions options() const;

  /// For tests and scripts: selects the row of `tip` (false when it is not a candidate).
  bool selectTip(const QString& tip);
  /// For tests and scripts: selects the whole tree's row (false when the tree cannot be planned).
  bool selectWholeTree();
  bool wholeTreeSelected() const;
  /// For tests and scripts: states a locked position (SI: rad or m) as if typed in its row.
  bool setLockedPosition(const QString& joint, double si);
  QString selectedTip() const;
  int chainCount() const;
  /// The locked joints shown for the selected chain, and a cell's text (columns: joint, position, unit,
  /// why).
  int lockedCount() const;
  QString lockedCell(int row, int column) const;
  QString chainCell(int row, int column) const;

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void retranslate();
  void fillChains();
  void fillLocked();
  void replan();
  const UrdfChainCandidate* selected() const;

  std::string text_, file_;
  std::string root_;
  std::vector<UrdfChainCandidate> candidates_;   ///< as written: the whole tree first, then the chains
  std::map<std::string, double> stated_;          ///< positions the user typed (SI)
  QLabel* intro_ = nullptr;
  QLabel* lockedTitle_ = nullptr;
  QTableWidget* chains_ = nullptr;
  QTableWidget* locked_ = nullptr;
  QDialogButtonBox* buttons_ = nullptr;
  QPushButton* defaults_ = nullptr;
  bool filling_ = false;
};

/// For File > Import URDF: when the URDF `text` (the file at `path`, already read) is a tree, shows the
/// dialog; `options` gets the choice. True when the import should go on (a serial or malformed file: no
/// question asked, the import reports), false when the user cancelled.
bool chooseUrdfChain(QWidget* parent, const QString& path, const std::string& text, UrdfImportOptions& options);

}  // namespace maniplab::ui
