// Fuzz target: the app's settings.json as settings_from_json reads it (tolerant: any field may be
// missing or wrong), then written back: the values it keeps must serialise again.
#include <cstddef>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "settings.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  nlohmann::json j = nlohmann::json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return 0;
  const sortscope::ui::Settings s = sortscope::ui::settings_from_json(j);
  (void)sortscope::ui::settings_to_json(s).dump();
  return 0;
}
