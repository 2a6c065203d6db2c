#include "terminal_text.h"

#include <fmt/format.h>

namespace sortscope {

std::string terminal_text(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    const auto u = static_cast<unsigned char>(s[i]);
    if (u == '\n' || u == '\r' || u == '\t') {
      out += ' ';
    } else if (u < 0x20 || u == 0x7f) {
      out += fmt::format("\\x{:02x}", u);
    } else if (u == 0xc2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(s[i + 1]) <= 0x9f) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned char>(s[++i]));  // a C1 control in UTF-8
    } else {
      out += char(u);
    }
  }
  return out;
}

}  // namespace sortscope
