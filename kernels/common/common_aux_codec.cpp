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

constexpr auto block_ownership_fields = [](auto& io, auto& s) { io("tile keys", s.tile_keys); };

void check_block_ownership(const BlockOwnership& s) {
  if (s.tile_keys == 0) ByteReader::fail("block ownership: tile keys", "is 0");
}

}  // namespace

void register_common_aux_codecs(AuxCodecRegistry& r) {
  r.add<ComparatorStage>("common.comparator-stage", "comparator stage", comparator_stage_fields,
                         check_comparator_stage);
  r.add<BlockOwnership>("common.block-ownership", "block ownership", block_ownership_fields,
                        check_block_ownership);
}

}  // namespace sortscope
