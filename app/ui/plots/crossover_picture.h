#pragma once
// The crossover explorer's picture (issue 14): `sortscope bench --fields ... --plot FILE.png`.
// One panel per layout x algorithm (rows: layouts; columns: algorithms), each the measured time
// against m of the direct and the indirect-gather strategy and of the baseline (cub-radix pairs +
// gather), the B.3 model's lines (direct: its bytes at the measured bandwidth; indirect: with the
// gather's alpha fitted from the run) and the m where direct and indirect swap
// (app/bench/record_crossover.h). Drawn offscreen (gl/headless_context.h, Mesa's llvmpipe where
// there is no GPU) with the app's plot widget (plot_widget.h) in a FrameText ImGui context, and
// written whole or not at all (gl/png_writer.h). Defined in sortscope_gui; `bench` calls it.
#include <string>

namespace sortscope {

struct RecordBenchReport;

// Throws std::runtime_error (one line) when the picture cannot be drawn or written.
void write_crossover_picture(const std::string& path, const RecordBenchReport& report);

}  // namespace sortscope
