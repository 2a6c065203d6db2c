#include "gl/png_writer.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <system_error>

#include <unistd.h>

#include <stb_image_write.h>

namespace sortscope {

std::vector<uint8_t> encode_png(int width, int height, const std::vector<uint8_t>& rgba) {
  if (width <= 0 || height <= 0 || rgba.size() != size_t(width) * height * 4)
    throw std::invalid_argument("encode_png: " + std::to_string(rgba.size()) + " bytes is not a " +
                                std::to_string(width) + "x" + std::to_string(height) + " RGBA image");
  std::vector<uint8_t> out;
  auto append = [](void* ctx, void* data, int size) {
    auto* v = static_cast<std::vector<uint8_t>*>(ctx);
    v->insert(v->end(), static_cast<uint8_t*>(data), static_cast<uint8_t*>(data) + size);
  };
  if (!stbi_write_png_to_func(append, &out, width, height, 4, rgba.data(), width * 4))
    throw std::runtime_error("encode_png: stb_image_write failed");
  return out;
}

void write_png(const std::string& path, int width, int height, const std::vector<uint8_t>& rgba) {
  const std::vector<uint8_t> png = encode_png(width, height, rgba);
  // Beside the target (same file system, so the rename is atomic), unique per process.
  const std::string tmp = path + ".tmp-" + std::to_string(::getpid());
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
    f.write(reinterpret_cast<const char*>(png.data()), std::streamsize(png.size()));
    f.close();
    if (!f) {
      std::error_code ignored;
      std::filesystem::remove(tmp, ignored);
      throw std::runtime_error("cannot write " + path + ": write failed (disk full?)");
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    throw std::runtime_error("cannot write " + path + ": " + ec.message());
  }
}

}  // namespace sortscope
