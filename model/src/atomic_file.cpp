// Atomic file replacement (atomic_file.hpp): temporary file + fsync + rename(2) (POSIX.1-2017 rename:
// "the link named new shall remain visible to other threads throughout the renaming operation").
#include "maniplab/model/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <system_error>

namespace maniplab {

namespace {

constexpr std::size_t kFlushBytes = std::size_t(1) << 20;

std::string directoryOf(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

}  // namespace

void AtomicFileWriter::fail(const std::string& step, int err) const {
  throw std::runtime_error("cannot write " + what_ + " '" + path_ + "': " + std::system_category().message(err) + " (" +
                           step + ")");
}

AtomicFileWriter::AtomicFileWriter(std::string path, std::string what) : path_(std::move(path)), what_(std::move(what)) {
  if (path_.empty()) throw std::runtime_error("cannot write " + what_ + ": empty file name");
  target_ = path_;
  struct stat st {};
  if (::stat(path_.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {  // (a directory: rename fails)
    // A device, FIFO or socket (/dev/stdout, /dev/full, a pipe): written in place, never replaced.
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd_ < 0) fail("opening it", errno);
    direct_ = true;
    buffer_.reserve(kFlushBytes + 4096);
    return;
  }
  // A symbolic link to a file: the file it points to is replaced (next to it), the link kept.
  char* real = ::realpath(path_.c_str(), nullptr);
  if (real) {
    target_ = real;
    std::free(real);
  }
  static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::random_device rd;
  std::mt19937_64 gen((std::uint64_t(rd()) << 32) ^ rd() ^ std::uint64_t(::getpid()));
  std::uniform_int_distribution<int> pick(0, int(sizeof(alphabet)) - 2);
  for (int attempt = 0; attempt < 100; ++attempt) {
    tmp_ = target_ + ".tmp-";
    for (int i = 0; i < 6; ++i) tmp_ += alphabet[pick(gen)];
    fd_ = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);  // umask applies
    if (fd_ >= 0) break;
    if (errno != EEXIST) fail("creating temporary file '" + tmp_ + "'", errno);
  }
  if (fd_ < 0) fail("creating temporary file '" + tmp_ + "'", EEXIST);
  buffer_.reserve(kFlushBytes + 4096);
}

AtomicFileWriter::~AtomicFileWriter() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_ && !direct_ && !tmp_.empty()) ::unlink(tmp_.c_str());
}

void AtomicFileWriter::maybeFlush() {
  if (buffer_.size() >= kFlushBytes) flush();
}

void AtomicFileWriter::flush() {
  const char* p = buffer_.data();
  std::size_t left = buffer_.size();
  while (left > 0) {
    const ssize_t n = ::write(fd_, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(direct_ ? std::string("writing it") : "writing temporary file '" + tmp_ + "'", errno);
    }
    p += n;
    left -= std::size_t(n);
  }
  buffer_.clear();
}

void AtomicFileWriter::commit() {
  if (committed_) return;
  flush();
  if (!direct_ && ::fsync(fd_) != 0) fail("syncing temporary file '" + tmp_ + "'", errno);
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail(direct_ ? std::string("closing it") : "closing temporary file '" + tmp_ + "'", errno);
  if (direct_) {
    committed_ = true;
    return;
  }
  if (::rename(tmp_.c_str(), target_.c_str()) != 0) fail("renaming temporary file '" + tmp_ + "' over it", errno);
  committed_ = true;
  // Make the rename durable. Best effort: the new content is already in place, so a failure here must
  // not be reported as "old file intact".
  const int dfd = ::open(directoryOf(target_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

void writeFileAtomically(const std::string& path, std::string_view content, const std::string& what) {
  AtomicFileWriter f(path, what);
  f.buffer().append(content);
  f.commit();
}

std::string tryWriteFileAtomically(const std::string& path, std::string_view content, const std::string& what) {
  try {
    writeFileAtomically(path, content, what);
    return {};
  } catch (const std::exception& e) {
    return e.what();
  }
}

}  // namespace maniplab
