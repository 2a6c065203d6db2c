#pragma once
// The winner map's picture (issue 32): `sortscope bench --winners --plot FILE.png`, and the data of
// the sweep window's winner view. One heat map (heat_map_widget.h): rows are the inputs (key type,
// keys or pairs, distribution), columns the sizes; each cell names the fastest sort and is
// coloured by how much faster than CUB it is (CUB's median over the winner's), or, where no CUB
// ran (the CPU model), by its lead over the second sort. Drawn offscreen like the crossover
// picture (crossover_picture.h) and written whole or not at all (gl/png_writer.h).
#include <string>

#include "heat_map_widget.h"

namespace sortscope {

struct WinnerMap;

namespace ui {
// The heat map of a winner map: cell text "winner\n1.16x CUB" (or "\n1.40x next" without CUB).
HeatMapData winner_heat_map(const WinnerMap& map);
}  // namespace ui

// Throws std::runtime_error (one line) when the picture cannot be drawn or written.
void write_winner_map_picture(const std::string& path, const WinnerMap& map);

}  // namespace sortscope
