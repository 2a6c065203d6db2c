#include "text_wrap.h"

namespace sortscope {

std::vector<std::string> wrap_words(const std::string& first_prefix, const std::string& next_prefix,
                                    std::string_view body, float avail, const TextWidth& width) {
  std::vector<std::string> rows;
  std::string row = first_prefix;
  size_t prefix_len = first_prefix.size();
  auto flush = [&] {
    while (row.size() > prefix_len && row.back() == ' ') row.pop_back();
    rows.push_back(row);
    row = next_prefix;
    prefix_len = next_prefix.size();
  };
  size_t i = 0;
  while (i < body.size()) {
    size_t end = body.find(' ', i);
    end = end == std::string_view::npos ? body.size() : end + 1;  // the word with its space
    std::string_view word = body.substr(i, end - i);
    std::string_view bare = word.back() == ' ' ? word.substr(0, word.size() - 1) : word;
    if (width(row + std::string(bare)) <= avail) {
      row += word;
      i = end;
      continue;
    }
    if (row.size() > prefix_len) {  // the word starts the next row
      flush();
      continue;
    }
    // The word alone is too wide: as many characters as fit (at least one), the rest on.
    size_t take = 1;
    while (take < bare.size() && width(row + std::string(bare.substr(0, take + 1))) <= avail) ++take;
    row += std::string(bare.substr(0, take));
    i += take;
    flush();
  }
  if (row.size() > prefix_len || rows.empty()) flush();
  return rows;
}

std::string break_lines(std::string_view text, float avail, const TextWidth& width) {
  std::string out;
  size_t i = 0;
  while (i <= text.size()) {
    size_t end = text.find('\n', i);
    if (end == std::string_view::npos) end = text.size();
    for (const std::string& row : wrap_words({}, {}, text.substr(i, end - i), avail, width)) {
      if (!out.empty() || i > 0) out += '\n';
      out += row;
    }
    i = end + 1;
  }
  return out;
}

}  // namespace sortscope
