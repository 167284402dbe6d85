#pragma once
// Test support for the EtherCAT tests over a veth pair (scripts/ethercat-veth.sh): a guard that takes the
// pair down when the test ends, and stopping a child process (ecat-sim, tshark) politely, then firmly.
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace maniplab::test {

/// Runs scripts/ethercat-veth.sh with `env`; "down" when destroyed.
struct VethGuard {
  QProcessEnvironment env;
  QString script = QStringLiteral(MANIPLAB_SOURCE_DIR "/scripts/ethercat-veth.sh");
  explicit VethGuard(const QProcessEnvironment& e) : env(e) {}
  int run(const QStringList& args) const {
    QProcess p;
    p.setProcessEnvironment(env);
    p.start("sh", QStringList{script} + args);
    p.waitForFinished(20000);
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  }
  ~VethGuard() { run({"down"}); }
};

/// SIGTERM, then SIGKILL after 5 s.
inline void stopProcess(QProcess& p) {
  if (p.state() == QProcess::NotRunning) return;
  p.terminate();
  if (!p.waitForFinished(5000)) {
    p.kill();
    p.waitForFinished(2000);
  }
}

}  // namespace maniplab::test
