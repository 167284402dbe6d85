#include "maniplab/model/json_reader.hpp"

#include <iomanip>
#include <sstream>

#include <Eigen/Eigenvalues>

namespace maniplab {

std::string escapePointer(const std::string& key) {
  std::string out;
  for (char ch : key) {
    if (ch == '~') out += "~0";
    else if (ch == '/') out += "~1";
    else out += ch;
  }
  return out;
}

bool parseJson(const std::string& text, JsonReader& rd, nlohmann::json& out) {
  using nlohmann::json;
  // Track the JSON pointer of the value being parsed: one frame per open object/array.
  struct Frame {
    bool array = false;
    long index = -1;
    std::string key;
    std::set<std::string> keys;
  };
  std::vector<Frame> stack;
  std::vector<std::string> duplicates;
  auto pointer = [&stack](std::size_t depth) {
    std::string p;
    for (std::size_t i = 0; i < depth && i < stack.size(); ++i)
      p += "/" + (stack[i].array ? std::to_string(stack[i].index) : escapePointer(stack[i].key));
    return p;
  };
  auto enterValue = [&stack]() {
    if (!stack.empty() && stack.back().array) ++stack.back().index;
  };
  const json::parser_callback_t cb = [&](int, json::parse_event_t ev, json& parsed) {
    switch (ev) {
      case json::parse_event_t::object_start:
        enterValue();
        stack.push_back({});
        break;
      case json::parse_event_t::array_start:
        enterValue();
        stack.push_back({true, -1, {}, {}});
        break;
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        if (!stack.empty()) stack.pop_back();
        break;
      case json::parse_event_t::key: {
        Frame& f = stack.back();
        f.key = parsed.get<std::string>();
        if (!f.keys.insert(f.key).second) duplicates.push_back(pointer(stack.size()));
        break;
      }
      case json::parse_event_t::value:
        enterValue();
        break;
    }
    return true;
  };
  try {
    out = json::parse(text, cb);
  } catch (const json::parse_error& e) {
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i + 1 < e.byte && i < text.size(); ++i) {  // e.byte is 1-based
      if (text[i] == '\n') { ++line; col = 1; } else { ++col; }
    }
    rd.error("", message(msg::kInvalidJsonAt, {MessageArg::integer(static_cast<long long>(line)), MessageArg::integer(static_cast<long long>(col))}));
    return false;
  } catch (const json::exception& e) {  // e.g. out_of_range.406: a number literal that overflows
    rd.error("", message(msg::kInvalidJson, {e.what()}));
    return false;
  }
  for (const auto& d : duplicates) rd.error(d, message(msg::kDuplicateKey));
  return true;
}

void JsonReader::header(const nlohmann::json& doc, const char* format, const char* kind) {
  std::string s;
  if (string(doc, "", "format", s, true) && s != format)
    error("/format", message(msg::kFormatMismatch, {MessageArg::field(format), MessageArg::field(s)}));
  double version = 0;
  if (number(doc, "", "version", version, true) && version != 1)
    error("/version", message(msg::kUnsupportedVersion, {MessageArg::number(version, formatNumber(version))}));
  if (kind && string(doc, "", "kind", s, true) && s != kind)
    error("/kind", message(msg::kFormatMismatch, {MessageArg::field(kind), MessageArg::field(s)}));
}

bool JsonReader::openDocument(const std::string& text, nlohmann::json& doc, const char* format, const char* kind) {
  if (!parseJson(text, *this, doc)) return false;
  if (!doc.is_object()) {
    error("", message(msg::kNotObjectDocument));
    return false;
  }
  header(doc, format, kind);
  return true;
}

void JsonReader::inertiaTensor(const nlohmann::json& obj, const std::string& path, const char* key, Matrix3& I) {
  const std::string p = path + "/" + key;
  if (!obj.contains(key)) {
    error(p, message(msg::kMissingInertia));
    return;
  }
  const nlohmann::json& v = obj[key];
  if (v.is_object()) {
    checkKeys(v, p, {"xx", "yy", "zz", "xy", "xz", "yz"});
    double xx = 0, yy = 0, zz = 0, xy = 0, xz = 0, yz = 0;
    number(v, p, "xx", xx, true);
    number(v, p, "yy", yy, true);
    number(v, p, "zz", zz, true);
    number(v, p, "xy", xy, false);
    number(v, p, "xz", xz, false);
    number(v, p, "yz", yz, false);
    I << xx, xy, xz, xy, yy, yz, xz, yz, zz;
  } else if (!mat3(v, p, I)) {
    return;
  }
  const double scale = std::max(1e-300, I.cwiseAbs().maxCoeff());
  if ((I - I.transpose()).cwiseAbs().maxCoeff() > 1e-9 * scale) {
    error(p, message(msg::kInertiaNotSymmetric));
    return;
  }
  const Vector3 ev = Eigen::SelfAdjointEigenSolver<Matrix3>(I).eigenvalues();  // ascending
  if (ev[0] < -1e-9 * scale) {
    error(p, message(msg::kInertiaNotPsd, {MessageArg::number(ev[0], formatNumber(ev[0]))}));
    return;
  }
  if (ev[0] + ev[1] < ev[2] * (1 - 1e-9) - 1e-15)
    warning(p, message(msg::kInertiaTriangle, {MessageArg::number(ev[0], formatNumber(ev[0])),
                                               MessageArg::number(ev[1], formatNumber(ev[1])),
                                               MessageArg::number(ev[2], formatNumber(ev[2]))}));
}

void JsonReader::directionalCoefficient(const nlohmann::json& obj, const std::string& path, const char* key,
                                        double& pos, double& neg) {
  if (!obj.contains(key)) return;
  const std::string p = path + "/" + key;
  const nlohmann::json& v = obj[key];
  if (v.is_object()) {
    checkKeys(v, p, {"positive", "negative"});
    number(v, p, "positive", pos, true);
    number(v, p, "negative", neg, true);
  } else if (numberValue(v, p, pos)) {
    neg = pos;
  }
  if (pos < 0 || neg < 0) error(p, message(msg::kFrictionNegative));
}

std::string formatNumber(double v) {
  std::ostringstream s;
  s << std::setprecision(10) << v;
  return s.str();
}

}  // namespace maniplab
