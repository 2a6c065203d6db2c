#pragma once
// The sweep as a picture (the export's PNG, for slides and papers): a title line (algorithm,
// input, device, how each cell was measured) over the heat map and the keys/s-against-n curves,
// drawn by the same code as the view (draw_sweep_figure) at a fixed size, whatever the window's.
//
// How: while a PNG is wanted, draw_sweep_picture_window() draws the picture into an ImGui window
// placed beyond the display's right edge (nobody sees it; its draw list is complete), and after
// ImGui::Render write_sweep_picture() renders a copy of that window's draw list, its clip
// rectangles opened to the whole picture, into an offscreen framebuffer with the app's own ImGui
// OpenGL backend and font texture, and writes the PNG (whole or not at all: gl/png_writer.h).
#include <string>

#include <imgui.h>

namespace sortscope::ui {

struct AppState;

inline constexpr int kSweepPictureWidth = 1600;
inline constexpr int kSweepPictureHeight = 800;

// During the frame (between NewFrame and Render).
void draw_sweep_picture_window(AppState& s);
// After ImGui::Render, with the GL context current; restores the framebuffer and viewport.
void write_sweep_picture(AppState& s);

}  // namespace sortscope::ui
