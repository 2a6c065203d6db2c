#include "text_scale_option.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>

namespace sortscope {

CLI::Option* add_text_scale_option(CLI::App& cmd, std::string& value) {
  return cmd
      .add_option("--text-scale", value,
                  "Text size against the frame's own (0.5..3), or auto: frames narrower than 1280 px keep the "
                  "text of a 1280-px frame (up to 1.6x)")
      ->capture_default_str();
}

float export_text_scale(const std::string& value, int width) {
  if (value == "auto") return width > 0 && width < 1280 ? std::min(1.6f, 1280.0f / float(width)) : 1.0f;
  float v = 0;
  const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (ec != std::errc() || ptr != value.data() + value.size() || !(v >= 0.5f && v <= 3.0f))
    throw std::runtime_error("--text-scale: '" + value.substr(0, 32) + "' is not auto or a number 0.5..3");
  return v;
}

}  // namespace sortscope
