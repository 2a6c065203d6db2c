#include "lab_child.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <poll.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

namespace sortscope {
namespace {

void write_all(int fd, const std::string& s) {
  size_t done = 0;
  while (done < s.size()) {
    const ssize_t w = ::write(fd, s.data() + done, s.size() - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return;  // the parent is gone: nothing to tell
    done += size_t(w);
  }
}

std::string flatten(const std::string& s) {
  std::string out = s;
  for (char& c : out)
    if (c == '\n' || c == '\r') c = ' ';
  return out;
}

// Splits what arrived on a pipe into lines, keeping the unfinished tail.
struct LineBuffer {
  std::string pending;
  template <class F>
  void feed(const char* data, size_t n, F&& on_line) {
    pending.append(data, n);
    size_t start = 0, nl;
    while ((nl = pending.find('\n', start)) != std::string::npos) {
      on_line(pending.substr(start, nl - start));
      start = nl + 1;
    }
    pending.erase(0, start);
    // A line longer than 64 KiB without a break is cut, so the buffer stays bounded.
    if (pending.size() > (64u << 10)) {
      on_line(pending.substr(0, 64u << 10));
      pending.clear();
    }
  }
};

}  // namespace

void LabChannel::send(const std::string& tag, const std::string& text) { write_all(fd_, tag + " " + flatten(text) + "\n"); }

void LabChannel::progress(const std::string& where, bool restart_clock) { send(restart_clock ? "P!" : "P", where); }

std::string signal_text(int signal) {
  const char* name = signal == SIGSEGV ? "SIGSEGV" : signal == SIGABRT ? "SIGABRT" : signal == SIGBUS ? "SIGBUS"
                   : signal == SIGFPE ? "SIGFPE" : signal == SIGILL ? "SIGILL" : signal == SIGKILL ? "SIGKILL" : "signal";
  return fmt::format("killed by {} ({})", name, strsignal(signal));
}

LabChildOutcome run_lab_child(const std::function<int(LabChannel&)>& body, const LabChildLimits& limits,
                              const std::function<void(const LabMessage&)>& on_message) {
  int msg[2], out[2];
  if (pipe2(msg, O_CLOEXEC) != 0) throw std::runtime_error("lab: cannot create a pipe for the child process");
  if (pipe2(out, O_CLOEXEC) != 0) {
    close(msg[0]);
    close(msg[1]);
    throw std::runtime_error("lab: cannot create a pipe for the child process");
  }
  std::fflush(stdout);
  std::fflush(stderr);
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("lab: cannot start the child process (fork failed)");
  if (pid == 0) {
    // Child: its own process group (the parent kills the group), stdout into the parent's pipe.
    setpgid(0, 0);
    close(msg[0]);
    close(out[0]);
    dup2(out[1], STDOUT_FILENO);
    LabChannel channel(msg[1]);
    int code = 1;
    try {
      code = body(channel);
    } catch (const std::exception& e) {
      channel.send("E", e.what());
      code = 1;
    } catch (...) {
      channel.send("E", "the lab's child process failed");
      code = 1;
    }
    std::fflush(stdout);
    _exit(code);  // no atexit handlers: the parent's state belongs to the parent
  }
  close(msg[1]);
  close(out[1]);
  LabChildOutcome result;
  LineBuffer msg_lines, out_lines;
  size_t message_bytes = 0;
  auto deadline = start + std::chrono::duration<double>(limits.timeout_s);
  auto on_msg_line = [&](const std::string& line) {
    message_bytes += line.size() + 1;
    if (message_bytes > limits.max_message_bytes) {
      result.messages_cut = true;
      return;
    }
    const size_t sp = line.find(' ');
    LabMessage m{line.substr(0, sp), sp == std::string::npos ? std::string() : line.substr(sp + 1)};
    if (m.tag == "P" || m.tag == "P!") {
      result.last_progress = m.text;
      if (m.tag == "P!") deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(limits.timeout_s);
    } else {
      result.messages.push_back(m);
    }
    if (on_message) on_message(m);
  };
  auto on_out_line = [&](const std::string& line) {
    if (result.printed.size() < limits.max_printed_lines)
      result.printed.push_back(line.substr(0, limits.max_line_bytes));
    else
      ++result.printed_cut;
  };
  bool msg_open = true, out_open = true;
  char buf[8192];
  while (msg_open || out_open) {
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) {
      result.timed_out = true;
      kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
      break;
    }
    const int wait_ms = int(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count()) + 1;
    pollfd fds[2] = {{msg_open ? msg[0] : -1, POLLIN, 0}, {out_open ? out[0] : -1, POLLIN, 0}};
    const int r = poll(fds, 2, wait_ms > 200 ? 200 : wait_ms);
    if (r < 0 && errno != EINTR) break;
    if (r <= 0) continue;
    if (msg_open && (fds[0].revents & (POLLIN | POLLHUP | POLLERR))) {
      const ssize_t n = read(msg[0], buf, sizeof buf);
      if (n > 0) msg_lines.feed(buf, size_t(n), on_msg_line);
      else if (n == 0 || errno != EINTR) msg_open = false;
    }
    if (out_open && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) {
      const ssize_t n = read(out[0], buf, sizeof buf);
      if (n > 0) out_lines.feed(buf, size_t(n), on_out_line);
      else if (n == 0 || errno != EINTR) out_open = false;
    }
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  close(msg[0]);
  close(out[0]);
  if (!msg_lines.pending.empty()) on_msg_line(msg_lines.pending);
  if (!out_lines.pending.empty()) on_out_line(out_lines.pending);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!result.timed_out) {
    if (WIFEXITED(status)) {
      result.exited = true;
      result.exit_code = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
      result.signal = WTERMSIG(status);
    }
  }
  return result;
}

LabChildOutcome run_lab_command(const std::string& exe, const std::vector<std::string>& args, double timeout_s,
                                size_t max_lines) {
  LabChildLimits limits;
  limits.timeout_s = timeout_s;
  limits.max_printed_lines = max_lines;
  limits.max_line_bytes = size_t(1) << 16;
  return run_lab_child(
      [&](LabChannel&) {
        std::vector<char*> argv;
        argv.push_back(const_cast<char*>(exe.c_str()));
        for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        dup2(STDOUT_FILENO, STDERR_FILENO);
        execv(exe.c_str(), argv.data());
        std::printf("cannot start %s: %s\n", exe.c_str(), std::strerror(errno));
        return 127;
      },
      limits);
}

}  // namespace sortscope
