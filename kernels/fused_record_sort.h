#pragma once
// A sort that carries records through its own passes (kernels/records/README.md, "Fused"): the
// indirect strategy's (key, index) sort with the index array never built and the permutation
// never written. Its first pass reads the keys where the records keep them and takes each key's
// input position as its value; its last pass writes the sorted keys and moves every record's
// other words from its input place to its key's output place, inside its own scatter
// (Bandyopadhyay & Sahni §V: SRTS moves the records in its scatter phase; here only the last of
// the passes does). An Algorithm that can do this also implements this interface, and the records
// family finds it with fused_record_sort_of(algorithm), never through the sort's own folder
// (DESIGN.md, "Floors").
#include <cstdint>

#include "algorithm.h"

namespace sortscope {

// The words of the records that move with their keys in the last pass. Word w of record i lies
// at word index i * record_stride + w * word_stride of in (and of out for its new place), in
// words of word_bytes (16, 8 or 4). Rows (ByRecord, Hybrid): record_stride = words, word_stride =
// 1, a record's words side by side (moved by consecutive threads, §IV Fig. 6). Field arrays
// (ByField): record_stride = 1, word_stride = n, so consecutive threads move one field of
// consecutive records. out null: nothing moves and the last pass writes the values (perm).
struct RecordRows {
  const void* in = nullptr;
  void* out = nullptr;
  uint32_t word_bytes = 4;
  uint32_t words = 0;
  uint64_t record_stride = 0;
  uint64_t word_stride = 0;
  bool rows = true;  // true: a record's words are adjacent (rows); false: field arrays
};

class FusedRecordSort {
 public:
  virtual ~FusedRecordSort() = default;
  // Whether a run of n keys of `key` with `params` (resolved) takes the fused path; other runs
  // sort (key, index) pairs and gather.
  virtual bool fuses(uint64_t n, KeyType key, const ParamValues& params) const = 0;
  // GPU (CUDA builds; throws std::logic_error elsewhere or where fuses() is false): sorts n keys
  // read from keys_in (left unchanged unless it is keys_out) into keys_out, the values being the
  // input positions. perm: n words, the permutation (record perm[j] belongs at j) when rows.out is
  // null, else scratch between passes. On ctx.stream.
  virtual void sort_records_gpu(uint64_t n, KeyType key, const ParamValues& params, const void* keys_in,
                                void* keys_out, uint32_t* perm, const RecordRows& rows,
                                const GpuRunContext& ctx) const = 0;
};

// The fused record sort `algorithm` offers, or null (a capability beside the Algorithm interface:
// the sorts that have none need not know of it).
inline const FusedRecordSort* fused_record_sort_of(const Algorithm& algorithm) {
  return dynamic_cast<const FusedRecordSort*>(&algorithm);
}

}  // namespace sortscope
