# targets: sortscope test_render_interop
# Colour by key, digit, bucket or run on the GPU path: the keys' classes written into the view's GL
# buffer by key_classes_device through CUDA-GL interop (EGL device platform) must draw what the
# upload path draws (test_render_interop), and frames recorded by the GPU kernels, coloured by digit,
# bucket and run, for looking at (the same pictures the CPU build renders with --cpu), plus a
# headless app screenshot whose report says the view was filled through interop.
# Run from the repository root after `source .gpu-sysroot/env.sh`, with the build in /tmp/b.
set -u
B=/tmp/b
LOG="$OUT/colorby"
mkdir -p "$LOG"
rc=0
step() { echo "== $*" | tee -a "$LOG/summary.txt"; }

step "test_render_interop: class colours through interop equal the upload path"
timeout 90 "$B/tests/test_render_interop" \
  --gtest_filter='Interop.ContextIsOnTheCudaDevice:Interop.BarsFromDeviceSnapshotEqualUploadPath:Interop.ClassColoursFromDeviceSnapshotEqualUploadPath' \
  > "$LOG/test_render_interop.txt" 2>&1 || rc=1
tail -6 "$LOG/test_render_interop.txt" | tee -a "$LOG/summary.txt"

# render ALGO N MODE STEPS NAME: one PNG (STEPS a number) or a folder (STEPS all), GPU kernels.
render() {
  local algo=$1 n=$2 mode=$3 steps=$4 name=$5 out
  if [[ $steps == all ]]; then out="$LOG/$name"; else out="$LOG/$name.png"; fi
  step "render $algo n=$n --color-by $mode --steps $steps"
  timeout 60 "$B/sortscope" render --algo "$algo" --n "$n" --color-by "$mode" --steps "$steps" --out "$out" \
    > "$LOG/$name.txt" 2>&1 || rc=1
  grep -E "device|verdict|timeline|renderer|frame" "$LOG/$name.txt" | tee -a "$LOG/summary.txt"
}
render radix 256 digit 0 radix-256-digit-step00
render radix 256 digit 6 radix-256-digit-step06
render radix-onesweep 256 digit 3 onesweep-256-digit-step03
render split-radix 256 digit 12 split-radix-256-digit-step12
render sample-sort 256 bucket 1 sample-256-bucket-step01
render sample-sort 256 bucket 4 sample-256-bucket-step04
render sample-sort 256 bucket 8 sample-256-bucket-step08
render quicksort 256 bucket 4 quicksort-256-bucket-step04
render merge 4096 run all merge-4096-run
render multiway-merge 4096 run all multiway-4096-run
render bitonic 256 run 8 bitonic-256-run-step08
render odd-even-merge 256 run 12 odd-even-256-run-step12
render radix 256 run 3 radix-256-run-fallback-step03

step "gui --headless on the GPU: radix n=256 coloured by digit (the report says how the view was filled)"
timeout 90 "$B/sortscope" gui --headless --no-settings --no-sweep --algo radix --n 256 --color-by digit \
  --script "wait key:right key:right key:right key:right key:right key:right frames:3 report:digit key:k frames:2 report:bucket" \
  --report "$LOG/gui-report.jsonl" --screenshot "$LOG/gui-radix-256-digit.png" > "$LOG/gui.txt" 2>&1 || rc=1
tail -3 "$LOG/gui.txt" | tee -a "$LOG/summary.txt"
python3 - "$LOG/gui-report.jsonl" <<'PY' | tee -a "$LOG/summary.txt" || true
import json, sys
for line in open(sys.argv[1]):
    j = json.loads(line)
    print(f"  report {j['tag']}: step {j['step']}, view '{j['view']}', color_by {j['color_by']}, colours '{j['colours']}'")
PY
step "done, rc=$rc"
exit $rc
