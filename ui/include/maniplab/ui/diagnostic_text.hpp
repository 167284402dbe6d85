#pragma once
// The one place where diagnostics of model/ and sim/ (maniplab/model/message.hpp: a code, its arguments
// and the English text) become text in the user's language. Each code maps to a template translated in
// the "Diagnostic" context (translations/*.ts) with %1, %2 ... placeholders; arguments are formatted for
// the locale (numbers with its decimal separator; file, field, joint and key names verbatim; nested
// messages translated in turn). A message without a code, or with a code the table does not know, is
// shown in English.
#include <exception>
#include <span>

#include <QString>

#include "maniplab/model/message.hpp"
#include "maniplab/model/robot_file.hpp"

namespace maniplab::ui {

/// One row of the translation table: a code and its English template (the translation source).
struct DiagnosticTranslation {
  const char* code;
  const char* source;
};

/// Every code the GUI translates (tests/ui/test_translations checks it covers modelMessages() and
/// sim::simMessages(), with the catalogue's English, and that the .ts files translate each one).
std::span<const DiagnosticTranslation> diagnosticTranslations();

/// The message in the user's language (its English text when its code has no translation).
QString translatedMessage(const Message& m);
/// "file:/path: error: message", translated.
QString translatedDiagnostic(const Diagnostic& d);
/// All diagnostics, one per line, translated.
QString translatedDiagnostics(const std::vector<Diagnostic>& ds);
/// An exception's text: translated when it carries a message (MessageError), what() otherwise.
QString translatedError(const std::exception& e);
/// A failure reported as English text and, when it has one, a coded message (BackendStatus, RunResult).
QString translatedFailure(const std::string& english, const Message& detail);

}  // namespace maniplab::ui
