#pragma once
// The app's choice of key colour map (View > Palette, gui --palette): makes it the active table
// (visual/colormap.h) and keeps it in the settings.
#include <string>

#include "app_state.h"

namespace sortscope::ui {

// `name_or_path` "" is the built-in map. A palette that cannot be read leaves the built-in map
// active, clears the setting and says why in a notice.
void choose_palette(AppState& s, const std::string& name_or_path);

}  // namespace sortscope::ui
