#include "font_files.h"

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <vector>

namespace sortscope {

std::string find_font_file(const char* file) {
  std::vector<std::string> dirs;
  if (const char* d = std::getenv("SORTSCOPE_FONT_DIR"); d && *d) dirs.push_back(d);
  const char* xdg = std::getenv("XDG_DATA_DIRS");
  std::istringstream data_dirs(xdg && *xdg ? xdg : "/usr/local/share:/usr/share");
  for (std::string d; std::getline(data_dirs, d, ':');)
    if (!d.empty()) dirs.push_back(d + "/fonts/truetype/dejavu");
  dirs.push_back("/usr/share/fonts/truetype/dejavu");  // where an XDG_DATA_DIRS without /usr/share leaves it
  dirs.push_back("/usr/share/fonts/TTF");
  for (const auto& d : dirs) {
    std::error_code ec;
    const std::filesystem::path p = std::filesystem::path(d) / file;
    if (std::filesystem::is_regular_file(p, ec)) return p.string();
  }
  return "";
}

}  // namespace sortscope
