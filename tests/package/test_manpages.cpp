// The manual pages (app/packaging/*.1.in, as configured in the build tree) kept in step with the programs'
// own help: every command of `maniplab-cli help` has a section (.SS) of its name in maniplab-cli(1), and
// every option of its help entry (the synopsis, and for the commands that take --help the option list it
// prints) is a term (.TP/.TQ) of that section; the URDF options and the general ones (--version, --help)
// are terms of the page; every option of `maniplab --help` (Qt's parser) is a term of maniplab(1). Both
// pages carry the programs' --version. The help texts are the programs' output, not copies.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

namespace {

struct Run {
  int status = -1;
  QString out, err;
};

Run run(const QString& program, const QStringList& args) {
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("QT_QPA_PLATFORM", "offscreen");
  p.setProcessEnvironment(env);
  p.start(program, args);
  if (!p.waitForFinished(60000)) p.kill();
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
          QString::fromUtf8(p.readAllStandardError())};
}

QString readFile(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(f.readAll());
}

/// A roff line as read: font escapes removed, "\-" as "-", other escapes of one character dropped.
QString plain(QString line) {
  static const QRegularExpression font(QStringLiteral(R"(\\f[BIRPC])"));
  line.remove(font);
  line.replace(QStringLiteral("\\-"), QStringLiteral("-"));
  line.replace(QStringLiteral("\\e"), QStringLiteral("\\"));
  for (const char* macro : {".BR ", ".BI ", ".IR ", ".RB ", ".RI ", ".IB ", ".B ", ".I "})
    if (line.startsWith(QLatin1String(macro))) {
      line = line.mid(int(qstrlen(macro)));
      // alternating-font macros join their arguments; quoted ones keep their spaces
      line.remove(QLatin1Char('"'));
      break;
    }
  return line;
}

/// A manual page: its sections (.SS NAME) and in each the terms of its .TP/.TQ items (plain text).
struct ManPage {
  QString version;                     ///< from .TH: "ManipLab VERSION"
  QMap<QString, QStringList> terms;    ///< section name ("" before the first .SS) -> term lines
  QStringList allTerms;

  explicit ManPage(const QString& text) {
    QString section;
    bool termNext = false;
    for (const QString& raw : text.split(QLatin1Char('\n'))) {
      if (raw.startsWith(QLatin1String(".TH "))) {
        static const QRegularExpression th(QStringLiteral("\"ManipLab ([^\"]+)\""));
        const auto m = th.match(raw);
        if (m.hasMatch()) version = m.captured(1);
      }
      if (raw.startsWith(QLatin1String(".SH "))) section.clear();
      if (raw.startsWith(QLatin1String(".SS "))) {
        section = plain(raw.mid(4)).remove(QLatin1Char('"')).trimmed();
        terms[section];
        continue;
      }
      if (raw == QLatin1String(".TP") || raw == QLatin1String(".TQ")) {
        termNext = true;
        continue;
      }
      if (termNext && !raw.startsWith(QLatin1String(".\\\""))) {
        const QString t = plain(raw).simplified();
        terms[section] << t;
        allTerms << t;
        termNext = false;
      }
    }
  }
};

/// Whether `option` is a word of one of `terms` ("--csv" is in "--csv OUT.csv", not in "--csv-dir DIR").
bool hasTerm(const QStringList& terms, const QString& option) {
  const QRegularExpression word(QStringLiteral("(^|[ ,])%1($|[ ,=|])").arg(QRegularExpression::escape(option)));
  for (const QString& t : terms)
    if (word.match(t).hasMatch()) return true;
  return false;
}

QStringList optionsIn(const QString& text) {
  static const QRegularExpression opt(QStringLiteral(R"((?<![A-Za-z0-9-])(--[a-z][a-z0-9-]*))"));
  QStringList out;
  for (auto it = opt.globalMatch(text); it.hasNext();) out << it.next().captured(1);
  out.removeDuplicates();
  return out;
}

/// `maniplab-cli help` as entries: command name ("run", "orthoglide run") -> its lines. A command line
/// starts with two spaces and the command's lower-case words, up to two spaces or an argument; the
/// lines indented further belong to it. Lines of other blocks (the URDF options) go to "".
QMap<QString, QString> helpEntries(const QString& help) {
  QMap<QString, QString> entries;
  QString current;
  static const QRegularExpression head(QStringLiteral(R"(^  ([a-z][a-z-]*(?: [a-z][a-z-]*)?)(?=  | [^a-z]|$))"));
  for (const QString& line : help.split(QLatin1Char('\n'))) {
    const auto m = head.match(line);
    if (m.hasMatch()) {
      current = m.captured(1);
      entries[current] += line + QLatin1Char('\n');
    } else if (line.startsWith(QLatin1String("   ")) && !current.isEmpty()) {
      entries[current] += line + QLatin1Char('\n');
    } else {
      current.clear();
      entries[QString()] += line + QLatin1Char('\n');
    }
  }
  return entries;
}

}  // namespace

class TestManpages : public QObject {
  Q_OBJECT
  QString cliVersion_;

 private slots:
  void initTestCase() {
    const Run v = run(QStringLiteral(MANIPLAB_CLI), {"--version"});
    QCOMPARE(v.status, 0);
    QVERIFY2(v.out.startsWith(QLatin1String("maniplab-cli ")), qPrintable(v.out));
    cliVersion_ = v.out.mid(13).trimmed();
    QVERIFY(!cliVersion_.isEmpty());
  }

  void cliPageCoversEveryCommandAndOption() {
    const ManPage page(readFile(QStringLiteral(MANIPLAB_MAN_DIR "/maniplab-cli.1")));
    QCOMPARE(page.version, cliVersion_);
    const Run help = run(QStringLiteral(MANIPLAB_CLI), {"help"});
    QCOMPARE(help.status, 0);
    const QMap<QString, QString> entries = helpEntries(help.out);
    QVERIFY2(entries.size() > 15, qPrintable(help.out));  // the parse found the commands
    int commands = 0, options = 0;
    for (auto it = entries.begin(); it != entries.end(); ++it) {
      const QString& name = it.key();
      if (name.isEmpty() || name == QLatin1String("help")) continue;
      ++commands;
      QVERIFY2(page.terms.contains(name), qPrintable("maniplab-cli(1) has no section \".SS " + name + "\""));
      QStringList opts = optionsIn(it.value());
      // The commands declared with Options (options.hpp) print their option list with --help.
      QStringList args = name.split(QLatin1Char(' '));
      args << QStringLiteral("--help");
      const Run own = run(QStringLiteral(MANIPLAB_CLI), args);
      if (own.status == 0 && own.out.startsWith(QLatin1String("usage:"))) opts << optionsIn(own.out.section(QStringLiteral("\noptions:\n"), 1));
      opts.removeDuplicates();
      opts.removeAll(QStringLiteral("--help"));  // a general option (below)
      for (const QString& o : opts) {
        ++options;
        QVERIFY2(hasTerm(page.terms[name], o),
                 qPrintable("maniplab-cli(1), section " + name + ": no item for " + o + " (help: " + it.value() + ")"));
      }
    }
    QVERIFY2(commands >= 18, qPrintable(QString::number(commands)));
    QVERIFY2(options > 80, qPrintable(QString::number(options)));
    // The options of no command (general, URDF) are items of the page.
    QStringList general = optionsIn(entries.value(QString()));
    general << QStringLiteral("--help") << QStringLiteral("--version");
    QVERIFY2(general.contains(QStringLiteral("--tip")) && general.contains(QStringLiteral("--lock")), qPrintable(general.join(' ')));
    for (const QString& o : general) QVERIFY2(hasTerm(page.allTerms, o), qPrintable("maniplab-cli(1): no item for " + o));
  }

  void guiPageCoversEveryOption() {
    const ManPage page(readFile(QStringLiteral(MANIPLAB_MAN_DIR "/maniplab.1")));
    QCOMPARE(page.version, cliVersion_);
    const Run help = run(QStringLiteral(MANIPLAB_GUI), {"--help"});
    QCOMPARE(help.status, 0);
    QVERIFY2(help.out.contains(QLatin1String("Options:")), qPrintable(help.out));
    static const QRegularExpression opt(QStringLiteral(R"((?<![A-Za-z0-9-])(--?[a-z][a-z0-9-]*))"));
    QStringList opts;
    for (auto it = opt.globalMatch(help.out.section(QStringLiteral("Options:"), 1).section(QStringLiteral("Arguments:"), 0, 0));
         it.hasNext();)
      opts << it.next().captured(1);
    opts.removeDuplicates();
    QVERIFY2(opts.size() >= 5, qPrintable(help.out));  // -h --help --help-all -v --version
    for (const QString& o : opts) QVERIFY2(hasTerm(page.allTerms, o), qPrintable("maniplab(1): no item for " + o));
    // The positional argument.
    QVERIFY2(help.out.contains(QLatin1String("Arguments:\n  file")), qPrintable(help.out));
    QVERIFY(hasTerm(page.allTerms, QStringLiteral("file")));
    // And the version the GUI prints is the CLI's.
    const Run v = run(QStringLiteral(MANIPLAB_GUI), {"--version"});
    QCOMPARE(v.status, 0);
    QCOMPARE(v.out.trimmed(), QStringLiteral("ManipLab ") + cliVersion_);
  }
};

QTEST_GUILESS_MAIN(TestManpages)
#include "test_manpages.moc"
