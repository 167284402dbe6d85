#pragma once
// The one way a file reader of ManipLab reports a fault in a file a user gave (drive profiles and ESI
// files of the EtherCAT master, CSV traces and identification traces): the file, where in it, and why,
// in words, once (issue 27: no library exception text, no class or function name).
//
//   FILE:/json/pointer: error: REASON                          (JSON: a JSON pointer, RFC 6901)
//   FILE:/EtherCATInfo/Descriptions/Devices/Device[2]/Sm[3]/@StartAddress: error: REASON   (XML: a path)
//   FILE: line 5, column 3 (q[2]): error: REASON               (CSV, and XML/JSON syntax errors: a line)
//   FILE: error: REASON                                        (the whole file: cannot open, empty, ...)
//
// A reader throws ReaderError at the first fault it meets; the message is complete (the caller prints
// what() as it is, prefixed with its own program name, and adds nothing about the file).
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>

namespace maniplab {

class ReaderError : public std::runtime_error {
 public:
  ReaderError(std::string file, std::string location, std::string reason)
      : std::runtime_error(format(file, location, reason)),
        file_(std::move(file)),
        location_(std::move(location)),
        reason_(std::move(reason)) {}

  const std::string& file() const { return file_; }
  /// A JSON pointer or XML path ("/..."), "line L[, column C (NAME)]", or empty (the whole file).
  const std::string& location() const { return location_; }
  const std::string& reason() const { return reason_; }

  static std::string format(const std::string& file, const std::string& location, const std::string& reason) {
    std::string s = file;
    if (!location.empty()) s += (location.front() == '/' ? ":" : ": ") + location;
    return s + ": error: " + reason;
  }

 private:
  std::string file_, location_, reason_;
};

/// "line L, column C (NAME)" (without the parts that are 0 or empty): the location of a CSV field or of a
/// syntax error.
inline std::string lineColumn(std::size_t line, std::size_t column = 0, const std::string& name = {}) {
  std::string s = "line " + std::to_string(line);
  if (column > 0) s += ", column " + std::to_string(column);
  if (!name.empty()) s += " (" + name + ")";
  return s;
}

/// The whole text of the file a user gave as `kind` ("drive profile", "ESI file", "CSV file"); throws
/// ReaderError naming the file when it is missing, a directory, unreadable or over `maxBytes`.
inline std::string readUserFile(const std::string& path, const std::string& kind, std::uintmax_t maxBytes) {
  const std::string a = std::string("AEIOUaeiou").find(kind.empty() ? 'x' : kind[0]) == std::string::npos ? "a " : "an ";
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (std::filesystem::is_directory(status)) throw ReaderError(path, "", "this is a directory, not " + a + kind);
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    const int err = errno;
    throw ReaderError(path, "", "cannot open the " + kind + " (" + std::generic_category().message(err ? err : ENOENT) + ")");
  }
  std::string text;
  if (std::filesystem::is_regular_file(status)) {
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > maxBytes)
      throw ReaderError(path, "", "the " + kind + " has " + std::to_string(size) + " bytes, more than the " +
                                      std::to_string(maxBytes) + " " + a + kind + " may have");
    if (!ec) text.reserve(std::size_t(size));  // one allocation: a trace of millions of rows is read once
  }
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, std::size_t(in.gcount()));
    if (text.size() > maxBytes)
      throw ReaderError(path, "", "the " + kind + " has more than the " + std::to_string(maxBytes) + " bytes " + a + kind + " may have");
  }
  if (in.bad()) throw ReaderError(path, "", "cannot read the " + kind);
  return text;
}

/// The first byte offset at which `text` is not well-formed UTF-8 (overlong forms, surrogates and code
/// points above U+10FFFF included), or npos.
inline std::size_t invalidUtf8(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  for (std::size_t i = 0; i < n;) {
    const unsigned c = s[i];
    std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (len == 0 || i + len > n) return i;
    std::uint32_t cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
    for (std::size_t k = 1; k < len; ++k) {
      if ((s[i + k] & 0xC0) != 0x80) return i;
      cp = (cp << 6) | (s[i + k] & 0x3F);
    }
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
      return i;
    i += len;
  }
  return std::string::npos;
}

}  // namespace maniplab
