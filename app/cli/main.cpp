// sortscope: the command line. One registration line per command (each command is one file; the
// app adds `gui` and `record` the same way). Bad input ends with one line on stderr and a non-zero
// exit status; nothing is written before the input has been checked.
#include <cstdio>
#include <string>

#include <CLI/CLI.hpp>

#include <fmt/format.h>

#include "command.h"
#include "option_checks.h"
#include "common/run_cancel.h"
#include "core/host_memory.h"
#include "core/interrupt.h"
#include "core/terminal_text.h"

namespace {
// Messages quote file contents (a dtype, a field name, a CSV header): core/terminal_text.h escapes
// them, so no file can move the cursor, recolour or clear the terminal.
std::string one_line(const std::string& s) {
  std::string out = sortscope::terminal_text(s);
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}
}  // namespace

int main(int argc, char** argv) {
  sortscope::keep_freed_host_memory();
  CLI::App app{"Sortscope: real GPU sorting kernels, captured step by step, animated and measured.",
               "sortscope"};
  app.require_subcommand(1);
  sortscope::register_run_command(app);
  sortscope::register_render_command(app);
  sortscope::register_list_command(app);
  sortscope::register_bench_command(app);
  sortscope::register_tune_command(app);
  sortscope::register_trace_command(app);
  sortscope::register_lab_command(app);
  sortscope::register_gui_command(app);     // app/ui/gui_command.cpp
  sortscope::register_record_command(app);  // app/export/record_command.cpp
  sortscope::refuse_empty_values(app);

  // A mistyped command gets a line naming it and the known ones (CLI11 would only say that a
  // subcommand is required).
  if (argc > 1 && argv[1][0] != '-') {
    std::string known;
    bool found = false;
    for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
      known += (known.empty() ? "" : ", ") + sub->get_name();
      found = found || sub->get_name() == argv[1];
    }
    if (!found) {
      std::fprintf(stderr, "sortscope: unknown command '%s' (known: %s)\n", argv[1], known.c_str());
      return 1;
    }
  }

  // An explain run (render, record, trace) stops at its next step after a signal (core/interrupt.h).
  const sortscope::RunCancelScope cancel_on_signal(sortscope::interrupt_flag());
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help and friends
    std::fprintf(stderr, "sortscope: %s (see sortscope --help)\n", one_line(e.what()).c_str());
    return e.get_exit_code();
  } catch (const sortscope::ExitStatus& s) {
    return s.code;
  } catch (const sortscope::Interrupted& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "\nsortscope: %s\n", e.what());
    return e.exit_code();
  } catch (const sortscope::StepsCancelled&) {  // the signal stopped an explain run
    const sortscope::Interrupted e(sortscope::interrupt_signal());
    std::fflush(stdout);
    std::fprintf(stderr, "\nsortscope: %s\n", e.what());
    return e.exit_code();
  } catch (const std::exception& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "sortscope: error: %s\n", one_line(e.what()).c_str());
    return 1;
  }
  return 0;
}
