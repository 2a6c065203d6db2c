#pragma once
// Lab runs in a child process (docs/lab.md, "A student's kernel cannot take the app down"): a
// student's kernel may loop forever, fault or flood its output, so the compile and the runs happen
// in a fork()ed child that the parent watches with a time limit. The child talks to the parent in
// lines over a pipe (LabChannel); what it prints on stdout (a kernel's printf) is passed on, cut
// after a bound. A timeout kills the child; the parent keeps every line it got and the last
// progress note ("radix-histogram, pass 2") to say where it stopped.
//
// POSIX only. The parent must not have initialised CUDA (a CUDA context does not survive fork()).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sortscope {

// The child's end: one message per line (line breaks inside are sent as spaces).
class LabChannel {
 public:
  explicit LabChannel(int fd) : fd_(fd) {}
  void send(const std::string& tag, const std::string& text);
  // Where the child is, for the parent's timeout line; also resets the parent's clock when
  // `restart_clock` (a new case of a check starts its own time limit).
  void progress(const std::string& where, bool restart_clock = false);

 private:
  int fd_;
};

struct LabMessage {
  std::string tag, text;
};

struct LabChildOutcome {
  bool timed_out = false;
  bool exited = false;       // ended by exit(code)
  int exit_code = -1;
  int signal = 0;            // ended by this signal (not our timeout)
  std::vector<LabMessage> messages;  // in order, progress notes left out
  std::string last_progress;         // the last progress note
  std::vector<std::string> printed;  // the child's stdout, first lines
  uint64_t printed_cut = 0;          // lines of stdout left out (flood bound)
  bool messages_cut = false;         // the channel sent more than the bound
  double seconds = 0;
};

struct LabChildLimits {
  double timeout_s = 10;                // since the start or the last progress(..., true)
  size_t max_message_bytes = 4u << 20;  // the channel's total
  size_t max_printed_lines = 40;
  size_t max_line_bytes = 400;
};

// Runs `body` in a child process; its return value is the child's exit status. `on_message` sees
// each message as it arrives (for live output), progress notes included.
LabChildOutcome run_lab_child(const std::function<int(LabChannel&)>& body, const LabChildLimits& limits,
                              const std::function<void(const LabMessage&)>& on_message = {});

// Runs the program `exe` with `args` in a child process (fork, then exec: a fresh process, so a
// parent that has initialised CUDA, as the app has, can start lab runs), its stdout and stderr
// together as the outcome's `printed` lines (up to max_lines).
LabChildOutcome run_lab_command(const std::string& exe, const std::vector<std::string>& args, double timeout_s,
                                size_t max_lines = 20000);

// "killed by SIGSEGV (segmentation fault)", for an outcome's signal.
std::string signal_text(int signal);

}  // namespace sortscope
