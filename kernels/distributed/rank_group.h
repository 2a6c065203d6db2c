#pragma once
// The GPUs a process drives as NCCL ranks: all of them in one process (ranks 0..P-1 on the
// devices given), or one rank of a multi-process world (launcher_env.h, rendezvous.h). Plain C++
// header (no NCCL or CUDA headers); built only where NCCL is (SORTSCOPE_HAS_NCCL).
//
// The communicators are non-blocking (ncclConfig_t::blocking = 0) so that no call waits without a
// deadline: wait() polls the streams and ncclCommGetAsyncError, and past the timeout, or on an
// error such as a peer rank that died mid-exchange, aborts every communicator (ncclCommAbort) and
// throws one line instead of hanging.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/gpu_stream.h"
#include "launcher_env.h"
#include "rendezvous.h"

namespace sortscope {

int visible_gpu_count();  // 0 without a driver or device

class RankGroup {
 public:
  // One process, one rank per device in `devices` (rank i on devices[i]).
  static std::unique_ptr<RankGroup> single_process(const std::vector<int>& devices, double timeout_s);
  // This process's rank of `launcher.size`, on `device`; the unique id goes through `where`.
  static std::unique_ptr<RankGroup> one_rank(const LauncherRank& launcher, const Rendezvous& where, int device,
                                             double timeout_s);
  ~RankGroup();
  RankGroup(const RankGroup&) = delete;
  RankGroup& operator=(const RankGroup&) = delete;

  uint32_t world() const { return world_; }
  size_t local_count() const { return local_.size(); }
  uint32_t rank(size_t l) const { return local_[l].rank; }
  int device(size_t l) const { return local_[l].device; }
  GpuStream stream(size_t l) const { return local_[l].stream; }
  void* comm(size_t l) const { return local_[l].comm; }  // ncclComm_t
  bool multi_process() const { return multi_process_; }
  double timeout_s() const { return timeout_s_; }
  void set_device(size_t l) const;  // cudaSetDevice(device(l))

  // Brackets NCCL calls for every local rank into one group (ncclGroupStart/End); `what` names
  // the operation in errors.
  void group_start() const;
  void group_end(const char* what);
  // Until every local stream is idle and every communicator settled; throws (after aborting) on an
  // NCCL error or past the timeout.
  void wait(const char* what);
  void abort();

 private:
  struct Local {
    uint32_t rank = 0;
    int device = 0;
    GpuStream stream = nullptr;
    void* comm = nullptr;
  };
  RankGroup() = default;
  [[noreturn]] void fail(const std::string& what);
  std::vector<Local> local_;
  uint32_t world_ = 1;
  bool multi_process_ = false;
  bool aborted_ = false;
  double timeout_s_ = 60;
};

}  // namespace sortscope
