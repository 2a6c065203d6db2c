# targets: sortscope test_radix_gpu test_split_radix_gpu test_network_merge_gpu test_merge_gpu
# The lecture tiles at 256 keys on the GPU: the radix sorts' lecture tile (32 x 2 keys) and
# onesweep's 4-bit digits, split radix's lecture tile (32 x 2), network merge's lecture chunk (128),
# the multiway sort's lecture block sort (64 x 1, a 4-way round at 256 keys): explain mode step for
# step against the CPU models and measured runs sorted and a permutation at 256/1024/4096 keys,
# then GPU explain traces of the four at 256 keys (verified by the CLI) and measured runs of the
# lecture values at 2^20 keys (verified).
# Run from the repository root after `source .gpu-sysroot/env.sh`, with the build in /tmp/b.
set -u
B=/tmp/b
LOG="$OUT/lecture3"
mkdir -p "$LOG"
rc=0
step() { echo "== $*" | tee -a "$LOG/summary.txt"; }
gtest() {  # binary filter timeout
  step "$1: $2"
  timeout "$3" "$B/tests/$1" --gtest_filter="$2" > "$LOG/$1.txt" 2>&1 || rc=1
  grep -E "^\[  (PASSED|FAILED) |^\[       OK \]|^\[  FAILED  \]|tests ran" "$LOG/$1.txt" | tee -a "$LOG/summary.txt"
}
gtest test_radix_gpu 'RadixGpu.LectureTilesAndDigitsEqualTheModel:RadixGpu.LectureBlockOfOneWarpEqualsTheModel' 150
gtest test_split_radix_gpu 'SplitRadixGpu.LectureTileEqualsTheModel:SplitRadixGpu.EveryDigitWidthTileShapeAndAdversarialInput' 150
gtest test_network_merge_gpu 'NetworkMergeGpu.LectureChunkEqualsTheModel:NetworkMergeGpu.ExplainModeStepsEqualTheModels' 120
gtest test_merge_gpu 'MultiwayGpu.LectureValuesEqualTheModel:TwoWayGpu.LectureTileEqualsTheModel' 150
for a in radix radix-onesweep split-radix network-merge multiway-merge; do
  step "trace $a n=256 (GPU explain)"
  timeout 60 "$B/sortscope" trace -a "$a" -n 256 --out "$LOG/$a-256.sstrace" > "$LOG/trace-$a-256.txt" 2>&1 || rc=1
  grep -E "algorithm|device|verdict|timeline" "$LOG/trace-$a-256.txt" | tee -a "$LOG/summary.txt"
done
step "run: the lecture values measured, verified (2^20 keys)"
for args in "-a radix -p threads=32 -p keys_per_thread=2 -p radix_bits=4" \
            "-a radix-onesweep -p threads=32 -p keys_per_thread=2 -p digit_bits=4" \
            "-a radix-onesweep -p threads=32 -p keys_per_thread=2 -p ranking=atomic" \
            "-a split-radix -p threads=32 -p keys_per_thread=2 -p digit_bits=4" \
            "-a network-merge -p chunk=128 -p width=16" \
            "-a multiway-merge -p threads=64 -p keys_per_thread=1 -p block_sort_threads=1"; do
  for v in "" "--values"; do
    echo "-- $args $v" >> "$LOG/run-lecture.txt"
    # shellcheck disable=SC2086
    timeout 60 "$B/sortscope" run $args -n 2^20 $v --reps 3 >> "$LOG/run-lecture.txt" 2>&1 || rc=1
  done
done
grep -E "^-- |verdict" "$LOG/run-lecture.txt" | tee -a "$LOG/summary.txt"
step "exit $rc"
exit $rc
