// CSV export/import: bit-exact round trip, header format and quoting, channel/time selection,
// precision, locale independence under fr_FR (',' decimal separator), atomic writes (failed
// temp-file creation, failure in the middle of the data via RLIMIT_FSIZE, failed rename, failure of
// the generator) leaving the old file intact and no temporary file, and every readCsv diagnostic.
#include <QDir>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <sys/resource.h>

#include <bit>
#include <clocale>
#include <csignal>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <locale>
#include <random>
#include <sstream>
#include <stdexcept>

#include "maniplab/sim/traces/csv.hpp"
#include "support/reader_rule.hpp"
#include "support/test_main.hpp"

namespace test_csv {

using namespace maniplab::sim;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void writeFile(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

QStringList lines(const std::string& text) {
  QStringList out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(QString::fromStdString(l));
  return out;
}

QStringList entries(const QString& dir) { return QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name); }

Recorder smallRecorder() {
  Recorder rec({{"a", "rad", ""}, {"b", "N m", ""}, {"c", "m", ""}});
  for (int k = 0; k < 10; ++k) {
    const double v[3] = {k * 0.5, -k * 0.25, 1000.0 + k};
    rec.append(double(k), v);
  }
  return rec;
}

// Expects a std::runtime_error whose message contains every needle.
template <typename F> void expectRuntimeError(F&& f, const QStringList& needles) {
  try {
    f();
    QFAIL("no exception thrown");
  } catch (const std::runtime_error& e) {
    const QString msg = QString::fromStdString(e.what());
    for (const auto& n : needles) QVERIFY2(msg.contains(n), qPrintable("message '" + msg + "' lacks '" + n + "'"));
  }
}

// Activates fr_FR.UTF-8 for the C library and the C++ global locale. Uses the system locale when
// installed, else compiles one into `dir` with localedef (LOCPATH). Returns an empty string on success,
// otherwise why it could not.
QString activateFrenchLocale(const QTemporaryDir& dir) {
  auto tryActivate = []() -> bool {
    if (!std::setlocale(LC_ALL, "fr_FR.UTF-8")) return false;
    try {
      std::locale::global(std::locale("fr_FR.UTF-8"));
    } catch (const std::runtime_error&) {
      std::setlocale(LC_ALL, "C");
      return false;
    }
    return true;
  };
  if (tryActivate()) return {};
  const QString localedef = QStandardPaths::findExecutable("localedef");
  if (localedef.isEmpty()) return "fr_FR.UTF-8 is not installed and localedef is missing";
  QProcess p;
  p.start(localedef, {"-c", "-i", "fr_FR", "-f", "UTF-8", dir.filePath("fr_FR.UTF-8")});
  if (!p.waitForFinished(120000)) return "localedef did not finish";
  if (!QFileInfo::exists(dir.filePath("fr_FR.UTF-8")))
    return "fr_FR.UTF-8 is not installed and localedef failed: " + QString::fromLocal8Bit(p.readAllStandardError());
  qputenv("LOCPATH", dir.path().toLocal8Bit());
  if (tryActivate()) {
    qInfo("fr_FR.UTF-8 not installed: compiled into %s with localedef (LOCPATH)", qPrintable(dir.path()));
    return {};
  }
  qunsetenv("LOCPATH");
  return "fr_FR.UTF-8 could not be activated even after localedef";
}

void restoreClassicLocale() {
  std::locale::global(std::locale::classic());
  std::setlocale(LC_ALL, "C");
  qunsetenv("LOCPATH");
}

}  // namespace

class TestCsv : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  std::string path(const char* name) const { return dir_.filePath(name).toStdString(); }

 private slots:
  void initTestCase() { QVERIFY(dir_.isValid()); }

  void headerAndRows() {
    const auto p = path("basic.csv");
    writeCsv(smallRecorder(), p);
    const auto l = lines(readFile(p));
    QCOMPARE(l.size(), 11);
    QCOMPARE(l[0], QString("time [s],a [rad],b [N m],c [m]"));
    QCOMPARE(l[1], QString("0,0,0,1000"));
    QCOMPARE(l[4], QString("3,1.5,-0.75,1003"));
    QCOMPARE(entries(dir_.path()), QStringList{"basic.csv"});  // no temporary file left
  }

  void roundTripBitExact_data() {
    QTest::addColumn<int>("precision");
    QTest::newRow("17 significant digits") << 17;
    QTest::newRow("shortest round-trip") << 0;
  }
  void roundTripBitExact() {
    QFETCH(int, precision);
    // Awkward names: a bracket without unit, a comma, quotes, leading blank.
    Recorder rec({{"e[2]", "rad", ""}, {"a,b", "N m", ""}, {"say \"hi\"", "", ""}, {" padded", "m/s^2", ""}, {"x", "", ""}});
    std::mt19937_64 gen(42);
    const double specials[] = {-0.0, 0.0, std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::min(),
                               std::numeric_limits<double>::max(), std::numeric_limits<double>::lowest(), 0.1, 1.0 / 3.0,
                               -2.5e-300, 6.02214076e23, kNaN};
    double t = 0;
    std::vector<std::array<double, 6>> expected;
    for (int k = 0; k < 3000; ++k) {
      std::array<double, 5> v;
      for (int c = 0; c < 5; ++c) {
        double x;
        if (k < int(std::size(specials))) {
          x = specials[(k + c) % std::size(specials)];
        } else {
          do x = std::bit_cast<double>(gen()); while (!std::isfinite(x));
        }
        v[c] = x;
      }
      t += std::ldexp(double(gen() % 1000 + 1), -int(gen() % 40));
      rec.append(t, v.data());
      expected.push_back({t, v[0], v[1], v[2], v[3], v[4]});
    }
    const auto p = path("roundtrip.csv");
    CsvOptions opt;
    opt.precision = precision;
    writeCsv(rec, p, opt);
    const CsvTable tab = readCsv(p);
    QCOMPARE(tab.names, (std::vector<std::string>{"time", "e[2]", "a,b", "say \"hi\"", " padded", "x"}));
    QCOMPARE(tab.units, (std::vector<std::string>{"s", "rad", "N m", "", "m/s^2", ""}));
    QCOMPARE(tab.columns.size(), std::size_t(6));
    QCOMPARE(tab.rows(), expected.size());
    for (std::size_t r = 0; r < expected.size(); ++r)
      for (std::size_t c = 0; c < 6; ++c) {
        const double want = expected[r][c], got = tab.columns[c][r];
        if (std::isnan(want)) {
          if (!std::isnan(got)) QFAIL(qPrintable(QString("row %1 col %2: NaN expected").arg(r).arg(c)));
        } else if (std::bit_cast<std::uint64_t>(want) != std::bit_cast<std::uint64_t>(got)) {
          QFAIL(qPrintable(QString("row %1 col %2: %3 read back as %4").arg(r).arg(c).arg(want, 0, 'g', 17).arg(got, 0, 'g', 17)));
        }
      }
    // NaN is an empty field, never the text "nan".
    const std::string text = readFile(p);
    QVERIFY(text.find("nan") == std::string::npos);
    QVERIFY(text.find(",,") != std::string::npos);
  }

  void largeFileSeveralFlushes() {
    // About 8 MB of text: exercises the buffered writes (1 MiB flushes).
    Recorder rec({{"q", "rad", ""}, {"qd", "rad/s", ""}, {"tau", "N m", ""}});
    for (int k = 0; k < 100000; ++k) {
      const double v[3] = {std::sin(k * 1e-3), std::cos(k * 1e-3) / 3, k * 1e-7};
      rec.append(k * 1e-3, v);
    }
    const auto p = path("large.csv");
    writeCsv(rec, p);
    const CsvTable tab = readCsv(p);
    QCOMPARE(tab.rows(), rec.rows());
    for (std::size_t r = 0; r < rec.rows(); r += 997) {
      QCOMPARE(tab.columns[0][r], rec.time(r));
      for (int c = 0; c < 3; ++c) QCOMPARE(tab.columns[std::size_t(c) + 1][r], rec.value(r, c));
    }
    QCOMPARE(tab.columns[3].back(), rec.value(rec.rows() - 1, 2));
  }

  void precision() {
    Recorder rec({{"x", "", ""}});
    const double v = 0.1, w = 1.0 / 3.0;
    rec.append(0.1, &v);
    rec.append(0.2, &w);
    const auto p = path("precision.csv");
    CsvOptions opt;
    writeCsv(rec, p, opt);
    QCOMPARE(lines(readFile(p))[1], QString("0.10000000000000001,0.10000000000000001"));
    opt.precision = 0;
    writeCsv(rec, p, opt);
    QCOMPARE(lines(readFile(p))[1], QString("0.1,0.1"));
    QCOMPARE(lines(readFile(p))[2], QString("0.2,0.3333333333333333"));
    opt.precision = 6;
    writeCsv(rec, p, opt);
    QCOMPARE(lines(readFile(p))[2], QString("0.2,0.333333"));
  }

  void channelAndTimeSelection() {
    const auto p = path("select.csv");
    CsvOptions opt;
    opt.channels = {"c", "a"};
    opt.tBegin = 2.5;
    opt.tEnd = 5.0;  // inclusive
    writeCsv(smallRecorder(), p, opt);
    QCOMPARE(lines(readFile(p)),
             (QStringList{"time [s],c [m],a [rad]", "3,1003,1.5", "4,1004,2", "5,1005,2.5"}));
    opt.tBegin = 100;  // empty selection: header only
    writeCsv(smallRecorder(), p, opt);
    QCOMPARE(lines(readFile(p)), (QStringList{"time [s],c [m],a [rad]"}));
    QCOMPARE(readCsv(p).rows(), std::size_t(0));
    // Unknown channel: rejected before any file is touched.
    opt.channels = {"a", "nope"};
    const auto q = path("unknown.csv");
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeCsv(smallRecorder(), q, opt));
    QVERIFY(!QFileInfo::exists(QString::fromStdString(q)));
  }

  void localeIndependent() {
    QTemporaryDir locdir;
    QVERIFY(locdir.isValid());
    const QString why = activateFrenchLocale(locdir);
    if (!why.isEmpty())
      QSKIP(qPrintable(why + ". Install it with: apt-get install locales && localedef -i fr_FR -f UTF-8 fr_FR.UTF-8"));
    struct Restore {
      ~Restore() { restoreClassicLocale(); }
    } restore;
    // The locale really uses ',' (otherwise this test could not fail).
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", 1.5);
    QCOMPARE(QString(buf), QString("1,50"));
    std::ostringstream os;
    os << 1.5;
    QCOMPARE(os.str(), std::string("1,5"));

    const auto p = path("locale.csv");
    writeCsv(smallRecorder(), p);
    const auto l = lines(readFile(p));
    QCOMPARE(l[0], QString("time [s],a [rad],b [N m],c [m]"));
    QCOMPARE(l[4], QString("3,1.5,-0.75,1003"));
    QCOMPARE(l[10], QString("9,4.5,-2.25,1009"));
    const CsvTable tab = readCsv(p);  // reading is locale-independent too
    QCOMPARE(tab.columns[1][3], 1.5);
    QCOMPARE(tab.columns[2][9], -2.25);
  }

  void missingDirectoryThrowsAndLeavesNothing() {
    const QString parent = dir_.filePath("nodir");
    const std::string p = (parent + "/sub/out.csv").toStdString();
    const QStringList before = entries(dir_.path());
    expectRuntimeError([&] { writeCsv(smallRecorder(), p); },
                       {QString::fromStdString(p), "No such file or directory", "temporary"});
    QCOMPARE(entries(dir_.path()), before);
  }

  // A real failure in the middle of the data: the file-size limit makes write() fail with EFBIG after
  // 64 KiB of the ~1.6 MB text. The old file must survive and the temporary file must be removed.
  void failureMidWriteKeepsOldFile() {
    QTemporaryDir d;
    QVERIFY(d.isValid());
    const std::string p = d.filePath("trace.csv").toStdString();
    writeFile(p, "old content\n");
    Recorder rec({{"a", "", ""}, {"b", "", ""}, {"c", "", ""}});
    for (int k = 0; k < 20000; ++k) {
      const double v[3] = {std::sin(k * 1.0), std::cos(k * 1.0), k / 7.0};
      rec.append(k * 1e-3, v);
    }
    rlimit old{};
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &old), 0);
    rlimit lim = old;
    lim.rlim_cur = 64 * 1024;
    const auto previous = std::signal(SIGXFSZ, SIG_IGN);  // EFBIG instead of a fatal signal
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &lim), 0);
    QString message;
    try {
      writeCsv(rec, p);
    } catch (const std::runtime_error& e) {
      message = e.what();
    }
    setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, previous);
    QVERIFY2(!message.isEmpty(), "writing past RLIMIT_FSIZE did not throw");
    QVERIFY2(message.contains(QString::fromStdString(p)) && message.contains("File too large") && message.contains("writing"),
             qPrintable(message));
    QCOMPARE(readFile(p), std::string("old content\n"));
    QCOMPARE(entries(d.path()), QStringList{"trace.csv"});
    // And the same write succeeds once the limit is lifted.
    writeCsv(rec, p);
    QCOMPARE(readCsv(p).rows(), std::size_t(20000));
    QCOMPARE(entries(d.path()), QStringList{"trace.csv"});
  }

  // The last step fails: renaming a file over a directory (EISDIR). Everything was written and synced,
  // yet the target is untouched and the temporary file removed.
  void failedRenameKeepsTarget() {
    QTemporaryDir d;
    QVERIFY(d.isValid());
    QVERIFY(QDir(d.path()).mkdir("target.csv"));
    writeFile(d.filePath("target.csv/inside").toStdString(), "keep");
    const std::string p = d.filePath("target.csv").toStdString();
    expectRuntimeError([&] { writeCsv(smallRecorder(), p); }, {QString::fromStdString(p), "Is a directory", "renaming"});
    QCOMPARE(entries(d.path()), QStringList{"target.csv"});
    QCOMPARE(readFile(d.filePath("target.csv/inside").toStdString()), std::string("keep"));
  }

  // The generator fails half-way (an infinite value in a derived table): old file intact, no temp file.
  void generatorFailureKeepsOldFile() {
    QTemporaryDir d;
    QVERIFY(d.isValid());
    const std::string p = d.filePath("table.csv").toStdString();
    writeFile(p, "old\n");
    CsvTable t;
    t.names = {"time", "x"};
    t.units = {"s", "m"};
    t.columns = {{0, 1, 2, 3}, {0.5, 1.5, std::numeric_limits<double>::infinity(), 3.5}};
    expectRuntimeError([&] { writeCsvTable(t, p); }, {QString::fromStdString(p), "infinite", "'x'"});
    QCOMPARE(readFile(p), std::string("old\n"));
    QCOMPARE(entries(d.path()), QStringList{"table.csv"});
    Recorder rec({{"y", "", ""}});
    const double inf = -std::numeric_limits<double>::infinity();
    rec.append(0, &inf);
    expectRuntimeError([&] { writeCsv(rec, p); }, {QString::fromStdString(p), "infinite", "'y'"});
    QCOMPARE(readFile(p), std::string("old\n"));
    QCOMPARE(entries(d.path()), QStringList{"table.csv"});
  }

  void tableRoundTripAndValidation() {
    CsvTable t;
    t.names = {"item", "PID maxAbsError", "CTC, tuned relativeErrorPercent"};
    t.units = {"", "", "%"};
    t.columns = {{1, 2, 3}, {0.0172, kNaN, 1e-5}, {8.55, 0.94, kNaN}};
    const auto p = path("table.csv");
    writeCsvTable(t, p);
    QCOMPARE(lines(readFile(p))[0], QString("item,PID maxAbsError,\"CTC, tuned relativeErrorPercent [%]\""));
    QCOMPARE(lines(readFile(p))[2], QString("2,,0.93999999999999995"));
    const CsvTable r = readCsv(p);
    QCOMPARE(r.names, t.names);
    QCOMPARE(r.units, t.units);
    QCOMPARE(r.columns[1][0], 0.0172);
    QVERIFY(std::isnan(r.columns[1][1]));
    QVERIFY(std::isnan(r.columns[2][2]));
    writeCsvTable(t, p, 0);
    QCOMPARE(lines(readFile(p))[2], QString("2,,0.94"));
    // Units may be omitted entirely.
    CsvTable noUnits = t;
    noUnits.units.clear();
    writeCsvTable(noUnits, p);
    QCOMPARE(lines(readFile(p))[0], QString("item,PID maxAbsError,\"CTC, tuned relativeErrorPercent\""));

    CsvTable bad = t;
    bad.columns[2].pop_back();
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeCsvTable(bad, p));
    bad = t;
    bad.names.pop_back();
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeCsvTable(bad, p));
    bad = t;
    bad.units = {"s"};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeCsvTable(bad, p));
    bad = t;
    bad.columns[0][1] = kNaN;  // the first column may not be missing
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeCsvTable(bad, p));
    bad = t;
    bad.names[1] = "two\nlines";
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeCsvTable(bad, p));
  }

  void readsPlainHeadersCrlfAndBom() {
    const auto p = path("plain.csv");
    writeFile(p, "\xEF\xBB\xBFtime,x , y [m]\r\n0, 1.5 ,+2\r\n1e-3,-0,3E2\r\n");
    const CsvTable t = readCsv(p);
    QCOMPARE(t.names, (std::vector<std::string>{"time", "x", "y"}));
    QCOMPARE(t.units, (std::vector<std::string>{"", "", "m"}));
    QCOMPARE(t.columns[0], (std::vector<double>{0, 1e-3}));
    QCOMPARE(t.columns[1][0], 1.5);
    QCOMPARE(t.columns[2], (std::vector<double>{2, 300}));
    QVERIFY(std::signbit(t.columns[1][1]));
  }

  // Every readCsv fault at its line and column (with the column's header name where it has one), said
  // once, in words (README "What the CSV readers refuse"): maniplab::test::readerRuleBroken compares the whole message.
  void readDiagnostics_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("reason");
    const QByteArray h = "time [s],a [rad],b\n0,1,2\n";
    QTest::newRow("empty file") << QByteArray() << "" << "the file is empty (expected a header line: time, then one name per column)";
    QTest::newRow("only comments") << QByteArray("# maniplab-cli 0.1.0\n") << "line 2" << "no header line after the comment lines";
    QTest::newRow("empty header") << QByteArray("\n0,1\n") << "line 1" << "the header line is empty (expected time, then one name per column)";
    QTest::newRow("too few fields") << h + "1,2\n" << "line 3, column 3 (b)" << "missing: the line has 2 fields, the header 3";
    QTest::newRow("too many fields") << h + "1,2,3,4\n" << "line 3, column 4" << "a field beyond the header's 3 columns";
    QTest::newRow("truncated") << h + "1,2,3\n2,2" << "line 4, column 3 (b)" << "missing: the line has 2 fields, the header 3";
    QTest::newRow("empty line") << h + "\n1,2,3\n" << "line 3" << "an empty line (expected 3 fields)";
    QTest::newRow("non-numeric") << h + "1,2,abc\n" << "line 3, column 3 (b)" << "'abc' is not a number";
    QTest::newRow("decimal comma") << h + "1,\"2,5\",3\n" << "line 3, column 2 (a)" << "'\"2' is not a number";
    QTest::newRow("trailing garbage") << h + "1,2.5x,3\n" << "line 3, column 2 (a)" << "'2.5x' is not a number";
    QTest::newRow("nan") << h + "1,nan,3\n" << "line 3, column 2 (a)"
                         << "'nan' is not a finite number (a missing value is written as an empty field)";
    QTest::newRow("NaN") << h + "1,2,NaN\n" << "line 3, column 3 (b)"
                         << "'NaN' is not a finite number (a missing value is written as an empty field)";
    QTest::newRow("inf") << h + "1,-inf,3\n" << "line 3, column 2 (a)"
                         << "'-inf' is not a finite number (a missing value is written as an empty field)";
    QTest::newRow("infinity") << h + "1,2,Infinity\n" << "line 3, column 3 (b)"
                              << "'Infinity' is not a finite number (a missing value is written as an empty field)";
    QTest::newRow("out of range") << h + "1,1e999,3\n" << "line 3, column 2 (a)" << "the number '1e999' is beyond the range of a double";
    QTest::newRow("missing time") << h + ",1,2\n" << "line 3, column 1 (time)" << "missing value: the first column (time) needs one on every row";
    QTest::newRow("unterminated quote") << QByteArray("time,\"a\n") << "line 1, column 2" << "a quoted header field is not closed (a '\"' is missing)";
    QTest::newRow("text after a quote") << QByteArray("time,\"a\"b\n") << "line 1, column 2" << "text after the closing quote of a header field (expected ',')";
    QTest::newRow("repeated column") << QByteArray("time,a,b,a\n0,1,2,3\n") << "line 1, column 4 (a)" << "the column name is repeated (column 2 has it too)";
    QTest::newRow("column without a name") << QByteArray("time,,b\n0,1,2\n") << "line 1, column 2" << "a column without a name in the header";
    QTest::newRow("header not UTF-8") << QByteArray("time,a\xff,b\n0,1,2\n") << "line 1, column 2" << "a byte that is not UTF-8 text (a CSV file is UTF-8)";
    QTest::newRow("row not UTF-8") << h + "1,2,\xc3\n" << "line 3, column 3" << "a byte that is not UTF-8 text (a CSV file is UTF-8)";
    // the first byte is the bad one and a line feed follows (libFuzzer, fuzz_csv, 2026-11-28: the line was
    // looked for from the end of the file, and the column count ran backwards past the buffer)
    QTest::newRow("first byte not UTF-8") << QByteArray("\xfftime,a\n0,1\n") << "line 1, column 1" << "a byte that is not UTF-8 text (a CSV file is UTF-8)";
    QTest::newRow("truncated byte-order mark") << QByteArray("\xef\xbbtime,a\n0,1\n") << "line 1, column 1" << "a byte that is not UTF-8 text (a CSV file is UTF-8)";
    QTest::newRow("comment not UTF-8") << QByteArray("# caf\xe9\ntime,a\n0,1\n") << "line 1" << "a byte that is not UTF-8 text (a CSV file is UTF-8)";
    QTest::newRow("after comments") << QByteArray("# maniplab-cli 0.1.0\n# scene s.json\ntime [s],a\n0,1\n1,x\n") << "line 5, column 2 (a)"
                                    << "'x' is not a number";
  }
  void readDiagnostics() {
    QFETCH(QByteArray, content);
    QFETCH(QString, location);
    QFETCH(QString, reason);
    const auto p = path("bad.csv");
    writeFile(p, content.toStdString());
    std::string msg;
    try {
      readCsv(p);
    } catch (const std::runtime_error& e) {
      msg = e.what();
    }
    const std::string broken = maniplab::test::readerRuleBroken(msg, p, location.toStdString(), reason.toStdString());
    QVERIFY2(broken.empty(), broken.c_str());
  }

  void readMissingFileOrADirectory() {
    for (const auto& [p, reason] : {std::pair{path("does-not-exist.csv"), std::string("cannot open the CSV file (No such file or directory)")},
                                    std::pair{dir_.path().toStdString(), std::string("this is a directory, not a CSV file")}}) {
      std::string msg;
      try {
        readCsv(p);
      } catch (const std::runtime_error& e) {
        msg = e.what();
      }
      const std::string broken = maniplab::test::readerRuleBroken(msg, p, "", reason);
      QVERIFY2(broken.empty(), broken.c_str());
    }
  }

  // A trace of a million rows reads (no bound on the rows: ManipLab's own runs reach 10^7 control periods).
  void readsAMillionRows() {
    const auto p = path("long.csv");
    {
      std::ofstream out(p, std::ios::binary);
      out << "time [s],q[1] [rad]\n";
      for (int k = 0; k < 1000000; ++k) out << k << "e-3," << (k % 7) << "\n";
    }
    const CsvTable t = readCsv(p);
    QCOMPARE(t.rows(), std::size_t(1000000));
    QCOMPARE(t.headerLine, std::size_t(1));
    QCOMPARE(t.columns[0].back(), 999.999);
  }
};

MANIPLAB_TEST_APPLESS_MAIN(TestCsv)
#include "test_csv.moc"  // (in the namespace, as the class)

}  // namespace test_csv
