#!/usr/bin/env bash
# Builds the libFuzzer targets with clang, AddressSanitizer and UndefinedBehaviorSanitizer, in the
# tree scripts/sanitize.sh tests (build-asan, scripts/asan_tree.sh: after it, only the targets' own
# sources compile), and runs each for SECONDS (default 60) on a working copy of its seed corpus in
# fuzz/corpus, one target per core at a time. Prints executions per target; exits non-zero if any
# target finds a crash, a leak or a broken property (the input is kept in build-fuzz/findings/).
#   scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
targets=(tile_parser option_parsers batch_loader kernel_text)
jobs=$(nproc)
scripts/asan_tree.sh
cmake --build build-asan -j"$jobs" --target "${targets[@]/#/fuzz_}"
mkdir -p build-fuzz/findings

fuzz() {  # TARGET: fuzzes it for SECONDS; its log in build-fuzz/TARGET.log, its exit status in TARGET.status
  local target=$1 work="build-fuzz/corpus/$1" status=0
  mkdir -p "$work"
  "build-asan/fuzz/fuzz_$target" "$work" "fuzz/corpus/$target" -max_total_time="$seconds" -max_len=4096 \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="build-fuzz/findings/$target-" \
    >"build-fuzz/$target.log" 2>&1 || status=$?
  echo "$status" >"build-fuzz/$target.status"
}
rm -f build-fuzz/*.status
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  fuzz "$target" &
done
wait

total=0
status=0
for target in "${targets[@]}"; do
  log="build-fuzz/$target.log"
  if [ "$(cat "build-fuzz/$target.status")" != 0 ]; then
    status=1
    echo "fuzz_$target: FAILED; see $log and build-fuzz/findings/"
    tail -n 30 "$log"
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  corpus=$(ls "build-fuzz/corpus/$target" | wc -l)
  echo "fuzz_$target: ${runs:-0} executions in ${seconds} s, corpus ${corpus} inputs"
  total=$((total + ${runs:-0}))
done
echo "fuzzing: ${total} executions in all, ${#targets[@]} targets x ${seconds} s"
exit "$status"
