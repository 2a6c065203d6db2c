#pragma once
// What every `sortscope` command shares. A command is one file with one registration function,
// `void register_<name>_command(CLI::App&)`, called from main.cpp (one line per command). Commands
// report bad input by throwing std::runtime_error with one line (main prints it on stderr and
// exits 1) and end with another status by throwing ExitStatus after printing their results.
#include <string>

namespace CLI {
class App;
}

namespace sortscope {

// Ends the program with `code` (e.g. 2 when a sort's verification failed) after the command has
// printed what it has to say.
struct ExitStatus {
  int code = 0;
};

void register_run_command(CLI::App& app);
void register_render_command(CLI::App& app);
void register_list_command(CLI::App& app);
void register_bench_command(CLI::App& app);
void register_tune_command(CLI::App& app);
void register_trace_command(CLI::App& app);
void register_lab_command(CLI::App& app);     // the kernel lab (app/lab)
void register_gui_command(CLI::App& app);     // app/ui (sortscope_gui)
void register_record_command(CLI::App& app);  // app/export (sortscope_gui)

}  // namespace sortscope
