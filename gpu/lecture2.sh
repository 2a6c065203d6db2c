# targets: sortscope test_merge_gpu test_radix_gpu
# The lecture tile (merge sorts, VT = 1), the multiway sort's teaching values and the radix sorts'
# lecture block (threads = 32) on the GPU:
# bit-for-bit against the CPU models (steps, snapshots, captions) and the stable sort, then the
# CLI at lecture sizes (explain mode on the GPU, verified) and a measured run of the lecture tile.
# Run from the repository root after `source .gpu-sysroot/env.sh`, with the build in /tmp/b.
set -u
B=/tmp/b
LOG="$OUT/lecture2"
mkdir -p "$LOG"
rc=0
step() { echo "== $*" | tee -a "$LOG/summary.txt"; }
step "test_merge_gpu: lecture tile and multiway teaching values"
timeout 150 "$B/tests/test_merge_gpu" \
  --gtest_filter='TwoWayGpu.LectureTileEqualsTheModel:MultiwayGpu.LectureValuesEqualTheModel' \
  > "$LOG/test_merge_gpu.txt" 2>&1 || rc=1
tail -5 "$LOG/test_merge_gpu.txt" | tee -a "$LOG/summary.txt"
step "test_radix_gpu: the lecture block of one warp (threads=32)"
timeout 120 "$B/tests/test_radix_gpu" --gtest_filter='RadixGpu.LectureBlockOfOneWarpEqualsTheModel' \
  > "$LOG/test_radix_gpu.txt" 2>&1 || rc=1
tail -5 "$LOG/test_radix_gpu.txt" | tee -a "$LOG/summary.txt"
for a in merge multiway-merge binary-search-merge radix radix-onesweep; do
  for n in 256 1024 4096; do
    step "trace $a n=$n (GPU explain)"
    timeout 60 "$B/sortscope" trace -a "$a" -n "$n" --out "$LOG/$a-$n.sstrace" > "$LOG/trace-$a-$n.txt" 2>&1 || rc=1
    grep -E "algorithm|device|verdict|timeline" "$LOG/trace-$a-$n.txt" | tee -a "$LOG/summary.txt"
  done
done
step "render merge n=256 step 9 from the GPU trace"
timeout 60 "$B/sortscope" render --trace "$LOG/merge-256.sstrace" --steps 9 --out "$LOG/merge-256-step9.png" \
  > "$LOG/render.txt" 2>&1 || rc=1
step "render radix-onesweep n=1024 step 2 (the look-back over 4 tiles) from the GPU trace"
timeout 60 "$B/sortscope" render --trace "$LOG/radix-onesweep-1024.sstrace" --steps 2 \
  --out "$LOG/radix-onesweep-1024-step2.png" >> "$LOG/render.txt" 2>&1 || rc=1
step "run: the radix lecture block measured, verified (2^20 keys)"
timeout 60 "$B/sortscope" run -a radix-onesweep -n 2^20 -p threads=32 --reps 3 > "$LOG/run-radix32.txt" 2>&1 || rc=1
timeout 60 "$B/sortscope" run -a radix -n 2^20 --values -p threads=32 --reps 3 >> "$LOG/run-radix32.txt" 2>&1 || rc=1
grep -E "verdict|timing" "$LOG/run-radix32.txt" | tee -a "$LOG/summary.txt"
step "run: the lecture tile measured, verified (2^20 keys, u32 and u64 + values)"
timeout 60 "$B/sortscope" run -a merge -n 2^20 -p keys_per_thread=1 -p threads=128 --reps 3 \
  > "$LOG/run-vt1.txt" 2>&1 || rc=1
timeout 60 "$B/sortscope" run -a merge -n 2^20 --key u64 --values -p keys_per_thread=1 -p split_values=1 --reps 3 \
  >> "$LOG/run-vt1.txt" 2>&1 || rc=1
grep -E "verdict|timing" "$LOG/run-vt1.txt" | tee -a "$LOG/summary.txt"
step "exit $rc"
exit $rc
