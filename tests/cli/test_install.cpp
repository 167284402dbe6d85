// The installed application (app/CMakeLists.txt install rules): `cmake --install BUILD --prefix TMP`
// puts maniplab and maniplab-cli in bin/, robots/scenes/translations in share/maniplab/, the .desktop
// file and the icons in the XDG places, the manual pages, bash completion, AppStream metadata, the Debian
// copyright and changelog, the EtherCAT helper in lib/maniplab/ and the limits file in PREFIX/etc (the
// Debian package, app/packaging/, is this same installation with the prefix /usr); the installed CLI
// checks an installed robot (JSON and URDF) and runs an installed scene; both installed programs give
// the build's version.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
  int status = -1;
  QString out, err;
};

Run run(const QString& program, const QStringList& args, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment()) {
  QProcess p;
  p.setProcessEnvironment(env);
  p.start(program, args);
  if (!p.waitForFinished(240000)) p.kill();
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
          QString::fromUtf8(p.readAllStandardError())};
}

}  // namespace

class TestInstall : public QObject {
  Q_OBJECT
  QTemporaryDir tmp_;
  QString prefix_;

 private slots:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    prefix_ = tmp_.filePath("prefix");
    const Run r = run(QStringLiteral(MANIPLAB_CMAKE), {"--install", QStringLiteral(MANIPLAB_BUILD_DIR), "--prefix", prefix_});
    QVERIFY2(r.status == 0, qPrintable(r.out + r.err));
  }

  void layout() {
    for (const char* f : {"bin/maniplab", "bin/maniplab-cli", "share/maniplab/robots/puma560.json",
                          "share/maniplab/robots/puma560.urdf", "share/maniplab/robots/README.md",
                          "share/maniplab/scenes/default.json", "share/maniplab/translations/maniplab_fr.qm",
                          "share/applications/maniplab.desktop", "share/icons/hicolor/scalable/apps/maniplab.svg",
                          "share/icons/hicolor/16x16/apps/maniplab.png", "share/icons/hicolor/256x256/apps/maniplab.png",
                          "share/man/man1/maniplab.1.gz", "share/man/man1/maniplab-cli.1.gz",
                          "share/bash-completion/completions/maniplab-cli", "share/doc/maniplab/copyright",
                          "share/doc/maniplab/changelog.Debian.gz", "lib/maniplab/maniplab-ethercat-socket",
                          "etc/security/limits.d/maniplab-ethercat.conf"})
      QVERIFY2(QFile::exists(prefix_ + "/" + f), f);
    QVERIFY(QFileInfo(prefix_ + "/bin/maniplab-cli").isExecutable());
    QVERIFY(QFileInfo(prefix_ + "/lib/maniplab/maniplab-ethercat-socket").isExecutable());
    QCOMPARE(QDir(prefix_ + "/share/metainfo").entryList({"*.metainfo.xml"}).size(), 1);
    // the desktop entry starts the installed program with the installed icon
    QFile desktop(prefix_ + "/share/applications/maniplab.desktop");
    QVERIFY(desktop.open(QIODevice::ReadOnly));
    const QString d = QString::fromUtf8(desktop.readAll());
    QVERIFY(d.startsWith("[Desktop Entry]\n"));
    for (const char* key : {"\nType=Application\n", "\nName=ManipLab\n", "\nExec=maniplab %f\n", "\nIcon=maniplab\n"})
      QVERIFY2(d.contains(key), key);
    QFile icon(prefix_ + "/share/icons/hicolor/scalable/apps/maniplab.svg");
    QVERIFY(icon.open(QIODevice::ReadOnly));
    QVERIFY(icon.readAll().contains("<svg"));
  }

  void installedCliChecksInstalledRobots() {
    const QString cli = prefix_ + "/bin/maniplab-cli";
    Run r = run(cli, {"check", prefix_ + "/share/maniplab/robots/umis.json"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY(r.out.contains("joints (n):  6 (RRRRRR)"));
    // the installed URDF robot converts back to a valid robot file
    const QString json = tmp_.filePath("umis_from_urdf.json");
    r = run(cli, {"urdf-import", prefix_ + "/share/maniplab/robots/umis.urdf", "--out", json});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    r = run(cli, {"check", json});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    // an installed scene runs from the installed tree (its robot path is relative to the scene)
    r = run(cli, {"run", prefix_ + "/share/maniplab/scenes/puma560_free_fall.json", "--quiet"});
    QVERIFY2(r.status == 0, qPrintable(r.out + r.err));
  }

  void installedGuiStarts() {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    const Run r = run(prefix_ + "/bin/maniplab", {"--version"}, env);
    QCOMPARE(r.status, 0);
    QCOMPARE(r.out.trimmed(), QStringLiteral("ManipLab " MANIPLAB_VERSION));
    const Run cli = run(prefix_ + "/bin/maniplab-cli", {"--version"});
    QCOMPARE(cli.status, 0);
    QCOMPARE(cli.out, QStringLiteral("maniplab-cli " MANIPLAB_VERSION "\n"));
  }
};

QTEST_GUILESS_MAIN(TestInstall)
#include "test_install.moc"
