#pragma once
// What the oscilloscope shows (scope_widget.hpp), shared by its parts: the sources and their samples (the
// ring), the eight channels' settings, the time base, the mode and the trigger, the cursors; and the
// questions the screen (scope_screen.hpp), the control panel (scope_controls.hpp) and the scope itself
// ask of them: which source a channel shows, in what unit, which channels share a scale, which data
// interval is on screen, the measurements over it. No widgets.
#include <QColor>
#include <QMap>
#include <QString>
#include <QStringList>
#include <array>
#include <limits>

#include "maniplab/ui/scope_ring.hpp"
#include "maniplab/ui/scope_trigger.hpp"
#include "maniplab/ui/scope_widget.hpp"

namespace maniplab::ui {

struct ScopeModel {
  static constexpr int kChannels = ScopeWidget::kChannels;
  static constexpr double kHDiv = 10.0;  // horizontal divisions
  static constexpr double kVDiv = 8.0;   // vertical divisions
  using Mode = ScopeWidget::Mode;

  QStringList names, units;
  ScopeRing ring;

  struct Channel {
    int source = -1;
    int lastSource = -1;  // restored when switched back on
    QColor color;
    double gain = 1.0;
    double offset = 0.0;
    int scaleGroup = -1;  // channels of one group and unit share gain and offset (a comparison)
    Qt::PenStyle style = Qt::SolidLine;
  };
  std::array<Channel, kChannels> ch;
  QStringList labels;  // what the legend calls each source (empty entry: its name)
  QStringList descriptions;  // what each source is, shown in the channel picker beside its name (empty: nothing)
  bool legendShown = true;
  QMap<int, QString> groupTitles;  // scale group -> the title of its one legend line

  double timeBase = 0.1;
  Mode mode = Mode::Roll;
  bool running = true;
  double frozenEnd = 0;  // right edge of the window while stopped (roll / free run)

  // trigger: the scope channel it watches, where it sits on the screen, and its level, edge, sweep and
  // state (scope_trigger.hpp)
  int trigChannel = 0;
  double trigPosDiv = 5.0;
  ScopeTrigger trigger;

  double cursor1 = 0, cursor2 = 0;
  bool cursorsShown = false;

  bool validChannel(int k) const { return k >= 0 && k < kChannels; }
  /// The source channel k shows (-1: off, or no such source).
  int sourceOf(int k) const {
    const int s = ch[std::size_t(k)].source;
    return s >= 0 && s < ring.sources() ? s : -1;
  }
  QString unitOf(int k) const {
    const int s = sourceOf(k);
    return s >= 0 && s < units.size() ? units[s] : QString();
  }
  /// "CH1" (translated in the scope's context).
  static QString channelName(int k) { return ScopeWidget::tr("CH%1").arg(k + 1); }
  /// What the legend calls channel k's source: its label, else its name.
  QString traceLabel(int k) const {
    const int s = sourceOf(k);
    return s >= 0 && s < labels.size() && !labels[s].isEmpty() ? labels[s] : names.value(s);
  }
  /// Channels on that share channel k's scale: same group (>= 0) and same unit.
  bool sameScale(int k, int j) const {
    const int g = ch[std::size_t(k)].scaleGroup;
    return g >= 0 && ch[std::size_t(j)].scaleGroup == g && sourceOf(j) >= 0 && unitOf(j) == unitOf(k);
  }
  /// The data-time interval on screen: the latest span (roll, auto sweep running free), or around the
  /// trigger of the sweep shown; invalid when nothing is to be shown.
  ScopeWidget::Window window() const;
  /// Min, max and RMS of channel k over the window.
  ScopeWidget::Measurement measure(int k) const;
  /// The difference of channel k's values at the two cursors (NaN when nothing is shown).
  double deltaValue(int k) const;
};

/// The screen's grid and channel count under their short names, for the scope's parts
/// (`using namespace scope_grid;`).
namespace scope_grid {
inline constexpr int kChannels = ScopeModel::kChannels;
inline constexpr double kHDiv = ScopeModel::kHDiv;
inline constexpr double kVDiv = ScopeModel::kVDiv;
}  // namespace scope_grid

}  // namespace maniplab::ui
