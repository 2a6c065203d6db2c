// Fuzz target: the app's settings.json as load_settings reads it (parse_bounded_json: nesting past
// kMaxJsonDepth refused first) and settings_from_json takes it (tolerant: any field may be
// missing or wrong), then written back: the values it keeps must serialise again.
#include <cstddef>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "common/bounded_json.h"
#include "settings.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  nlohmann::json j = sortscope::parse_bounded_json(std::string_view(reinterpret_cast<const char*>(data), size));
  if (j.is_discarded()) return 0;
  const sortscope::ui::Settings s = sortscope::ui::settings_from_json(j);
  (void)sortscope::ui::settings_to_json(s).dump();
  return 0;
}
