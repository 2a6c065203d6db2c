#include "palette_choice.h"

#include "colormap.h"
#include "core/asset_folders.h"
#include "palette/palette_file.h"

namespace sortscope::ui {

void choose_palette(AppState& s, const std::string& name_or_path) {
  if (name_or_path.empty()) {
    reset_colormap_table();
    s.settings.palette.clear();
    return;
  }
  try {
    set_colormap_table(read_palette(name_or_path, this_executable()).table);
    s.settings.palette = name_or_path;
  } catch (const PaletteError& e) {
    reset_colormap_table();
    s.settings.palette.clear();
    s.notify(e.what(), true, 10);
  }
}

void follow_projector_palette(AppState& s, bool& was_on) {
  const bool on = s.settings.projector;
  if (on == was_on) return;
  was_on = on;
  if (on && s.settings.palette.empty()) choose_palette(s, kProjectorPalette);
  else if (!on && s.settings.palette == kProjectorPalette) choose_palette(s, "");
}

}  // namespace sortscope::ui
