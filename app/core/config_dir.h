#pragma once
// The user's config folder: $XDG_CONFIG_HOME/sortscope, or ~/.config/sortscope without it (the
// XDG base directory rule). The app's settings and the tuning tables live there.
#include <filesystem>

namespace sortscope {

std::filesystem::path config_dir();

}  // namespace sortscope
