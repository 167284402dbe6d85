#include <QTest>
class Stub : public QObject {
  Q_OBJECT
 private slots:
  void pending() { QSKIP("being written"); }
};
QTEST_APPLESS_MAIN(Stub)
#include "test_metrics.moc"
