#pragma once
// A bench-oscilloscope view of recorder channels (dark screen, 10 x 8 graticule, bright traces), on
// QCustomPlot (Qt 6 build). Up to 8 scope channels, each showing one source channel with its own colour,
// gain per division and offset; a time base (s/div); roll mode and triggered sweep (channel, level,
// edge; auto / normal / single); run/stop; two cursors with Δt / Δvalue readouts; per-channel
// measurements (max, min, RMS over the visible window); autoscale; export of the visible data to CSV
// and of the screen to PNG/SVG. Samples are kept in a bounded ring per source channel and decimated
// (min/max per pixel column) for drawing, so 8 channels x 1 000 000 samples redraw at display rate.
#include <QColor>
#include <QPen>
#include <QRect>
#include <QPointF>
#include <QSize>
#include <QVector>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <memory>
#include <vector>

#include "maniplab/ui/scope_trigger.hpp"

namespace maniplab::ui {

class ScopeWidget : public QWidget {
  Q_OBJECT
 public:
  static constexpr int kChannels = 8;
  enum class Mode { Roll, Triggered };
  using TriggerSweep = ScopeTrigger::Sweep;
  using Edge = ScopeTrigger::Edge;

  explicit ScopeWidget(QWidget* parent = nullptr);
  ~ScopeWidget() override;

  /// The source channels that can be shown (the recorder's channel names and units); clears the data.
  void setSources(const QStringList& names, const QStringList& units);
  QStringList sources() const;
  /// Appends `rows` samples: times[r] and values[r * sourceCount + s] (row-major). GUI thread only.
  void appendSamples(const double* times, const double* values, int rows);
  void clearData();
  qint64 sampleCount() const;  ///< samples held per source channel

  /// Scope channel k (0..7) shows source `source` (-1: off).
  void setChannelSource(int k, int source);
  int channelSource(int k) const;
  void setChannelColor(int k, const QColor& c);
  void setChannelGain(int k, double unitsPerDivision);
  void setChannelOffset(int k, double offset);  ///< in the channel's units, added before scaling
  double channelGain(int k) const;
  void setTimeBase(double secondsPerDivision);
  double timeBase() const;
  void setMode(Mode m);
  void setTrigger(int scopeChannel, double level, Edge edge, TriggerSweep sweep);
  void setRunning(bool run);  ///< stop freezes the display (data keep arriving)
  bool isRunning() const;
  void setCursors(double t1, double t2);  ///< in seconds (screen time)
  void autoscale();

  struct Measurement {
    double min = 0, max = 0, rms = 0;
    bool valid = false;
  };
  Measurement measurement(int k) const;  ///< over the visible window
  double cursorDeltaT() const;
  double cursorDeltaValue(int k) const;

  bool exportCsv(const QString& path, QString* error = nullptr) const;    ///< visible data, '.' decimals
  bool exportImage(const QString& path, QString* error = nullptr);        ///< .png or .svg by extension
  /// Redraws now. (The widget also redraws by itself when samples arrive while running or a setting
  /// changes, on a 60 Hz schedule of frame times.)
  void replotNow();
  /// Redraws after appended samples only, as the widget does by itself while running: when no setting
  /// changed, only the traces layer is repainted (the bench's streaming case).
  void replotData();
  /// For a feeder that receives batches of samples from the event loop (the main window, from the
  /// simulation worker): after appendSamples, draws and paints them at once when the next frame of the
  /// widget's 60 Hz schedule is due (within 5 ms), so that each pass of the event loop can show a frame,
  /// without waiting for the next pass (a posted redraw) or a timer (Qt's GLib dispatcher serves timers
  /// after the posted events). Returns whether it drew; otherwise the widget draws the samples by itself.
  bool replotIfDue();

  /// Frames drawn since construction: replots (rebuilds of the traces and layer buffers).
  qint64 framesDrawn() const;
  /// Frames painted on the screen since construction: paint events of the plot that showed the result
  /// of at least one replot (several replots before one paint count once; a paint without a new replot,
  /// e.g. an expose, does not count). What the bench reports as the scope's frame rate.
  qint64 framesPainted() const;

  // --- Additions (beyond the fixed API above) ---------------------------------------------------
  /// Samples kept per source channel (default 1 000 000, rounded up to a multiple of 64; oldest
  /// dropped), at most 16 000 000 over all sources together (so 60 sources keep 266 000 each).
  /// Clears the data.
  void setCapacity(qint64 samplesPerSource);
  qint64 capacity() const;  ///< the effective samples per source for the current sources
  Mode mode() const;
  QColor channelColor(int k) const;
  double channelOffset(int k) const;
  /// Horizontal trigger position, in divisions from the left edge (0..10, default 5 = centre).
  void setTriggerPosition(double divisionsFromLeft);
  double triggerScreenTime() const;  ///< the trigger position in screen seconds (from the left edge)
  /// The data-time interval shown on the screen (left edge, right edge); valid == false when nothing
  /// is shown yet (e.g. a normal/single sweep that has not triggered).
  struct Window {
    double start = 0, end = 0;
    bool valid = false;
  };
  Window visibleWindow() const;
  double cursor1() const;  ///< screen seconds
  double cursor2() const;
  /// The points last handed to QCustomPlot for scope channel k: x in divisions from the left edge
  /// (0..10; one point on each side may lie just outside), y in divisions from the centre (-4..4).
  QVector<QPointF> displayedPoints(int k) const;
  /// Ticks on the time axis where a source named "ecat_bad_cycles" (an EtherCAT run's irregular control
  /// periods) is > 0 in the visible window, shown or not: x in divisions from the left edge, one per
  /// pixel column at most (scope_markers.hpp).
  QVector<double> irregularPeriodMarks() const;
  int screenPixelWidth() const;  ///< width of the screen (graticule area) in pixels
  QSize screenSize() const;      ///< size of the image written by exportImage()
  /// Named pages of channel assignments, e.g. the joints of a comparison four at a time: a selector at
  /// the top of the panel (objectName "scopePageCombo", shown with two pages or more); choosing a page
  /// emits channelPageChanged and the owner assigns the channels. setSources clears the pages.
  void setChannelPages(const QStringList& labels, int current = 0);
  QStringList channelPages() const;
  int channelPage() const;        ///< -1 without pages
  /// Scale groups (a comparison): the channels on with the same group (>= 0) and the same unit share
  /// one gain/div and offset; autoscale() chooses them to fit the largest of the group, and a gain set
  /// on one channel is set on all of its group. -1 (default): the channel scales alone. setSources
  /// clears the groups.
  void setChannelScaleGroup(int k, int group);
  int channelScaleGroup(int k) const;
  /// What the legend calls each source (e.g. "pid: error of joint 1"); an empty or missing entry: the
  /// source's name. setSources clears the labels.
  void setSourceLabels(const QStringList& labels);
  /// What each source is in words, shown in the channel picker after its name and as the item's tool tip
  /// (e.g. "panda_finger_joint2" for q[9]: "q[9] — panda_finger_joint2"); an empty or missing entry: the name
  /// alone. The legend keeps the names (or labels). setSources clears the descriptions.
  void setSourceDescriptions(const QStringList& descriptions);
  QStringList sourceDescriptions() const;
  /// The legend drawn on the screen (top left): one line per channel on, in its colour, in channel
  /// order: "LABEL [UNIT]" (or "LABEL" without a unit).
  /// A group with a title (setLegendGroupTitle) has one line instead: "TITLE [UNIT]: A, B" listing
  /// its channels' labels, each drawn after a short sample of its channel's pen.
  QStringList legendTexts() const;
  /// The title of scale group `group`'s one legend line (e.g. "error of joint 1" over the compared
  /// controllers); empty: the group's channels have a line each. setSources clears the titles.
  void setLegendGroupTitle(int group, const QString& title);
  /// The line style of channel k's trace (e.g. the second controller of a comparison dashed); the
  /// legend's sample of the trace is drawn with the same pen. setSources resets every channel to solid.
  void setChannelPenStyle(int k, Qt::PenStyle style);
  QPen channelPen(int k) const;  ///< the pen of channel k's trace
  /// The pens of the legend's line samples as drawn, in order (one per channel on while the legend
  /// fits; empty with the legend hidden).
  QVector<QPen> legendPens() const;
  /// Where the legend and the scale labels are drawn, in the plot's pixels: one label per channel on
  /// ("CH1 5 mrad/div"), or per set of channels sharing a scale ("CH1,2 5 mrad/div"), flowed along the
  /// bottom edge in rows that do not overlap; the screen (graticule) rectangle.
  QRect legendRect() const;
  QVector<QRect> scaleLabelRects() const;
  QRect screenRect() const;
  void setLegendVisible(bool shown);
  bool isLegendVisible() const;
  void setChannelPage(int page);  ///< as the selector does: emits channelPageChanged when it changes

 signals:
  void triggered(double t);
  /// Emitted after each frame counted by framesPainted().
  void framePainted();
  void channelPageChanged(int page);

 protected:
  void changeEvent(QEvent* e) override;  ///< retranslates the texts on QEvent::LanguageChange
  void showEvent(QShowEvent* e) override;  ///< draws what changed while hidden

 private:
  struct Impl;
  std::unique_ptr<Impl> d;
};

}  // namespace maniplab::ui
