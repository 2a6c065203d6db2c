#!/usr/bin/env bash
# Issue 32's checks on a GPU host, in one go: explain mode's wall time at 2^24 for every sort (the
# target is at most 300 ms, capture included), the fraction of the bandwidth bound and keys/SM/clock
# of a few sorts at 2^28 against CUB, and a small winner map (CSV and PNG). Logs go to OUT_DIR.
#   benchmarks/explain_and_bound.sh OUT_DIR [BUILD_DIR]
# A full CUDA build of `sortscope` took more than 155 s with 16 cores (an H100 host, 2026-11-28):
# budget about 200 s for it before this script.
set -uo pipefail
out=${1:?usage: explain_and_bound.sh OUT_DIR [BUILD_DIR]}
build=${2:-build-gpu}
s=$build/sortscope
mkdir -p "$out"
for a in sample-sort quicksort radix-hybrid radix-onesweep radix split-radix merge multiway-merge network-merge \
         binary-search-merge bitonic odd-even-merge; do
  timeout 60 "$s" run --algo "$a" --n 2^24 --reps 3 --explain-time >"$out/explain-$a.txt" 2>&1
  grep -E "^  explain" "$out/explain-$a.txt" | sed "s/^/$a: /"
done
for a in radix-onesweep merge sample-sort network-merge; do
  for k in u32 u64; do
    timeout 60 "$s" run --algo "$a" --n 2^28 --key "$k" --reps 5 --baseline >"$out/bound-$a-$k.txt" 2>&1
    grep -E "^  (baseline|bound)" "$out/bound-$a-$k.txt" | sed "s/^/$a $k: /"
  done
done
timeout 300 "$s" bench --winners --n 2^20,2^24 --key u32,u64 --min-samples 3 --max-noise 2 --timeout 0.1 --warmup 1 \
  --winners-csv "$out/winners.csv" --plot "$out/winners.png" --csv "$out/winner-states.csv" >"$out/winners.txt" 2>&1
grep -E "^  (winner|left out|plot)" "$out/winners.txt"
