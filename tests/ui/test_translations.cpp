// The translations are current and complete (issue 4, "translations/maniplab_fr.ts and maniplab_en.ts
// complete"; developers' guide: keep translations/*.ts current). Asserted for each .ts file:
//  - lupdate, run over the same sources as the build's update_translations target (ui/ and app/gui/main.cpp),
//    finds exactly the messages the committed file has: no tr() string is missing from it, none is left
//    over (vanished/obsolete entries are pruned);
//  - no message is unfinished or empty;
//  - a translation keeps the placeholders of its source (%1, %L2, %n) and, when the source has a keyboard
//    accelerator (&x), has one too;
//  - every diagnostic code of model/ and sim/ (modelMessages(), sim::simMessages()) has a row in the GUI's
//    table (ui/src/diagnostic_text.cpp) with the catalogue's English, and a finished translation with the
//    same placeholders in each .ts file (French: not left as the English).
// The fix when this fails: `cmake --build build --target update_translations`, translate the new entries
// in Qt Linguist (or by hand), and commit the .ts files.
#include <QtTest/QtTest>

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <map>
#include <set>

#include "maniplab/model/message.hpp"
#include "maniplab/sim/sim_messages.hpp"
#include "maniplab/ui/diagnostic_text.hpp"

namespace {

struct Message {
  QString context, source, comment, type;
  QStringList translations;  // one, or the numerus forms
  bool numerus = false;
  QString key() const { return context + QChar(0x1f) + source + QChar(0x1f) + comment; }
};

/// Every <message> of a .ts file; `error` names the file and line of a parse error.
QList<Message> readTs(const QString& path, QString* error) {
  QList<Message> out;
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) {
    *error = path + QStringLiteral(": cannot open");
    return out;
  }
  QXmlStreamReader x(&f);
  QString context;
  while (!x.atEnd()) {
    x.readNext();
    if (!x.isStartElement()) continue;
    if (x.name() == u"name") {
      context = x.readElementText();
    } else if (x.name() == u"message") {
      Message m;
      m.context = context;
      m.numerus = x.attributes().value(QStringLiteral("numerus")) == u"yes";
      while (!(x.isEndElement() && x.name() == u"message") && !x.atEnd()) {
        x.readNext();
        if (!x.isStartElement()) continue;
        if (x.name() == u"source") {
          m.source = x.readElementText();
        } else if (x.name() == u"comment") {
          m.comment = x.readElementText();
        } else if (x.name() == u"translation") {
          m.type = x.attributes().value(QStringLiteral("type")).toString();
          if (m.numerus) {
            while (!(x.isEndElement() && x.name() == u"translation") && !x.atEnd()) {
              x.readNext();
              if (x.isStartElement() && x.name() == u"numerusform") m.translations << x.readElementText();
            }
          } else {
            m.translations << x.readElementText();
          }
        }
      }
      out << m;
    }
  }
  if (x.hasError()) *error = QStringLiteral("%1:%2: %3").arg(path).arg(x.lineNumber()).arg(x.errorString());
  return out;
}

QStringList placeholders(const QString& s, bool withN) {
  static const QRegularExpression re(QStringLiteral("%L?(\\d+|n)"));
  QStringList out;
  for (auto it = re.globalMatch(s); it.hasNext();) {
    const QString p = it.next().captured(0);
    if (withN || !p.endsWith(QLatin1Char('n'))) out << p;
  }
  out.sort();
  out.removeDuplicates();
  return out;
}

bool hasAccelerator(const QString& s) {
  static const QRegularExpression re(QStringLiteral("(^|[^&])&[^&\\s;]"));  // "&x", not "&&" nor an entity
  return re.match(s).hasMatch();
}

QString tsPath(const QString& lang) {
  return QStringLiteral(MANIPLAB_SOURCE_DIR "/translations/maniplab_%1.ts").arg(lang);
}

}  // namespace

class TestTranslations : public QObject {
  Q_OBJECT
 private slots:
  void complete_data() {
    QTest::addColumn<QString>("lang");
    QTest::newRow("fr") << QStringLiteral("fr");
    QTest::newRow("en") << QStringLiteral("en");
  }
  void complete() {
    QFETCH(QString, lang);
    QString error;
    const QList<Message> msgs = readTs(tsPath(lang), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(msgs.size() > 400);
    QStringList problems;
    for (const Message& m : msgs) {
      const QString where = m.context + QStringLiteral(": \"") + m.source.left(60) + QStringLiteral("\"");
      if (!m.type.isEmpty()) {
        problems << where + QStringLiteral(" is ") + m.type;
        continue;
      }
      if (m.translations.isEmpty() || m.translations.contains(QString())) {
        problems << where + QStringLiteral(" has an empty translation");
        continue;
      }
      for (const QString& t : m.translations) {
        if (placeholders(t, !m.numerus) != placeholders(m.source, !m.numerus))
          problems << where + QStringLiteral(" changes the placeholders: \"") + t + QStringLiteral("\"");
        if (hasAccelerator(m.source) && !hasAccelerator(t))
          problems << where + QStringLiteral(" loses its keyboard accelerator: \"") + t + QStringLiteral("\"");
      }
      if (m.numerus && lang == QLatin1String("fr") && m.translations.size() != 2)
        problems << where + QStringLiteral(" needs 2 French plural forms");
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
  }

  // Every diagnostic of model/ and sim/ the GUI can show is translated: its code has a row in the GUI's
  // table with the catalogue's English template, and each .ts file has a finished translation of it with
  // the same placeholders (a new code without its translation fails here).
  // Every code constant declared in the two catalogue headers is listed in its catalogue (modelMessages(),
  // simMessages()) and nothing else is: a constant added to a header but not to the registry array would
  // reach the GUI untranslated, and no other check would see it.
  void catalogues_list_every_constant() {
    const QRegularExpression decl(QStringLiteral("MessageTemplate\\s+(k\\w+)\\s*\\{\\s*\"([^\"]+)\""));
    auto declared = [&](const char* header) {
      QFile f(QStringLiteral(MANIPLAB_SOURCE_DIR "/") + QLatin1String(header));
      if (!f.open(QIODevice::ReadOnly)) return std::map<std::string, std::string>{};
      std::map<std::string, std::string> codes;  // code -> constant name
      auto it = decl.globalMatch(QString::fromUtf8(f.readAll()));
      while (it.hasNext()) {
        const auto m = it.next();
        codes.emplace(m.captured(2).toStdString(), m.captured(1).toStdString());
      }
      return codes;
    };
    auto listed = [](std::span<const maniplab::MessageTemplate* const> all) {
      std::set<std::string> s;
      for (const auto* t : all) s.insert(t->code);
      return s;
    };
    struct Catalogue {
      const char* header;
      std::set<std::string> codes;
      const char* registry;
    };
    const Catalogue catalogues[] = {
        {"model/include/maniplab/model/model_messages.hpp", listed(maniplab::modelMessages()), "modelMessages() (model/src/message.cpp)"},
        {"sim/include/maniplab/sim/sim_messages.hpp", listed(maniplab::sim::simMessages()), "simMessages() (sim/src/sim_messages.cpp)"}};
    QStringList problems;
    for (const auto& c : catalogues) {
      const auto codes = declared(c.header);
      if (codes.size() < 30) problems << QStringLiteral("%1: only %2 constants found").arg(QLatin1String(c.header)).arg(codes.size());
      for (const auto& [code, name] : codes)
        if (!c.codes.count(code))
          problems << QStringLiteral("%1 (\"%2\", %3) is not listed in %4")
                          .arg(QString::fromStdString(name), QString::fromStdString(code), QLatin1String(c.header),
                               QLatin1String(c.registry));
      for (const auto& code : c.codes)
        if (!codes.count(code))
          problems << QStringLiteral("%1 lists \"%2\", which %3 does not declare")
                          .arg(QLatin1String(c.registry), QString::fromStdString(code), QLatin1String(c.header));
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
  }

  void diagnostics_data() { complete_data(); }
  void diagnostics() {
    QFETCH(QString, lang);
    std::vector<const maniplab::MessageTemplate*> catalogue;
    for (const auto* t : maniplab::modelMessages()) catalogue.push_back(t);
    for (const auto* t : maniplab::sim::simMessages()) catalogue.push_back(t);
    QVERIFY(catalogue.size() > 100);
    std::map<std::string, std::string> table;
    QStringList problems;
    for (const auto& row : maniplab::ui::diagnosticTranslations())
      if (!table.emplace(row.code, row.source).second) problems << QStringLiteral("code %1 twice in the GUI's table").arg(row.code);
    std::set<std::string> codes;
    QString error;
    const QList<Message> msgs = readTs(tsPath(lang), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QHash<QString, Message> ts;
    for (const Message& m : msgs)
      if (m.context == QLatin1String("Diagnostic")) ts.insert(m.source, m);
    for (const auto* t : catalogue) {
      const QString code = QString::fromLatin1(t->code);
      if (!codes.insert(t->code).second) problems << code + QStringLiteral(": code defined twice");
      const auto row = table.find(t->code);
      if (row == table.end()) {
        problems << code + QStringLiteral(": no row in the GUI's table (ui/src/diagnostic_text.cpp)");
        continue;
      }
      const QString english = QString::fromUtf8(t->english);
      if (QString::fromUtf8(row->second.c_str()) != english) {
        problems << code + QStringLiteral(": the GUI's table has other English: \"") +
                        QString::fromUtf8(row->second.c_str()) + QStringLiteral("\"");
        continue;
      }
      const auto it = ts.constFind(english);
      if (it == ts.constEnd()) {
        problems << code + QStringLiteral(": not in maniplab_%1.ts (run update_translations)").arg(lang);
        continue;
      }
      const QString tr = it->translations.value(0);
      if (!it->type.isEmpty() || tr.isEmpty())
        problems << code + QStringLiteral(": translation unfinished or empty");
      else if (placeholders(tr, true) != placeholders(english, true))
        problems << code + QStringLiteral(": the translation changes the placeholders: \"") + tr + QStringLiteral("\"");
      else if (lang == QLatin1String("fr") && tr == english && english.contains(QRegularExpression(QStringLiteral("[a-z]{3}"))))
        problems << code + QStringLiteral(": the French is the English: \"") + tr + QStringLiteral("\"");
    }
    for (const auto& [code, source] : table)
      if (!codes.count(code)) problems << QString::fromStdString(code) + QStringLiteral(": in the GUI's table, in no catalogue");
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
  }

  // The committed file holds exactly what lupdate extracts from the sources today.
  void current_data() { complete_data(); }
  void current() {
    QFETCH(QString, lang);
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString copy = tmp.filePath(QStringLiteral("check_%1.ts").arg(lang));
    QVERIFY(QFile::copy(tsPath(lang), copy));
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
    const QDir src(QStringLiteral(MANIPLAB_SOURCE_DIR));
    QStringList args{QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-no-obsolete"),
                     QStringLiteral("-silent")};
    for (const char* inc : {"ui/include", "sim/include", "model/include"})
      args << QStringLiteral("-I") << src.filePath(QLatin1String(inc));
    const QDir headers(src.filePath(QStringLiteral("ui/include/maniplab/ui")));
    const QDir impl(src.filePath(QStringLiteral("ui/src")));
    int sources = 0;
    for (const QString& f : headers.entryList({QStringLiteral("*.hpp")}, QDir::Files, QDir::Name))
      args << headers.filePath(f), ++sources;
    QStringList implFiles;  // ui/src and its folders (ui/src/kinds: the scene kinds' bindings)
    for (QDirIterator it(impl.path(), {QStringLiteral("*.cpp")}, QDir::Files, QDirIterator::Subdirectories); it.hasNext();)
      implFiles << it.next();
    implFiles.sort();
    for (const QString& f : implFiles) args << f, ++sources;
    args << src.filePath(QStringLiteral("app/gui/main.cpp"));
    QVERIFY(sources > 20);
    args << QStringLiteral("-ts") << copy;
    QProcess lupdate;
    lupdate.start(QStringLiteral(MANIPLAB_LUPDATE), args);
    QVERIFY2(lupdate.waitForFinished(120000), qPrintable(lupdate.errorString()));
    QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0,
             qPrintable(QString::fromLocal8Bit(lupdate.readAllStandardError())));

    QString error;
    const QList<Message> committed = readTs(tsPath(lang), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QList<Message> extracted = readTs(copy, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QSet<QString> have;
    for (const Message& m : committed) have.insert(m.key());
    QSet<QString> want;
    QStringList missing;
    for (const Message& m : extracted) {
      want.insert(m.key());
      if (!have.contains(m.key())) missing << m.context + QStringLiteral(": \"") + m.source + QStringLiteral("\"");
    }
    QStringList stale;
    for (const Message& m : committed)
      if (!want.contains(m.key())) stale << m.context + QStringLiteral(": \"") + m.source + QStringLiteral("\"");
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("tr() strings missing from maniplab_%1.ts (run the "
                                                          "update_translations target):\n")
                                               .arg(lang) +
                                           missing.join(QLatin1Char('\n'))));
    QVERIFY2(stale.isEmpty(), qPrintable(QStringLiteral("entries of maniplab_%1.ts no source uses any more:\n").arg(lang) +
                                         stale.join(QLatin1Char('\n'))));
    QCOMPARE(extracted.size(), committed.size());
  }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "test_translations.moc"
