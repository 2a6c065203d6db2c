#include "launch_clock.h"

#include <cuda_runtime.h>

#include <map>

#include "cuda_check.h"

namespace sortscope {

struct LaunchClock::Impl {
  cudaStream_t stream = nullptr;
  std::vector<cudaEvent_t> events;  // a pool: created ahead, so a mark costs one record
  std::vector<int> launches;        // launch index of each recorded event but the last
  size_t used = 0;

  cudaEvent_t next() {
    if (used == events.size()) {
      const size_t grow = events.empty() ? 64 : events.size();
      for (size_t i = 0; i < grow; ++i) {
        cudaEvent_t e;
        CUDA_CHECK(cudaEventCreate(&e));
        events.push_back(e);
      }
    }
    return events[used++];
  }
};

LaunchClock::LaunchClock(GpuStream stream) : impl_(std::make_unique<Impl>()) {
  impl_->stream = reinterpret_cast<cudaStream_t>(stream);
  impl_->used = 0;
  impl_->next();  // create the pool before the run, not at its first mark
  impl_->used = 0;
}

LaunchClock::~LaunchClock() {
  for (cudaEvent_t e : impl_->events) cudaEventDestroy(e);
}

void LaunchClock::mark(int launch) {
  CUDA_CHECK(cudaEventRecord(impl_->next(), impl_->stream));
  impl_->launches.push_back(launch);
}

std::vector<LaunchTime> LaunchClock::finish() {
  std::vector<LaunchTime> out;
  if (impl_->launches.empty()) return out;
  cudaEvent_t end = impl_->next();
  CUDA_CHECK(cudaEventRecord(end, impl_->stream));
  CUDA_CHECK(cudaEventSynchronize(end));
  std::map<int, double> ms;
  for (size_t i = 0; i < impl_->launches.size(); ++i) {
    float t = 0;
    CUDA_CHECK(cudaEventElapsedTime(&t, impl_->events[i], impl_->events[i + 1]));
    ms[impl_->launches[i]] += t;
  }
  for (const auto& [launch, t] : ms) out.push_back({launch, std::string(), t});
  impl_->launches.clear();
  impl_->used = 0;
  return out;
}

}  // namespace sortscope
