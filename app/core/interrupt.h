#pragma once
// Ctrl-C (SIGINT), SIGTERM and SIGHUP end a command cleanly: the handler only sets a flag, the
// command's loops (repetitions, frames) see it and throw Interrupted, and the unwinding removes
// every temporary (common/output_file.h), stops ffmpeg and leaves each destination as it was. A
// second signal ends the process at once (the default action), for a command stuck where it
// cannot look at the flag, after removing the temporaries of uncommitted outputs.
#include <atomic>
#include <stdexcept>

namespace sortscope {

struct Interrupted : std::runtime_error {
  // `outputs`: what became of the command's files, as the message ends (a command that keeps
  // finished work, as bench does, says so instead of the default).
  explicit Interrupted(int signal, const char* outputs = "outputs were left as they were");
  int signal;
  int exit_code() const { return 128 + signal; }  // what a shell reports for a killed command
};

// Installs the handlers (once; later calls do nothing). The CLI's run, render and record call it;
// the interactive app does not (it has its own quit).
void install_interrupt_handlers();
// The signal received since the handlers were installed, or 0.
int interrupt_signal();
inline bool interrupted() { return interrupt_signal() != 0; }
// Throws Interrupted when a signal came.
void throw_if_interrupted();
// A child process that writes an output (ffmpeg, in its own process group): on a second signal the
// handler kills its group and waits for it before removing the temporaries, so it cannot create or
// finish one after the removal. Untrack it once it has been reaped.
void track_child_for_signal(int pid);
void untrack_child_for_signal(int pid);
// Raised with the first signal: main() makes it the CLI's run-cancel flag (common/run_cancel.h), so
// an explain run in `render`, `record` or `trace` stops at its next step instead of at its end.
const std::atomic<bool>* interrupt_flag();

}  // namespace sortscope
