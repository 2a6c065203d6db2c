#include "video_check.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

#include <fmt/format.h>

namespace sortscope {
namespace {

struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

bool read_at(int fd, void* dst, size_t bytes, uint64_t at) {
  return ::pread(fd, dst, bytes, off_t(at)) == ssize_t(bytes);
}

uint64_t big_endian(const uint8_t* p, int bytes) {
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v = v << 8 | p[i];
  return v;
}

std::string check_mp4(int fd, uint64_t size) {
  bool moov = false, mdat = false;
  uint64_t at = 0;
  for (int boxes = 0; at < size; ++boxes) {
    if (boxes > 100'000) return "more top-level boxes than an MP4 holds";
    uint8_t head[16];
    if (size - at < 8 || !read_at(fd, head, 8, at)) return fmt::format("cut off inside a box header at byte {}", at);
    uint64_t box = big_endian(head, 4);
    uint64_t header = 8;
    if (box == 1) {  // a 64-bit size follows the type
      if (size - at < 16 || !read_at(fd, head + 8, 8, at + 8)) return fmt::format("cut off at byte {}", at);
      box = big_endian(head + 8, 8);
      header = 16;
    } else if (box == 0) {  // "to the end of the file"
      box = size - at;
    }
    if (box < header || box > size - at)
      return fmt::format("cut off: a box at byte {} claims {} bytes, {} remain", at, box, size - at);
    moov = moov || std::memcmp(head + 4, "moov", 4) == 0;
    mdat = mdat || std::memcmp(head + 4, "mdat", 4) == 0;
    at += box;
  }
  if (!moov) return "no index (moov box): the encoder did not finish the file";
  if (!mdat) return "no frames (mdat box)";
  return {};
}

std::string check_gif(int fd, uint64_t size) {
  uint8_t head[6], last = 0;
  if (size < 14 || !read_at(fd, head, 6, 0) || !read_at(fd, &last, 1, size - 1)) return "too short to be a GIF";
  if (std::memcmp(head, "GIF87a", 6) != 0 && std::memcmp(head, "GIF89a", 6) != 0) return "no GIF signature";
  if (last != 0x3B) return "no GIF trailer: the file is cut off";
  return {};
}

}  // namespace

std::string check_video_file(const std::string& path, VideoFormat format) {
  Fd f{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
  if (f.fd < 0) return fmt::format("the encoded video cannot be read back: {}", std::strerror(errno));
  struct stat st {};
  if (::fstat(f.fd, &st) != 0) return fmt::format("the encoded video cannot be read back: {}", std::strerror(errno));
  if (st.st_size <= 0) return "the encoder wrote an empty file (is the disk full?)";
  const std::string why = format == VideoFormat::Mp4 ? check_mp4(f.fd, uint64_t(st.st_size))
                                                     : check_gif(f.fd, uint64_t(st.st_size));
  return why.empty() ? why
                     : fmt::format("the encoder exited without error but its {} of {} bytes is not whole: {} (is the "
                                   "disk full?); the old file was kept",
                                   format == VideoFormat::Mp4 ? "MP4" : "GIF", st.st_size, why);
}

}  // namespace sortscope
