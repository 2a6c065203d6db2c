#!/usr/bin/env bash
# The throughput tables of docs/performance-history.md, on a GPU host, in one go (radix against CUB's radix
# sort, the capture-cost check, the merge sorts against CUB's merge sort). Logs go to OUT_DIR.
#   benchmarks/run_tables.sh OUT_DIR [BUILD_DIR]
set -uo pipefail
out=${1:?usage: run_tables.sh OUT_DIR [BUILD_DIR]}
build=${2:-build-gpu}
mkdir -p "$out"
radix=$build/benchmarks/radix_bench
merge=$(find "$build" -name merge_bench -type f -perm -u+x | head -1)
"$radix" --mode table --sizes 16:28 --reps 10 >"$out/radix-table.md" 2>&1
"$radix" --mode hooks --sizes 28:28 --reps 20 >"$out/radix-hooks.md" 2>&1
"$merge" --algos merge,multiway-merge --no-merges --min-log 16 --max-log 28 --step 4 --csv "$out/merge-sorts.csv" \
  >"$out/merge-sorts.md" 2>&1
tail -3 "$out/radix-hooks.md"
grep -E "2\^28" "$out/radix-table.md" | grep -E "uniform" || true
grep -E "2\^28" "$out/merge-sorts.md" || true
