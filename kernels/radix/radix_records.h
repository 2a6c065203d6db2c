#pragma once
// radix-onesweep's fused record sort (kernels/records/README.md, "Fused"): the indirect strategy's
// (key, index) sort with the index array never built and the permutation never written. Pass 0
// reads the keys where the records keep them and takes each key's input position as its value;
// the last pass writes the sorted keys to the output and moves every record's other words from
// its input place to its key's output place, inside its own scatter (Bandyopadhyay & Sahni §V:
// SRTS moves the records in its scatter phase; here only the last of the passes does). Plain
// C++ header; the GPU entry exists in CUDA builds only.
#include <cstdint>

#include "algorithm.h"
#include "radix_plan.h"

namespace sortscope {

// The words of the records that move with their keys in the last pass. Word w of record i lies
// at word index i * record_stride + w * word_stride of in (and of out for its new place), in
// words of word_bytes (16, 8 or 4). Rows (ByRecord, Hybrid): record_stride = words, word_stride =
// 1, a record's words side by side (moved by consecutive threads, §IV Fig. 6). Field arrays
// (ByField): record_stride = 1, word_stride = n, so consecutive threads move one field of
// consecutive records. out null: nothing moves and the last pass writes the values (perm).
struct RadixRecordRows {
  const void* in = nullptr;
  void* out = nullptr;
  uint32_t word_bytes = 4;
  uint32_t words = 0;
  uint64_t record_stride = 0;
  uint64_t word_stride = 0;
  bool rows = true;  // true: a record's words are adjacent (rows); false: field arrays
};

// (Where value_load=auto would take an after-keys load, records/record_gpu.cu's sort_fused plans
// with the value-buffer loads and tiles measured best before: staged 384 x 24, early 512 x 28.)
// The plan's value load and tile shape apply, except value_load=after-keys(-batched), which runs as late here:
// after-keys keeps the values in the key buffer, and the last pass's record move reads each
// record's value (its input position) beside its key from the tile's buffers.
// Whether `plan` runs the fused path (onesweep over several tiles, measure mode); other plans
// (the single block, reduce-then-scan) sort the pairs and gather instead.
bool radix_fuses_records(const RadixPlan& plan);

#if SORTSCOPE_HAS_CUDA
// Sorts plan.n keys read from keys_in (left unchanged unless it is keys_out) into keys_out, the
// values being the input positions. perm: n words, the permutation (record perm[j] belongs at j)
// when rows.out is null, else scratch between passes. Needs radix_fuses_records(plan) and
// plan.with_values. On ctx.stream; temporary memory as radix_sort_gpu.
void radix_sort_records_gpu(const RadixPlan& plan, const void* keys_in, void* keys_out, uint32_t* perm,
                            const RadixRecordRows& rows, const GpuRunContext& ctx);
#endif

}  // namespace sortscope
