#pragma once
// CSV export/import of traces and derived tables.
//
// Format (one table per file):
//   * optional comment lines before the header, each beginning with '#' (derived tables use them to
//     define their columns, e.g. the metrics export, metrics.hpp; pandas: read_csv(comment='#')); trace
//     files have none. readCsv keeps them in CsvTable::comments (text after "# ").
//   * line 1, the header: `time [s],NAME [UNIT],...` — one shared time column first, then one column per
//     channel. A unit is the trailing " [UNIT]" of a header field (space before '['); a field without
//     it (e.g. plain `time,x,y` or `e[2]`) has an empty unit. A field containing ',' or '"' is quoted
//     ("..." with "" for a quote); names and units may not contain line breaks.
//   * then one line per row, every field a number written with std::to_chars — locale-independent, '.'
//     decimal separator whatever the global C/C++ locale, no thousands separator.
//   * NaN is written as an EMPTY field (a missing value, as pandas/spreadsheets read it) and an empty
//     field reads back as NaN. The literal texts "nan"/"inf" are never written and are rejected by
//     readCsv; ±infinity cannot be written (std::runtime_error). The first (time) column may not be
//     missing.
//   * lines end with '\n' (a '\r' before it is accepted on reading).
//
// Writing is atomic: the text goes to "PATH.tmp-XXXXXX" in PATH's directory, is fsync'ed, then renamed
// over PATH (and the directory fsync'ed). On any failure the temporary file is removed, PATH keeps its
// old content (or stays absent) and std::runtime_error is thrown with a message naming PATH and the
// cause (the errno text). The new file gets mode 0666 & ~umask; a symlink at PATH is replaced, not
// followed, and an existing file's mode is not preserved.
#include <limits>
#include <string>
#include <vector>

#include "maniplab/sim/traces/recorder.hpp"

namespace maniplab::sim {

struct CsvOptions {
  std::vector<std::string> channels;  ///< channel names to export, in this order; empty = all
  double tBegin = -std::numeric_limits<double>::infinity();  ///< rows with tBegin <= t <= tEnd
  double tEnd = std::numeric_limits<double>::infinity();
  /// Significant digits (std::chars_format::general). 17 round-trips every double exactly;
  /// 0 (or negative) selects the shortest representation that round-trips (also exact, shorter).
  int precision = 17;
};

/// Writes the recorder's stored rows (see the format above). Throws std::invalid_argument for an unknown
/// channel name (before touching the file system), std::runtime_error for I/O failures and non-finite
/// values other than NaN.
void writeCsv(const Recorder& recorder, const std::string& path, const CsvOptions& options = {});

/// A parsed/derived table. columns[0] is the first column (time for traces); all columns have the same
/// length; names.size() == columns.size(); units is empty or has names.size() entries.
struct CsvTable {
  std::vector<std::string> comments;  ///< written as "# TEXT" lines before the header (no line breaks)
  std::vector<std::string> names, units;
  std::vector<std::vector<double>> columns;  ///< columns[0] = time
  std::size_t rows() const { return columns.empty() ? 0 : columns.front().size(); }
};

/// Parses the format above (also headers without units). Throws std::runtime_error naming the path,
/// the 1-based line and column and the cause for: unreadable file, empty file, wrong field count,
/// non-numeric field, "nan"/"inf" literals, out-of-range numbers, a missing time value.
CsvTable readCsv(const std::string& path);

/// Writes a table in the same format, atomically. Throws std::invalid_argument for an inconsistent
/// table (column lengths, names/units counts), std::runtime_error as writeCsv.
void writeCsvTable(const CsvTable& table, const std::string& path, int precision = 17);

}  // namespace maniplab::sim
