#include "gl/png_writer.h"

#include <stdexcept>

#include <stb_image_write.h>

#include "common/output_file.h"

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
  // Whole or not at all, links written through, the replaced file's mode kept.
  write_file_atomically(path, [&](OutputFile& out) { out.write(png.data(), png.size()); });
}

}  // namespace sortscope
