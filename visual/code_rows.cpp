#include "code_rows.h"

namespace sortscope {
namespace {

using Width = std::function<float(std::string_view)>;

// Breaks `first_prefix + body` into rows no wider than `avail`: words (runs ending in a space) are
// added while they fit, a further row starts with `next_prefix`, and a word that does not fit on a
// row of its own is split between characters.
std::vector<std::string> wrap(const std::string& first_prefix, const std::string& next_prefix,
                              std::string_view body, float avail, const Width& width) {
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

}  // namespace

std::vector<CodeRow> layout_code_rows(const std::vector<std::string>& code, float avail, const Width& width) {
  std::vector<CodeRow> rows;
  for (int i = 0; i < int(code.size()); ++i) {
    const std::string& line = code[size_t(i)];
    if (width(line) <= avail) {
      rows.push_back({line, i, false, false});
      continue;
    }
    const size_t first = line.find_first_not_of(' ');
    const std::string indent(first == std::string::npos ? 0 : first, ' ');
    // Continuation rows hang under the line's text, four columns in, where that leaves room.
    std::string hang = indent + "    ";
    if (width(hang + "mmmmmmmmmmmmmmmmmmmm") > avail) hang = indent;
    if (width(hang + "mmmmmmmmmmmmmmmmmmmm") > avail) hang.clear();
    auto add = [&](const std::string& prefix, const std::string& next, std::string_view body, bool comment) {
      bool cont = false;
      for (std::string& r : wrap(prefix, next, body, avail, width)) {
        rows.push_back({std::move(r), i, comment, cont});
        cont = true;
      }
    };
    std::string_view body(line);
    body.remove_prefix(indent.size());
    const size_t slash = body.find("//");
    if (slash == std::string_view::npos || slash == 0) {
      add(indent, hang, body, slash == 0);
      continue;
    }
    std::string_view head = body.substr(0, slash);
    while (!head.empty() && head.back() == ' ') head.remove_suffix(1);
    add(indent, hang, head, false);
    add(indent + "  ", hang + "  ", body.substr(slash), true);
  }
  return rows;
}

}  // namespace sortscope
