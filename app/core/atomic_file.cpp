#include "atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

namespace sortscope {
namespace fs = std::filesystem;

namespace {
fs::path folder_of(const std::string& path) {
  fs::path p(path);
  return p.has_parent_path() ? p.parent_path() : fs::path(".");
}
}  // namespace

std::string temp_path_for(const std::string& path) {
  static std::atomic<unsigned> counter{0};  // unique names for several files of one process
  fs::path p(path);
  std::string name = p.filename().string();
  return (folder_of(path) / fmt::format(".{}.tmp-{}-{}", name, getpid(), counter++)).string();
}

std::string check_writable_file(const std::string& path) {
  if (path.empty()) return "empty output path";
  std::error_code ec;
  const fs::path dir = folder_of(path);
  if (fs::is_directory(path, ec)) return fmt::format("cannot write '{}': it is a folder", path);
  if (!fs::is_directory(dir, ec))
    return fmt::format("cannot write '{}': folder '{}' does not exist", path, dir.string());
  // The real test: create (and remove) a file in the folder, the way the output will be written.
  const std::string probe = temp_path_for(path);
  int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd < 0)
    return fmt::format("cannot write '{}': {} (folder '{}')", path, std::strerror(errno), dir.string());
  ::close(fd);
  ::unlink(probe.c_str());
  if (fs::exists(path, ec) && ::access(path.c_str(), W_OK) != 0)
    return fmt::format("cannot write '{}': {}", path, std::strerror(errno));
  return {};
}

std::string check_writable_dir(const std::string& dir) {
  if (dir.empty()) return "empty output folder";
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
    return fmt::format("cannot write frames to '{}': it is a file, not a folder", dir);
  fs::path probe_in = fs::is_directory(dir, ec) ? fs::path(dir) : fs::path(dir).parent_path();
  if (probe_in.empty()) probe_in = ".";
  if (!fs::is_directory(probe_in, ec))
    return fmt::format("cannot write frames to '{}': folder '{}' does not exist", dir, probe_in.string());
  const std::string probe = temp_path_for((probe_in / "probe").string());
  int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd < 0)
    return fmt::format("cannot write frames to '{}': {} (folder '{}')", dir, std::strerror(errno),
                       probe_in.string());
  ::close(fd);
  ::unlink(probe.c_str());
  return {};
}

void write_atomically(const std::string& path, const std::function<void(const std::string& tmp)>& write) {
  const std::string tmp = temp_path_for(path);
  try {
    write(tmp);
  } catch (const std::exception& e) {
    ::unlink(tmp.c_str());
    throw std::runtime_error(fmt::format("writing '{}' failed: {}", path, e.what()));
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    throw std::runtime_error(fmt::format("cannot write '{}': {}", path, std::strerror(err)));
  }
}

}  // namespace sortscope
