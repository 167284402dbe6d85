#include "maniplab/ui/algorithms_dialog.hpp"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <stdexcept>

#include "maniplab/model/operation_counts.hpp"

namespace maniplab::ui {

namespace {
QString countText(std::int64_t v) { return v < 0 ? QStringLiteral("—") : QString::number(v); }

QString algorithmTitle(const std::string& key) {
  if (key == "transforms") return AlgorithmsDialog::tr("Joint transforms S_i");
  if (key == "rnea") return AlgorithmsDialog::tr("Newton–Euler (inverse dynamics)");
  if (key == "recurrence") return AlgorithmsDialog::tr("Kinetic-energy matrix, backward recurrence");
  if (key == "crba") return AlgorithmsDialog::tr("Mass matrix, composite rigid bodies (CRBA)");
  if (key == "cholesky") return AlgorithmsDialog::tr("Cholesky factorisation and solve");
  if (key == "aba") return AlgorithmsDialog::tr("Articulated-body algorithm (ABA)");
  if (key == "fd_cholesky") return AlgorithmsDialog::tr("Forward dynamics: NE + recurrence + Cholesky");
  return QString::fromStdString(key);
}

const QColor kColours[] = {QColor(31, 119, 180), QColor(255, 127, 14), QColor(44, 160, 44), QColor(214, 39, 40),
                           QColor(148, 103, 189), QColor(140, 86, 75), QColor(227, 119, 194)};
}  // namespace

AlgorithmsDialog::AlgorithmsDialog(QWidget* parent) : QDialog(parent) {
  setObjectName("algorithmsDialog");
  resize(980, 720);
  auto* lay = new QVBoxLayout(this);
  caption_ = new QLabel(this);
  caption_->setWordWrap(true);
  lay->addWidget(caption_);
  auto* split = new QSplitter(Qt::Vertical, this);
  table_ = new QTableWidget(this);
  table_->setObjectName("algorithmsTable");
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->verticalHeader()->hide();
  split->addWidget(table_);
  plot_ = new QCustomPlot(this);
  plot_->setObjectName("algorithmsPlot");
  plot_->setMinimumHeight(280);
  plot_->legend->setVisible(true);
  plot_->legend->setFont(QFont(font().family(), 8));
  plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
  for (QCPAxis* ax : {plot_->xAxis, plot_->yAxis}) {
    ax->setScaleType(QCPAxis::stLogarithmic);
    ax->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
  }
  split->addWidget(plot_);
  lay->addWidget(split, 1);
  rebuild();
}

void AlgorithmsDialog::setModel(const Model& model, int nMax) {
  model_ = model;
  nMax_ = std::max(1, nMax);
  haveModel_ = model.nq > 0;
  noModelReason_.clear();
  rebuild();
}

void AlgorithmsDialog::clearModel(const QString& why) {
  model_ = Model{};
  haveModel_ = false;
  noModelReason_ = why;
  rebuild();
}

int AlgorithmsDialog::rowCount() const { return table_->rowCount(); }
QString AlgorithmsDialog::cellText(int row, int column) const {
  const QTableWidgetItem* it = table_->item(row, column);
  return it ? it->text() : QString();
}
int AlgorithmsDialog::graphCount() const { return plot_->graphCount(); }

void AlgorithmsDialog::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) rebuild();
  QDialog::changeEvent(e);
}

void AlgorithmsDialog::rebuild() {
  setWindowTitle(tr("Algorithms and operation counts"));
  caption_->setText(
      tr("Multiplications (×, divisions included) and additions (+, subtractions included) actually performed by "
         "ManipLab's algorithms, counted by running them on a counting scalar type, beside the formulas of Llibre, Mampey & Chrétien 1983 "
         "§IV.1 (revolute joints, no actuators, the authors' own optimisations). sin q and cos q are taken as given, "
         "as in Llibre, Mampey & Chrétien (1983); ManipLab's rows exclude the joint transforms, which the paper counts apart (first row)."));
  table_->clear();
  table_->setColumnCount(6);
  table_->setHorizontalHeaderLabels({tr("Algorithm"), tr("ManipLab ×"), tr("ManipLab +"), tr("Llibre, Mampey & Chrétien 1983 ×"),
                                     tr("Llibre, Mampey & Chrétien 1983 +"), tr("Formula of the paper (×; +)")});
  table_->setRowCount(0);
  plot_->clearGraphs();
  if (!haveModel_) {
    if (!noModelReason_.isEmpty()) caption_->setText(noModelReason_);
    plot_->replot();
    return;
  }
  OperationCountTable t;
  try {
    t = countOperations(model_);
  } catch (const std::exception& ex) {
    table_->setRowCount(1);
    table_->setItem(0, 0, new QTableWidgetItem(tr("The counts cannot be taken: %1").arg(QString::fromStdString(ex.what()))));
    plot_->replot();
    return;
  }
  table_->setRowCount(int(t.rows.size()));
  for (int r = 0; r < int(t.rows.size()); ++r) {
    const AlgorithmCount& a = t.rows[std::size_t(r)];
    const QString formula = a.published.mulFormula.empty()
                                ? QStringLiteral("—")
                                : QStringLiteral("%1; %2").arg(QString::fromStdString(a.published.mulFormula),
                                                               QString::fromStdString(a.published.addFormula));
    const QString cells[] = {algorithmTitle(a.key), countText(a.ours.products()), countText(a.ours.additions()),
                             countText(a.published.mul), countText(a.published.add), formula};
    for (int c = 0; c < 6; ++c) {
      auto* it = new QTableWidgetItem(cells[c]);
      if (c > 0 && c < 5) it->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      table_->setItem(r, c, it);
    }
  }
  table_->resizeColumnsToContents();
  table_->horizontalHeader()->setStretchLastSection(true);

  // Multiplications against n for chains like the robot, ours (solid) and the paper's (dashed).
  const char* keys[] = {"rnea", "recurrence", "crba", "cholesky", "aba"};
  QVector<double> ns;
  std::vector<QVector<double>> ours(std::size(keys)), published(std::size(keys));
  for (int n = 1; n <= nMax_; ++n) {
    OperationCountTable tn;
    try {
      tn = countOperations(chainLike(model_, n));
    } catch (const std::exception&) {
      continue;  // a sub-chain with a singular mass matrix (e.g. a massless first link): no point for this n
    }
    ns.push_back(n);
    for (std::size_t k = 0; k < std::size(keys); ++k) {
      const AlgorithmCount* a = tn.find(keys[k]);
      ours[k].push_back(a ? double(a->ours.products()) : qQNaN());
      published[k].push_back(a && a->published.mul > 0 ? double(a->published.mul) : qQNaN());
    }
  }
  for (std::size_t k = 0; k < std::size(keys); ++k) {
    QCPGraph* g = plot_->addGraph();
    g->setName(tr("%1 (ManipLab)").arg(algorithmTitle(keys[k])));
    g->setPen(QPen(kColours[k], 2));
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
    g->setData(ns, ours[k], true);
    bool anySeed = false;
    for (double v : published[k]) anySeed = anySeed || !qIsNaN(v);
    if (anySeed) {
      QCPGraph* s = plot_->addGraph();
      s->setName(tr("%1 (Llibre, Mampey & Chrétien 1983)").arg(algorithmTitle(keys[k])));
      s->setPen(QPen(kColours[k], 1.5, Qt::DashLine));
      s->setData(ns, published[k], true);
    }
  }
  plot_->xAxis->setLabel(tr("number of joints n"));
  plot_->yAxis->setLabel(tr("multiplications"));
  plot_->rescaleAxes();
  plot_->replot();
}

}  // namespace maniplab::ui
