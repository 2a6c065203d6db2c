#include "asset_folders.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <set>

#ifndef SORTSCOPE_INSTALL_PREFIX
#define SORTSCOPE_INSTALL_PREFIX "/usr/local"
#endif

namespace sortscope {

namespace fs = std::filesystem;

std::string this_executable() {
  std::error_code ec;
  return fs::read_symlink("/proc/self/exe", ec).string();
}

std::vector<std::string> asset_folders(const std::string& kind, const std::string& exe_path) {
  std::vector<std::string> dirs;
  std::string var = "SORTSCOPE_";
  for (char c : kind) var += char(std::toupper(static_cast<unsigned char>(c)));
  if (const char* env = std::getenv(var.c_str()); env && *env) dirs.push_back(env);
  std::error_code ec;
  const fs::path exe = fs::weakly_canonical(exe_path, ec);
  if (!ec && !exe_path.empty()) {
    dirs.push_back((exe.parent_path() / ".." / "assets" / kind).lexically_normal().string());
    dirs.push_back((exe.parent_path() / ".." / "share" / "sortscope" / kind).lexically_normal().string());
  }
  dirs.push_back(std::string(SORTSCOPE_INSTALL_PREFIX) + "/share/sortscope/" + kind);
  return dirs;
}

std::string find_asset(const std::string& kind, const std::string& name_or_path, const std::string& exe_path) {
  std::error_code ec;
  if (name_or_path.empty()) return {};
  if (fs::is_regular_file(name_or_path, ec)) return name_or_path;
  // A path that names something else (a FIFO, a device, a folder, a broken link) is returned too,
  // so its reader says what it is (common/small_file.h) instead of "no such file".
  if (name_or_path.find('/') != std::string::npos)
    return fs::exists(fs::symlink_status(name_or_path, ec)) ? name_or_path : std::string();
  for (const std::string& d : asset_folders(kind, exe_path))
    for (const std::string& n : {name_or_path, name_or_path + ".json"})
      if (fs::is_regular_file(fs::path(d) / n, ec)) return (fs::path(d) / n).string();
  return {};
}

std::vector<std::string> asset_names(const std::string& kind, const std::string& exe_path) {
  std::set<std::string> names;
  for (const std::string& d : asset_folders(kind, exe_path)) {
    std::error_code ec;
    for (fs::directory_iterator it(d, ec), end; !ec && it != end; it.increment(ec))
      if (it->path().extension() == ".json" && it->is_regular_file(ec)) names.insert(it->path().stem().string());
  }
  return {names.begin(), names.end()};
}

std::string asset_folders_text(const std::string& kind, const std::string& exe_path) {
  std::string where;
  for (const std::string& d : asset_folders(kind, exe_path)) where += (where.empty() ? "" : ", ") + d;
  return where;
}

}  // namespace sortscope
