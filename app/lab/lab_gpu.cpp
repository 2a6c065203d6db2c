#include "lab_gpu.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <cstring>
#include <stdexcept>
#include <vector>

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <fmt/format.h>

#include "bitonic/bitonic_slot.h"
#include "merge/merge_path_piece.h"
#include "radix/radix_slot_pieces.h"
#include "sample/sample_bucket_piece.h"
#include "common/cuda_check.h"
#include "common/device_buffer.h"
#include "common/device_scratch.h"
#include "common/density_gpu.h"
#include "common/generators.h"
#include "common/key_transform_gpu.h"
#include "common/piece_slots.h"
#include "common/verify.h"
#include "driver_api.h"
#include "lab_compile.h"
#include "lab_errors.h"
#include "registry.h"
#include "trace/lab_free_catalog.h"

namespace sortscope {
namespace {

// Guard zones (docs/lab.md): kGuardBytes of kGuardByte before and after a buffer the student's
// kernel writes. After a run, any other byte there means the kernel wrote outside its buffer.
constexpr size_t kGuardBytes = 4096;
constexpr unsigned char kGuardByte = 0xa5;

class GuardedBuffer {
 public:
  explicit GuardedBuffer(const char* what) : what_(what) {}
  // At least `bytes` (contents lost when it grows); the guards sit right before and after them.
  void* ensure(size_t bytes, cudaStream_t stream) {
    if (bytes + 2 * kGuardBytes > raw_.bytes()) raw_.resize(bytes + 2 * kGuardBytes);
    if (bytes != bytes_ || !filled_) {
      bytes_ = bytes;
      fill(stream);
    }
    return raw_.data() + kGuardBytes;
  }
  // The buffer between the guards (null before the first ensure).
  void* data() const { return filled_ ? const_cast<unsigned char*>(raw_.data()) + kGuardBytes : nullptr; }
  // "" or one line: how many guard bytes changed, before or after the buffer. Refills the guards.
  std::string check(cudaStream_t stream) {
    if (!filled_) return {};
    std::vector<unsigned char> before(kGuardBytes), after(kGuardBytes);
    CUDA_CHECK(cudaMemcpyAsync(before.data(), raw_.data(), kGuardBytes, cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaMemcpyAsync(after.data(), raw_.data() + kGuardBytes + bytes_, kGuardBytes, cudaMemcpyDeviceToHost,
                               stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
    const auto changed = [](const std::vector<unsigned char>& v) {
      return size_t(std::count_if(v.begin(), v.end(), [](unsigned char c) { return c != kGuardByte; }));
    };
    const size_t b = changed(before), a = changed(after);
    if (b == 0 && a == 0) return {};
    fill(stream);
    return fmt::format("your kernel wrote outside {}: {} byte(s) in the {} B before it, {} in the {} B after it", what_,
                       b, kGuardBytes, a, kGuardBytes);
  }

 private:
  void fill(cudaStream_t stream) {
    CUDA_CHECK(cudaMemsetAsync(raw_.data(), kGuardByte, kGuardBytes, stream));
    CUDA_CHECK(cudaMemsetAsync(raw_.data() + kGuardBytes + bytes_, kGuardByte, kGuardBytes, stream));
    filled_ = true;
  }
  const char* what_;
  DeviceBuffer<unsigned char> raw_;
  size_t bytes_ = 0;
  bool filled_ = false;
};

std::string driver_error(CUresult r) {
  const char* s = nullptr;
  driver_api().get_error_string(r, &s);
  return s ? s : fmt::format("CUDA driver error {}", int(r));
}

uint64_t next_pow2(uint64_t x) {
  uint64_t p = 1;
  while (p < x) p <<= 1;
  return p;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace

struct LabGpuSession::State {
  Exercise ex;
  LabChannel& channel;
  cudaStream_t stream = nullptr;
  CUmodule module = nullptr;
  CUfunction entry4 = nullptr, entry8 = nullptr;
  bool checking = true;  // each launch synchronised and told as progress (not while timing)
  DeviceScratch scratch;
  GuardedBuffer keys{"the keys"}, counts{"the digit counts"}, totals{"the digit totals"}, offsets{"the offsets"},
      splits{"the splits"}, block_out{"the block sort's output"}, free_scratch{"the scratch"}, done{"the done flag"},
      padded{"the padded keys"}, buckets{"the bucket indices"};
  PieceSlots yours, builtin;
  void* snapshot_state = nullptr;  // the free exercise's ss_snapshot_state[2] in the module (asked, label)
  const Algorithm* algorithm = nullptr;
  ParamValues params;

  State(const Exercise& e, LabChannel& c) : ex(e), channel(c) {}

  void launch(cudaStream_t on, int word_bytes, uint64_t grid, unsigned block, unsigned smem, void** args,
              const std::string& where) {
    CUfunction f = word_bytes == 4 ? entry4 : entry8;
    if (!f) throw LabKernelError(fmt::format("the harness has no entry kernel for {}-byte words ({})", word_bytes, where));
    if (grid == 0) return;
    if (grid > 0x7fffffffu) throw LabKernelError(fmt::format("too many blocks for one launch ({})", where));
    if (checking) channel.progress(where);
    if (smem > 48 * 1024) driver_api().func_set_attribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, int(smem));
    const CUresult r =
        driver_api().launch_kernel(f, unsigned(grid), 1, 1, block, 1, 1, smem, reinterpret_cast<CUstream>(on), args, nullptr);
    if (r != CUDA_SUCCESS) throw LabKernelError(fmt::format("your kernel could not be launched: {} ({})", driver_error(r), where));
    if (checking) {
      const cudaError_t e = cudaStreamSynchronize(on);
      if (e != cudaSuccess)
        throw LabKernelError(fmt::format("your kernel raised a CUDA error: {} ({})", cudaGetErrorString(e), where));
    }
  }

  std::string check_guards() {
    for (GuardedBuffer* g : {&keys, &counts, &totals, &offsets, &splits, &block_out, &free_scratch, &done, &padded, &buckets})
      if (std::string why = g->check(stream); !why.empty()) return why;
    return {};
  }
};

namespace {

using State = LabGpuSession::State;

// ---- The slot launchers: the student's entry kernel in place of the built-in piece ----------
// While checking, a buffer the kernel writes is a guarded staging copy of the pipeline's buffer
// (stage_in), copied back after the launch (stage_out), so a write outside it lands in a guard zone.
// While timing, the kernel writes the pipeline's buffer itself, as the built-in piece does, so the
// ratio holds no copies the built-in piece does not make (docs/lab.md, "The speed ratio").

void* stage_in(State& s, GuardedBuffer& g, void* target, size_t bytes, cudaStream_t stream) {
  if (!s.checking) return target;
  void* at = g.ensure(bytes, stream);
  if (bytes) CUDA_CHECK(cudaMemcpyAsync(at, target, bytes, cudaMemcpyDeviceToDevice, stream));
  return at;
}

void stage_out(const State& s, void* at, void* target, size_t bytes, cudaStream_t stream) {
  if (s.checking && at != target && bytes)
    CUDA_CHECK(cudaMemcpyAsync(target, at, bytes, cudaMemcpyDeviceToDevice, stream));
}

void launch_layer(void* ctx, const CompareExchangeLayerArgs& a, GpuStream on) {
  auto& s = *static_cast<State*>(ctx);
  // The keys of a power-of-two run are the lab's guarded keys already; the pipeline's padded buffer
  // (any other size) is staged like every other buffer.
  const size_t bytes = size_t(a.n_padded) * size_t(a.word_bytes);
  const bool own = a.keys == s.keys.data();
  void* keys = own ? a.keys : stage_in(s, s.padded, a.keys, bytes, on);
  uint64_t n = a.n_padded, k = a.k, j = a.j;
  void* args[] = {&keys, &n, &k, &j};
  s.launch(on, a.word_bytes, (n + 255) / 256, 256, 0, args, fmt::format("{}, layer k={} j={}", s.ex.name, k, j));
  if (!own) stage_out(s, keys, a.keys, bytes, on);
}

void launch_histogram(void* ctx, const DigitHistogramArgs& a, GpuStream stream) {
  auto& s = *static_cast<State*>(ctx);
  const size_t digits = size_t(1) << a.bits;
  const size_t count_bytes = digits * a.blocks * 4;
  void* counts = stage_in(s, s.counts, a.counts, count_bytes, stream);
  void* totals = stage_in(s, s.totals, a.digit_totals, digits * 4, stream);
  const void* keys = a.keys;
  uint32_t n = a.n, block_keys = a.block_keys, blocks = a.blocks;
  int shift = a.shift, bits = a.bits;
  void* args[] = {&keys, &n, &block_keys, &blocks, &shift, &bits, &counts, &totals};
  s.launch(stream, a.word_bytes, blocks, 256, unsigned(digits * 4), args,
           fmt::format("{}, pass {}", s.ex.name, a.bits ? a.shift / a.bits : 0));
  stage_out(s, counts, a.counts, count_bytes, stream);
  stage_out(s, totals, a.digit_totals, digits * 4, stream);
}

void launch_scan(void* ctx, const DigitScanArgs& a, GpuStream stream) {
  auto& s = *static_cast<State*>(ctx);
  const size_t bytes = size_t(a.digits) * a.blocks * 4;
  void* offsets = stage_in(s, s.offsets, a.offsets, bytes, stream);
  const uint32_t* counts = a.counts;
  const uint32_t* totals = a.digit_totals;
  uint32_t digits = a.digits, blocks = a.blocks;
  void* args[] = {&counts, &totals, &offsets, &digits, &blocks};
  s.launch(stream, 4, digits, 256, 0, args, fmt::format("{}, scan of {} digits x {} blocks", s.ex.name, digits, blocks));
  stage_out(s, offsets, a.offsets, bytes, stream);
}

void launch_merge_path(void* ctx, const MergePathArgs& a, GpuStream stream) {
  auto& s = *static_cast<State*>(ctx);
  const size_t bytes = size_t(a.tiles) * 8;
  void* splits = stage_in(s, s.splits, a.splits, bytes, stream);
  const void* runs = a.runs;
  uint64_t n = a.n, tile = a.tile, run_in = a.run_in, tiles = a.tiles;
  void* args[] = {&runs, &n, &tile, &run_in, &tiles, &splits};
  s.launch(stream, a.word_bytes, (tiles + 255) / 256, 256, 0, args, fmt::format("{}, merging runs of {}", s.ex.name, run_in));
  stage_out(s, splits, a.splits, bytes, stream);
}

void launch_block_sort(void* ctx, const BlockSortArgs& a, GpuStream stream) {
  auto& s = *static_cast<State*>(ctx);
  const size_t bytes = size_t(a.n) * size_t(a.word_bytes);
  void* out = stage_in(s, s.block_out, a.out, bytes, stream);
  const void* in = a.in;
  uint64_t n = a.n, tile = a.tile, padded = next_pow2(a.tile);
  void* args[] = {&in, &out, &n, &tile, &padded};
  s.launch(stream, a.word_bytes, a.tiles, unsigned(a.threads), unsigned(padded * uint64_t(a.word_bytes)), args,
           fmt::format("{}, block sort of tiles of {}", s.ex.name, tile));
  stage_out(s, out, a.out, bytes, stream);
}

void launch_bucket_index(void* ctx, const BucketIndexArgs& a, GpuStream stream) {
  auto& s = *static_cast<State*>(ctx);
  const size_t bytes = size_t(a.n) * 4;
  void* buckets = stage_in(s, s.buckets, a.buckets, bytes, stream);
  const void* keys = a.keys;
  const void* tree = a.tree;
  uint64_t n = a.n;
  int log_k = a.log_k;
  void* args[] = {&keys, &n, &tree, &log_k, &buckets};
  s.launch(stream, a.word_bytes, (n + 255) / 256, 256, 0, args,
           fmt::format("{}, {} keys into {} buckets", s.ex.name, n, 1u << log_k));
  stage_out(s, buckets, a.buckets, bytes, stream);
}

// The whole sort (`free`): my_sort launched pass after pass until it sets its done flag.
constexpr uint32_t kMaxFreePasses = 1u << 16;

// Explain mode of the whole sort: the keys captured after each pass whose launch called
// ss_snapshot(...), read back once that launch has finished (the lab synchronises after every pass
// to read the done flag anyway), at most kLabFreeMaxSnapshots of them.
struct WholeSortCapture {
  Timeline timeline;
  uint64_t dropped = 0;  // ss_snapshot passes past the bound
};

void run_whole_sort(State& s, void* keys, uint64_t n, KeyType type, WholeSortCapture* capture = nullptr) {
  keys_to_ordered_device(keys, n, type, s.stream);
  const int wb = key_bytes(type);
  void* scratch = s.free_scratch.ensure(std::max<size_t>(16, size_t(n) * size_t(wb)), s.stream);
  auto* done = static_cast<uint32_t*>(s.done.ensure(4, s.stream));
  CUDA_CHECK(cudaMemsetAsync(done, 0, 4, s.stream));
  std::optional<Recorder> recorder;
  const ArrayState array{keys, nullptr, true, reinterpret_cast<GpuStream>(s.stream)};  // what a step captures
  if (capture) {
    // Without ss_snapshot_state in the module (nothing called ss_snapshot, so the compiler may drop
    // it) no pass asks for a capture.
    if (s.snapshot_state) CUDA_CHECK(cudaMemsetAsync(s.snapshot_state, 0, 8, s.stream));
    capture->timeline.range = display_range_device(keys, n, type, reinterpret_cast<GpuStream>(s.stream));
    recorder.emplace(capture->timeline);
    recorder->record(make_step(LabFreeStep::Input, "input"), array);
  }
  uint32_t flag = 0, passes = 0;
  for (uint32_t pass = 0; pass < kMaxFreePasses && !flag; ++pass) {
    uint64_t nn = n;
    uint32_t p = pass;
    void* args[] = {&keys, &nn, &scratch, &p, &done};
    const std::string where = fmt::format("{}, pass {}", s.ex.name, pass);
    s.launch(s.stream, wb, std::max<uint64_t>(1, (n + 255) / 256), 256, 0, args, where);
    uint32_t asked[2] = {0, 0};
    CUDA_CHECK(cudaMemcpyAsync(&flag, done, 4, cudaMemcpyDeviceToHost, s.stream));
    if (capture && s.snapshot_state)
      CUDA_CHECK(cudaMemcpyAsync(asked, s.snapshot_state, 8, cudaMemcpyDeviceToHost, s.stream));
    CUDA_CHECK(cudaStreamSynchronize(s.stream));
    passes = pass + 1;
    if (!capture || !asked[0]) continue;
    CUDA_CHECK(cudaMemsetAsync(s.snapshot_state, 0, 8, s.stream));
    if (capture->timeline.steps.size() > size_t(kLabFreeMaxSnapshots)) {  // the input step and 256 snapshots
      ++capture->dropped;
      continue;
    }
    recorder->record(make_step(LabFreeStep::Snapshot, lab_free_snapshot_caption(pass, asked[1]), -1, where), array);
  }
  if (!flag) throw LabKernelError(fmt::format("my_sort did not set its done flag in {} passes ({})", kMaxFreePasses, s.ex.name));
  if (capture)
    recorder->record(make_step(LabFreeStep::Sorted, lab_free_sorted_caption(passes, capture->dropped)), array);
  keys_from_ordered_device(keys, n, type, s.stream);
}

// Sorts n native keys at `keys` with the exercise's algorithm; `slots` null: the built-in pipeline.
void run_sort(State& s, void* keys, uint64_t n, KeyType type, const PieceSlots* slots, bool yours) {
  if (s.ex.slot == LabSlot::WholeSort && yours) return run_whole_sort(s, keys, n, type);
  DeviceKeys dk{type, keys, nullptr, n};
  GpuRunContext ctx{reinterpret_cast<GpuStream>(s.stream), nullptr, &s.scratch, nullptr, slots};
  s.algorithm->run_gpu(s.algorithm->params_as_run(s.params, type, false, n), dk, ctx);
}

void copy_up(const HostKeys& h, void* d, cudaStream_t stream) {
  CUDA_CHECK(cudaMemcpyAsync(d, h.bytes.data(), h.bytes.size(), cudaMemcpyHostToDevice, stream));
}

HostKeys copy_down(const void* d, KeyType type, uint64_t n, cudaStream_t stream) {
  HostKeys h(type, size_t(n), false);
  CUDA_CHECK(cudaMemcpyAsync(h.bytes.data(), d, h.bytes.size(), cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  return h;
}

// "" when `got` equals `want` byte for byte, else where they first differ.
std::string first_difference(const HostKeys& got, const HostKeys& want) {
  for (size_t i = 0; i < want.size(); ++i)
    if (got.raw(i) != want.raw(i))
      return fmt::format("position {} holds 0x{:x}, the sorted keys have 0x{:x} there", i, got.raw(i), want.raw(i));
  return {};
}

}  // namespace

LabGpuSession::LabGpuSession(const Exercise& ex, const std::string& source, const std::string& source_name,
                             LabChannel& channel)
    : s_(std::make_unique<State>(ex, channel)) {
  State& s = *s_;
  int device = 0;
  cudaDeviceProp prop{};
  if (cudaGetDevice(&device) != cudaSuccess || cudaGetDeviceProperties(&prop, device) != cudaSuccess)
    throw std::runtime_error("lab: running needs a CUDA GPU; this machine has none (lab check --compile-only works anywhere)");
  CUDA_CHECK(cudaFree(nullptr));  // the primary context, current for the driver calls below
  CUDA_CHECK(cudaStreamCreateWithFlags(&s.stream, cudaStreamNonBlocking));
  channel.progress(fmt::format("{}, compiling", ex.name));
  const LabCompileResult c = compile_lab_source(ex, source, source_name, fmt::format("sm_{}{}", prop.major, prop.minor));
  for (const std::string& line : c.log) channel.send("C", line);
  if (c.log_lines_cut) channel.send("C", fmt::format("... {} more lines of compiler output", c.log_lines_cut));
  if (!c.ok) throw LabCompileFailed("your source did not compile");
  char load_log[2048] = {};
  CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void* vals[] = {load_log, reinterpret_cast<void*>(uintptr_t(sizeof load_log))};
  const CUresult r = driver_api().module_load_data_ex(&s.module, c.image.data(), 2, opts, vals);
  if (r != CUDA_SUCCESS) throw std::runtime_error(fmt::format("lab: loading the compiled kernel failed: {} {}", driver_error(r), load_log));
  if (driver_api().module_get_function(&s.entry4, s.module, "lab_entry_w4") != CUDA_SUCCESS) s.entry4 = nullptr;
  if (driver_api().module_get_function(&s.entry8, s.module, "lab_entry_w8") != CUDA_SUCCESS) s.entry8 = nullptr;
  if (!s.entry4 && !s.entry8)
    throw std::runtime_error("lab: the harness defines neither lab_entry_w4 nor lab_entry_w8 (extern \"C\" __global__)");
  if (ex.slot == LabSlot::WholeSort) {
    CUdeviceptr state = 0;
    size_t state_bytes = 0;
    if (driver_api().module_get_global(&state, &state_bytes, s.module, "ss_snapshot_state") == CUDA_SUCCESS &&
        state_bytes == 8)
      s.snapshot_state = reinterpret_cast<void*>(uintptr_t(state));
  }

  const std::string algorithm = ex.slot == LabSlot::WholeSort ? "radix" : ex.algorithm;
  s.algorithm = find_algorithm(algorithm);
  if (!s.algorithm) throw std::runtime_error(fmt::format("lab: exercise {} names an unknown algorithm '{}'", ex.name, algorithm));
  s.params = ParamValues(ex.params.begin(), ex.params.end());
  if (std::string err = resolve_params(s.algorithm->params(), s.params, s.algorithm->id()); !err.empty())
    throw std::runtime_error(fmt::format("lab: exercise {}: {}", ex.name, err));
  switch (ex.slot) {
    case LabSlot::CompareExchangeLayer:
      s.yours.compare_exchange_layer = {&launch_layer, &s};
      s.builtin.compare_exchange_layer = bitonic_builtin_layer_piece();
      break;
    case LabSlot::DigitHistogram:
      s.yours.digit_histogram = {&launch_histogram, &s};
      s.builtin.digit_histogram = radix_builtin_histogram_piece();
      break;
    case LabSlot::DigitScan:
      s.yours.digit_scan = {&launch_scan, &s};
      s.builtin.digit_scan = radix_builtin_scan_piece();
      break;
    case LabSlot::MergePath:
      s.yours.merge_path = {&launch_merge_path, &s};
      s.builtin.merge_path = merge_builtin_path_piece();
      break;
    case LabSlot::BucketIndex:
      s.yours.bucket_index = {&launch_bucket_index, &s};
      s.builtin.bucket_index = sample_builtin_bucket_piece();
      break;
    case LabSlot::BlockSort: s.yours.block_sort = {&launch_block_sort, &s}; break;  // the rest of the pipeline as built
    case LabSlot::WholeSort: break;
  }
}

LabGpuSession::~LabGpuSession() {
  if (s_->module) driver_api().module_unload(s_->module);
  if (s_->stream) cudaStreamDestroy(s_->stream);
}

const PieceSlots& LabGpuSession::slots() const { return s_->yours; }
void LabGpuSession::set_checking(bool checking) { s_->checking = checking; }
std::string LabGpuSession::check_guards() { return s_->check_guards(); }

std::string LabGpuSession::device_name() const {
  int device = 0;
  cudaDeviceProp prop{};
  if (cudaGetDevice(&device) != cudaSuccess || cudaGetDeviceProperties(&prop, device) != cudaSuccess) return "?";
  return prop.name;
}

LabCaseOutcome LabGpuSession::run_case(const LabCase& c) {
  State& s = *s_;
  s.checking = true;
  const HostKeys input = lab_case_input(c);
  const HostKeys expected = lab_expected_output(input);
  const size_t bytes = input.bytes.size();
  // The built-in piece on the same input.
  DeviceBuffer<unsigned char> builtin(bytes);
  copy_up(input, builtin.data(), s.stream);
  run_sort(s, builtin.data(), c.n, c.type, nullptr, false);
  const HostKeys builtin_out = copy_down(builtin.data(), c.type, c.n, s.stream);
  // Yours, in the guarded buffer.
  void* keys = s.keys.ensure(bytes, s.stream);
  copy_up(input, keys, s.stream);
  LabCaseOutcome out;
  try {
    run_sort(s, keys, c.n, c.type, &s.yours, true);
  } catch (const LabKernelError&) {
    throw;
  } catch (const std::runtime_error& e) {
    // The pipeline refused what the piece gave it (sample sort: no progress); with no CUDA error
    // pending that is this case's failure, and the next case runs in the same process.
    if (const cudaError_t pending = cudaStreamSynchronize(s.stream); pending != cudaSuccess)
      throw LabKernelError(fmt::format("a CUDA error after your kernel ran: {} ({})", cudaGetErrorString(pending), s.ex.name));
    out.detail = e.what();
    return out;
  }
  const cudaError_t e = cudaStreamSynchronize(s.stream);
  if (e != cudaSuccess) throw LabKernelError(fmt::format("a CUDA error after your kernel ran: {} ({})", cudaGetErrorString(e), s.ex.name));
  if (std::string why = s.check_guards(); !why.empty()) {
    out.detail = why;
    return out;
  }
  const HostKeys yours = copy_down(keys, c.type, c.n, s.stream);
  if (std::string diff = first_difference(yours, expected); !diff.empty()) {
    const Verdict v = verify_host(multiset_hash_host(input), yours);
    out.detail = fmt::format("{}; {}", v.summary(), diff);
    return out;
  }
  if (std::string diff = first_difference(builtin_out, expected); !diff.empty()) {
    out.detail = "the built-in piece's output differs from the sorted keys (a lab error): " + diff;
    return out;
  }
  out.ok = true;
  out.detail = "sorted, the same keys as the built-in piece";
  return out;
}

LabTiming LabGpuSession::time(uint64_t n, KeyType type, int reps) {
  State& s = *s_;
  s.checking = false;
  InputSpec spec;
  spec.n = n;
  spec.key = type;
  spec.seed = 7;
  const HostKeys input = generate_host(spec);
  const HostKeys expected = lab_expected_output(input);
  const size_t bytes = input.bytes.size();
  DeviceBuffer<unsigned char> pristine(bytes);
  copy_up(input, pristine.data(), s.stream);
  void* work = s.keys.ensure(bytes, s.stream);
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  // Where a piece in the slot changes the pipeline around it (bitonic, radix, merge path, sample
  // sort: docs/lab.md), yours is timed against the built-in piece through the same slot, and the
  // built-in pipeline without a slot is timed beside them.
  const bool separate_piece = s.ex.slot != LabSlot::BlockSort && s.ex.slot != LabSlot::WholeSort;
  const auto run_once = [&](const PieceSlots* slots, bool yours) {
    CUDA_CHECK(cudaMemcpyAsync(work, pristine.data(), bytes, cudaMemcpyDeviceToDevice, s.stream));
    CUDA_CHECK(cudaEventRecord(start, s.stream));
    run_sort(s, work, n, type, slots, yours);
    CUDA_CHECK(cudaEventRecord(stop, s.stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    return double(ms);
  };
  const PieceSlots* builtin = separate_piece ? &s.builtin : nullptr;
  std::vector<double> b, y, p;
  s.channel.progress(fmt::format("{}, timing at n={}", s.ex.name, n), true);
  run_once(builtin, false);  // warm-up: module loading, scratch growth
  run_once(&s.yours, true);
  for (int r = 0; r < reps; ++r) {
    b.push_back(run_once(builtin, false));
    y.push_back(run_once(&s.yours, true));
    if (separate_piece) p.push_back(run_once(nullptr, false));
  }
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  LabTiming t;
  t.n = n;
  t.type = type;
  t.builtin_ms = median(b);
  t.yours_ms = median(y);
  t.pipeline_ms = separate_piece ? median(p) : t.builtin_ms;
  t.builtin_label = separate_piece ? "the built-in piece through the same slot" : "the built-in piece";
  // The last timed run was yours: its output must still be the sorted keys.
  CUDA_CHECK(cudaMemcpyAsync(work, pristine.data(), bytes, cudaMemcpyDeviceToDevice, s.stream));
  run_sort(s, work, n, type, &s.yours, true);
  t.yours_ok = first_difference(copy_down(work, type, n, s.stream), expected).empty() && s.check_guards().empty();
  return t;
}

ExplainResult LabGpuSession::record_whole_sort(uint64_t n, KeyType type, uint64_t capture_budget_bytes) {
  State& s = *s_;
  if (s.ex.slot != LabSlot::WholeSort) throw std::logic_error("lab: record_whole_sort is for the free exercise");
  s.checking = true;
  const LabCase c{n, type, Distribution::Uniform, false, 1};
  const HostKeys input = lab_case_input(c);
  void* keys = s.keys.ensure(input.bytes.size(), s.stream);
  copy_up(input, keys, s.stream);
  WholeSortCapture capture{make_timeline(kLabFreeAlgorithm, type, n, n, false, true, DisplayRange{},
                                         capture_budget_bytes)};
  const auto start = std::chrono::steady_clock::now();
  run_whole_sort(s, keys, n, type, &capture);
  if (const cudaError_t e = cudaStreamSynchronize(s.stream); e != cudaSuccess)
    throw LabKernelError(fmt::format("a CUDA error after your kernel ran: {} ({})", cudaGetErrorString(e), s.ex.name));
  ExplainResult r;
  r.run_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  r.scenario.algorithm = kLabFreeAlgorithm;
  r.scenario.input.n = n;
  r.scenario.input.key = type;
  r.scenario.input.dist = c.dist;
  r.scenario.input.seed = c.seed;
  r.verdict = verify_host(multiset_hash_host(input), copy_down(keys, type, n, s.stream));
  if (std::string guards = s.check_guards(); !guards.empty()) throw LabKernelError(guards);
  r.timeline = std::move(capture.timeline);
  r.backend = Backend::Gpu;
  r.catalog = lab_free_catalog(kLabFreeAlgorithm);
  return r;
}

bool lab_gpu_available() { return true; }

}  // namespace sortscope
