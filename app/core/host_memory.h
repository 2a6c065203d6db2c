#pragma once
// How the process keeps freed host memory (glibc's malloc). Called once at the start of `sortscope`.

namespace sortscope {

// Freed blocks below 32 MiB stay in the heap for the next allocation instead of going back to the
// operating system. The sample engine's sorts (sample sort, radix-hybrid, quicksort) list their
// buckets on the host between a pass's count and the next launch, a few MB of fresh vectors a run
// at 2^28 keys; each page of a fresh mapping costs a page fault on first touch, and the GPU waits
// for that bookkeeping where it outlasts the last scatter (docs/PERFORMANCE.md, "No cliffs").
// benchmarks/sample_host_bench, sample sort u32 keys, the host's part after the last count, glibc's
// defaults -> this setting: 2^27 (16,384 buckets) 0.43-0.66 -> 0.22-0.23 ms, 2^28 (65,536) 2.0-2.7 ->
// 1.14-1.18 ms, 2^31 (262,144) 12.0-12.2 -> 7.2-7.5 ms (development machine, 2 cores of an Intel Xeon
// VM, 2026-11-28). Larger blocks (key arrays) are still mapped and unmapped whole. A no-op where the
// allocator is not glibc's.
void keep_freed_host_memory();

}  // namespace sortscope
