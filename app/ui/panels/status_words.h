#pragma once
// The status bar's words as drawn in the last frame (status_bar.cpp): the mode's badge, its reason
// or the device, notices, as shown (a short form, a cut). The script's report carries them, so a
// test sees what a room sees there. Like the clip log (clip_log.h) it belongs to the UI thread.
#include <string>
#include <vector>

namespace sortscope::ui {

const std::vector<std::string>& status_bar_words();

}  // namespace sortscope::ui
