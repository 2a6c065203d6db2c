#include "interrupt.h"

#include <signal.h>
#include <string.h>

#include <atomic>
#include <string>

namespace sortscope {
namespace {

std::atomic<int> g_signal{0};
static_assert(std::atomic<int>::is_always_lock_free, "the handler may only touch lock-free atomics");

extern "C" void on_signal(int sig) {
  int none = 0;
  g_signal.compare_exchange_strong(none, sig);
  // SA_RESETHAND already restored the default action: a second signal ends the process.
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
  // SA_RESTART: system calls in progress resume, so only the loops that poll the flag react.
  sa.sa_flags = SA_RESTART | SA_RESETHAND;
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &sa, nullptr);
}

int interrupt_signal() { return g_signal.load(std::memory_order_relaxed); }

void throw_if_interrupted() {
  if (const int sig = interrupt_signal()) throw Interrupted(sig);
}

}  // namespace sortscope
