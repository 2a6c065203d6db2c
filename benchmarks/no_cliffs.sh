#!/usr/bin/env bash
# Issue 32's no-cliff check on a GPU host: every sort, u32 and u64 keys, every power of two from 2^16
# to 2^31 (states that do not fit the GPU's free memory are left out with a line), each against its
# CUB baseline in the same run; then `--cliffs` checks that each sort keeps at least 0.9x its
# throughput from n to 2n from 2^24 on and exits 3 where one does not. Writes the winner map (CSV,
# PNG), every state (CSV, Markdown: the table docs/PERFORMANCE.md takes) and the log to OUT_DIR.
#   benchmarks/no_cliffs.sh OUT_DIR [BUILD_DIR] [SIZES]
# On an H100 the whole matrix takes tens of minutes (bitonic at 2^31 alone is seconds a sample):
# SIZES (default 2^16:2^31) narrows it, e.g. 2^24:2^31 for the check alone.
set -uo pipefail
out=${1:?usage: no_cliffs.sh OUT_DIR [BUILD_DIR] [SIZES]}
build=${2:-build-gpu}
sizes=${3:-2^16:2^31}
mkdir -p "$out"
"$build/sortscope" bench --winners --cliffs --n "$sizes" --key u32,u64 --min-samples 3 --max-noise 2 --timeout 0.5 \
  --warmup 1 --winners-csv "$out/winners.csv" --plot "$out/winners.png" --csv "$out/states.csv" --md "$out/states.md" \
  >"$out/no-cliffs.txt" 2>&1
rc=$?
grep -E "^  (left out|scaling|cliffs|winner )" "$out/no-cliffs.txt"
exit $rc
