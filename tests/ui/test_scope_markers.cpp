// The scope's ticks of irregular control periods (issue 20): where the trace column ecat_bad_cycles of an
// EtherCAT run is > 0, a tick on the time axis at that time, whether the column is shown or not; none
// for a run without that column; one per pixel column at most (a long window stays cheap)
// (scope_markers.hpp). Set MANIPLAB_SCOPE_MARKERS_PNG=FILE to write the screen of the first case.
#include <QtTest>

#include <cmath>
#include <vector>

#include "maniplab/ui/scope_widget.hpp"
#include "support/test_main.hpp"

namespace test_scope_markers {

using namespace maniplab::ui;

class TestScopeMarkers : public QObject {
  Q_OBJECT
 private slots:
  void ticksWhereBadCycles() {
    ScopeWidget w;
    w.resize(800, 500);
    w.setSources({"q1", "ecat_bad_cycles", "ecat_delay"}, {"rad", "1", "s"});
    w.setChannelSource(0, 0);
    for (int k = 1; k < ScopeWidget::kChannels; ++k) w.setChannelSource(k, -1);  // the column itself not shown
    w.setTimeBase(0.25);  // 2.5 s on the screen
    // 1000 periods of 2.5 ms (t = 0.0025 .. 2.5 s): two irregular periods, at t = 0.5 s (2 bad cycles) and 1.75 s (1)
    const int n = 1000;
    std::vector<double> t(n), v(std::size_t(n) * 3);
    for (int i = 0; i < n; ++i) {
      t[std::size_t(i)] = (i + 1) * 0.0025;
      v[std::size_t(i) * 3] = std::sin(t[std::size_t(i)]);
      v[std::size_t(i) * 3 + 1] = i + 1 == 200 ? 2 : i + 1 == 700 ? 1 : 0;
      v[std::size_t(i) * 3 + 2] = i + 1 == 200 ? 0.005 : i + 1 == 700 ? 0.0025 : 0;
    }
    w.appendSamples(t.data(), v.data(), n);
    w.replotNow();
    const auto win = w.visibleWindow();
    QVERIFY(win.valid);
    const QVector<double> marks = w.irregularPeriodMarks();
    QCOMPARE(marks.size(), 2);
    if (qEnvironmentVariableIsSet("MANIPLAB_SCOPE_MARKERS_PNG")) QVERIFY(w.exportImage(qEnvironmentVariable("MANIPLAB_SCOPE_MARKERS_PNG")));
    const double colDiv = 10.0 / w.screenPixelWidth();  // one pixel column, in divisions
    QVERIFY2(std::abs(marks[0] - (0.5 - win.start) / 0.25) <= colDiv, qPrintable(QString::number(marks[0])));
    QVERIFY2(std::abs(marks[1] - (1.75 - win.start) / 0.25) <= colDiv, qPrintable(QString::number(marks[1])));
    // zoomed in on the first half second after 1 s: no irregular period there
    w.setRunning(false);
    w.setTimeBase(0.01);
    w.replotNow();
    const auto win2 = w.visibleWindow();
    QVERIFY(win2.valid && (win2.start > 0.5 || win2.end < 0.5) && (win2.start > 1.75 || win2.end < 1.75));
    QVERIFY(w.irregularPeriodMarks().isEmpty());
  }

  void noTicksWithoutTheColumn() {
    ScopeWidget w;
    w.setSources({"q1", "bad_cycles"}, {"rad", "1"});  // another name: not an EtherCAT run's column
    w.setTimeBase(0.1);
    std::vector<double> t(100), v(200, 1.0);
    for (int i = 0; i < 100; ++i) t[std::size_t(i)] = i * 0.01;
    w.appendSamples(t.data(), v.data(), 100);
    w.replotNow();
    QVERIFY(w.irregularPeriodMarks().isEmpty());
  }

  // Every period irregular over a long window: one tick per pixel column, not one per sample.
  void oneTickPerPixelColumn() {
    ScopeWidget w;
    w.resize(600, 400);
    w.setSources({"ecat_bad_cycles"}, {"1"});
    w.setTimeBase(1.0);
    const int n = 100000;
    std::vector<double> t(n), v(n, 1.0);
    for (int i = 0; i < n; ++i) t[std::size_t(i)] = i * 1e-4;
    w.appendSamples(t.data(), v.data(), n);
    w.replotNow();
    const auto marks = w.irregularPeriodMarks();
    QVERIFY2(marks.size() <= w.screenPixelWidth() && marks.size() >= w.screenPixelWidth() - 2,
             qPrintable(QStringLiteral("%1 ticks, %2 columns").arg(marks.size()).arg(w.screenPixelWidth())));
  }
};

MANIPLAB_TEST_MAIN(TestScopeMarkers)
#include "test_scope_markers.moc"  // (in the namespace, as the class)

}  // namespace test_scope_markers
