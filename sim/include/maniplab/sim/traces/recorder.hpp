#pragma once
// Trace recorder: named channels sampled on one shared time base, with bounded memory.
//
// Storage: rows (time + one double per channel) in fixed-size chunks. Until the memory budget is
// reached every appended row is kept; when it is exceeded the recorder halves its resolution (keeps
// every second stored row) and doubles its stride (from then on it stores every 2nd, 4th, ... appended
// row). The stored trace is therefore always uniformly decimated and never exceeds the budget.
// Chunks are allocated when first needed, or ahead of a run with reserve(), and kept (not freed) when
// decimation empties them, so that append() allocates nothing once enough chunks exist.
// Metrics are not computed from the stored rows but online at full rate (metrics.hpp).
#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace maniplab::sim {

struct ChannelInfo {
  std::string name;   ///< e.g. "e[2]" (joint 2 tracking error)
  std::string unit;   ///< e.g. "rad", "N m", "J"
  std::string group;  ///< e.g. "error", "torque", "position" (for channel pickers)
};

struct RecorderOptions {
  std::size_t memoryBudgetBytes = std::size_t(160) << 20;  ///< 160 MiB
  std::size_t chunkRows = 4096;
};

class Recorder {
 public:
  /// Throws std::invalid_argument if chunkRows is 0 or the budget cannot hold two rows.
  explicit Recorder(std::vector<ChannelInfo> channels = {}, RecorderOptions options = {});

  const std::vector<ChannelInfo>& channels() const { return channels_; }
  int channelIndex(const std::string& name) const;  ///< -1 if absent

  /// What the per-joint channels "NAME[i]" (q[i], e[i], tau[i], ...) are of: coordinates()[i-1] describes
  /// entry i of q (e.g. "shoulder", or "finger_2 (parent 7; mimic of 8: q = 1 q[8] + 0)"; coordinateLabels() of
  /// simulation.hpp). Empty when the channels are of no model's joints. writeCsv names them in a comment
  /// line (csv.hpp).
  void setCoordinates(std::vector<std::string> coordinates) { coordinates_ = std::move(coordinates); }
  const std::vector<std::string>& coordinates() const { return coordinates_; }

  /// Appends one row (values.size() == channels().size()). Times must be non-decreasing (throws
  /// std::invalid_argument otherwise, and for a NaN time). Appended row k (0-based) is stored iff
  /// k % stride() == 0, so stored row j is always appended row j * stride().
  void append(double t, const double* values);
  void clear();  ///< forgets all rows, frees the chunks, resets the stride to 1
  /// Allocates now the chunks for `rows` more appended rows (within the budget), so that appending them
  /// allocates nothing (a simulation's real-time path). Pages are touched only when written.
  void reserve(std::size_t rows);

  std::size_t rows() const { return rows_; }         ///< stored rows
  std::size_t appended() const { return appended_; }  ///< rows offered to append()
  std::size_t stride() const { return stride_; }      ///< current decimation factor (1 = every row)
  double time(std::size_t row) const;                ///< throws std::out_of_range
  double value(std::size_t row, int channel) const;  ///< throws std::out_of_range
  /// Bytes held by the sample storage: the allocated capacity of every chunk plus the chunk table
  /// (not the channel names). Always <= memoryBudgetBytes.
  std::size_t memoryBytes() const;

 private:
  double* rowPtr(std::size_t row);
  const double* rowPtr(std::size_t row) const;
  void decimate();

  std::vector<ChannelInfo> channels_;
  std::vector<std::string> coordinates_;
  RecorderOptions opt_;
  std::size_t width_ = 1;      ///< doubles per row (time + channels)
  std::size_t chunkRows_ = 0;  ///< effective rows per chunk (opt_.chunkRows, shrunk for tiny budgets)
  std::size_t maxChunks_ = 0;  ///< chunks that fit in the budget (including the chunk table itself)
  std::vector<std::unique_ptr<double[]>> chunks_;  ///< each exactly chunkRows_ * width_ doubles
  std::size_t used_ = 0;       ///< chunks holding rows (the others are allocated and empty)
  std::size_t rows_ = 0, appended_ = 0, stride_ = 1;
  double lastTime_;  ///< time of the last appended row (-inf when empty)
};

}  // namespace maniplab::sim
