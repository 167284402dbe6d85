#include "maniplab/model/json_reader.hpp"

#include <iomanip>
#include <sstream>

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
    rd.error("", "invalid JSON at line " + std::to_string(line) + ", column " + std::to_string(col));
    return false;
  } catch (const json::exception& e) {  // e.g. out_of_range.406: a number literal that overflows
    rd.error("", std::string("invalid JSON: ") + e.what());
    return false;
  }
  for (const auto& d : duplicates) rd.error(d, "duplicate key (each key may appear once per object)");
  return true;
}

std::string formatNumber(double v) {
  std::ostringstream s;
  s << std::setprecision(10) << v;
  return s.str();
}

}  // namespace maniplab
