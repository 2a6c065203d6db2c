#include "rank_group.h"

#include <cuda_runtime.h>
#include <nccl.h>

#include <chrono>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "common/cuda_check.h"

namespace sortscope {

namespace {

using Clock = std::chrono::steady_clock;

ncclComm_t as_comm(void* c) { return static_cast<ncclComm_t>(c); }

std::string nccl_error(ncclResult_t r, ncclComm_t comm) {
  std::string why = ncclGetErrorString(r);
  if (comm) {
    const char* last = ncclGetLastError(comm);
    if (last && *last) why += std::string(" (") + last + ")";
  }
  return why;
}

ncclConfig_t non_blocking_config() {
  ncclConfig_t config = NCCL_CONFIG_INITIALIZER;
  config.blocking = 0;
  return config;
}

}  // namespace

int visible_gpu_count() {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return n;
}

std::unique_ptr<RankGroup> RankGroup::single_process(const std::vector<int>& devices, double timeout_s) {
  std::unique_ptr<RankGroup> g(new RankGroup);
  g->world_ = uint32_t(devices.size());
  g->timeout_s_ = timeout_s;
  ncclUniqueId id;
  const ncclResult_t got = ncclGetUniqueId(&id);
  if (got != ncclSuccess) throw std::runtime_error("NCCL: cannot make a unique id: " + nccl_error(got, nullptr));
  for (size_t i = 0; i < devices.size(); ++i) {
    Local l;
    l.rank = uint32_t(i);
    l.device = devices[i];
    CUDA_CHECK(cudaSetDevice(l.device));
    cudaStream_t s;
    CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    l.stream = s;
    g->local_.push_back(l);
  }
  // ncclCommInitAll's shape with a config: one id, every rank initialised inside one group.
  ncclConfig_t config = non_blocking_config();
  g->group_start();
  for (Local& l : g->local_) {
    CUDA_CHECK(cudaSetDevice(l.device));
    ncclComm_t c = nullptr;
    const ncclResult_t r = ncclCommInitRankConfig(&c, int(g->world_), id, int(l.rank), &config);
    l.comm = c;
    if (r != ncclSuccess && r != ncclInProgress) g->fail("NCCL init: " + nccl_error(r, c));
  }
  g->group_end("NCCL init");
  g->wait("NCCL init");
  return g;
}

std::unique_ptr<RankGroup> RankGroup::one_rank(const LauncherRank& launcher, const Rendezvous& where, int device,
                                               double timeout_s) {
  std::unique_ptr<RankGroup> g(new RankGroup);
  g->world_ = launcher.size;
  g->multi_process_ = true;
  g->timeout_s_ = timeout_s;
  ncclUniqueId id{};
  std::vector<uint8_t> bytes;
  if (launcher.rank == 0) {
    const ncclResult_t got = ncclGetUniqueId(&id);
    if (got != ncclSuccess) throw std::runtime_error("NCCL: cannot make a unique id: " + nccl_error(got, nullptr));
    bytes.assign(id.internal, id.internal + sizeof id.internal);
  }
  bytes = share_unique_id(where, launcher.rank, launcher.size, bytes, sizeof id.internal, timeout_s);
  std::copy(bytes.begin(), bytes.end(), id.internal);
  Local l;
  l.rank = launcher.rank;
  l.device = device;
  CUDA_CHECK(cudaSetDevice(device));
  cudaStream_t s;
  CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  l.stream = s;
  ncclConfig_t config = non_blocking_config();
  ncclComm_t c = nullptr;
  const ncclResult_t r = ncclCommInitRankConfig(&c, int(launcher.size), id, int(launcher.rank), &config);
  l.comm = c;
  g->local_.push_back(l);
  if (r != ncclSuccess && r != ncclInProgress) g->fail("NCCL init: " + nccl_error(r, c));
  g->wait("NCCL init (waiting for every rank to join)");
  if (launcher.rank == 0) remove_rendezvous_file(where);  // every rank has joined: no stale id for a later run
  return g;
}

RankGroup::~RankGroup() {
  for (Local& l : local_) {
    if (l.comm && !aborted_) {
      cudaSetDevice(l.device);
      // A clean finalize needs every peer; a group that failed was aborted already.
      ncclCommFinalize(as_comm(l.comm));
      const auto deadline = Clock::now() + std::chrono::milliseconds(int64_t(timeout_s_ * 1000));
      ncclResult_t st = ncclInProgress;
      while (st == ncclInProgress && Clock::now() < deadline) {
        ncclCommGetAsyncError(as_comm(l.comm), &st);
        if (st == ncclInProgress) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
      if (st == ncclSuccess) ncclCommDestroy(as_comm(l.comm));
      else ncclCommAbort(as_comm(l.comm));
    }
    if (l.stream) {
      cudaSetDevice(l.device);
      cudaStreamDestroy(l.stream);
    }
  }
}

void RankGroup::set_device(size_t l) const { CUDA_CHECK(cudaSetDevice(local_[l].device)); }

void RankGroup::group_start() const {
  const ncclResult_t r = ncclGroupStart();
  if (r != ncclSuccess) throw std::runtime_error(std::string("ncclGroupStart: ") + ncclGetErrorString(r));
}

void RankGroup::group_end(const char* what) {
  const ncclResult_t r = ncclGroupEnd();
  if (r != ncclSuccess && r != ncclInProgress)
    fail(fmt::format("{}: {}", what, nccl_error(r, local_.empty() ? nullptr : as_comm(local_[0].comm))));
  if (r == ncclSuccess) return;
  // Non-blocking: the operations are on the streams once every communicator has settled; work
  // launched after this point is ordered behind them.
  const auto deadline = Clock::now() + std::chrono::milliseconds(int64_t(timeout_s_ * 1000));
  for (Local& l : local_) {
    ncclResult_t st = ncclInProgress;
    while (st == ncclInProgress) {
      const ncclResult_t q = ncclCommGetAsyncError(as_comm(l.comm), &st);
      if (q != ncclSuccess) st = q;
      if (st != ncclSuccess && st != ncclInProgress)
        fail(fmt::format("{}: rank {}: {}: another rank failed or stopped; every rank stops", what, l.rank,
                         nccl_error(st, as_comm(l.comm))));
      if (st == ncclInProgress && Clock::now() >= deadline)
        fail(fmt::format("{}: not issued within {:.0f} s (--rank-timeout): a rank stopped or is unreachable; every "
                         "rank stops", what, timeout_s_));
    }
  }
}

void RankGroup::wait(const char* what) {
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::milliseconds(int64_t(timeout_s_ * 1000));
  for (int spins = 0;; ++spins) {
    bool pending = false;
    for (Local& l : local_) {
      if (l.comm) {
        ncclResult_t st = ncclSuccess;
        const ncclResult_t q = ncclCommGetAsyncError(as_comm(l.comm), &st);
        if (q != ncclSuccess) st = q;
        if (st == ncclInProgress) pending = true;
        else if (st != ncclSuccess)
          fail(fmt::format("{}: rank {}: {}: another rank failed or stopped; every rank stops", what, l.rank,
                           nccl_error(st, as_comm(l.comm))));
      }
      cudaSetDevice(l.device);
      const cudaError_t e = cudaStreamQuery(l.stream);
      if (e == cudaErrorNotReady) pending = true;
      else if (e != cudaSuccess) fail(fmt::format("{}: rank {}: CUDA: {}", what, l.rank, cudaGetErrorString(e)));
    }
    if (!pending) return;
    if (Clock::now() >= deadline)
      fail(fmt::format("{}: not done within {:.0f} s (--rank-timeout): a rank stopped or is unreachable; "
                       "every rank stops",
                       what, timeout_s_));
    // Spin briefly (the phases are milliseconds), then back off so a long wait costs no CPU.
    if (spins > 1000) std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
}

void RankGroup::abort() {
  if (aborted_) return;
  aborted_ = true;
  for (Local& l : local_)
    if (l.comm) {
      cudaSetDevice(l.device);
      ncclCommAbort(as_comm(l.comm));
    }
}

void RankGroup::fail(const std::string& what) {
  abort();
  throw std::runtime_error(what);
}

}  // namespace sortscope
