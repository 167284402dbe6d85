// Object values in words and back by CoE data type (CiA 301 Table 44). See sdo_value.hpp.
#include "maniplab/ethercat/sdo_value.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "maniplab/ethercat/coe.hpp"

namespace maniplab::ethercat {

namespace {
struct IntType {
  bool isSigned;
  int bits;
};
bool intType(std::uint16_t t, IntType& out) {
  namespace d = coe::dtype;
  switch (t) {
    case d::Boolean: out = {false, 1}; return true;
    case d::Integer8: out = {true, 8}; return true;
    case d::Integer16: out = {true, 16}; return true;
    case d::Integer32: out = {true, 32}; return true;
    case d::Integer64: out = {true, 64}; return true;
    case d::Unsigned8: out = {false, 8}; return true;
    case d::Unsigned16: out = {false, 16}; return true;
    case d::Unsigned32: out = {false, 32}; return true;
    case d::Unsigned64: out = {false, 64}; return true;
  }
  if (t >= d::Bit1 && t <= d::Bit8) {
    out = {false, t - d::Bit1 + 1};
    return true;
  }
  return false;
}
std::string hexBytes(const std::vector<std::uint8_t>& b) {
  std::string s;
  char x[4];
  for (std::size_t k = 0; k < b.size(); ++k) {
    std::snprintf(x, sizeof x, "%02X", b[k]);
    s += (k ? " " : "") + std::string(x);
  }
  return s;
}
}  // namespace

std::string formatSdoValue(std::uint16_t type, const std::vector<std::uint8_t>& b) {
  IntType it{};
  if (b.empty()) return "(empty)";
  if (intType(type, it) && b.size() <= 8) {
    std::uint64_t u = 0;
    for (std::size_t k = 0; k < b.size(); ++k) u |= std::uint64_t(b[k]) << (8 * k);
    const int bits = std::min<int>(it.bits < 8 ? 8 : it.bits, int(8 * b.size()));
    if (bits < 64) u &= (std::uint64_t(1) << bits) - 1;
    char s[64];
    if (it.isSigned) {
      const std::uint64_t sign = std::uint64_t(1) << (bits - 1);
      const std::int64_t v = bits >= 64 ? std::int64_t(u) : std::int64_t((u ^ sign) - sign);
      std::snprintf(s, sizeof s, "%lld", (long long)v);
    } else if (type == coe::dtype::Boolean) {
      return (u & 1) ? "TRUE" : "FALSE";
    } else {
      std::snprintf(s, sizeof s, "%llu (0x%0*llX)", (unsigned long long)u, int(2 * b.size()), (unsigned long long)u);
    }
    return s;
  }
  if (type == coe::dtype::Real32 && b.size() == 4) {
    float f;
    std::memcpy(&f, b.data(), 4);
    char s[48];
    std::snprintf(s, sizeof s, "%.9g", double(f));
    return s;
  }
  if (type == coe::dtype::Real64 && b.size() == 8) {
    double f;
    std::memcpy(&f, b.data(), 8);
    char s[48];
    std::snprintf(s, sizeof s, "%.17g", f);
    return s;
  }
  if (type == coe::dtype::VisibleString) {
    std::string t(b.begin(), b.end());
    while (!t.empty() && t.back() == '\0') t.pop_back();
    return "\"" + t + "\"";
  }
  return hexBytes(b);
}

bool parseSdoValue(std::uint16_t type, std::uint16_t bitLength, const std::string& text0, std::vector<std::uint8_t>& out,
                   std::string* why) {
  auto fail = [&](const std::string& w) {
    if (why) *why = w;
    return false;
  };
  std::string text = text0;
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.pop_back();
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.erase(text.begin());
  out.clear();
  IntType it{};
  if (intType(type, it)) {
    if (type == coe::dtype::Boolean && (text == "TRUE" || text == "true")) text = "1";
    if (type == coe::dtype::Boolean && (text == "FALSE" || text == "false")) text = "0";
    if (text.empty()) return fail("no value");
    errno = 0;
    char* end = nullptr;
    const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    const std::string tn = coe::dataTypeName(type);
    if (it.isSigned && !hex) {
      const long long v = std::strtoll(text.c_str(), &end, 10);
      if (errno || *end) return fail("'" + text + "' is not an integer");
      const long long lo = it.bits >= 64 ? std::numeric_limits<long long>::min() : -(1LL << (it.bits - 1));
      const long long hi = it.bits >= 64 ? std::numeric_limits<long long>::max() : (1LL << (it.bits - 1)) - 1;
      if (v < lo || v > hi) return fail("'" + text + "' is out of range for " + tn + " (" + std::to_string(lo) + ".." + std::to_string(hi) + ")");
      for (int k = 0; k < std::max(1, it.bits / 8); ++k) out.push_back(std::uint8_t(std::uint64_t(v) >> (8 * k)));
      return true;
    }
    if (!text.empty() && text[0] == '-') return fail("'" + text + "' is negative: " + tn + " is unsigned");
    const unsigned long long v = std::strtoull(text.c_str(), &end, hex ? 16 : 10);
    if (errno || *end) return fail("'" + text + "' is not an integer");
    const unsigned long long hi = it.bits >= 64 ? std::numeric_limits<unsigned long long>::max() : (1ULL << it.bits) - 1;
    if (v > hi) return fail("'" + text + "' is out of range for " + tn + " (0.." + std::to_string(hi) + ")");
    for (int k = 0; k < std::max(1, (it.bits + 7) / 8); ++k) out.push_back(std::uint8_t(v >> (8 * k)));
    return true;
  }
  if (type == coe::dtype::Real32 || type == coe::dtype::Real64) {
    errno = 0;
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (errno || end == text.c_str() || *end || !std::isfinite(v)) return fail("'" + text + "' is not a finite number");
    if (type == coe::dtype::Real32) {
      const float f = float(v);
      out.resize(4);
      std::memcpy(out.data(), &f, 4);
    } else {
      out.resize(8);
      std::memcpy(out.data(), &v, 8);
    }
    return true;
  }
  if (type == coe::dtype::VisibleString) {
    std::string t = text;
    if (t.size() >= 2 && t.front() == '"' && t.back() == '"') t = t.substr(1, t.size() - 2);
    if (bitLength && t.size() * 8 > bitLength) return fail("text of " + std::to_string(t.size()) + " characters exceeds " + std::to_string(bitLength / 8));
    out.assign(t.begin(), t.end());
    return true;
  }
  // hex bytes: "0A 0B 0C" (spaces optional)
  std::string h;
  for (char c : text)
    if (c != ' ') h += c;
  if (h.empty() || h.size() % 2) return fail("'" + text + "': give hex bytes, e.g. 0A 0B");
  for (std::size_t k = 0; k < h.size(); k += 2) {
    char* end = nullptr;
    const std::string byte = h.substr(k, 2);
    const long v = std::strtol(byte.c_str(), &end, 16);
    if (*end) return fail("'" + byte + "' is not a hex byte");
    out.push_back(std::uint8_t(v));
  }
  if (bitLength && out.size() * 8 > bitLength) return fail(std::to_string(out.size()) + " bytes exceed the entry's " + std::to_string(bitLength) + " bits");
  return true;
}

}  // namespace maniplab::ethercat
