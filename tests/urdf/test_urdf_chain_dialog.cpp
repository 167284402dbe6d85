// The chain dialog of File > Import URDF on a tree (ui/urdf_chain_dialog.hpp), under Xvfb:
//  - on the Franka Panda with its hand: the whole tree (first row) and six candidate chains with their joint counts, the arm with the
//    hand locked chosen by default, the locked fingers with their positions (the second finger's mimic
//    rule shown and followed when the first finger's position is typed), the options handed to the
//    import (tip, and only the positions stated for joints the chosen chain locks);
//  - through the main window: a tree opens the dialog, the chosen chain is imported (7 joints, the same
//    dynamics as loadUrdfFile with that tip; the message area says to save it as a robot file before the
//    scene), Cancel keeps the previous robot, a serial URDF asks nothing.
// A screenshot of the dialog goes to $MANIPLAB_SCREENSHOT_DIR when set.
#include <QApplication>
#include <QTimer>
#include <QtTest>

#include <functional>
#include <random>

#include "maniplab/model/crba.hpp"
#include "maniplab/model/rnea.hpp"
#include "maniplab/ui/chain_editor.hpp"
#include "maniplab/ui/main_window.hpp"
#include "maniplab/ui/message_area.hpp"
#include "maniplab/ui/urdf_chain_dialog.hpp"
#include "maniplab/urdf/urdf_file.hpp"

using namespace maniplab;
using namespace maniplab::ui;

namespace {

QString source(const QString& rel) { return QStringLiteral(MANIPLAB_SOURCE_DIR "/") + rel; }
const QString kPanda = source(QStringLiteral("tests/data/urdf/franka_panda/panda.urdf"));

std::string readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}

int rowOfTip(const UrdfChainDialog& d, const QString& tip) {
  for (int r = 0; r < d.chainCount(); ++r)
    if (d.chainCell(r, 0) == tip) return r;
  return -1;
}
int rowOfLocked(const UrdfChainDialog& d, const QString& joint) {
  for (int r = 0; r < d.lockedCount(); ++r)
    if (d.lockedCell(r, 0) == joint) return r;
  return -1;
}

/// Runs `act` on the chain dialog once it is shown modally (File > Import URDF blocks in exec()).
void whenDialogShows(std::function<void(UrdfChainDialog&)> act) {
  auto* timer = new QTimer;
  timer->setInterval(20);
  QObject::connect(timer, &QTimer::timeout, [timer, act] {
    if (auto* d = qobject_cast<UrdfChainDialog*>(QApplication::activeModalWidget())) {
      timer->stop();
      timer->deleteLater();
      act(*d);
    }
  });
  timer->start();
}

void screenshot(QWidget& w, const QString& name) {
  const QByteArray dir = qgetenv("MANIPLAB_SCREENSHOT_DIR");
  if (!dir.isEmpty()) w.grab().save(QString::fromLocal8Bit(dir) + QLatin1Char('/') + name);
}

}  // namespace

class TestUrdfChainDialog : public QObject {
  Q_OBJECT

 private slots:
  void listsThePandaChains() {
    const std::string text = readAll(kPanda);
    const UrdfTreeInfo info = urdfTreeInfo(text, kPanda.toStdString());
    QVERIFY(info.ok() && !info.serial);
    UrdfChainDialog d(text, kPanda.toStdString(), info);
    d.show();
    QVERIFY(QTest::qWaitForWindowExposed(&d));
    QCOMPARE(d.chainCount(), 7);  // the whole tree, then the six chains
    QCOMPARE(d.chainCell(0, 0), QStringLiteral("(whole tree)"));
    QCOMPARE(d.chainCell(0, 1), QStringLiteral("8"));
    QCOMPARE(d.chainCell(rowOfTip(d, "panda_leftfinger"), 1), QStringLiteral("8"));
    QCOMPARE(d.chainCell(rowOfTip(d, "panda_hand_tcp"), 1), QStringLiteral("7"));
    QVERIFY(d.chainCell(rowOfTip(d, "panda_rightfinger"), 2).contains(QStringLiteral("of which 1 mimic joint")));
    // default: the longest chain that follows every mimic coupling it keeps (the arm, hand locked)
    QCOMPARE(d.selectedTip(), QStringLiteral("panda_hand"));
    QCOMPARE(d.lockedCount(), 2);
    const int f1 = rowOfLocked(d, "panda_finger_joint1"), f2 = rowOfLocked(d, "panda_finger_joint2");
    QVERIFY(f1 >= 0 && f2 >= 0);
    QCOMPARE(d.lockedCell(f1, 1), QStringLiteral("0.000"));
    QCOMPARE(d.lockedCell(f1, 2), QStringLiteral("mm"));
    QVERIFY(d.lockedCell(f2, 3).contains(QStringLiteral("mimic of panda_finger_joint1: 1 × q + 0")));
    QVERIFY(d.lockedCell(f1, 3).contains(QStringLiteral("links lumped into the body of link panda_link7")));
    // the first finger opened to 20 mm: the second follows by its mimic rule
    QVERIFY(d.setLockedPosition("panda_finger_joint1", 0.02));
    QCOMPARE(d.lockedCell(rowOfLocked(d, "panda_finger_joint1"), 1), QStringLiteral("20.000"));
    QCOMPARE(d.lockedCell(rowOfLocked(d, "panda_finger_joint2"), 1), QStringLiteral("20.000"));
    QVERIFY(d.lockedCell(rowOfLocked(d, "panda_finger_joint1"), 3).startsWith(QStringLiteral("stated here")));
    screenshot(d, QStringLiteral("urdf_chain_dialog_panda.png"));
    UrdfImportOptions o = d.options();
    QCOMPARE(o.tip, std::string("panda_hand"));
    QCOMPARE(o.lockedPositions.size(), std::size_t(1));
    QCOMPARE(o.lockedPositions.at("panda_finger_joint1"), 0.02);
    // the left finger's chain moves finger 1: its stated position no longer applies; finger 2 stays at
    // its rule and is said not to follow
    QVERIFY(d.selectTip("panda_leftfinger"));
    o = d.options();
    QCOMPARE(o.tip, std::string("panda_leftfinger"));
    QVERIFY(o.lockedPositions.empty());
    QCOMPARE(d.lockedCount(), 1);
    QVERIFY(d.lockedCell(0, 3).contains(QStringLiteral("panda_finger_joint1 moves on the chain")));
    // back: the typed position is remembered
    QVERIFY(d.selectTip("panda_hand"));
    QCOMPARE(d.options().lockedPositions.size(), std::size_t(1));
    QVERIFY(!d.selectTip("no_such_link"));
  }

  /// The whole tree's row: arm and first finger move (8 joints), the second finger, a mimic of the first,
  /// is the only locked joint and is said not to follow it; the options ask for the tree, no tip. Through
  /// the main window, the tree is imported with each joint's parent (the finger on link 7).
  void wholeTreeRow() {
    const std::string text = readAll(kPanda);
    UrdfChainDialog d(text, kPanda.toStdString(), urdfTreeInfo(text, kPanda.toStdString()));
    QVERIFY(d.selectWholeTree());
    QVERIFY(d.wholeTreeSelected());
    QCOMPARE(d.lockedCount(), 1);
    QCOMPARE(d.lockedCell(0, 0), QStringLiteral("panda_finger_joint2"));
    QVERIFY2(d.lockedCell(0, 3).contains(QStringLiteral("panda_finger_joint1 moves: these links do not follow it")),
             qPrintable(d.lockedCell(0, 3)));
    QVERIFY(!d.lockedCell(0, 3).contains(QStringLiteral("chain")));
    const UrdfImportOptions o = d.options();
    QVERIFY(o.wholeTree);
    QVERIFY(o.tip.empty());

    MainWindow w;
    w.show();
    auto* editor = w.findChild<ChainEditor*>();
    auto* messages = w.findChild<MessageArea*>();
    QVERIFY(editor && messages);
    whenDialogShows([&](UrdfChainDialog& dlg) {
      QVERIFY(dlg.selectWholeTree());
      dlg.accept();
    });
    QVERIFY(w.openFile(kPanda));
    const RobotDescription& rd = editor->description();
    QCOMPARE(int(rd.joints.size()), 8);
    QCOMPARE(parentOf(rd, 7), 6);
    QVERIFY2(messages->lastMessage().contains(QStringLiteral("Save the tree with File > Save As")), qPrintable(messages->lastMessage()));
  }

  void importThroughTheMainWindow() {
    MainWindow w;
    w.show();
    auto* editor = w.findChild<ChainEditor*>();
    auto* messages = w.findChild<MessageArea*>();
    QVERIFY(editor && messages);
    QVERIFY(w.openFile(source(QStringLiteral("scenes/default.json"))));
    const int before = int(editor->description().joints.size());
    // Cancel: nothing imported, the robot kept
    bool shown = false;
    whenDialogShows([&](UrdfChainDialog& d) {
      shown = true;
      d.reject();
    });
    QVERIFY(!w.openFile(kPanda));
    QVERIFY(shown);
    QCOMPARE(int(editor->description().joints.size()), before);
    // OK on the arm to the TCP with the fingers 15 mm open: 7 joints, the dynamics of the library import
    whenDialogShows([&](UrdfChainDialog& d) {
      QVERIFY(d.selectTip("panda_hand_tcp"));
      QVERIFY(d.setLockedPosition("panda_finger_joint1", 0.015));
      screenshot(w, QStringLiteral("urdf_chain_dialog_over_main_window.png"));
      d.accept();
    });
    QVERIFY2(w.openFile(kPanda), qPrintable(messages->lastMessage()));
    QCOMPARE(int(editor->description().joints.size()), 7);
    QVERIFY2(messages->lastMessage().contains(QStringLiteral("Save the chain to panda_hand_tcp")), qPrintable(messages->lastMessage()));
    UrdfImportOptions o;
    o.tip = "panda_hand_tcp";
    o.lockedPositions = {{"panda_finger_joint1", 0.015}};
    const RobotLoadResult ref = loadUrdfFile(kPanda.toStdString(), o);
    QVERIFY(ref.ok());
    const Model gui = buildModel(editor->description());
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> U(-1, 1);
    Data a(gui), b(ref.model);
    VectorX q(7), qd(7);
    for (int i = 0; i < 7; ++i) q[i] = U(rng), qd[i] = U(rng);
    QVERIFY((rnea(gui, a, q, qd, qd) - rnea(ref.model, b, q, qd, qd)).norm() < 1e-12);
    QVERIFY((crba(gui, a, q) - crba(ref.model, b, q)).norm() < 1e-12);
    // a serial URDF: no question
    QVERIFY2(w.openFile(source(QStringLiteral("robots/puma560.urdf"))), qPrintable(messages->lastMessage()));
    QCOMPARE(int(editor->description().joints.size()), 6);
  }
};

QTEST_MAIN(TestUrdfChainDialog)
#include "test_urdf_chain_dialog.moc"
