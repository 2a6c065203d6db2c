// Trace codecs (common/trace_aux.h) of the snapshot types several families share (aux_types.h).
#include "aux_types.h"
#include "trace_aux.h"

namespace sortscope {
namespace {

void encode(ByteWriter& w, const ComparatorStage& s) {
  w.put<uint64_t>(s.merge_size);
  w.put<uint64_t>(s.stride);
  w.put_bool(s.mirrored);
}

ComparatorStage decode_comparator_stage(ByteReader& r) {
  ComparatorStage s;
  s.merge_size = r.get<uint64_t>("comparator stage: merge size");
  s.stride = r.get<uint64_t>("comparator stage: stride");
  s.mirrored = r.get_bool("comparator stage: mirrored");
  if (s.stride == 0 || s.stride >= s.merge_size)
    ByteReader::fail("comparator stage: stride", "must be at least 1 and below the merge size");
  return s;
}

void encode(ByteWriter& w, const BlockOwnership& s) { w.put<uint64_t>(s.tile_keys); }

BlockOwnership decode_block_ownership(ByteReader& r) {
  BlockOwnership s;
  s.tile_keys = r.get<uint64_t>("block ownership: tile keys");
  if (s.tile_keys == 0) ByteReader::fail("block ownership: tile keys", "is 0");
  return s;
}

}  // namespace

void register_common_aux_codecs(AuxCodecRegistry& r) {
  r.add<ComparatorStage>("common.comparator-stage", encode, decode_comparator_stage);
  r.add<BlockOwnership>("common.block-ownership", encode, decode_block_ownership);
}

}  // namespace sortscope
