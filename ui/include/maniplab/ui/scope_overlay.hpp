#pragma once
// Layout of the texts drawn over the oscilloscope's screen (scope_widget.cpp): the per-channel scale
// labels along the bottom edge and the legend below the status line, flowed into rows so that no two
// overlap at any screen width; the engineering notation of the scale labels ("5 mrad/div") and of durations.
#include <QRect>
#include <QString>
#include <QVector>

namespace maniplab::ui::scope_overlay {

/// v in engineering notation with an SI prefix on its unit (exponent a multiple of 3, at most 3
/// significant digits): 0.005 rad -> "5 mrad", 0.0002 rad -> "200 µrad", 1500 N m -> "1.5 kN m". A
/// value without a unit, or a unit that takes no prefix (°, %), keeps 4 significant digits. "--" when
/// not finite.
QString engineering(double v, const QString& unit);

/// A duration with 4 significant digits in the unit that suits it: "0 s", "250 ns", "20 µs", "5 ms", "2 s"
/// (the time base "5 ms/div", the cursors' Δt).
QString seconds(double s);

/// Flows boxes of the given widths (one line of `lineHeight` each) into `area`, left to right with `gap`
/// pixels between boxes, starting a new row when the next box would pass the right edge or when
/// breakBefore[i] is set (a box wider than the area gets a row of its own, clipped by the caller). Rows
/// go down from the top of the area (fromBottom false) or up from its bottom. The boxes' rectangles, in
/// order; none intersects another.
QVector<QRect> flow(const QVector<int>& widths, const QRect& area, int lineHeight, int gap, bool fromBottom,
                    const QVector<bool>& breakBefore = {});

}  // namespace maniplab::ui::scope_overlay
