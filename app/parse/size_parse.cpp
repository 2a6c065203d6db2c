#include "size_parse.h"

#include <cctype>
#include <vector>

#include <fmt/format.h>

#include "frame_limits.h"  // visual/: the one frame-size limit

namespace sortscope {
namespace {

using U128 = unsigned __int128;
constexpr U128 kMax = U128(UINT64_MAX);

std::string trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

// Digits with optional '_' or ',' separators between them; false when there are none or when
// they exceed 2^64 - 1 (`overflow` says which).
bool parse_digits(std::string_view s, size_t& pos, U128& value, int& count, bool& overflow) {
  value = 0;
  count = 0;
  overflow = false;
  while (pos < s.size()) {
    char c = s[pos];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      value = value * 10 + U128(c - '0');
      if (value > kMax) {
        overflow = true;
        return false;
      }
      ++count;
    } else if ((c == '_' || c == ',') && count > 0 && pos + 1 < s.size() &&
               std::isdigit(static_cast<unsigned char>(s[pos + 1]))) {
      // separator: skip
    } else {
      break;
    }
    ++pos;
  }
  return count > 0;
}

// One factor: "B^E" or "NUM[.FRAC][K|M|G|T[i]]". Returns an error line or "".
std::string parse_term(std::string_view term, const std::string& whole, U128& out) {
  const std::string bad = fmt::format("'{}' is not a size (examples: 1048576, 16K, 1M, 2^20)", whole);
  const std::string too_large = fmt::format("'{}' is too large (at most 2^64 - 1)", whole);
  size_t pos = 0;
  U128 mant = 0;
  int digits = 0;
  bool overflow = false;
  if (!parse_digits(term, pos, mant, digits, overflow)) return overflow ? too_large : bad;
  if (pos < term.size() && term[pos] == '^') {
    ++pos;
    U128 exp = 0;
    int edigits = 0;
    if (!parse_digits(term, pos, exp, edigits, overflow) || pos != term.size()) return overflow ? too_large : bad;
    U128 v = 1;
    for (U128 i = 0; i < exp; ++i) {
      if (mant == 0 || mant == 1) { v = mant; break; }
      v *= mant;
      if (v > kMax) return too_large;
    }
    if (exp == 0) v = 1;
    out = v;
    return {};
  }
  U128 frac = 0, frac_scale = 1;
  if (pos < term.size() && term[pos] == '.') {
    ++pos;
    while (pos < term.size() && std::isdigit(static_cast<unsigned char>(term[pos]))) {
      if (frac_scale < U128(1e18)) {
        frac = frac * 10 + U128(term[pos] - '0');
        frac_scale *= 10;
      } else if (term[pos] != '0') {
        return bad;  // more precision than any key count needs
      }
      ++pos;
    }
  }
  U128 mult = 1;
  if (pos < term.size()) {
    switch (std::toupper(static_cast<unsigned char>(term[pos]))) {
      case 'K': mult = U128(1) << 10; break;
      case 'M': mult = U128(1) << 20; break;
      case 'G': mult = U128(1) << 30; break;
      case 'T': mult = U128(1) << 40; break;
      default: return bad;
    }
    ++pos;
    if (pos < term.size() && (term[pos] == 'i' || term[pos] == 'I')) ++pos;
    if (pos != term.size()) return bad;
  }
  const U128 fixed = mant * frac_scale + frac;  // < 2^64 * 10^18 < 2^124: no overflow
  if (fixed > (~U128(0)) / mult) return too_large;
  const U128 scaled = fixed * mult;
  if (scaled / frac_scale > kMax) return too_large;
  if (scaled % frac_scale != 0) return fmt::format("'{}' is not a whole number", whole);
  out = scaled / frac_scale;
  return {};
}

}  // namespace

SizeParse parse_size(std::string_view text) {
  SizeParse r;
  std::string s = trim(text);
  if (s.empty()) {
    r.error = "empty size (examples: 1048576, 16K, 1M, 2^20)";
    return r;
  }
  if (s[0] == '-') {
    r.error = fmt::format("'{}' is negative: a size counts keys", s);
    return r;
  }
  std::string_view body = s;
  if (body[0] == '+') body.remove_prefix(1);
  U128 product = 1;
  size_t start = 0;
  while (true) {
    size_t star = body.find('*', start);
    std::string_view term = body.substr(start, star == std::string_view::npos ? std::string_view::npos : star - start);
    U128 v = 0;
    if (auto err = parse_term(trim(term), s, v); !err.empty()) {
      r.error = err;
      return r;
    }
    product *= v;
    if (product > kMax) {
      r.error = fmt::format("'{}' is too large (at most 2^64 - 1)", s);
      return r;
    }
    if (star == std::string_view::npos) break;
    start = star + 1;
  }
  r.value = uint64_t(product);
  return r;
}

FrameSize parse_frame_size(std::string_view text) {
  FrameSize f;
  std::string s = trim(text);
  size_t x = s.find_first_of("xX");
  auto bad = [&] {
    f.error = fmt::format("'{}' is not a frame size WxH (e.g. 1280x720), each side {}..{}", s, kMinFrameSide,
                          kMaxFrameSide);
    return f;
  };
  if (x == std::string::npos) return bad();
  SizeParse w = parse_size(std::string_view(s).substr(0, x));
  SizeParse h = parse_size(std::string_view(s).substr(x + 1));
  if (!w.ok() || !h.ok()) return bad();
  if (!frame_size_ok(w.value > uint64_t(kMaxFrameSide) ? kMaxFrameSide + 1LL : (long long)w.value,
                     h.value > uint64_t(kMaxFrameSide) ? kMaxFrameSide + 1LL : (long long)h.value)) {
    f.error = fmt::format("'{}': each side must be {}..{} pixels", s, kMinFrameSide, kMaxFrameSide);
    return f;
  }
  f.width = int(w.value);
  f.height = int(h.value);
  return f;
}

std::string format_size(uint64_t n) {
  if (n == 0) return "0";
  int shift = __builtin_ctzll(n);
  uint64_t odd = n >> shift;
  if (shift < 10) return std::to_string(n);
  if (odd == 1) return fmt::format("2^{}", shift);
  if (odd < 1000) return fmt::format("{}*2^{}", odd, shift);
  return std::to_string(n);
}

}  // namespace sortscope
