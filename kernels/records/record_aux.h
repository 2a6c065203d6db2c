#pragma once
// The records' auxiliary snapshots (common/aux_data.h): what an explain timeline of a record sort
// shows besides the key array (Bandyopadhyay & Sahni; the extract's B.2 items 1 and 2). Recorded by
// RecordStepWriter (record_steps.h), stored in traces by records_aux_codec.cpp, drawn by the panel
// views of visual/views/records/.
#include <cstdint>
#include <vector>

#include "common/record_layout.h"

namespace sortscope {

// One warp of 32 threads moving 32 records (§IV): the byte addresses each thread reads, per memory
// instruction, under each way of laying out and moving a record, and the memory transactions that
// costs: the distinct 32-byte sectors and 128-byte lines each instruction touches, summed over the
// instructions (no cache reuse between instructions). Every address comes from the layouts' real
// byte offsets (HostRecords::key_offset / field_offset) for this run's n, key type and m, so a
// field array that does not start on a 128-byte line costs what it costs.
struct RecordMemoryMap {
  // How a scheme moves a record: ByField one thread per record and one instruction per field
  // (Fig. 4); ByRecord / Hybrid rows either one thread per record copying its row word by word
  // (Fig. 5's struct copy) or a group of g threads per record, one word each (Fig. 6, as
  // record_gpu.cu's gather_rows_grouped runs it: word index rec * g + lane over the whole warp).
  struct Scheme {
    RecordLayout layout = RecordLayout::ByField;
    bool grouped = false;          // Fig. 6 rows
    uint32_t word_bytes = 4;       // the row's word (row_move_word_bytes); ByField 4 (or the key's size)
    uint32_t threads_per_record = 1;  // g for a grouped row, else 1; 0: Hybrid of no fields, which
                                      // has no row (its one scheme reads the key array alone)
    uint32_t instructions = 0;     // warp-wide memory instructions to read the 32 records
    uint64_t sectors = 0;          // 32-byte sectors, summed over the instructions
    uint64_t lines = 0;            // 128-byte lines ("transactions"), summed over the instructions
    uint64_t useful_bytes = 0;     // bytes of the records themselves (32 records' key and fields)
  };
  // One thread's read in one instruction of one scheme.
  struct Access {
    uint32_t scheme = 0;
    uint32_t instruction = 0;
    uint32_t thread = 0;  // lane 0..31
    uint64_t address = 0; // byte offset in the record block
    uint32_t bytes = 4;
  };
  uint32_t key_bytes = 4;
  uint32_t fields = 0;
  uint64_t n = 0;
  RecordLayout layout = RecordLayout::ByField;  // this run's
  bool gathered = false;          // the records are the permutation's first 32 (a gather's random
                                  // reads), else records 0..31 (a coalesced read of the input)
  std::vector<uint64_t> records;  // the 32 (or n, if fewer) records the warp reads
  std::vector<Scheme> schemes;
  std::vector<Access> accesses;   // by scheme, then instruction, then thread
  static constexpr uint32_t kWarp = 32;
  static constexpr uint32_t kMaxSchemes = 8;
  static constexpr uint32_t kMaxAccesses = 1u << 16;
};

// The permutation an indirect sort found and its cycles (§III: in-place rearrangement by cycle
// chasing, Horowitz-Sahni-Mehta's table sort): their count and length histogram (permutation_cycles,
// host_records.h), and one cycle rotated step by step: `cycle` lists its positions in chase order
// (j, perm[j], perm[perm[j]], ...: record perm[j] moves to j), `rotated` of its moves are done.
struct RecordPermutationCycles {
  uint64_t n = 0;
  uint64_t cycles = 0;
  uint64_t fixed_points = 0;
  uint64_t longest = 0;
  std::vector<uint64_t> length_log2_histogram;  // bucket b: lengths in [2^b, 2^(b+1))
  uint64_t cycle_length = 0;       // the highlighted cycle's full length (0: none, all fixed points)
  std::vector<uint64_t> cycle;     // its first positions in chase order (at most kMaxShown)
  uint32_t rotated = 0;            // moves done of the shown positions (0 .. cycle.size())
  bool rest_done = false;          // the whole cycle, and every other one, rotated
  static constexpr uint32_t kMaxShown = 64;
};

// Bytes each phase of the run moved, beside the extract's B.3 first-order model (record_traffic.h).
// Every phase of the run is listed from the start (`done` of them finished at this step), so the
// bars do not jump while the timeline plays.
struct RecordBytesMoved {
  // GatherKeys: the key array gathered by the permutation; no run records it since the keys are
  // sorted where the output keeps them (traces of earlier runs still hold it). CopyKeys: the fused
  // rearrangements' ByRecord keys copied out of the rows (no index); FusedMove: fused's last pass
  // moving the fields or rows with their keys.
  enum class Phase : uint8_t { BuildPairs, SortPairs, GatherKeys, GatherFields, GatherRows, Cycles, DirectPass,
                               CopyKeys, FusedMove };
  struct Entry {
    Phase phase = Phase::BuildPairs;
    uint32_t pass = 0;          // DirectPass: the pass; GatherFields: fields moved
    double sort_bytes = 0;      // the chosen sort's own bytes-moved model (Algorithm::bytes_moved), 0 if none
    double move_bytes = 0;      // bytes the phase reads and writes itself, at face value
    double fetched_bytes = 0;   // the same with each random read rounded out to whole 32-byte sectors
    double model_bytes = 0;     // B.3's bytes for this phase (0: B.3 has none of its own)
    uint32_t model_covers = 1;  // phases (ending with this one) that model_bytes covers
  };
  RecordStrategy strategy = RecordStrategy::Indirect;
  double model_direct = 0, model_indirect = 0, gather_alpha = 1;  // record_traffic(): the totals
  std::vector<Entry> phases;
  uint32_t done = 0;
  static constexpr uint32_t kMaxPhases = 64;
};

}  // namespace sortscope
