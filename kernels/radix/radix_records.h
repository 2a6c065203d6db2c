#pragma once
// radix-onesweep's fused record sort (fused_record_sort.h, which radix.cpp's onesweep Algorithm
// implements; kernels/records/README.md, "Fused"):
// pass 0 reads the keys where the records keep them and takes each key's input position as its
// value; the last pass writes the sorted keys to the output and moves every record's other words
// (RecordRows) from its input place to its key's output place, inside its own scatter. Plain C++
// header; the GPU entry exists in CUDA builds only.
#include <cstdint>

#include "algorithm.h"
#include "fused_record_sort.h"
#include "radix_plan.h"

namespace sortscope {

// The plan's value load and tile shape apply, except value_load=after-keys(-batched), which runs as late here:
// after-keys keeps the values in the key buffer, and the last pass's record move reads each
// record's value (its input position) beside its key from the tile's buffers.
// Whether `plan` runs the fused path (onesweep over several tiles, measure mode); other plans
// (the single block, reduce-then-scan) sort the pairs and gather instead.
bool radix_fuses_records(const RadixPlan& plan);

// The plan a fused record sort of n keys runs with `params`: the onesweep plan, except where
// value_load=auto would take an after-keys load: then the value-buffer loads and tiles measured
// best before (staged 384 x 24, early 512 x 28).
RadixPlan radix_fused_record_plan(uint64_t n, KeyType key, const ParamValues& params);

#if SORTSCOPE_HAS_CUDA
// Sorts plan.n keys read from keys_in (left unchanged unless it is keys_out) into keys_out, the
// values being the input positions. perm: n words, the permutation (record perm[j] belongs at j)
// when rows.out is null, else scratch between passes. Needs radix_fuses_records(plan) and
// plan.with_values. On ctx.stream; temporary memory as radix_sort_gpu.
void radix_sort_records_gpu(const RadixPlan& plan, const void* keys_in, void* keys_out, uint32_t* perm,
                            const RecordRows& rows, const GpuRunContext& ctx);
#endif

}  // namespace sortscope
