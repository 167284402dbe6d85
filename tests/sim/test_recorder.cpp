// Recorder: exact storage below the budget, uniform decimation by 2 above it (stride a power of two,
// stored row j == appended row j * stride), honest memoryBytes() that never exceeds the budget, and
// one hour at 1 kHz with 60 channels under the default 160 MiB.
#include <QElapsedTimer>
#include <QTest>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "maniplab/sim/traces/recorder.hpp"
#include "support/test_main.hpp"

namespace test_recorder {

using namespace maniplab::sim;

namespace {

std::vector<ChannelInfo> makeChannels(int n) {
  std::vector<ChannelInfo> c;
  for (int i = 0; i < n; ++i) {
    std::string name = "c";  // (not "c" + to_string: GCC 12 -Wrestrict false positive, PR 105329)
    name += std::to_string(i);
    c.push_back({name, "rad", "test"});
  }
  return c;
}

// Deterministic, exactly reproducible sample values of appended row k.
double timeOf(std::size_t k) { return double(k) * 1e-3; }
double valueOf(std::size_t k, int ch) { return double(k) * 0.5 + double(ch) * 1000.0 - 3.25; }

bool isPowerOfTwo(std::size_t s) { return s != 0 && (s & (s - 1)) == 0; }

// Appends `count` rows and checks the invariants after every append. Returns false (after QVERIFY
// failure) on the first violation.
void appendAndCheck(Recorder& rec, std::size_t count, std::size_t budget) {
  const int nch = int(rec.channels().size());
  std::vector<double> v(static_cast<std::size_t>(nch));
  for (std::size_t k = 0; k < count; ++k) {
    for (int c = 0; c < nch; ++c) v[std::size_t(c)] = valueOf(k, c);
    rec.append(timeOf(k), v.data());
    QVERIFY2(rec.memoryBytes() <= budget, qPrintable(QString("memoryBytes %1 > budget %2 after %3 rows")
                                                         .arg(rec.memoryBytes()).arg(budget).arg(k + 1)));
    QVERIFY(isPowerOfTwo(rec.stride()));
    QCOMPARE(rec.appended(), k + 1);
    // Stored row j is appended row j * stride, for every j * stride < appended.
    QCOMPARE(rec.rows(), (rec.appended() + rec.stride() - 1) / rec.stride());
  }
}

void checkUniform(const Recorder& rec) {
  for (std::size_t j = 0; j < rec.rows(); ++j) {
    const std::size_t k = j * rec.stride();
    if (rec.time(j) != timeOf(k)) QFAIL(qPrintable(QString("row %1: time %2, expected %3").arg(j).arg(rec.time(j)).arg(timeOf(k))));
    for (int c = 0; c < int(rec.channels().size()); ++c)
      if (rec.value(j, c) != valueOf(k, c)) QFAIL(qPrintable(QString("row %1 channel %2 differs").arg(j).arg(c)));
  }
}

}  // namespace

class TestRecorder : public QObject {
  Q_OBJECT
 private slots:
  void exactBelowBudget() {
    Recorder rec(makeChannels(3));
    QCOMPARE(rec.channelIndex("c2"), 2);
    QCOMPARE(rec.channelIndex("nope"), -1);
    QCOMPARE(rec.memoryBytes() < std::size_t(64) << 10, true);  // only the chunk table before any row
    appendAndCheck(rec, 10000, RecorderOptions{}.memoryBudgetBytes);
    QCOMPARE(rec.rows(), std::size_t(10000));
    QCOMPARE(rec.stride(), std::size_t(1));
    checkUniform(rec);
    // Honest: 3 chunks of 4096 rows x 4 doubles are allocated (10000 rows), plus the small chunk table.
    const std::size_t chunkBytes = 4096 * 4 * sizeof(double);
    QVERIFY(rec.memoryBytes() >= 3 * chunkBytes);
    QVERIFY(rec.memoryBytes() < 3 * chunkBytes + (std::size_t(64) << 10));
  }

  void rejectsBadInput() {
    Recorder rec(makeChannels(1));
    const double v = 1;
    rec.append(1.0, &v);
    rec.append(1.0, &v);  // equal times are allowed
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, rec.append(0.5, &v));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, rec.append(std::numeric_limits<double>::quiet_NaN(), &v));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, rec.append(std::numeric_limits<double>::infinity(), &v));
    QCOMPARE(rec.appended(), std::size_t(2));  // rejected rows are not counted
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, rec.time(2));
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, rec.value(0, 1));
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, rec.value(0, -1));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Recorder(makeChannels(1), RecorderOptions{16, 4}));  // < 2 rows
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Recorder(makeChannels(1), RecorderOptions{1 << 20, 0}));
  }

  void decimatesUniformlyWithTinyBudget_data() {
    QTest::addColumn<int>("channels");
    QTest::addColumn<int>("chunkRows");
    QTest::addColumn<int>("budget");
    QTest::addColumn<int>("count");
    // 5 chunks of 16 rows x 3 doubles (+ table slots): 80 rows.
    QTest::newRow("5 chunks, even rows") << 2 << 16 << int(5 * (16 * 3 * 8 + sizeof(std::vector<double>))) << 5000;
    QTest::newRow("odd chunk rows") << 2 << 7 << 1000 << 5000;
    QTest::newRow("budget below one chunk") << 4 << 4096 << 1000 << 3000;
    QTest::newRow("two rows only") << 0 << 4096 << int(2 * 8 + sizeof(std::vector<double>)) << 1000;
    QTest::newRow("60 channels") << 60 << 64 << 100000 << 20000;
  }
  void decimatesUniformlyWithTinyBudget() {
    QFETCH(int, channels);
    QFETCH(int, chunkRows);
    QFETCH(int, budget);
    QFETCH(int, count);
    Recorder rec(makeChannels(channels), RecorderOptions{std::size_t(budget), std::size_t(chunkRows)});
    appendAndCheck(rec, std::size_t(count), std::size_t(budget));
    if (QTest::currentTestFailed()) return;
    QVERIFY(rec.stride() > 1);
    const std::size_t rowBytes = std::size_t(channels + 1) * sizeof(double);
    QVERIFY(rec.rows() * rowBytes <= std::size_t(budget));
    // Decimation halves the stored rows, so (up to one partly filled chunk) at least a quarter of the
    // budget stays in use: the recorder does not over-decimate.
    const long long slack = std::min<long long>(budget, chunkRows * (long long)rowBytes + (long long)sizeof(std::vector<double>));
    QVERIFY2(4 * (long long)(rec.rows() * rowBytes) + slack >= budget,
             qPrintable(QString("only %1 rows kept").arg(rec.rows())));
    checkUniform(rec);
    // The stored times are uniformly spaced by stride * 1 ms.
    for (std::size_t j = 1; j < rec.rows(); ++j)
      QCOMPARE(rec.time(j) - rec.time(j - 1), timeOf(j * rec.stride()) - timeOf((j - 1) * rec.stride()));
  }

  void clearResets() {
    Recorder rec(makeChannels(2), RecorderOptions{2000, 8});
    appendAndCheck(rec, 1000, 2000);
    QVERIFY(rec.stride() > 1);
    rec.clear();
    QCOMPARE(rec.rows(), std::size_t(0));
    QCOMPARE(rec.appended(), std::size_t(0));
    QCOMPARE(rec.stride(), std::size_t(1));
    appendAndCheck(rec, 30, 2000);  // times restart at 0 after clear
    QCOMPARE(rec.rows(), std::size_t(30));
    checkUniform(rec);
  }

  // reserve(): the chunks for the rows to come are allocated at once, capped by the budget, and change
  // nothing in what is stored (same rows, same decimation) nor in the memory bound.
  void reserveAllocatesAheadWithinBudget() {
    const std::size_t chunkBytes = 4096 * 4 * sizeof(double);
    Recorder rec(makeChannels(3));
    rec.reserve(10000);
    QVERIFY(rec.memoryBytes() >= 3 * chunkBytes);  // three chunks before any row
    QVERIFY(rec.memoryBytes() < 3 * chunkBytes + (std::size_t(64) << 10));
    const std::size_t reserved = rec.memoryBytes();
    appendAndCheck(rec, 10000, RecorderOptions{}.memoryBudgetBytes);
    QCOMPARE(rec.memoryBytes(), reserved);  // no chunk added by the appends
    QCOMPARE(rec.rows(), std::size_t(10000));
    checkUniform(rec);

    // Asking for more than the budget holds allocates the budget only; decimation then works as without.
    const std::size_t budget = 2000;
    Recorder a(makeChannels(2), RecorderOptions{budget, 8}), b(makeChannels(2), RecorderOptions{budget, 8});
    a.reserve(std::size_t(1) << 40);
    QVERIFY(a.memoryBytes() <= budget);
    appendAndCheck(a, 1000, budget);
    appendAndCheck(b, 1000, budget);
    QCOMPARE(a.rows(), b.rows());
    QCOMPARE(a.stride(), b.stride());
    QVERIFY(a.stride() > 1);
    checkUniform(a);
    // Emptied chunks are kept after decimation and reused; clear() frees them.
    a.clear();
    QVERIFY(a.memoryBytes() < std::size_t(64) << 10);
    appendAndCheck(a, 30, budget);
    checkUniform(a);
  }

  // One hour at 1 kHz with 60 channels (3.6 M rows, 1.76 GB undecimated) under the default 160 MiB.
  void oneHourAt1kHzUnderDefaultBudget() {
    Recorder rec(makeChannels(60));
    const std::size_t budget = RecorderOptions{}.memoryBudgetBytes;
    const std::size_t n = 3600 * 1000;
    std::vector<double> v(60);
    std::size_t peak = 0;
    QElapsedTimer timer;
    timer.start();
    for (std::size_t k = 0; k < n; ++k) {
      v[0] = double(k);
      v[59] = -double(k);
      rec.append(timeOf(k), v.data());
      if ((k & 1023) == 0) peak = std::max(peak, rec.memoryBytes());
    }
    const qint64 ms = timer.elapsed();
    peak = std::max(peak, rec.memoryBytes());
    qInfo("1 h at 1 kHz, 60 channels: %zu rows stored, stride %zu, memoryBytes %zu (peak %zu, budget %zu), %lld ms",
          rec.rows(), rec.stride(), rec.memoryBytes(), peak, budget, static_cast<long long>(ms));
    QVERIFY(peak <= budget);
    QCOMPARE(rec.appended(), n);
    QVERIFY(isPowerOfTwo(rec.stride()));
    QCOMPARE(rec.rows(), (n + rec.stride() - 1) / rec.stride());
    // 160 MiB / (61 doubles) = 343,670 rows: 3.6 M rows need stride 16 (225,000 rows, 62.5 Hz).
    QCOMPARE(rec.stride(), std::size_t(16));
    for (std::size_t j = 0; j < rec.rows(); ++j) {
      const std::size_t k = j * rec.stride();
      if (rec.time(j) != timeOf(k) || rec.value(j, 0) != double(k) || rec.value(j, 59) != -double(k) || rec.value(j, 30) != 0.0)
        QFAIL(qPrintable(QString("row %1 is not appended row %2").arg(j).arg(k)));
    }
  }
};

MANIPLAB_TEST_APPLESS_MAIN(TestRecorder)
#include "test_recorder.moc"  // (in the namespace, as the class)

}  // namespace test_recorder
