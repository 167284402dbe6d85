#include "maniplab/model/json_reader.hpp"

#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <string_view>
#include <sstream>
#include <utility>

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

namespace {

struct NumberLiteral {
  std::string text;
  long long line = 1, column = 1;
};

/// The first number literal of `text` (outside strings) that is not finite as a double, with its line and
/// column: what nlohmann's out_of_range.406 is about, found without reading the library's text.
NumberLiteral firstOverflowingNumber(const std::string& text) {
  long long line = 1, column = 1;
  bool inString = false;
  for (std::size_t i = 0; i < text.size(); ++i, ++column) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      column = 0;
      continue;
    }
    if (inString) {
      if (c == '\\') {
        ++i;
        ++column;
      } else if (c == '"') {
        inString = false;
      }
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      std::size_t j = i;
      while (j < text.size() && std::string_view("+-.eE0123456789").find(text[j]) != std::string_view::npos) ++j;
      const std::string token = text.substr(i, j - i);
      if (!std::isfinite(std::strtod(token.c_str(), nullptr))) return {token, line, column};
      column += static_cast<long long>(j - i) - 1;
      i = j - 1;
    }
  }
  return {};
}

}  // namespace

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
  } catch (const json::out_of_range&) {  // out_of_range.406: a number literal that overflows a double
    if (const NumberLiteral n = firstOverflowingNumber(text); !n.text.empty())
      rd.error("", message(msg::kNumberOverflow, {MessageArg::field(n.text), MessageArg::integer(n.line),
                                                  MessageArg::integer(n.column)}));
    else
      rd.error("", message(msg::kUnreadableJson));
    return false;
  } catch (const json::exception&) {  // the parser reports syntax as parse_error: anything else, in words
    rd.error("", message(msg::kUnreadableJson));
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

void JsonReader::inertiaTensor(const nlohmann::json& obj, const std::string& path, const char* key, Matrix3& I,
                               const FieldBound& bound) {
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
    bool ok = true;
    for (auto [k, x] : {std::pair{"xx", xx}, std::pair{"yy", yy}, std::pair{"zz", zz}, std::pair{"xy", xy},
                        std::pair{"xz", xz}, std::pair{"yz", yz}})
      ok &= within(p + "/" + k, x, bound);
    if (!ok) return;
  } else if (!mat3(v, p, I)) {
    return;
  } else {
    bool ok = true;
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) ok &= within(p + "/" + std::to_string(r) + "/" + std::to_string(c), I(r, c), bound);
    if (!ok) return;
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
                                        double& pos, double& neg, const FieldBound& bound) {
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
  else if (v.is_object()) {
    within(p + "/positive", pos, bound);
    within(p + "/negative", neg, bound);
  } else {
    within(p, pos, bound);
  }
}

std::string formatNumber(double v) {
  std::ostringstream s;
  s << std::setprecision(10) << v;
  return s.str();
}

}  // namespace maniplab
