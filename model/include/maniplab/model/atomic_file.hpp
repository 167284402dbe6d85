#pragma once
// Atomic file replacement: the content goes to a new temporary file next to the target
// ("<path>.tmp-XXXXXX", created exclusively, mode 0666 & ~umask), which is flushed, fsync'ed, closed and
// then rename(2)d over the target; the directory is fsync'ed (best effort). Until the rename, the target
// is untouched: a failed save (disk full, no permission, missing directory, I/O error) keeps the previous
// file, removes the temporary one and throws std::runtime_error saying why with the errno text, e.g.
//   cannot write CSV file 'run.csv': No space left on device (writing temporary file 'run.csv.tmp-Ab12Cd')
// A symbolic link is followed (the file it points to is replaced, the link kept). A target that exists
// and is not a regular file (a device such as /dev/stdout or /dev/full, a FIFO) is written in place,
// never replaced; a directory is an error (rename fails: EISDIR).
// POSIX only (open/write/fsync/rename). Plain C++, no Qt (the GUI saves robots with QSaveFile, which does
// the same).
#include <cstddef>
#include <string>
#include <string_view>

namespace maniplab {

class AtomicFileWriter {
 public:
  /// Creates the temporary file; `what` names the kind of file in error messages ("CSV file", "robot
  /// file"...). Throws std::runtime_error when it cannot be created.
  explicit AtomicFileWriter(std::string path, std::string what = "file");
  AtomicFileWriter(const AtomicFileWriter&) = delete;
  AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;
  /// Without commit(): the temporary file is removed and the target left as it was.
  ~AtomicFileWriter();

  /// Content not yet written; append to it, call maybeFlush() now and then for big files.
  std::string& buffer() { return buffer_; }
  void append(std::string_view text) { buffer_.append(text); maybeFlush(); }
  /// Writes the buffer to the temporary file once it holds 1 MiB or more.
  void maybeFlush();
  /// Writes the rest, syncs, closes and renames over the target (throws on any failure, target kept).
  void commit();

  const std::string& path() const { return path_; }

 private:
  [[noreturn]] void fail(const std::string& step, int err) const;
  void flush();

  std::string path_, what_, target_, tmp_;  ///< as given, resolved (symlinks), temporary
  int fd_ = -1;
  bool committed_ = false;
  bool direct_ = false;  ///< written in place (not a regular file)
  std::string buffer_;
};

/// Replaces `path` with `content` atomically (see above); throws std::runtime_error saying why.
void writeFileAtomically(const std::string& path, std::string_view content, const std::string& what = "file");
/// Same, without exceptions: empty on success, otherwise the error message (the target is kept).
std::string tryWriteFileAtomically(const std::string& path, std::string_view content, const std::string& what = "file");

}  // namespace maniplab
