#pragma once
// A translator that returns "XX" + the source text for one tr() context: installing it sends
// QEvent::LanguageChange, so tests can check that a widget retranslates its own texts at run time.
#include <QByteArray>
#include <QString>
#include <QTranslator>

namespace maniplab::testing {

class PrefixTranslator : public QTranslator {
 public:
  explicit PrefixTranslator(QByteArray context) : context_(std::move(context)) {}
  QString translate(const char* context, const char* sourceText, const char* /*disambiguation*/ = nullptr,
                    int /*n*/ = -1) const override {
    if (context_ == context) return QStringLiteral("XX") + QString::fromUtf8(sourceText);
    return {};
  }
  bool isEmpty() const override { return false; }

 private:
  QByteArray context_;
};

}  // namespace maniplab::testing
