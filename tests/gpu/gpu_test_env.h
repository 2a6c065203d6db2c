#pragma once
// Shared state of the GPU test programs.
namespace sortscope::test {
// True under compute-sanitizer: tests use small sizes (the sanitizers slow kernels 10-100x).
extern bool g_sanitizer_run;
}
