#!/usr/bin/env bash
# Per-kernel times and occupancy of our sorts and CUB's at n = 2^28 under Nsight Compute, on the GPU
# host: where the gap to CUB is (docs/performance-history.md). Clocks are left alone (--clock-control none).
#   benchmarks/profile_sorts.sh OUT_DIR [BUILD_DIR]
set -euo pipefail
out=${1:?usage: profile_sorts.sh OUT_DIR [BUILD_DIR]}
build=${2:-build-gpu}
mkdir -p "$out"
radix=$build/benchmarks/radix_bench
merge=$(find "$build" -name merge_bench -type f -perm -u+x | head -1)
metrics=gpu__time_duration.sum,launch__registers_per_thread,launch__block_size,launch__grid_size,\
sm__warps_active.avg.pct_of_peak_sustained_active,launch__occupancy_limit_registers,\
launch__occupancy_limit_shared_mem,launch__occupancy_limit_warps,dram__throughput.avg.pct_of_peak_sustained_elapsed
ncu_run() { ncu --clock-control none "$@"; }
for cfg in keys32 pairs32 keys64; do
  ncu_run --metrics "$metrics" --csv "$radix" --mode table --sizes 28:28 --reps 1 --warmup 0 --configs $cfg \
    --dists uniform >"$out/ncu-radix-$cfg.csv" 2>"$out/ncu-radix-$cfg.err" || true
done
ncu_run --metrics "$metrics" --csv "$merge" --algos merge --no-merges --min-log 28 --max-log 28 --reps 10 \
  --dist uniform >"$out/ncu-merge.csv" 2>"$out/ncu-merge.err" || true
# Stall reasons and instruction counts of the one-sweep pass kernels (second digit place), ours and
# CUB's (u32 keys). CUB runs each place as a large launch and a one-tile launch: skip 2 takes its
# second large one.
for k in onesweep_pass_kernel:1 DeviceRadixSortOnesweepKernel:2; do
  ncu_run --section WarpStateStats --section SchedulerStats --section Occupancy --section LaunchStats \
    --section InstructionStats --section SpeedOfLight -k "regex:${k%%:*}" --launch-skip "${k##*:}" --launch-count 1 \
    "$radix" --mode table --sizes 28:28 --reps 1 --warmup 0 --configs keys32 --dists uniform \
    >"$out/ncu-stalls-${k%%:*}.txt" 2>&1 || true
done
