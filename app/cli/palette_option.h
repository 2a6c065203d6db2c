#pragma once
// --palette NAME|FILE of render, record and gui: the key colour map, a shipped palette by name
// (assets/palettes) or a palette file (app/palette/palette_file.h). Without it, the built-in map.
#include <string>

#include <CLI/CLI.hpp>

namespace sortscope {

CLI::Option* add_palette_option(CLI::App& cmd, std::string& palette);

}  // namespace sortscope
