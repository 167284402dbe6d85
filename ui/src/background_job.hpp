#pragma once
// One job at a time off the GUI thread, for the panels that talk to an EtherCAT bus (the EtherCAT panel's
// scan, start, stop and checks; the object dictionary browser's SDO reads and writes): the job runs in
// Qt's thread pool and returns an error text (empty on success), which is handed to `finished` on the
// context object's thread. A second job while one runs is refused, not queued: the panels say "busy".
#include <QFutureWatcher>
#include <QPointer>
#include <QString>
#include <functional>

class QObject;

namespace maniplab::ui {

class BackgroundJob {
 public:
  bool busy() const { return busy_; }
  /// Runs `job` in the thread pool; when it returns, busy() is false again and `finished(error)` runs on
  /// `context`'s thread (not after `context` is destroyed). False, and nothing started, while busy().
  bool start(QObject* context, std::function<QString()> job, std::function<void(const QString& error)> finished);
  /// Blocks until the running job, if any, has returned (the owner's destructor).
  void wait();

 private:
  bool busy_ = false;
  QPointer<QFutureWatcher<QString>> watcher_;
};

}  // namespace maniplab::ui
