#pragma once
// JSON reading with diagnostics that name the file and the JSON pointer of each field (used by the
// robot and scene readers).
#include <cmath>
#include <initializer_list>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "maniplab/model/field_bounds.hpp"
#include "maniplab/model/fwd.hpp"
#include "maniplab/model/model_messages.hpp"
#include "maniplab/model/robot_file.hpp"

namespace maniplab {

std::string formatNumber(double v);
/// Escapes a key for a JSON pointer (RFC 6901: ~ -> ~0, / -> ~1).
std::string escapePointer(const std::string& key);

class JsonReader;
/// Parses `text` into `out`. Syntax errors are reported with line and column, and a key repeated in
/// one object (which JSON parsers silently resolve to the last value) is an error at its JSON pointer.
/// Returns false when the document could not be parsed.
bool parseJson(const std::string& text, JsonReader& rd, nlohmann::json& out);

/// Walks a JSON document collecting diagnostics with JSON-pointer paths.
class JsonReader {
 public:
  JsonReader(std::string file, std::vector<Diagnostic>& diags) : file_(std::move(file)), diags_(diags) {}

  /// A fault is said once: a diagnostic equal to one already collected (severity, file, pointer and
  /// message) is not added again, whichever check of a reader finds it a second time.
  ///
  /// Every diagnostic of a reader is a coded message (model_messages.hpp, sim_messages.hpp), which the GUI
  /// translates (ui/src/diagnostic_text.cpp; tests/ui/test_translations checks that each code has its
  /// row): a plain English string cannot be given (the overloads below are deleted), and a message
  /// without a code (plainMessage) is a programming error (std::logic_error, not user text).
  void error(const std::string& path, const Message& m) { add(Diagnostic::of(Diagnostic::Severity::Error, file_, path, m)); }
  void warning(const std::string& path, const Message& m) {
    add(Diagnostic::of(Diagnostic::Severity::Warning, file_, path, m));
  }
  void error(const std::string& path, const std::string& englishOnly) = delete;
  void warning(const std::string& path, const std::string& englishOnly) = delete;
  void error(const std::string& path, const char* englishOnly) = delete;
  void warning(const std::string& path, const char* englishOnly) = delete;

  /// `v` (SI units) within `b` (field_bounds.hpp); otherwise an error at `path` that names the range
  /// (field.out_of_range) and false. The one check of every bounded field of every reader.
  bool within(const std::string& path, double v, const FieldBound& b) {
    if (v >= b.lo && v <= b.hi) return true;
    const MessageArg lo = MessageArg::number(b.lo, formatNumber(b.lo)), hi = MessageArg::number(b.hi, formatNumber(b.hi)),
                     got = MessageArg::number(v, formatNumber(v));
    if (*b.unit) error(path, message(msg::kOutOfRange, {lo, hi, MessageArg::field(b.unit), got}));
    else error(path, message(msg::kOutOfRangeNoUnit, {lo, hi, got}));  // a ratio or a count
    return false;
  }
  /// number() then within(): false (one error at most) when absent, not a finite number or out of `b`.
  bool numberIn(const nlohmann::json& obj, const std::string& path, const char* key, double& out, bool required,
                const FieldBound& b, double scale = 1.0) {
    return number(obj, path, key, out, required, scale) && within(path + "/" + key, out, b);
  }
  /// numberIn() for a field that must be positive: zero or less is field.not_positive, then the range.
  bool positiveIn(const nlohmann::json& obj, const std::string& path, const char* key, double& out, bool required,
                  const FieldBound& b, double scale = 1.0) {
    if (!number(obj, path, key, out, required, scale)) return false;
    if (!(out > 0)) {
      error(path + "/" + key, message(msg::kNotPositive));
      return false;
    }
    return within(path + "/" + key, out, b);
  }
  /// A gear ratio already read (signed): zero is field.zero, a magnitude outside bounds::kGear
  /// robot.gear_range; false then.
  bool gearRatio(const std::string& path, double n) {
    if (n == 0) {
      error(path, message(msg::kZero));
      return false;
    }
    if (std::abs(n) < bounds::kGear.lo || std::abs(n) > bounds::kGear.hi) {
      error(path, message(msg::kGearRange, {MessageArg::number(bounds::kGear.lo, formatNumber(bounds::kGear.lo)),
                                            MessageArg::number(bounds::kGear.hi, formatNumber(bounds::kGear.hi)),
                                            MessageArg::number(n, formatNumber(n))}));
      return false;
    }
    return true;
  }
  /// vec3() with each coordinate within `b` (errors at .../0, /1, /2).
  bool vec3In(const nlohmann::json& obj, const std::string& path, const char* key, Vector3& out, bool required,
              const FieldBound& b) {
    if (!vec3(obj, path, key, out, required)) return false;
    bool ok = true;
    for (int i = 0; i < 3; ++i) ok &= within(path + "/" + key + "/" + std::to_string(i), out[i], b);
    return ok;
  }

  /// Reports keys of `obj` that are not in `known`.
  void checkKeys(const nlohmann::json& obj, const std::string& path, std::initializer_list<const char*> known) {
    std::set<std::string> k(known.begin(), known.end());
    for (auto it = obj.begin(); it != obj.end(); ++it)
      if (!k.count(it.key())) {
        std::string list;
        for (const auto& s : k) list += (list.empty() ? "" : ", ") + s;
        error(path + "/" + escapePointer(it.key()), message(msg::kUnknownKey, {MessageArg::field(it.key()), MessageArg::field(list)}));
      }
  }

  bool number(const nlohmann::json& obj, const std::string& path, const char* key, double& out, bool required,
              double scale = 1.0) {
    if (!obj.contains(key)) {
      if (required) error(path + "/" + key, message(msg::kMissingNumber));
      return false;
    }
    return numberValue(obj[key], path + "/" + key, out, scale);
  }

  bool numberValue(const nlohmann::json& v, const std::string& path, double& out, double scale = 1.0) {
    if (!v.is_number()) {
      error(path, message(msg::kNotNumber, {MessageArg::field(v.type_name())}));
      return false;
    }
    const double x = v.get<double>();
    if (!std::isfinite(x)) {
      error(path, message(msg::kNotFinite));
      return false;
    }
    out = x * scale;
    return true;
  }

  bool vec3(const nlohmann::json& obj, const std::string& path, const char* key, Vector3& out, bool required,
            double scale = 1.0) {
    if (!obj.contains(key)) {
      if (required) error(path + "/" + key, message(msg::kMissingVector3));
      return false;
    }
    const nlohmann::json& v = obj[key];
    const std::string p = path + "/" + key;
    if (!v.is_array() || v.size() != 3) {
      error(p, message(msg::kNotVector3));
      return false;
    }
    bool ok = true;
    for (int i = 0; i < 3; ++i) ok &= numberValue(v[std::size_t(i)], p + "/" + std::to_string(i), out[i], scale);
    return ok;
  }

  bool mat3(const nlohmann::json& v, const std::string& p, Matrix3& out) {
    if (!v.is_array() || v.size() != 3) {
      error(p, message(msg::kNotMatrix3));
      return false;
    }
    bool ok = true;
    for (int r = 0; r < 3; ++r) {
      const nlohmann::json& row = v[std::size_t(r)];
      const std::string pr = p + "/" + std::to_string(r);
      if (!row.is_array() || row.size() != 3) {
        error(pr, message(msg::kNotRow3));
        ok = false;
        continue;
      }
      for (int c = 0; c < 3; ++c) ok &= numberValue(row[std::size_t(c)], pr + "/" + std::to_string(c), out(r, c));
    }
    return ok;
  }

  bool string(const nlohmann::json& obj, const std::string& path, const char* key, std::string& out, bool required) {
    if (!obj.contains(key)) {
      if (required) error(path + "/" + key, message(msg::kMissingString));
      return false;
    }
    if (!obj[key].is_string()) {
      error(path + "/" + key, message(msg::kNotString));
      return false;
    }
    out = obj[key].get<std::string>();
    return true;
  }

  bool object(const nlohmann::json& obj, const std::string& path, const char* key, bool required) {
    if (!obj.contains(key)) {
      if (required) error(path + "/" + key, message(msg::kMissingObject));
      return false;
    }
    if (!obj[key].is_object()) {
      error(path + "/" + key, message(msg::kNotObject));
      return false;
    }
    return true;
  }

  Matrix3 rpy(const Vector3& v) {
    return (Eigen::AngleAxisd(v[2], Vector3::UnitZ()) * Eigen::AngleAxisd(v[1], Vector3::UnitY()) *
            Eigen::AngleAxisd(v[0], Vector3::UnitX()))
        .toRotationMatrix();
  }

  /// The header every ManipLab file starts with: "format" (must equal `format`), "version" (1) and, when
  /// `kind` is given, "kind" (must equal it). Errors at /format, /version, /kind.
  void header(const nlohmann::json& doc, const char* format, const char* kind = nullptr);
  /// The opening every ManipLab document reader shares (robot, Orthoglide robot and scene files): parses
  /// `text` into `doc` (parseJson), requires a JSON object and checks its header (header()). Returns false
  /// when there is no object to read further (reported); header errors are reported and reading goes on.
  bool openDocument(const std::string& text, nlohmann::json& doc, const char* format, const char* kind = nullptr);

  /// obj[key], an inertia tensor [kg m^2]: an object {xx, yy, zz, xy, xz, yz} (products optional) or a 3x3
  /// array of rows, each entry within `bound`. Errors if missing, out of range, not symmetric or not
  /// positive semi-definite; a warning if its principal moments break the triangle inequality (not a rigid
  /// body; loaded as given).
  void inertiaTensor(const nlohmann::json& obj, const std::string& path, const char* key, Matrix3& out,
                     const FieldBound& bound = bounds::kInertia);

  /// obj[key], an optional non-negative coefficient that may differ by direction: a number (both) or
  /// {"positive": a, "negative": b}, each at most bound.hi. Absent: `pos` and `neg` keep their values.
  void directionalCoefficient(const nlohmann::json& obj, const std::string& path, const char* key, double& pos,
                              double& neg, const FieldBound& bound);

  void frame(const nlohmann::json& obj, const std::string& path, Transform& out, double angle) {
    checkKeys(obj, path, {"xyz", "rpy"});
    vec3In(obj, path, "xyz", out.p, false, bounds::kLength);
    Vector3 r = Vector3::Zero();
    if (vec3(obj, path, "rpy", r, false, angle)) out.R = rpy(r);
  }

 private:
  void add(Diagnostic d) {
    if (d.code.empty())  // a programming error of a reader, never the user's: see error()
      throw std::logic_error("JsonReader: a diagnostic without a message code at " + d.path + ": " + d.message);
    const char kind = d.severity == Diagnostic::Severity::Error ? 'E' : 'W';
    if (!said_.insert(kind + d.path + '\0' + d.message).second) return;
    diags_.push_back(std::move(d));
  }

  std::string file_;
  std::vector<Diagnostic>& diags_;
  std::set<std::string> said_;  ///< what this reader said: severity, pointer, message
};

}  // namespace maniplab
