// main() of every GPU test program: skips (exit 77, which ctest reports as skipped) with a message
// where there is no CUDA device. `--sanitizer-run` (passed under compute-sanitizer) selects the
// cases tagged for it: smaller sizes, since the sanitizers slow kernels down by 10-100x.
// `--racecheck-run` (under racecheck) narrows them further (gpu_test_env.h).
#include <cstdio>
#include <cstring>

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include "gpu_test_env.h"

namespace sortscope::test {
bool g_sanitizer_run = false;
bool g_racecheck_run = false;
}

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--sanitizer-run") == 0) sortscope::test::g_sanitizer_run = true;
    if (std::strcmp(argv[i], "--racecheck-run") == 0)
      sortscope::test::g_sanitizer_run = sortscope::test::g_racecheck_run = true;
  }
  int count = 0;
  cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess || count == 0) {
    std::printf("SKIPPED: no CUDA device (%s)\n",
                err != cudaSuccess ? cudaGetErrorString(err) : "0 devices");
    return 77;
  }
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
