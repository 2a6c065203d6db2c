#include "interrupt.h"

#include <signal.h>
#include <sys/wait.h>
#include <string.h>

#include <atomic>
#include <cerrno>
#include <string>

#include "common/output_file.h"

namespace sortscope {
namespace {

std::atomic<int> g_signal{0};
std::atomic<bool> g_raised{false};
static_assert(std::atomic<int>::is_always_lock_free, "the handler may only touch lock-free atomics");
static_assert(std::atomic<bool>::is_always_lock_free, "the handler may only touch lock-free atomics");

constexpr int kChildSlots = 8;
std::atomic<int> g_children[kChildSlots];
static_assert(std::atomic<int>::is_always_lock_free, "the handler reads the child slots");

extern "C" void on_signal(int sig) {
  int none = 0;
  if (g_signal.compare_exchange_strong(none, sig)) {  // the first: the loops see the flag
    g_raised.store(true);
    return;
  }
  // A second signal (of any of the three) ends the process at once, as the default action would,
  // but first removes the temporaries of uncommitted outputs so nothing hidden is left behind.
  for (auto& slot : g_children)
    if (const int pid = slot.load(); pid > 0) {
      ::kill(-pid, SIGKILL);  // its process group: a wrapper script's children too
      while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
      }
    }
  remove_pending_temporaries_for_signal();
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

}  // namespace

Interrupted::Interrupted(int sig, const char* outputs)
    : std::runtime_error(std::string("interrupted by ") +
                         (sig == SIGINT               ? "Ctrl-C (SIGINT)"
                          : sigabbrev_np(sig) != nullptr ? std::string("SIG") + sigabbrev_np(sig)
                                                      : std::string("a signal")) +
                         "; " + outputs),
      signal(sig) {}

void install_interrupt_handlers() {
  static std::atomic<bool> installed{false};
  if (installed.exchange(true)) return;
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  // SA_RESTART: system calls in progress resume, so only the loops that poll the flag react. No
  // SA_RESETHAND: the handler itself ends the process on a second signal, after cleaning up.
  sa.sa_flags = SA_RESTART;
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &sa, nullptr);
}

void track_child_for_signal(int pid) {
  for (auto& slot : g_children) {
    int none = 0;
    if (slot.compare_exchange_strong(none, pid)) return;
  }
}

void untrack_child_for_signal(int pid) {
  for (auto& slot : g_children) {
    int mine = pid;
    if (slot.compare_exchange_strong(mine, 0)) return;
  }
}

int interrupt_signal() { return g_signal.load(std::memory_order_relaxed); }

const std::atomic<bool>* interrupt_flag() { return &g_raised; }

void throw_if_interrupted() {
  if (const int sig = interrupt_signal()) throw Interrupted(sig);
}

}  // namespace sortscope
