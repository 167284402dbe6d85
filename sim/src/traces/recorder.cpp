// Trace recorder (recorder.hpp): fixed-size chunks, uniform decimation by 2 when the budget is reached.
#include "maniplab/sim/traces/recorder.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace maniplab::sim {

Recorder::Recorder(std::vector<ChannelInfo> channels, RecorderOptions options)
    : channels_(std::move(channels)), opt_(options), width_(channels_.size() + 1),
      lastTime_(-std::numeric_limits<double>::infinity()) {
  if (opt_.chunkRows == 0) throw std::invalid_argument("Recorder: chunkRows must be positive");
  const std::size_t rowBytes = width_ * sizeof(double);
  const std::size_t entryBytes = sizeof(std::unique_ptr<double[]>);  // one slot of the chunk table
  chunkRows_ = opt_.chunkRows;
  // Every chunk costs its samples plus its slot in the (reserved once) chunk table.
  maxChunks_ = opt_.memoryBudgetBytes / (chunkRows_ * rowBytes + entryBytes);
  if (maxChunks_ == 0) {
    // Budget smaller than one chunk: a single, smaller chunk.
    chunkRows_ = opt_.memoryBudgetBytes > entryBytes ? (opt_.memoryBudgetBytes - entryBytes) / rowBytes : 0;
    maxChunks_ = 1;
  }
  if (chunkRows_ * maxChunks_ < 2)
    throw std::invalid_argument("Recorder: memory budget of " + std::to_string(opt_.memoryBudgetBytes) +
                                " bytes cannot hold two rows of " + std::to_string(width_) + " doubles");
  chunks_.reserve(maxChunks_);
}

int Recorder::channelIndex(const std::string& name) const {
  for (std::size_t i = 0; i < channels_.size(); ++i)
    if (channels_[i].name == name) return int(i);
  return -1;
}

double* Recorder::rowPtr(std::size_t row) {
  return chunks_[row / chunkRows_].get() + (row % chunkRows_) * width_;
}

const double* Recorder::rowPtr(std::size_t row) const {
  return chunks_[row / chunkRows_].get() + (row % chunkRows_) * width_;
}

void Recorder::append(double t, const double* values) {
  if (!(t >= lastTime_) || std::isinf(t))
    throw std::invalid_argument("Recorder::append: time " + std::to_string(t) +
                                " is not finite or precedes the previous row");
  lastTime_ = t;
  const std::size_t k = appended_++;
  if (k % stride_ != 0) return;
  if (rows_ == used_ * chunkRows_) {  // every chunk in use is full
    if (used_ == maxChunks_) {
      decimate();
      if (k % stride_ != 0) return;
    }
    if (rows_ == used_ * chunkRows_) {
      if (used_ == chunks_.size()) chunks_.emplace_back(new double[chunkRows_ * width_]);
      ++used_;
    }
  }
  double* r = rowPtr(rows_);
  r[0] = t;
  std::copy_n(values, width_ - 1, r + 1);
  ++rows_;
}

// Keeps stored rows 0, 2, 4, ... (appended rows 0, 2s, 4s, ...) and doubles the stride; the chunks
// that become empty stay allocated for the rows to come.
void Recorder::decimate() {
  const std::size_t kept = (rows_ + 1) / 2;
  for (std::size_t j = 1; j < kept; ++j) std::copy_n(rowPtr(2 * j), width_, rowPtr(j));
  rows_ = kept;
  stride_ *= 2;
  used_ = (rows_ + chunkRows_ - 1) / chunkRows_;
}

void Recorder::reserve(std::size_t rows) {
  const std::size_t needed = std::min(maxChunks_, (rows_ + rows + chunkRows_ - 1) / chunkRows_);
  while (chunks_.size() < needed) chunks_.emplace_back(new double[chunkRows_ * width_]);
}

void Recorder::clear() {
  chunks_.clear();  // destroys the chunks; the table keeps its reserved capacity
  used_ = 0;
  rows_ = appended_ = 0;
  stride_ = 1;
  lastTime_ = -std::numeric_limits<double>::infinity();
}

double Recorder::time(std::size_t row) const {
  if (row >= rows_) throw std::out_of_range("Recorder::time: row " + std::to_string(row) + " >= " + std::to_string(rows_));
  return rowPtr(row)[0];
}

double Recorder::value(std::size_t row, int channel) const {
  if (row >= rows_) throw std::out_of_range("Recorder::value: row " + std::to_string(row) + " >= " + std::to_string(rows_));
  if (channel < 0 || std::size_t(channel) >= channels_.size())
    throw std::out_of_range("Recorder::value: channel " + std::to_string(channel) + " out of range");
  return rowPtr(row)[1 + channel];
}

std::size_t Recorder::memoryBytes() const {
  return chunks_.capacity() * sizeof(std::unique_ptr<double[]>) + chunks_.size() * chunkRows_ * width_ * sizeof(double);
}

}  // namespace maniplab::sim
