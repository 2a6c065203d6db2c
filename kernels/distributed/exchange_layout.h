#pragma once
// Where the keys of the all-to-all lie in each rank's send and receive buffers, and how each piece
// is cut into NCCL messages so that NCCL copies it at full speed. Plain C++ (no CUDA or NCCL); the
// GPU path (distributed_gpu.cu) packs, sends and receives by it, and the unit tests check it.
//
// Why alignment: NCCL moves a send or receive through its reduceCopy loop 16 bytes per load only
// when every pointer of that copy is a multiple of 16 bytes; otherwise it falls back to loads of
// the datatype's size, one byte for ncclUint8 (src/device/common_kernel.h, `aligned`). A piece of
// u32 keys that starts at key 3 of a buffer took that path: the exchanges of radix and sample sort
// ran at 49-53 % of the all-to-all bus bandwidth where merge, whose cuts happened to fall on
// multiples of 16 bytes, ran at 97 % (docs/performance-history.md, "Sorting across GPUs").
//
// The cure: the receiver keeps what arrives contiguous (the local sort wants one array); the
// sender packs each piece to start at the same offset modulo 16 bytes as the place it lands, so
// after a head of at most 15 bytes both ends of the piece are aligned. Each piece then goes as two
// messages: the head (a few keys), in an ncclGroup of every head, and then the aligned body (nearly
// all) in the bodies' group; apart, since a head fused with its body into one NCCL work batch would
// halve the warps that copy the body (distributed_gpu.cu, the exchange).
#include <cstdint>
#include <vector>

namespace sortscope {

// NCCL's big pack: the alignment both ends of a message need for 16-byte copies.
inline constexpr uint64_t kExchangeAlignBytes = 16;

// The alignment in elements that keys and values share: a piece starts at the same element offset
// in the key and the value buffers, so one layout serves both (16 / the smaller element: 4 for
// 32-bit keys or any keys with 32-bit values, 2 for 64-bit keys alone).
uint32_t exchange_align_elements(int key_bytes, bool with_values);

// Pieces placed one after another in a buffer: piece j at [start[j], start[j] + count[j]).
struct PieceLayout {
  std::vector<uint64_t> start;
  std::vector<uint64_t> count;
  uint64_t span = 0;  // elements the buffer must hold (the last piece's end)
};
// Back to back from 0, in order.
PieceLayout contiguous_pieces(const std::vector<uint64_t>& counts);
// In order, piece j at the first position at or after the previous piece's end that is
// congruent to residue[j] modulo q; the gaps are at most q - 1 elements each.
PieceLayout pieces_congruent_to(const std::vector<uint64_t>& counts, const std::vector<uint64_t>& residue, uint32_t q);

// One piece as messages, given where it starts at either end (the ends agree modulo q): the head,
// up to the first element whose offset is a multiple of q (at most q - 1 elements), then the body,
// aligned at both ends. Either may be empty.
struct PieceMessages {
  uint64_t head = 0, body = 0;  // elements
};
PieceMessages split_piece(uint64_t start, uint64_t count, uint32_t q);

// One rank's side of the all-to-all: piece j of `send` goes to rank j, piece i of `recv` comes
// from rank i (ranks in order, itself included).
struct RankExchange {
  PieceLayout send, recv;
};
// Rank `rank`'s exchange for the matrix of counts ([i * ranks + j] = elements rank i sends to j):
// it receives contiguously in rank order, and packs what it sends so that each piece starts
// congruent modulo q to where it lands. Every rank computes every rank's layout alike from the
// gathered counts, so sender and receiver cut each piece into the same messages.
RankExchange packed_exchange(const std::vector<uint64_t>& matrix, uint32_t ranks, uint32_t rank, uint32_t q);

}  // namespace sortscope
