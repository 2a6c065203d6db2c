// The trace codec (common/trace_aux.h) of the distributed sorts' snapshot (distributed_aux.h). The
// checks cover every size the view indexes by.
#include "common/trace_aux.h"
#include "distributed_aux.h"

namespace sortscope {
namespace {

constexpr auto snapshot_fields = [](auto& io, auto& s) {
  io.choice("sort", s.info.sort, DistributedSort::RadixOnesweep);
  io("ranks", s.info.ranks);
  io("simulated", s.info.simulated);
  io.choice("key type", s.info.type, KeyType::F64);
  io("with values", s.info.with_values);
  io("n", s.info.n);
  io("keys before", s.info.keys_before);
  io("keys after", s.info.keys_after);
  io("exchange bytes", s.info.exchange_bytes);
  io("splitters", s.info.splitters);
  io("phase ms", s.info.phase_ms);
  io("phase bytes", s.info.phase_bytes);
  io("rank first", s.info.rank_first);
  io("rank last", s.info.rank_last);
  io("selection rounds", s.info.selection_iterations);
  io("all-to-all busbw", s.info.alltoall_busbw_gbs);
  io.choice("phase", s.phase, DistributedPhase::Count_);
};

void check_snapshot(const DistributedSnapshot& s) {
  const uint32_t p = s.info.ranks;
  if (p < 1 || p > kMaxRanks) ByteReader::fail("distributed run: ranks", "must be 1 to 1024");
  require_size(s.info.keys_before, p, "distributed run: keys before");
  require_size(s.info.keys_after, p, "distributed run: keys after");
  require_size(s.info.exchange_bytes, uint64_t(p) * p, "distributed run: exchange bytes");
  if (s.info.splitters.size() > p) ByteReader::fail("distributed run: splitters", "are more than the ranks");
  require_size(s.info.phase_ms, uint64_t(p) * kDistributedPhases, "distributed run: phase ms");
  require_size(s.info.phase_bytes, uint64_t(p) * kDistributedPhases, "distributed run: phase bytes");
  require_size(s.info.rank_first, p, "distributed run: rank first");
  require_size(s.info.rank_last, p, "distributed run: rank last");
  for (double v : s.info.phase_ms)
    if (v < 0) ByteReader::fail("distributed run: phase ms", "is negative");
}

}  // namespace

void register_distributed_aux_codecs(AuxCodecRegistry& registry) {
  registry.add<DistributedSnapshot>("distributed-run", "distributed run", snapshot_fields, check_snapshot);
}

}  // namespace sortscope
