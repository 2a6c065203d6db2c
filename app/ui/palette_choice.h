#pragma once
// The app's choice of key colour map (View > Palette, gui --palette): makes it the active table
// (visual/colormap.h) and keeps it in the settings.
#include <string>

#include "app_state.h"

namespace sortscope::ui {

// `name_or_path` "" is the built-in map. A palette that cannot be read leaves the built-in map
// active, clears the setting and says why in a notice.
void choose_palette(AppState& s, const std::string& name_or_path);

// The shipped projector palette (assets/palettes/projector.json: high-contrast stops for a washed-out
// beamer) follows projector mode: switching it on (P, the View menu, --projector) while the built-in
// map is active takes the projector palette; switching it off goes back to the built-in map. A
// palette the user chose stays either way. `was_on` is the mode at the last call (the caller keeps it).
void follow_projector_palette(AppState& s, bool& was_on);

inline constexpr const char* kProjectorPalette = "projector";

}  // namespace sortscope::ui
