#pragma once
// CSV export/import of traces and derived tables.
//
// Format (one table per file):
//   * optional comment lines before the header, each beginning with '#' (pandas: read_csv(comment='#')).
//     The programs' first comment line is the provenance (Provenance::text(): program, version, scene and
//     robot files, e.g. "# maniplab-cli 0.1.0; scene scenes/default.json; robot robots/puma560.json");
//     derived tables add lines defining their columns (e.g. the metrics export, metrics.hpp). A trace of a
//     model's joints (Recorder::coordinates() not empty) names them on the next line, in the order of q:
//     "joints in the order of q (the i of q[i], qd[i], e[i], tau[i], ...): 1 waist, 2 shoulder, ...".
//     readCsv keeps them in CsvTable::comments (text after "# ").
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
#include <utility>
#include <vector>

#include "maniplab/sim/traces/recorder.hpp"

namespace maniplab::sim {

/// What produced a file, so that a lab report can cite it: the program (e.g. "maniplab-cli", "maniplab",
/// "maniplab Python module"), its version (the project's CMake version) and the input files by role, in
/// order ("scene", "robot", "trace", ...; paths as the program was given them, the robot resolved from
/// the scene's directory). Written as the first comment line of every CSV file and as the "provenance"
/// object of every JSON output (the caller builds the object from the same fields).
struct Provenance {
  std::string program, version;
  std::vector<std::pair<std::string, std::string>> files;  ///< (role, path)
  /// "PROGRAM VERSION; ROLE PATH; ROLE PATH" (line breaks in a path are replaced by spaces). Empty when
  /// program is empty (nothing is known: no line is written).
  std::string text() const;
  /// The comment lines of a CSV file written with this provenance: {text()} or none.
  std::vector<std::string> csvComments() const;
};

struct CsvOptions {
  std::vector<std::string> channels;  ///< channel names to export, in this order; empty = all
  double tBegin = -std::numeric_limits<double>::infinity();  ///< rows with tBegin <= t <= tEnd
  double tEnd = std::numeric_limits<double>::infinity();
  /// Significant digits (std::chars_format::general). 17 round-trips every double exactly;
  /// 0 (or negative) selects the shortest representation that round-trips (also exact, shorter).
  int precision = 17;
  /// Comment lines written before the header ("# TEXT"), e.g. Provenance::csvComments(); none by default.
  std::vector<std::string> comments;
};

/// The comment line naming a trace's coordinates (the format above); empty for no coordinates.
std::string coordinatesComment(const std::vector<std::string>& coordinates);

/// Writes the recorder's stored rows (see the format above): options.comments, then
/// coordinatesComment(recorder.coordinates()) when it is not empty, then the header and the rows. Throws
/// std::invalid_argument for an unknown channel name (before touching the file system), std::runtime_error
/// for I/O failures and non-finite values other than NaN.
void writeCsv(const Recorder& recorder, const std::string& path, const CsvOptions& options = {});

/// A parsed/derived table. columns[0] is the first column (time for traces); all columns have the same
/// length; names.size() == columns.size(); units is empty or has names.size() entries.
struct CsvTable {
  std::vector<std::string> comments;  ///< written as "# TEXT" lines before the header (no line breaks)
  std::vector<std::string> names, units;
  std::vector<std::vector<double>> columns;  ///< columns[0] = time
  /// The line of the header in the file it was read from (readCsv), 0 for a table made in memory: data row r
  /// is on line headerLine + 1 + r (readCsv refuses empty lines), so a reader of the table names the line.
  std::size_t headerLine = 0;
  std::size_t rows() const { return columns.empty() ? 0 : columns.front().size(); }
};

/// Parses the format above (also headers without units). Throws ReaderError (a std::runtime_error,
/// sim/reader_error.hpp: "PATH: line L, column C (NAME): error: REASON") for: a missing, unreadable or
/// empty file or a directory, a byte that is not UTF-8, an empty header line, a header field without a name
/// or with a name already used, a wrong field count, a non-numeric field, "nan"/"inf" literals, numbers
/// beyond a double's range, a missing time value (README, "What the CSV readers refuse").
CsvTable readCsv(const std::string& path);

/// Writes a table in the same format, atomically. Throws std::invalid_argument for an inconsistent
/// table (column lengths, names/units counts), std::runtime_error as writeCsv.
void writeCsvTable(const CsvTable& table, const std::string& path, int precision = 17);

}  // namespace maniplab::sim
