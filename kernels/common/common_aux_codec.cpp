// Trace codecs (common/trace_aux.h) of the snapshot types several families share (aux_types.h).
#include "aux_types.h"
#include "trace_aux.h"

namespace sortscope {
namespace {

constexpr auto comparator_stage_fields = [](auto& io, auto& s) {
  io("merge size", s.merge_size);
  io("stride", s.stride);
  io("mirrored", s.mirrored);
};

void check_comparator_stage(const ComparatorStage& s) {
  if (s.stride == 0 || s.stride >= s.merge_size)
    ByteReader::fail("comparator stage: stride", "must be at least 1 and below the merge size");
}

constexpr auto odd_even_stage_fields = [](auto& io, auto& s) {
  io("run length", s.p);
  io("distance", s.k);
};

void check_odd_even_stage(const OddEvenStage& s) {
  const auto power_of_two = [](uint64_t v) { return v && !(v & (v - 1)); };
  if (!power_of_two(s.p) || !power_of_two(s.k) || s.k > s.p || s.p > (uint64_t(1) << 40))
    ByteReader::fail("odd-even stage: run length and distance", "must be powers of two, distance <= run length");
}

constexpr auto block_ownership_fields = [](auto& io, auto& s) { io("tile keys", s.tile_keys); };

void check_block_ownership(const BlockOwnership& s) {
  if (s.tile_keys == 0) ByteReader::fail("block ownership: tile keys", "is 0");
}

constexpr auto sorted_runs_fields = [](auto& io, auto& s) {
  io("run keys", s.run_keys);
  io("sorted", s.sorted);
};

void check_sorted_runs(const SortedRuns& s) {
  if (s.run_keys == 0) ByteReader::fail("sorted runs: run keys", "is 0");
}

}  // namespace

void register_common_aux_codecs(AuxCodecRegistry& r) {
  r.add<ComparatorStage>("common.comparator-stage", "comparator stage", comparator_stage_fields,
                         check_comparator_stage);
  r.add<OddEvenStage>("common.odd-even-stage", "odd-even stage", odd_even_stage_fields, check_odd_even_stage);
  r.add<BlockOwnership>("common.block-ownership", "block ownership", block_ownership_fields,
                        check_block_ownership);
  r.add<SortedRuns>("common.sorted-runs", "sorted runs", sorted_runs_fields, check_sorted_runs);
}

}  // namespace sortscope
