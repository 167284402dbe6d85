// Files are never lost (model/atomic_file.hpp, used by the CSV writers and maniplab-cli's --out/--csv):
//  - a save replaces the file's content and leaves no temporary file;
//  - a failed save keeps the previous file byte for byte, removes its temporary file and says why with
//    the errno text, checked against strerror of the same failure provoked here independently:
//      * missing directory (ENOENT) and a directory the kernel refuses files in (/proc), which fail even
//        as root (root ignores permission bits);
//      * a write that fails half-way (RLIMIT_FSIZE: EFBIG after part of the data), previous file kept;
//      * disk full: /dev/full (ENOSPC), which is written in place, never replaced;
//  - a symbolic link is kept and its target replaced; a directory target is an error;
//  - sim::writeCsv and maniplab-cli (urdf-export --out, run --csv) keep the previous file on failure.
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "maniplab/model/atomic_file.hpp"
#include "maniplab/sim/traces/csv.hpp"
#include "maniplab/sim/traces/recorder.hpp"
#include "support/test_main.hpp"

namespace test_atomic_file {

using namespace maniplab;
namespace fs = std::filesystem;

namespace {

std::string slurp(const std::string& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::size_t entries(const std::string& dir) {
  std::size_t n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
  return n;
}

/// errno of creating a file at `path` directly (the independent oracle of the failure's cause).
int createErrno(const std::string& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0666);
  if (fd >= 0) {
    ::close(fd);
    ::unlink(path.c_str());
    return 0;
  }
  return errno;
}

std::string errorOf(const std::string& path, const std::string& content) { return tryWriteFileAtomically(path, content, "test file"); }

}  // namespace

class AtomicFile : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  std::string d() const { return dir_.path().toStdString(); }

 private slots:
  void replacesAndLeavesNoTemporary() {
    const std::string p = d() + "/a.txt";
    QCOMPARE(errorOf(p, "first"), std::string());
    QCOMPARE(slurp(p), std::string("first"));
    const std::string big(3 * (1 << 20) + 17, 'x');  // more than one flush
    QCOMPARE(errorOf(p, big), std::string());
    QCOMPARE(slurp(p), big);
    QCOMPARE(entries(d()), std::size_t(1));
  }

  void missingDirectoryAndProcSayWhy() {
    for (const std::string& p : {d() + "/no/such/dir/x.csv", std::string("/proc/maniplab_test.csv")}) {
      const int e = createErrno(p + ".probe");
      QVERIFY2(e != 0, p.c_str());
      const std::string err = errorOf(p, "data");
      QVERIFY2(err.find(p) != std::string::npos, err.c_str());
      QVERIFY2(err.find(std::strerror(e)) != std::string::npos, (err + " / expected: " + std::strerror(e)).c_str());
      QVERIFY(!fs::exists(p));
    }
  }

  void failedWriteKeepsThePreviousFile() {
    const std::string p = d() + "/keep.csv";
    QCOMPARE(errorOf(p, "previous content\n"), std::string());
    const std::size_t before = entries(d());
    // Files may not grow past 64 KiB for this process: the write of 2 MiB fails half-way with EFBIG.
    std::signal(SIGXFSZ, SIG_IGN);
    rlimit old{};
    QCOMPARE(::getrlimit(RLIMIT_FSIZE, &old), 0);
    rlimit lim = old;
    lim.rlim_cur = 64 * 1024;
    QCOMPARE(::setrlimit(RLIMIT_FSIZE, &lim), 0);
    const std::string err = errorOf(p, std::string(2 << 20, 'y'));
    ::setrlimit(RLIMIT_FSIZE, &old);
    QVERIFY2(err.find(std::strerror(EFBIG)) != std::string::npos, err.c_str());
    QVERIFY2(err.find("keep.csv") != std::string::npos, err.c_str());
    QCOMPARE(slurp(p), std::string("previous content\n"));
    QCOMPARE(entries(d()), before);  // the temporary file is gone
  }

  void diskFullSaysNoSpace() {
    if (!fs::exists("/dev/full")) QSKIP("no /dev/full");
    const std::string err = errorOf("/dev/full", std::string(4096, 'z'));
    QVERIFY2(err.find(std::strerror(ENOSPC)) != std::string::npos, err.c_str());
    QVERIFY(fs::is_character_file("/dev/full"));  // written in place, never replaced
    // the CSV writer says the same
    sim::Recorder rec(std::vector<sim::ChannelInfo>{sim::ChannelInfo{"q", "rad", "position"}});
    const double row[] = {1.0};
    rec.append(0.0, row);
    try {
      sim::writeCsv(rec, "/dev/full");
      QFAIL("no error");
    } catch (const std::exception& e) {
      QVERIFY2(std::string(e.what()).find(std::strerror(ENOSPC)) != std::string::npos, e.what());
      QVERIFY2(std::string(e.what()).find("CSV file '/dev/full'") != std::string::npos, e.what());
    }
  }

  void symlinkKeptDirectoryRefused() {
    const std::string real = d() + "/real.txt", link = d() + "/link.txt";
    QCOMPARE(errorOf(real, "old"), std::string());
    fs::create_symlink(real, link);
    QCOMPARE(errorOf(link, "new"), std::string());
    QVERIFY(fs::is_symlink(link));
    QCOMPARE(slurp(real), std::string("new"));
    const std::string err = errorOf(d(), "x");
    QVERIFY2(err.find(std::strerror(EISDIR)) != std::string::npos, err.c_str());
  }

  void cliKeepsThePreviousOutput() {
    // urdf-export to a path whose directory is missing: exit 1, errno text; an existing --out survives a
    // failed write (RLIMIT_FSIZE inherited by the child: EFBIG).
    const QString cli = QStringLiteral(MANIPLAB_CLI);
    const QString robot = QStringLiteral(MANIPLAB_SOURCE_DIR "/robots/puma560.json");
    QProcess p;
    p.start(cli, {QStringLiteral("urdf-export"), robot, QStringLiteral("--out"), dir_.filePath(QStringLiteral("none/p.urdf"))});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 1);
    QVERIFY2(p.readAllStandardError().contains(std::strerror(ENOENT)), "no errno text");

    const std::string out = d() + "/p.urdf";
    QCOMPARE(errorOf(out, "previous"), std::string());
    std::signal(SIGXFSZ, SIG_IGN);  // inherited ignored by the child
    rlimit old{};
    ::getrlimit(RLIMIT_FSIZE, &old);
    rlimit lim = old;
    lim.rlim_cur = 1024;  // the Puma 560's URDF is larger
    ::setrlimit(RLIMIT_FSIZE, &lim);
    QProcess q;
    q.start(cli, {QStringLiteral("urdf-export"), robot, QStringLiteral("--out"), QString::fromStdString(out)});
    const bool finished = q.waitForFinished(60000);
    ::setrlimit(RLIMIT_FSIZE, &old);
    QVERIFY(finished);
    QCOMPARE(q.exitCode(), 1);
    const QByteArray err = q.readAllStandardError();
    QVERIFY2(err.contains(std::strerror(EFBIG)), err.constData());
    QCOMPARE(slurp(out), std::string("previous"));
  }
};

MANIPLAB_TEST_GUILESS_MAIN(AtomicFile)
#include "test_atomic_file.moc"  // (in the namespace, as the class)

}  // namespace test_atomic_file
