#pragma once
// The oscilloscope's screen (scope_widget.hpp): a QCustomPlot with a dark 10 x 8 graticule on which the
// channels of a ScopeModel are drawn, min/max-decimated per pixel column, with the status and time base
// texts, the trigger's level and position marks, the cursors, the ticks of irregular periods
// (scope_markers.hpp), and the scale labels and legend laid out over the screen (scope_overlay.hpp). It
// draws what the model holds and decides nothing: the scope tells it when to rebuild and repaint.
#include <qcustomplot.h>

#include <QPen>
#include <QPointF>
#include <QRect>
#include <QStringList>
#include <QVector>
#include <array>
#include <functional>

#include "scope_markers.hpp"
#include "scope_model.hpp"

namespace maniplab::ui {

class ScopeScreen : public QCustomPlot {
  Q_OBJECT
 public:
  explicit ScopeScreen(const ScopeModel& model, QWidget* parent = nullptr);

  /// Called after each paint event (the scope counts the paints that showed a new replot).
  std::function<void()> onPainted;

  /// Decimates the visible window into the traces and updates the texts and marks (no repaint).
  void rebuild();
  /// Updates the status and time base texts, the trigger marks and the cursors (no repaint).
  void updateTexts();
  /// The traces' own buffered layer: while samples stream in and no setting changed, only this layer is
  /// repainted (the graticule, the texts and the markers keep their buffers).
  QCPLayer* tracesLayer() const { return traces_; }
  QString statusText() const { return status_->text(); }

  /// Width of the graticule area in pixels (a hidden screen decimates for 1 000 columns).
  int pixelWidth() const;
  /// The points last drawn for channel k: x in divisions from the left edge, y from the centre.
  QVector<QPointF> displayedPoints(int k) const;
  /// The ticks of irregular periods drawn: x in divisions from the left edge.
  QVector<double> irregularMarks() const;
  /// The pen of channel k's trace.
  QPen pen(int k) const;

  /// Where the texts over the screen go (scale labels at the bottom, the legend below the status line).
  struct Piece {
    QString text;
    QColor color;
    bool sample = false;  // a line sample in `pen` before the text
    QPen pen;
    bool breakBefore = false;
  };
  struct Overlay {
    QRect screen;
    QVector<int> scaleChannels;
    QVector<QRect> scaleRects;
    QVector<Piece> legend;  // what is drawn, in order
    QVector<QRect> legendRects;
    QStringList legendLines;  // one per legend entry: "LABEL [UNIT]", or "TITLE [UNIT]: A, B" for a group
    QVector<QPen> legendPens;  // the samples' pens, in order
  };
  Overlay overlayLayout() const;
  /// The legend's lines (whether the legend is shown or not).
  QStringList legendLines() const;

 signals:
  /// A click on the screen placed cursor 0 (left button) or 1 (right button) at `screenSeconds`.
  void cursorPicked(int cursor, double screenSeconds);

 protected:
  void paintEvent(QPaintEvent* e) override;

 private:
  void buildAxes();
  void buildItems();
  QString legendEntry(int k) const;
  QString scaleLabel(int k) const;
  void legendPieces(QVector<Piece>& pieces, QStringList& lines) const;
  void paintOverlay(QCPPainter* p) const;
  QString statusFor() const;

  const ScopeModel& m_;
  QCPLayer* traces_ = nullptr;
  std::array<QCPGraph*, ScopeModel::kChannels> graphs_{};
  ScopeIrregularMarkers irregular_;  // ticks of irregular periods (ecat_bad_cycles > 0)
  QCPItemText* status_ = nullptr;
  QCPItemText* timeBaseText_ = nullptr;
  QCPItemText* trigLevelMarker_ = nullptr;
  QCPItemText* trigPosMarker_ = nullptr;
  QCPItemStraightLine* cursorLines_[2] = {nullptr, nullptr};
};

}  // namespace maniplab::ui
