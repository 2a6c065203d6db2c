#pragma once
// The ways block ranking (block_rank.cuh) finds a warp's lanes of one digit; a radix plan's
// `ranking` parameter picks one (Adinets & Merrill 2022 §3).
namespace sortscope {

// How a warp finds the lanes holding the same digit: one ballot per digit bit (CUB's MatchAny
// idea), the hardware match.any instruction, or every lane ORing its bit into a per-warp shared
// word of its digit and reading the word back (CUB's WARP_MATCH_ATOMIC_OR: about a third of the
// instructions of the ballots).
enum class RadixRanking { Ballot, Match, AtomicOr };

}  // namespace sortscope
