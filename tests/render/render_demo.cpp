// sortscope_render_demo OUT_DIR [ALGO] [N] [WxH] [STEPS...]: renders frames of an algorithm's CPU
// model (explain mode) headless, for looking at the renderer while it is developed and for the
// device check of the EGL device platform. Not a test and not the CLI (`sortscope render` is).
// CUDA builds: --device copies the model's snapshots to device memory, --gpu records the GPU kernels
// themselves; either way the views fill their buffers through CUDA-GL interop. Each frame's line
// says how it was filled and how long it took.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "common/recorder.h"
#include "frame_renderer.h"
#include "gl/headless_context.h"
#include "registry.h"

#if SORTSCOPE_HAS_CUDA
#include <cuda_runtime_api.h>

#include "common/cuda_check.h"
#include "common/device_buffer.h"
#endif

using namespace sortscope;

namespace {

// The model's timeline again, with every full snapshot copied into device memory.
Timeline to_device(const Timeline& host) {
#if SORTSCOPE_HAS_CUDA
  Timeline d = make_timeline(host.algorithm, host.key_type, host.n, host.padded_n, host.with_values, true,
                             host.range, host.store->budget_bytes());
  Recorder rec(d);
  void* buf = nullptr;
  CUDA_CHECK(cudaMalloc(&buf, host.padded_n * key_bytes(host.key_type)));
  for (const Step& s : host.steps) {
    std::vector<uint8_t> words = host.store->read_host(s.keys);
    CUDA_CHECK(cudaMemcpy(buf, words.data(), words.size(), cudaMemcpyHostToDevice));
    Step copy = s;
    rec.record(copy, ArrayState{buf, nullptr, true, nullptr});
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(buf));
  return d;
#else
  (void)host;
  throw std::runtime_error("--device needs a CUDA build");
#endif
}

// Explain mode on the GPU: the algorithm's kernels with a recorder, snapshots in device memory.
Timeline record_gpu(const Algorithm& algo, const ParamValues& params, const HostKeys& input, DisplayRange range) {
#if SORTSCOPE_HAS_CUDA
  const uint64_t n = input.size();
  Timeline t = make_timeline(algo.id(), input.type, n, n, false, true, range, uint64_t(4) << 30);
  Recorder rec(t);
  DeviceBuffer<uint8_t> keys(input.bytes.size());
  CUDA_CHECK(cudaMemcpy(keys.data(), input.bytes.data(), input.bytes.size(), cudaMemcpyHostToDevice));
  DeviceKeys dk{input.type, keys.data(), nullptr, n};
  GpuRunContext ctx;
  ctx.recorder = &rec;
  algo.run_gpu(params, dk, ctx);
  CUDA_CHECK(cudaDeviceSynchronize());
  return t;
#else
  (void)algo, (void)params, (void)input, (void)range;
  throw std::runtime_error("--gpu needs a CUDA build");
#endif
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args;
  bool device = false, gpu = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--device") == 0)
      device = true;
    else if (std::strcmp(argv[i], "--gpu") == 0)
      gpu = true;
    else
      args.push_back(argv[i]);
  }
  if (args.empty()) {
    std::fprintf(stderr, "usage: sortscope_render_demo OUT_DIR [ALGO] [N] [WxH] [STEP...] [--device|--gpu]\n");
    return 2;
  }
  try {
    const std::string out = args[0];
    const std::string algo_id = args.size() > 1 ? args[1] : "bitonic";
    const uint64_t n = args.size() > 2 ? std::stoull(args[2]) : 64;
    int w = 1280, h = 720;
    if (args.size() > 3) std::sscanf(args[3].c_str(), "%dx%d", &w, &h);
    const Algorithm* algo = find_algorithm(algo_id);
    if (!algo) throw std::runtime_error("unknown algorithm " + algo_id + " (known: " + algorithm_names() + ")");

    auto ctx = gl::HeadlessContext::create();
    std::printf("GL: %s\n", ctx->describe().c_str());

    HostKeys keys(KeyType::U32, n, false);
    std::mt19937 rng(42);
    for (uint64_t i = 0; i < n; ++i) keys.as<uint32_t>()[i] = rng() % 1000000u;
    ParamValues params;
    if (std::string err = resolve_params(algo->params(), params, algo_id); !err.empty()) throw std::runtime_error(err);
    const DisplayRange range = display_range_host(keys.bytes.data(), n, KeyType::U32);
    Timeline t;
    if (gpu) {
      const auto t0 = std::chrono::steady_clock::now();
      t = record_gpu(*algo, params, keys, range);
      std::printf("recorded on the GPU in %.1f ms\n",
                  std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    } else {
      t = make_timeline(algo_id, KeyType::U32, n, n, false, false, range, uint64_t(1) << 30);
      Recorder rec(t);
      algo->run_model(params, keys, &rec);
      if (device) t = to_device(t);
    }
    std::printf("%zu steps, padded_n %llu\n", t.steps.size(), (unsigned long long)t.padded_n);

    std::vector<int> steps;
    for (size_t i = 4; i < args.size(); ++i) steps.push_back(std::stoi(args[i]));
    if (steps.empty())
      for (int s = 0; s < int(t.steps.size()); ++s) steps.push_back(s);

    FrameRenderer frames(t, *algo);
    for (int s : steps) {
      const auto t0 = std::chrono::steady_clock::now();
      std::vector<uint8_t> rgba = frames.render_rgba(s, w, h);
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      const std::string path =
          fmt::format("{}/{}_{}{}_step{:03d}.png", out, algo_id, n, gpu ? "_gpu" : (device ? "_device" : ""), s);
      write_png(path, w, h, rgba);
      const ArrayViewInfo& info = frames.array_info();
      std::printf("%s: %s from %s, filled by %s%s%s, %.1f ms\n", path.c_str(), array_mode_name(info.mode),
                  source_name(info.source), fill_name(info.fill), info.interop_problem.empty() ? "" : " because ",
                  info.interop_problem.c_str(), ms);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
