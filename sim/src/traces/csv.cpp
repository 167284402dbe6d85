// CSV export/import (csv.hpp): std::to_chars / std::from_chars (locale-independent), atomic writes
// (model/atomic_file.hpp).
#include "maniplab/sim/traces/csv.hpp"

#include "maniplab/sim/reader_error.hpp"
#include "maniplab/model/atomic_file.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <system_error>

namespace maniplab::sim {
namespace {

/// The atomic writer of model/atomic_file.hpp (temporary file + rename), labelled for CSV messages.
struct AtomicFile : AtomicFileWriter {
  explicit AtomicFile(const std::string& path) : AtomicFileWriter(path, "CSV file") {}
};

void appendNumber(std::string& out, double v, int precision) {
  if (std::isnan(v)) return;  // missing value: empty field
  char buf[64];
  const auto r = precision > 0 ? std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, precision)
                               : std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

void appendHeaderField(std::string& out, const std::string& name, const std::string& unit) {
  std::string f = name;
  if (!unit.empty()) f += " [" + unit + "]";
  if (f.find_first_of("\r\n") != std::string::npos)
    throw std::invalid_argument("CSV header field '" + f + "' contains a line break");
  const bool quote = f.find_first_of(",\"") != std::string::npos ||
                     (!f.empty() && (f.front() == ' ' || f.front() == '\t' || f.back() == ' ' || f.back() == '\t'));
  if (!quote) {
    out += f;
    return;
  }
  out += '"';
  for (char c : f) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

/// A fault of the file at a line (and a column: 1-based, 0 for none; `name` the column's header field).
[[noreturn]] void parseFailure(const std::string& path, std::size_t line, std::size_t column, const std::string& what,
                               const std::string& name = {}) {
  throw ReaderError(path, lineColumn(line, column, name), what);
}

// Header fields: RFC-4180 style quoting.
std::vector<std::string> splitHeader(std::string_view line, const std::string& path, std::size_t lineNo) {
  std::vector<std::string> fields;
  std::size_t i = 0;
  while (true) {
    std::string field;
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    if (i < line.size() && line[i] == '"') {
      ++i;
      bool closed = false;
      while (i < line.size()) {
        if (line[i] == '"') {
          if (i + 1 < line.size() && line[i + 1] == '"') {
            field += '"';
            i += 2;
            continue;
          }
          ++i;
          closed = true;
          break;
        }
        field += line[i++];
      }
      if (!closed) parseFailure(path, lineNo, fields.size() + 1, "a quoted header field is not closed (a '\"' is missing)");
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
      if (i < line.size() && line[i] != ',')
        parseFailure(path, lineNo, fields.size() + 1, "text after the closing quote of a header field (expected ',')");
    } else {
      const std::size_t end = std::min(line.find(',', i), line.size());
      field = std::string(trim(line.substr(i, end - i)));
      i = end;
    }
    fields.push_back(std::move(field));
    if (i >= line.size()) break;
    ++i;  // the comma
  }
  return fields;
}

void splitNameUnit(const std::string& field, std::string& name, std::string& unit) {
  const auto open = field.rfind(" [");
  if (!field.empty() && field.back() == ']' && open != std::string::npos) {
    const std::string inner = field.substr(open + 2, field.size() - open - 3);
    if (inner.find_first_of("[]") == std::string::npos) {
      name = field.substr(0, open);
      unit = inner;
      return;
    }
  }
  name = field;
  unit.clear();
}

double parseNumber(std::string_view text, const std::string& path, std::size_t line, std::size_t column, const std::string& name) {
  const std::string_view f = trim(text);
  if (f.empty()) {
    if (column == 1) parseFailure(path, line, column, "missing value: the first column (time) needs one on every row", name);
    return std::numeric_limits<double>::quiet_NaN();
  }
  std::string_view digits = f;
  if (digits.size() > 1 && digits.front() == '+' && digits[1] != '-' && digits[1] != '+') digits.remove_prefix(1);
  double v = 0;
  const auto r = std::from_chars(digits.data(), digits.data() + digits.size(), v, std::chars_format::general);
  if (r.ec == std::errc::result_out_of_range)
    parseFailure(path, line, column, "the number '" + std::string(f) + "' is beyond the range of a double", name);
  if (r.ec != std::errc() || r.ptr != digits.data() + digits.size())
    parseFailure(path, line, column, "'" + std::string(f) + "' is not a number", name);
  if (!std::isfinite(v))
    parseFailure(path, line, column,
                 "'" + std::string(f) + "' is not a finite number (a missing value is written as an empty field)", name);
  return v;
}

void validateTable(const CsvTable& t) {
  if (t.columns.empty()) throw std::invalid_argument("CSV table has no column");
  if (t.names.size() != t.columns.size())
    throw std::invalid_argument("CSV table has " + std::to_string(t.names.size()) + " names for " +
                                std::to_string(t.columns.size()) + " columns");
  if (!t.units.empty() && t.units.size() != t.columns.size())
    throw std::invalid_argument("CSV table has " + std::to_string(t.units.size()) + " units for " +
                                std::to_string(t.columns.size()) + " columns");
  for (std::size_t c = 1; c < t.columns.size(); ++c)
    if (t.columns[c].size() != t.columns[0].size())
      throw std::invalid_argument("CSV table column '" + t.names[c] + "' has " + std::to_string(t.columns[c].size()) +
                                  " rows, the first column " + std::to_string(t.columns[0].size()));
  for (std::size_t r = 0; r < t.columns[0].size(); ++r)
    if (std::isnan(t.columns[0][r]))
      throw std::invalid_argument("CSV table first column '" + t.names[0] + "' is NaN at row " + std::to_string(r));
}

[[noreturn]] void infiniteValue(const std::string& path, const std::string& column, double t) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, t);
  throw std::runtime_error("cannot write CSV file '" + path + "': infinite value in column '" + column +
                           "' at row with first value " + std::string(buf, r.ptr));
}

/// The comment lines before the header: "# TEXT" each ("#" alone for an empty one).
std::string commentLines(const std::vector<std::string>& comments) {
  std::string out;
  for (const auto& c : comments) {
    if (c.find_first_of("\r\n") != std::string::npos)
      throw std::invalid_argument("CSV comment '" + c + "' contains a line break");
    out += c.empty() ? "#\n" : "# " + c + "\n";
  }
  return out;
}

}  // namespace

std::string Provenance::text() const {
  if (program.empty()) return {};
  auto oneLine = [](std::string s) {
    for (char& c : s)
      if (c == '\r' || c == '\n') c = ' ';
    return s;
  };
  std::string out = oneLine(program);
  if (!version.empty()) out += " " + oneLine(version);
  for (const auto& [role, path] : files)
    if (!path.empty()) out += "; " + oneLine(role) + " " + oneLine(path);
  return out;
}

std::vector<std::string> Provenance::csvComments() const {
  std::string t = text();
  if (t.empty()) return {};
  return {std::move(t)};
}

std::string coordinatesComment(const std::vector<std::string>& coordinates) {
  if (coordinates.empty()) return {};
  std::string out = "joints in the order of q (the i of q[i], qd[i], e[i], tau[i], ...):";
  for (std::size_t i = 0; i < coordinates.size(); ++i) {
    std::string c = coordinates[i];
    for (char& ch : c)
      if (ch == '\r' || ch == '\n') ch = ' ';
    out += (i == 0 ? " " : ", ") + std::to_string(i + 1) + " " + c;
  }
  return out;
}

void writeCsv(const Recorder& rec, const std::string& path, const CsvOptions& opt) {
  std::vector<int> cols;
  if (opt.channels.empty()) {
    for (std::size_t i = 0; i < rec.channels().size(); ++i) cols.push_back(int(i));
  } else {
    for (const auto& name : opt.channels) {
      const int i = rec.channelIndex(name);
      if (i < 0) throw std::invalid_argument("writeCsv: unknown channel '" + name + "' (file '" + path + "')");
      cols.push_back(i);
    }
  }
  std::string header;
  appendHeaderField(header, "time", "s");
  for (int c : cols) {
    header += ',';
    appendHeaderField(header, rec.channels()[c].name, rec.channels()[c].unit);
  }
  header += '\n';
  std::vector<std::string> commentTexts = opt.comments;
  if (const std::string c = coordinatesComment(rec.coordinates()); !c.empty()) commentTexts.push_back(c);
  const std::string comments = commentLines(commentTexts);

  AtomicFile file(path);
  std::string& out = file.buffer();
  out += comments;
  out += header;
  for (std::size_t r = 0; r < rec.rows(); ++r) {
    const double t = rec.time(r);
    if (t < opt.tBegin) continue;
    if (t > opt.tEnd) break;  // times are non-decreasing
    appendNumber(out, t, opt.precision);
    for (int c : cols) {
      const double v = rec.value(r, c);
      if (std::isinf(v)) infiniteValue(path, rec.channels()[c].name, t);
      out += ',';
      appendNumber(out, v, opt.precision);
    }
    out += '\n';
    file.maybeFlush();
  }
  file.commit();
}

void writeCsvTable(const CsvTable& table, const std::string& path, int precision) {
  validateTable(table);
  std::string header;
  for (std::size_t c = 0; c < table.columns.size(); ++c) {
    if (c > 0) header += ',';
    appendHeaderField(header, table.names[c], table.units.empty() ? std::string() : table.units[c]);
  }
  header += '\n';

  const std::string comments = commentLines(table.comments);

  AtomicFile file(path);
  std::string& out = file.buffer();
  out += comments;
  out += header;
  for (std::size_t r = 0; r < table.rows(); ++r) {
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
      const double v = table.columns[c][r];
      if (std::isinf(v)) infiniteValue(path, table.names[c], table.columns[0][r]);
      if (c > 0) out += ',';
      appendNumber(out, v, precision);
    }
    out += '\n';
    file.maybeFlush();
  }
  file.commit();
}

CsvTable readCsv(const std::string& path) {
  const std::string text = readUserFile(path, "CSV file", std::numeric_limits<std::uintmax_t>::max());
  std::string_view all(text);
  if (all.substr(0, 3) == "\xEF\xBB\xBF") all.remove_prefix(3);  // UTF-8 byte-order mark
  if (const std::size_t bad = invalidUtf8(all); bad != std::string::npos) {
    // the line holding the bad byte starts after the last '\n' before it (none before the first byte)
    const std::size_t lineStart = bad == 0 ? std::string_view::npos : all.rfind('\n', bad - 1);
    const std::size_t from = lineStart == std::string_view::npos ? 0 : lineStart + 1;
    const std::size_t line = 1 + std::size_t(std::count(all.begin(), all.begin() + std::ptrdiff_t(from), '\n'));
    const std::size_t column = 1 + std::size_t(std::count(all.begin() + std::ptrdiff_t(from), all.begin() + std::ptrdiff_t(bad), ','));
    parseFailure(path, line, all[from] == '#' ? 0 : column, "a byte that is not UTF-8 text (a CSV file is UTF-8)");
  }

  std::size_t pos = 0, lineNo = 0;
  auto nextLine = [&](std::string_view& line) {
    if (pos >= all.size()) return false;
    const std::size_t end = std::min(all.find('\n', pos), all.size());
    line = all.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos = end + 1;
    ++lineNo;
    return true;
  };

  std::string_view line;
  CsvTable table;
  bool more = nextLine(line);
  while (more && !line.empty() && line.front() == '#') {  // comment lines before the header
    std::string_view c = line.substr(1);
    if (!c.empty() && c.front() == ' ') c.remove_prefix(1);
    table.comments.emplace_back(c);
    more = nextLine(line);
  }
  if (!more) {
    if (all.empty()) throw ReaderError(path, "", "the file is empty (expected a header line: time, then one name per column)");
    parseFailure(path, lineNo + 1, 0, "no header line after the comment lines");
  }
  if (trim(line).empty()) parseFailure(path, lineNo, 0, "the header line is empty (expected time, then one name per column)");
  table.headerLine = lineNo;
  for (const auto& field : splitHeader(line, path, lineNo)) {
    std::string name, unit;
    splitNameUnit(field, name, unit);
    const std::size_t column = table.names.size() + 1;
    if (name.empty()) parseFailure(path, lineNo, column, "a column without a name in the header");
    for (std::size_t k = 0; k < table.names.size(); ++k)
      if (table.names[k] == name)
        parseFailure(path, lineNo, column, "the column name is repeated (column " + std::to_string(k + 1) + " has it too)", name);
    table.names.push_back(std::move(name));
    table.units.push_back(std::move(unit));
  }
  const std::size_t width = table.names.size();
  table.columns.resize(width);

  while (nextLine(line)) {
    if (trim(line).empty()) parseFailure(path, lineNo, 0, "an empty line (expected " + std::to_string(width) + " fields)");
    std::size_t column = 0, start = 0;
    while (true) {
      const std::size_t comma = line.find(',', start);
      const std::size_t end = comma == std::string_view::npos ? line.size() : comma;
      if (column >= width)
        parseFailure(path, lineNo, column + 1, "a field beyond the header's " + std::to_string(width) + " columns");
      table.columns[column].push_back(parseNumber(line.substr(start, end - start), path, lineNo, column + 1, table.names[column]));
      ++column;
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }
    if (column != width)
      parseFailure(path, lineNo, column + 1,
                   "missing: the line has " + std::to_string(column) + " fields, the header " + std::to_string(width),
                   table.names[column]);
  }
  return table;
}

}  // namespace maniplab::sim
