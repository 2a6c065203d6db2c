// What the GPU path of the distributed sorts does with its memory, checked on the CPU: the
// exchange's layout (every piece lands whole, in rank order, with both ends of its body 16-byte
// aligned: exchange_layout.h), each rank's buffers (rank_memory.h: the bytes a key costs, the
// memory check and the largest n it admits), and the P-way merge's trimmed scratch.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/runner.h"
#include "distributed/exchange_layout.h"
#include "distributed/rank_memory.h"
#include "primitives/items/item_traits.h"
#include "primitives/multiway_merge/multiway_merge_scratch.h"
#include "registry.h"

namespace sortscope::test {
namespace {

TEST(ExchangeLayout, PiecesStartCongruentWithSmallGaps) {
  std::mt19937_64 rng(3);
  for (uint32_t q : {1u, 2u, 4u})
    for (int trial = 0; trial < 200; ++trial) {
      const size_t pieces = 1 + rng() % 16;
      std::vector<uint64_t> counts(pieces), residue(pieces);
      for (size_t j = 0; j < pieces; ++j) counts[j] = rng() % 3 == 0 ? 0 : rng() % 50, residue[j] = rng() % 7;
      const PieceLayout l = pieces_congruent_to(counts, residue, q);
      uint64_t end = 0;
      for (size_t j = 0; j < pieces; ++j) {
        EXPECT_EQ(l.start[j] % q, residue[j] % q);
        EXPECT_GE(l.start[j], end);
        EXPECT_LT(l.start[j] - end, q);
        end = l.start[j] + counts[j];
      }
      EXPECT_EQ(l.span, end);
    }
  const PieceLayout c = contiguous_pieces({3, 0, 5});
  EXPECT_EQ(c.start, (std::vector<uint64_t>{0, 3, 3}));
  EXPECT_EQ(c.span, 8u);
}

TEST(ExchangeLayout, SplitPieceAlignsTheBody) {
  EXPECT_EQ(split_piece(0, 10, 4).head, 0u);
  EXPECT_EQ(split_piece(5, 10, 4).head, 3u);
  EXPECT_EQ(split_piece(5, 10, 4).body, 7u);
  EXPECT_EQ(split_piece(5, 2, 4).head, 2u);  // a piece shorter than its head: all head
  EXPECT_EQ(split_piece(5, 2, 4).body, 0u);
  EXPECT_EQ(exchange_align_elements(4, false), 4u);
  EXPECT_EQ(exchange_align_elements(8, false), 2u);
  EXPECT_EQ(exchange_align_elements(8, true), 4u);  // the values' 4 bytes set the unit
}

// Every rank packs, sends and receives by packed_exchange as the GPU path does, simulated element
// by element: what arrives is every sender's piece, whole, in rank order; sender and receiver cut
// each piece into the same head and body; and every body starts 16 bytes aligned at both ends.
TEST(ExchangeLayout, PackedExchangeDeliversAlignedPiecesInRankOrder) {
  std::mt19937_64 rng(11);
  for (uint32_t p = 1; p <= 16; ++p)
    for (int key_bytes : {4, 8})
      for (bool values : {false, true}) {
        const uint32_t q = exchange_align_elements(key_bytes, values);
        std::vector<uint64_t> matrix(size_t(p) * p);
        for (auto& c : matrix) c = rng() % 4 == 0 ? 0 : rng() % 300;
        std::vector<RankExchange> x;
        for (uint32_t r = 0; r < p; ++r) x.push_back(packed_exchange(matrix, p, r, q));
        // Element (i, j, t): the t-th element rank i sends to rank j.
        std::vector<std::vector<uint64_t>> send(p), recv(p);
        for (uint32_t i = 0; i < p; ++i) {
          send[i].assign(x[i].send.span, ~uint64_t(0));
          recv[i].assign(x[i].recv.span, ~uint64_t(0));
          for (uint32_t j = 0; j < p; ++j)
            for (uint64_t t = 0; t < matrix[size_t(i) * p + j]; ++t)
              send[i][x[i].send.start[j] + t] = (uint64_t(i) << 48) | (uint64_t(j) << 32) | t;
        }
        for (uint32_t i = 0; i < p; ++i)
          for (uint32_t j = 0; j < p; ++j) {
            const uint64_t count = matrix[size_t(i) * p + j];
            const uint64_t from = x[i].send.start[j], to = x[j].recv.start[i];
            ASSERT_EQ(x[i].send.count[j], count);
            ASSERT_EQ(x[j].recv.count[i], count);
            const PieceMessages a = split_piece(from, count, q), b = split_piece(to, count, q);
            ASSERT_EQ(a.head, b.head) << "sender and receiver cut the piece alike";
            ASSERT_EQ(a.body, b.body);
            ASSERT_LT(a.head, q);
            if (a.body) {
              for (int eb : {key_bytes, values ? 4 : key_bytes}) {
                EXPECT_EQ((from + a.head) * uint64_t(eb) % kExchangeAlignBytes, 0u) << "p=" << p << " send body";
                EXPECT_EQ((to + a.head) * uint64_t(eb) % kExchangeAlignBytes, 0u) << "p=" << p << " receive body";
              }
            }
            for (uint64_t t = 0; t < count; ++t) recv[j][to + t] = send[i][from + t];
          }
        for (uint32_t j = 0; j < p; ++j) {
          std::vector<uint64_t> want;
          for (uint32_t i = 0; i < p; ++i)
            for (uint64_t t = 0; t < matrix[size_t(i) * p + j]; ++t) want.push_back((uint64_t(i) << 48) | (uint64_t(j) << 32) | t);
          ASSERT_EQ(recv[j], want) << "rank " << j << " of " << p << " receives contiguously in rank order";
        }
      }
}

RankMemoryQuery query(DistributedSort sort, uint32_t ranks, KeyType type, bool values, uint64_t n) {
  RankMemoryQuery q;
  q.sort = sort;
  q.ranks = ranks;
  q.type = type;
  q.with_values = values;
  q.n = n;
  q.local = find_algorithm(sort == DistributedSort::Merge ? "merge" : sort == DistributedSort::SampleSort ? "sample-sort"
                                                                                                        : "radix-onesweep");
  EXPECT_EQ(resolve_params(q.local->params(), q.local_params, q.local->id()), "");
  q.local_params = q.local->params_as_run(q.local_params, type, values, n / ranks + 1);
  return q;
}

double bytes_per_key(const RankMemoryQuery& q) { return double(rank_memory(q, 0).total()) / double(q.n / q.ranks); }

// The bytes a key of a rank's share costs (docs/distributed.md's table): two reused buffers for
// radix and merge (keys, and a block that is the send buffer and then the local sort's scratch),
// plus sample sort's own ping-pong buffers; the five copies and indices before cost 32 (u32).
TEST(RankMemory, BytesPerKeyOfEachSort) {
  const uint64_t n = uint64_t(1) << 30;
  const double radix = bytes_per_key(query(DistributedSort::RadixOnesweep, 2, KeyType::U32, false, n));
  EXPECT_GT(radix, 8.0);
  // 4.25 (keys: the share + 1/16 planned receive) + 4.25 (block: onesweep's alternate keys) + its
  // look-back flags (a word per tile, digit and pass: 0.1-0.35 a key, more for smaller tiles)
  EXPECT_LT(radix, 9.0);
  EXPECT_LT(bytes_per_key(query(DistributedSort::RadixOnesweep, 2, KeyType::U64, false, n)), 18.2);
  EXPECT_LT(bytes_per_key(query(DistributedSort::Merge, 2, KeyType::U32, false, n)), 12.2);  // presort's two runs
  EXPECT_LT(bytes_per_key(query(DistributedSort::Merge, 2, KeyType::U64, false, n)), 24.3);
  const RankMemory m = rank_memory(query(DistributedSort::SampleSort, 2, KeyType::U32, false, n), 0);
  EXPECT_GT(m.outside_block, 0u);  // its local sort's own slots
  EXPECT_EQ(m.block, m.send);
  // A rank that receives more than planned: the keys buffer grows to hold it.
  const RankMemoryQuery rq = query(DistributedSort::RadixOnesweep, 2, KeyType::U32, false, n);
  EXPECT_EQ(rank_memory(rq, 0, n).capacity, n);
}

TEST(RankMemory, CheckRefusesWithTheLargestNThatFits) {
  RankMemoryQuery q = query(DistributedSort::RadixOnesweep, 2, KeyType::U64, false, uint64_t(1) << 31);
  const uint64_t need = rank_memory(q, 0).total() + kRankMemoryMargin;
  EXPECT_EQ(check_rank_memory(q, {need, need}), "");
  const std::string e = check_rank_memory(q, {need, need - 1});
  ASSERT_NE(e, "");
  EXPECT_EQ(e.find('\n'), std::string::npos);
  EXPECT_NE(e.find("on rank 1"), std::string::npos) << e;
  const size_t at = e.find("try n <= ");
  ASSERT_NE(at, std::string::npos) << e;
  const uint64_t fits = std::stoull(e.substr(at + 9));
  q.n = fits;
  EXPECT_EQ(check_rank_memory(q, {need, need - 1}), "");
  q.n = fits + 1;
  EXPECT_NE(check_rank_memory(q, {need, need - 1}), "");
}

// The largest n the check offers never asks a rank for more than 2^32 - 1 keys.
TEST(RankMemory, CheckStaysWithinTheKeysARankHolds) {
  EXPECT_EQ(max_distributed_keys(2), 2 * uint64_t(UINT32_MAX) - 1);
  EXPECT_LE((max_distributed_keys(2) + 1) / 2, uint64_t(UINT32_MAX));  // rank 0's share of the largest n
  const RankMemoryQuery q = query(DistributedSort::Merge, 2, KeyType::U32, false, uint64_t(1) << 40);
  const std::string e = check_rank_memory(q, {uint64_t(1) << 40, uint64_t(1) << 40});
  const size_t at = e.find("try n <= ");
  ASSERT_NE(at, std::string::npos) << e;
  EXPECT_EQ(std::stoull(e.substr(at + 9)), max_distributed_keys(2));  // memory would hold more
}

// Issue 33's target, on paper: the n one GPU's memory check refuses first (its largest n + 1, u64
// keys, radix-onesweep) passes the check of 2 GPUs of the same size, for radix and merge.
TEST(RankMemory, OneGpusLargestNPlusOneFitsTwoGpus) {
  for (uint64_t free_bytes : {uint64_t(79) << 30, uint64_t(139) << 30}) {  // an H100's and an H200's free memory
    Scenario s;
    s.algorithm = "radix-onesweep";
    s.input.n = uint64_t(1) << 40;
    s.input.key = KeyType::U64;
    ASSERT_EQ(validate_scenario(s), "");
    const std::string e = check_memory(s, false, 0, free_bytes, true);
    const size_t at = e.find("try n <= ");
    ASSERT_NE(at, std::string::npos) << e;
    const uint64_t largest = std::stoull(e.substr(at + 9));
    for (DistributedSort sort : {DistributedSort::RadixOnesweep, DistributedSort::Merge}) {
      const RankMemoryQuery q = query(sort, 2, KeyType::U64, false, largest + 1);
      EXPECT_EQ(check_rank_memory(q, {free_bytes, free_bytes}), "")
          << distributed_sort_id(sort) << " at one GPU's largest n + 1 = " << largest + 1;
    }
  }
}

// The P-way merge of given sequences carves only the tree levels that do not write the output.
TEST(RankMemory, MultiwayMergeScratchHoldsOnlyTheLevelsItWrites) {
  const uint64_t n = 1 << 20;
  const auto two = merge::multiway_merge_scratch<merge::KeysU32>(n, 2, 1 << 14);
  EXPECT_EQ(two.tree.count, 0u);
  EXPECT_EQ(two.runs_out.count, 0u);
  const auto four = merge::multiway_merge_scratch<merge::KeysU32>(n, 4, 1 << 14);
  EXPECT_EQ(four.tree.count, n);
  EXPECT_EQ(four.runs_out.count, 0u);
  const auto five = merge::multiway_merge_scratch<merge::PairsU32>(n, 5, 1 << 14);
  EXPECT_EQ(five.tree.count, n);
  EXPECT_EQ(five.runs_out.count, n);
  EXPECT_EQ(five.runs_in.count, n);
}

}  // namespace
}  // namespace sortscope::test

namespace sortscope::test {
namespace {

// The pack's blocks own whole tiles and cover the share, however it divides.
TEST(RankMemory, PackChunksCoverTheShare) {
  const uint64_t tile = uint64_t(kPackThreads) * kPackItems;
  for (uint64_t share : {uint64_t(0), uint64_t(1), tile - 1, tile, tile + 1, uint64_t(1) << 20, (uint64_t(1) << 30) + 7,
                         uint64_t(4'000'000'000)}) {
    const uint64_t chunk = pack_chunk(share);
    EXPECT_EQ(chunk % tile, 0u) << share;
    EXPECT_GE(chunk * pack_blocks(share), share) << share;
    EXPECT_LE(pack_blocks(share), 2048u);
  }
}

}  // namespace
}  // namespace sortscope::test
