#pragma once
// Runs the app: a real window (GLFW) or, with options.headless, the same UI drawn offscreen through
// EGL. Returns the process exit status; throws std::runtime_error with one line when it cannot start.
#include "gui_app.h"

namespace sortscope::ui {

int run_gui(const GuiOptions& options);

}  // namespace sortscope::ui
