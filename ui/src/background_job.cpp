#include "background_job.hpp"

#include <QtConcurrent/QtConcurrentRun>

namespace maniplab::ui {

bool BackgroundJob::start(QObject* context, std::function<QString()> job,
                          std::function<void(const QString& error)> finished) {
  if (busy_) return false;
  busy_ = true;
  auto* w = new QFutureWatcher<QString>(context);
  watcher_ = w;
  QObject::connect(w, &QFutureWatcher<QString>::finished, context, [this, w, finished = std::move(finished)] {
    const QString err = w->result();
    w->deleteLater();
    busy_ = false;
    if (finished) finished(err);
  });
  w->setFuture(QtConcurrent::run(std::move(job)));
  return true;
}

void BackgroundJob::wait() {
  if (watcher_) watcher_->waitForFinished();
}

}  // namespace maniplab::ui
