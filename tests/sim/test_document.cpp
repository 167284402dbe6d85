// One way to open a document (sim/document.hpp): every shipped robot, URDF and scene is recognised as what
// it is; a file is read once (a named pipe that can be read only once opens as a scene, a robot, a scene of
// a required kind); the robot and the scene come from the text read, not from the file again; the
// messages for the wrong kind of file; maniplab-cli's `check` and `orthoglide ROBOT.json` on a pipe (bash's
// process substitution, `maniplab-cli check <(...)`), which a second read would find empty.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <chrono>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "maniplab/sim/document.hpp"
#include "support/test_main.hpp"

namespace test_document {

using namespace maniplab;
using namespace maniplab::sim;

namespace {

const QString kSrc = QStringLiteral(MANIPLAB_SOURCE_DIR);
std::string source(const char* rel) { return (kSrc + "/" + rel).toStdString(); }

std::string fileText(const std::string& path) {
  std::string t;
  readTextFile(path, t);
  return t;
}

/// A named pipe that gives `text` to its first reader. A second reader (another open of the path after
/// the first one has read and closed) is counted and given "{" (a JSON syntax error), so that code that
/// reads the file twice fails visibly instead of waiting for a writer.
class ReadOnceFile {
 public:
  ReadOnceFile(const QString& path, std::string text) : path_(path.toStdString()), text_(std::move(text)) {
    ok_ = ::mkfifo(path_.c_str(), 0600) == 0;
    if (ok_) writer_ = std::thread([this] { serve(); });
  }
  ~ReadOnceFile() {
    stop_ = true;
    if (writer_.joinable()) writer_.join();
    ::unlink(path_.c_str());
  }
  bool ok() const { return ok_; }
  int reads() const { return reads_; }
  const std::string& path() const { return path_; }

 private:
  /// open(O_WRONLY | O_NONBLOCK) succeeds only while a reader has the pipe open: polled, never blocking.
  int waitForReader(std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (!stop_ && std::chrono::steady_clock::now() < end) {
      const int fd = ::open(path_.c_str(), O_WRONLY | O_NONBLOCK);
      if (fd >= 0) return fd;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return -1;
  }
  void writeAll(int fd, const std::string& s) {
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    for (std::size_t done = 0; done < s.size();) {
      const ssize_t n = ::write(fd, s.data() + done, s.size() - done);
      if (n <= 0) break;
      done += std::size_t(n);
    }
    ::close(fd);
  }
  void serve() {
    int fd = waitForReader(std::chrono::seconds(20));
    if (fd < 0) return;
    ++reads_;
    writeAll(fd, text_);
    // The first reader drains the pipe and closes it; any reader after that is a second read.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    while (!stop_) {
      fd = waitForReader(std::chrono::milliseconds(50));
      if (fd < 0) continue;
      ++reads_;
      writeAll(fd, "{");
    }
  }

  std::string path_, text_;
  bool ok_ = false;
  std::atomic<bool> stop_{false};
  std::atomic<int> reads_{0};
  std::thread writer_;
};

}  // namespace

class DocumentTest : public QObject {
  Q_OBJECT

 private slots:
  // Every shipped file is recognised as what it is, with its kind.
  void shippedFilesRecognised() {
    struct Case {
      const char* file;
      Document::Type type;
      const char* kind;  // "" for a URDF
      bool serialRobot;
    };
    const Case cases[] = {
        {"robots/puma560.json", Document::Type::Robot, "serial", true},
        {"robots/planar2r.json", Document::Type::Robot, "serial", true},
        {"robots/umis.urdf", Document::Type::Urdf, "", true},
        {"robots/orthoglide.json", Document::Type::Robot, "orthoglide", false},
        {"scenes/default.json", Document::Type::Scene, "serial", false},
        {"scenes/orthoglide_ctc_vs_pid.json", Document::Type::Scene, "orthoglide", false},
        {"scenes/satellite_arm.json", Document::Type::Scene, "floating_base", false},
        {"scenes/pendulum.json", Document::Type::Scene, "pendulum", false},
    };
    for (const Case& c : cases) {
      const Document d = openDocument(source(c.file));
      QVERIFY2(d.type == c.type, c.file);
      QCOMPARE(d.kind ? d.kind->name() : std::string(), std::string(c.kind));
      QVERIFY2(d.isSerialRobot() == c.serialRobot, c.file);
      QCOMPARE(d.text, fileText(source(c.file)));
    }
    const Document none = openDocument(source("no/such/file.json"));
    QVERIFY(none.type == Document::Type::Unreadable);
    QVERIFY(openDocument(kSrc.toStdString() + "/scenes").type == Document::Type::Unreadable);  // a folder
    const SceneLoad l = none.scene();
    QCOMPARE(l.diagnostics.size(), std::size_t(1));
    QVERIFY(formatDiagnostics(l.diagnostics).find("cannot open") != std::string::npos);
  }

  // The scene and the robot come from the text read by openDocument: the file may be gone by then.
  void parsedFromTheTextRead() {
    QTemporaryDir dir;
    QVERIFY(QFile::copy(kSrc + "/robots/puma560.json", dir.filePath("arm.json")));
    QVERIFY(QFile::copy(kSrc + "/scenes/pendulum.json", dir.filePath("pendulum.json")));
    const Document robot = openDocument(dir.filePath("arm.json").toStdString());
    const Document scene = openDocument(dir.filePath("pendulum.json").toStdString());
    QVERIFY(QFile::remove(dir.filePath("arm.json")) && QFile::remove(dir.filePath("pendulum.json")));
    const RobotLoadResult r = robot.robot();
    QVERIFY2(r.ok(), r.report().c_str());
    QCOMPARE(r.model.nq, 6);
    QCOMPARE(r.description.sourceFile, dir.filePath("arm.json").toStdString());
    const SceneLoad s = scene.scene();
    QVERIFY2(s.ok(), formatDiagnostics(s.diagnostics).c_str());
    QCOMPARE(s.scene->kind().name(), std::string("pendulum"));
  }

  // A pipe that can be read only once: each entry point reads it once and gets its content.
  void readOnce() {
    QTemporaryDir dir;
    {
      ReadOnceFile f(dir.filePath("scene.json"), fileText(source("scenes/pendulum.json")));
      QVERIFY(f.ok());
      const SceneLoad s = loadAnyScene(f.path());
      QVERIFY2(s.ok(), formatDiagnostics(s.diagnostics).c_str());
      QCOMPARE(s.scene->kind().name(), std::string("pendulum"));
      std::this_thread::sleep_for(std::chrono::milliseconds(600));  // a second read would be counted by now
      QCOMPARE(f.reads(), 1);
    }
    {
      ReadOnceFile f(dir.filePath("of_kind.json"), fileText(source("scenes/pendulum.json")));
      const SceneLoad s = loadSceneOfKind(f.path(), "pendulum");
      QVERIFY2(s.ok(), formatDiagnostics(s.diagnostics).c_str());
      std::this_thread::sleep_for(std::chrono::milliseconds(600));
      QCOMPARE(f.reads(), 1);
    }
    {
      ReadOnceFile f(dir.filePath("robot.json"), fileText(source("robots/puma560.json")));
      const Document d = openDocument(f.path());
      QVERIFY(d.isSerialRobot());
      const RobotLoadResult r = d.robot();
      QVERIFY2(r.ok(), r.report().c_str());
      QCOMPARE(r.model.nq, 6);
      std::this_thread::sleep_for(std::chrono::milliseconds(600));
      QCOMPARE(f.reads(), 1);
    }
  }

  // The wrong kind of file: one error naming what the file is.
  void wrongKind() {
    const SceneLoad s = loadSceneOfKind(source("scenes/pendulum.json"), "orthoglide");
    QCOMPARE(s.diagnostics.size(), std::size_t(1));
    const std::string m = formatDiagnostics(s.diagnostics);
    QVERIFY2(m.find("this is a \"pendulum\" scene") != std::string::npos && m.find("not a \"orthoglide\" scene") != std::string::npos,
             m.c_str());
    const RobotLoadResult r = openDocument(source("robots/orthoglide.json")).robot();
    QVERIFY(!r.ok());
    QVERIFY2(r.report().find("not a serial robot file") != std::string::npos, r.report().c_str());
    UrdfImportOptions tip;
    tip.tip = "link6";
    const RobotLoadResult t = openDocument(source("robots/puma560.json")).robot(tip);
    QVERIFY2(t.report().find("apply to URDF files only") != std::string::npos, t.report().c_str());
  }

  // maniplab-cli on a pipe: `check` and `orthoglide ROBOT.json` read their file once.
  void cliReadsAPipeOnce() {
    struct Case {
      QString command, file, expect;
    };
    const Case cases[] = {
        {QStringLiteral("check"), QStringLiteral("robots/puma560.json"), QStringLiteral(": ok")},
        {QStringLiteral("orthoglide"), QStringLiteral("robots/orthoglide.json"), QStringLiteral("velocity amplification")},
    };
    for (const Case& c : cases) {
      QProcess p;
      p.start(QStringLiteral("bash"), {QStringLiteral("-c"), QStringLiteral("'%1' %2 <(cat '%3')")
                                                                  .arg(QStringLiteral(MANIPLAB_CLI), c.command,
                                                                       kSrc + "/" + c.file)});
      QVERIFY(p.waitForFinished(60000));
      const QString out = QString::fromUtf8(p.readAllStandardOutput()), err = QString::fromUtf8(p.readAllStandardError());
      QVERIFY2(p.exitCode() == 0 && out.contains(c.expect), qPrintable(c.command + ": " + out + err));
    }
  }
};

MANIPLAB_TEST_GUILESS_MAIN(DocumentTest)
#include "test_document.moc"  // (in the namespace, as the class)

}  // namespace test_document
