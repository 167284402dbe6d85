// Identification traces: CSV columns -> samples, validation, zero-phase Butterworth filtering and central
// differences (see identification.hpp; Belkoura 1993 ch. III needs velocities, the dynamic model also
// accelerations).
#include <cmath>
#include <map>
#include <sstream>
#include <stdexcept>

#include "maniplab/sim/reader_error.hpp"
#include "maniplab/sim/identification/identification.hpp"
#include "number_text.hpp"

namespace maniplab::sim {

using identification_text::fmt;

IdentificationTrace traceFromRecorder(const Recorder& rec, int n, const std::string& source) {
  CsvTable t;
  t.names.push_back("t");
  t.columns.emplace_back();
  std::vector<int> src;
  for (int c = 0; c < int(rec.channels().size()); ++c) {
    const std::string& name = rec.channels()[std::size_t(c)].name;
    if (name.rfind("q[", 0) == 0 || name.rfind("qd[", 0) == 0 || name.rfind("tau[", 0) == 0) {
      t.names.push_back(name);
      t.columns.emplace_back();
      src.push_back(c);
    }
  }
  for (auto& col : t.columns) col.reserve(rec.rows());
  for (std::size_t r = 0; r < rec.rows(); ++r) {
    t.columns[0].push_back(rec.time(r));
    for (std::size_t k = 0; k < src.size(); ++k) t.columns[k + 1].push_back(rec.value(r, src[k]));
  }
  return traceFromTable(t, n, source);
}

namespace {

/// Where a value of the table is, for the trace's errors: "line L, column C (NAME)" in a file read by readCsv,
/// "row R, column C (NAME)" in a table made in memory (a recorded run).
std::string cell(const CsvTable& table, std::size_t row, std::size_t column) {
  const std::string name = column < table.names.size() ? table.names[column] : std::string();
  if (table.headerLine == 0) return "row " + std::to_string(row + 1) + ", column " + std::to_string(column + 1) + " (" + name + ")";
  return lineColumn(table.headerLine + 1 + row, column + 1, name);
}

/// The sample times: strictly increasing, at a constant step, at a rate in the documented range (README,
/// "What the CSV readers refuse").
void checkTimes(const CsvTable& table, const std::string& source) {
  const std::vector<double>& t = table.columns[0];
  const std::size_t N = t.size();
  for (std::size_t r = 1; r < N; ++r)
    if (!(t[r] > t[r - 1]))
      throw ReaderError(source, cell(table, r, 0),
                        "the time " + fmt(t[r]) + " s is not after the previous sample's " + fmt(t[r - 1]) +
                            " s (the times of a trace increase strictly)");
  const double step = (t[N - 1] - t[0]) / double(N - 1), rate = 1 / step;
  const std::string column = "column 1 (" + table.names[0] + ")";
  if (!(rate >= kMinTraceRateHz && rate <= kMaxTraceRateHz))
    throw ReaderError(source, table.headerLine ? "lines " + std::to_string(table.headerLine + 1) + " to " +
                                                     std::to_string(table.headerLine + N) + ", " + column
                                               : column,
                      "a sampling rate of " + fmt(rate) + " Hz (a mean step of " + fmt(step) +
                          " s) is beyond any real robot's (accepted: " + fmt(kMinTraceRateHz) + " Hz to " +
                          fmt(kMaxTraceRateHz) + " Hz)");
  for (std::size_t r = 1; r < N; ++r) {
    const double d = t[r] - t[r - 1];
    if (std::abs(d - step) > 1e-6 * step)
      throw ReaderError(source, cell(table, r, 0),
                        "a step of " + fmt(d) + " s where the mean step is " + fmt(step) +
                            " s: the samples are not evenly spaced (resample the trace to a constant rate first)");
  }
}

}  // namespace

IdentificationTrace traceFromTable(const CsvTable& table, int n, const std::string& source) {
  IdentificationTrace tr;
  tr.source = source;
  const std::string header = table.headerLine ? lineColumn(table.headerLine) : std::string();
  if (table.columns.empty()) throw ReaderError(source, header, "no column (a trace needs time, q[1..n] and tau[1..n])");
  const std::size_t N = table.rows();
  std::map<std::string, int> index;
  for (std::size_t c = 0; c < table.names.size(); ++c) index.emplace(table.names[c], int(c));
  auto fill = [&](const char* kind, MatrixX& dst, bool required) {
    std::vector<int> cols(static_cast<std::size_t>(n));
    int present = 0;
    for (int i = 0; i < n; ++i) {
      const auto it = index.find(std::string(kind) + "[" + std::to_string(i + 1) + "]");
      cols[std::size_t(i)] = it == index.end() ? -1 : it->second;
      if (cols[std::size_t(i)] >= 0) ++present;
    }
    if (present == 0 && !required) return false;
    for (int i = 0; i < n; ++i)
      if (cols[std::size_t(i)] < 0)
        throw ReaderError(source, header,
                          std::string("no column ") + kind + "[" + std::to_string(i + 1) + "] (the robot has " + std::to_string(n) +
                              " joints; a trace needs time, q[1..n] and tau[1..n]" +
                              (required ? "" : std::string(", and all of ") + kind + "[1.." + std::to_string(n) + "] or none") + ")");
    dst.resize(Eigen::Index(N), n);
    for (int i = 0; i < n; ++i) {
      const std::size_t c = std::size_t(cols[std::size_t(i)]);
      const auto& col = table.columns[c];
      for (std::size_t r = 0; r < N; ++r) {
        if (!std::isfinite(col[r]))
          throw ReaderError(source, cell(table, r, c),
                            std::string("no value (an empty field) where ") + kind + " needs one on every row");
        dst(Eigen::Index(r), i) = col[r];
      }
    }
    return true;
  };
  fill("q", tr.q, true);
  fill("tau", tr.tau, true);
  tr.hasQd = fill("qd", tr.qd, false);
  tr.hasQdd = fill("qdd", tr.qdd, false);
  if (N < 3)
    throw ReaderError(source, "", std::to_string(N) + " sample" + (N == 1 ? "" : "s") + ": a trace needs 3 at least");
  checkTimes(table, source);
  tr.t.resize(Eigen::Index(N));
  for (std::size_t r = 0; r < N; ++r) tr.t[Eigen::Index(r)] = table.columns[0][r];
  return tr;
}

IdentificationTrace readIdentificationTrace(const std::string& path, int n) {
  return traceFromTable(readCsv(path), n, path);
}

MatrixX zeroPhaseLowPass(const MatrixX& x, double fs, double fc) {
  const Eigen::Index N = x.rows();
  if (fc <= 0 || N < 3) return x;
  if (fc >= 0.5 * fs) throw std::runtime_error("low-pass cutoff " + fmt(fc) + " Hz is not below the Nyquist frequency " + fmt(0.5 * fs) + " Hz");
  // 2nd-order Butterworth by the bilinear transform with prewarping.
  const double K = std::tan(M_PI * fc / fs), s2 = std::sqrt(2.0);
  const double norm = 1 / (1 + s2 * K + K * K);
  const double b0 = K * K * norm, b1 = 2 * b0, b2 = b0;
  const double a1 = 2 * (K * K - 1) * norm, a2 = (1 - s2 * K + K * K) * norm;
  const Eigen::Index pad = std::min<Eigen::Index>(N - 1, Eigen::Index(std::ceil(3 * fs / fc)));
  MatrixX out(N, x.cols());
  std::vector<double> buf(std::size_t(N + 2 * pad));
  auto pass = [&](bool reverse) {
    const std::size_t L = buf.size();
    // steady-state start on the first value (unit DC gain)
    const double x0 = reverse ? buf[L - 1] : buf[0];
    double xm1 = x0, xm2 = x0, ym1 = x0, ym2 = x0;
    for (std::size_t k = 0; k < L; ++k) {
      const std::size_t i = reverse ? L - 1 - k : k;
      const double xi = buf[i];
      const double yi = b0 * xi + b1 * xm1 + b2 * xm2 - a1 * ym1 - a2 * ym2;
      xm2 = xm1; xm1 = xi; ym2 = ym1; ym1 = yi;
      buf[i] = yi;
    }
  };
  for (Eigen::Index c = 0; c < x.cols(); ++c) {
    // odd reflection about the end points
    for (Eigen::Index k = 0; k < pad; ++k) buf[std::size_t(k)] = 2 * x(0, c) - x(pad - k, c);
    for (Eigen::Index k = 0; k < N; ++k) buf[std::size_t(pad + k)] = x(k, c);
    for (Eigen::Index k = 0; k < pad; ++k) buf[std::size_t(pad + N + k)] = 2 * x(N - 1, c) - x(N - 2 - k, c);
    pass(false);
    pass(true);
    for (Eigen::Index k = 0; k < N; ++k) out(k, c) = buf[std::size_t(pad + k)];
  }
  return out;
}

MatrixX differentiate(const MatrixX& x, double dt) {
  const Eigen::Index N = x.rows();
  MatrixX d = MatrixX::Zero(N, x.cols());
  if (N < 2) return d;
  for (Eigen::Index k = 1; k + 1 < N; ++k) d.row(k) = (x.row(k + 1) - x.row(k - 1)) / (2 * dt);
  d.row(0) = (x.row(1) - x.row(0)) / dt;
  d.row(N - 1) = (x.row(N - 1) - x.row(N - 2)) / dt;
  return d;
}

}  // namespace maniplab::sim
