#pragma once
// A user-visible diagnostic as data: a stable code, its arguments and its English text. model/ and sim/
// stay Qt-free and print English (the CLI, logs and exceptions' what()); the GUI maps each code to a
// translated template with %1, %2 ... placeholders and formats the arguments for the user's locale
// (ui/diagnostic_text.hpp). A message without a code is English only.
#include <initializer_list>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace maniplab {

struct Message;

/// One argument of a message. `text` is its English rendering (exactly what the English text shows);
/// the GUI shows Text and Field verbatim, formats Number/Integer with the locale and translates Nested.
struct MessageArg {
  enum class Kind { Text, Field, Number, Integer, Nested };
  Kind kind = Kind::Text;
  std::string text;
  double value = 0;                        ///< Number, Integer
  std::shared_ptr<const Message> nested;   ///< Nested: a message inside a message (e.g. a run's cause)

  MessageArg() = default;
  MessageArg(std::string s) : text(std::move(s)) {}  // NOLINT: text is the common case
  MessageArg(const char* s) : text(s) {}              // NOLINT
  MessageArg(const Message& m);                       // NOLINT: a nested message
  /// A name from a file (key, joint or link name, file name): never translated.
  static MessageArg field(std::string s);
  /// A number; `english` is how the English text writes it (kept byte for byte).
  static MessageArg number(double v, std::string english);
  static MessageArg integer(long long v);
};

/// The English template of one code: %1 ... %9 stand for the arguments, in order.
struct MessageTemplate {
  const char* code;
  const char* english;
};

struct Message {
  std::string code;              ///< stable identifier ("json.missing_number"); empty: English only
  std::vector<MessageArg> args;  ///< what the placeholders stand for
  std::string text;              ///< the English text (what the CLI and logs print)
};

/// Substitutes %1 ... %9 of `english` by the arguments' English texts.
std::string formatEnglish(const char* english, const std::vector<MessageArg>& args);
/// A message of template `t` (its English text built from the arguments).
Message message(const MessageTemplate& t, std::initializer_list<MessageArg> args = {});
/// An English-only message (no code: the GUI shows `text` as is). Not for the file readers: JsonReader
/// refuses it (json_reader.hpp); kept for the run faults of integrators that have no code of their own
/// (Integrator::faultMessage).
Message plainMessage(std::string text);

/// An exception that carries a message: what() is its English text.
class MessageError : public std::runtime_error {
 public:
  explicit MessageError(Message m) : std::runtime_error(m.text), message_(std::move(m)) {}
  const Message& message() const { return message_; }

 private:
  Message message_;
};

/// Every code of model/ (robot and JSON readers, URDF import): the GUI's translation table must cover
/// each one (tests/ui/test_translations).
std::span<const MessageTemplate* const> modelMessages();

}  // namespace maniplab
