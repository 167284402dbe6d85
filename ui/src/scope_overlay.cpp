// Layout of the oscilloscope's on-screen texts (scope_overlay.hpp).
#include "maniplab/ui/scope_overlay.hpp"

#include <algorithm>
#include <cmath>

namespace maniplab::ui::scope_overlay {

QString engineering(double v, const QString& unit) {
  if (!std::isfinite(v)) return QStringLiteral("--");
  const bool prefixed = !unit.isEmpty() && !unit.startsWith(QChar(0x00B0)) && unit != QLatin1String("%");
  if (!prefixed || v == 0) {
    const QString r = QString::number(v, 'g', 4);
    return unit.isEmpty() ? r : r + QLatin1Char(' ') + unit;
  }
  static const char* const kPrefixes[] = {"p", "n", "\u00b5", "m", "", "k", "M", "G"};  // 1e-12 .. 1e9
  int e3 = int(std::floor(std::log10(std::abs(v)) / 3.0));
  e3 = std::clamp(e3, -4, 3);
  double m = v / std::pow(10.0, 3 * e3);
  // 999.96 mrad rounds to "1e+03": move to the next prefix instead.
  if (std::abs(m) >= 999.5 && e3 < 3) {
    ++e3;
    m /= 1000.0;
  }
  return QStringLiteral("%1 %2%3").arg(QString::number(m, 'g', 3), QString::fromUtf8(kPrefixes[e3 + 4]), unit);
}

QString seconds(double s) {
  const double a = std::abs(s);
  if (a == 0) return QStringLiteral("0 s");
  if (a < 1e-6) return QStringLiteral("%1 ns").arg(QString::number(s * 1e9, 'g', 4));
  if (a < 1e-3) return QStringLiteral("%1 µs").arg(QString::number(s * 1e6, 'g', 4));
  if (a < 1) return QStringLiteral("%1 ms").arg(QString::number(s * 1e3, 'g', 4));
  return QStringLiteral("%1 s").arg(QString::number(s, 'g', 4));
}

QVector<QRect> flow(const QVector<int>& widths, const QRect& area, int lineHeight, int gap, bool fromBottom,
                    const QVector<bool>& breakBefore) {
  QVector<QRect> out;
  out.reserve(widths.size());
  int x = area.left(), row = 0;
  bool rowEmpty = true;
  for (int i = 0; i < widths.size(); ++i) {
    const int w = widths[i];
    const bool forced = i < breakBefore.size() && breakBefore[i];
    if (!rowEmpty && (forced || x + w > area.left() + area.width())) {
      ++row;
      x = area.left();
      rowEmpty = true;
    }
    const int y = fromBottom ? area.top() + area.height() - (row + 1) * lineHeight : area.top() + row * lineHeight;
    out.append(QRect(x, y, w, lineHeight));
    x += w + gap;
    rowEmpty = false;
  }
  return out;
}

}  // namespace maniplab::ui::scope_overlay
