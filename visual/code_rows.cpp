#include "code_rows.h"

#include "text_wrap.h"

namespace sortscope {

std::vector<CodeRow> layout_code_rows(const std::vector<std::string>& code, float avail, const TextWidth& width) {
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
      for (std::string& r : wrap_words(prefix, next, body, avail, width)) {
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
