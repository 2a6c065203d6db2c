#include "small_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace sortscope {

const char* file_kind(mode_t m) {
  if (S_ISDIR(m)) return "a folder";
  if (S_ISFIFO(m)) return "a FIFO";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  if (S_ISSOCK(m)) return "a socket";
  if (S_ISREG(m)) return "a regular file";
  return "not a regular file";
}

std::string byte_size_text(uint64_t bytes) {
  if (bytes >= (uint64_t(1) << 30) && bytes % (uint64_t(1) << 30) == 0) return fmt::format("{} GiB", bytes >> 30);
  if (bytes >= (uint64_t(1) << 20) && bytes % (uint64_t(1) << 20) == 0) return fmt::format("{} MiB", bytes >> 20);
  if (bytes >= 1024 && bytes % 1024 == 0) return fmt::format("{} KiB", bytes >> 10);
  return fmt::format("{} bytes", bytes);
}

std::string read_small_file(const std::string& path, uint64_t max_bytes) {
  if (path.empty()) throw SmallFileError("an empty path names no file");
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) throw SmallFileError(std::strerror(errno));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw SmallFileError(std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    throw SmallFileError(fmt::format("is {}, not a regular file (streams and devices are not read here)",
                                     file_kind(st.st_mode)));
  const std::string too_large = fmt::format("is larger than {}", byte_size_text(max_bytes));
  if (uint64_t(st.st_size) > max_bytes) throw SmallFileError(too_large);
  // Read to the end, never past max_bytes + 1: a file that grows while it is read (or a /proc file
  // that says 0 bytes) is still bounded.
  std::string text;
  char buf[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd, buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw SmallFileError(std::strerror(errno));
    if (got == 0) break;
    if (text.size() + size_t(got) > max_bytes) throw SmallFileError(too_large);
    text.append(buf, size_t(got));
  }
  return text;
}

}  // namespace sortscope
