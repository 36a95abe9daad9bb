#!/bin/sh
# Fuzz/run.sh BINARY RUNS SECONDS TARGET...: runs each libFuzzer target of tactus-fuzz for
# RUNS inputs or SECONDS, whichever comes first, on a corpus seeded from the shipped examples,
# the test traces and the recordings in $SHARED_DATA. Prints what each ran; fails on a finding
# (a crash, a trap, a sanitizer report, an input slower than 10 s or over 2 GB), whose input
# is kept in .build/fuzz/artifacts/.
set -u
binary=$1 runs=$2 seconds=$3
shift 3
root=$(cd "$(dirname "$0")/.." && pwd)
work=$root/.build/fuzz
mkdir -p "$work/artifacts"
export SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=$root/Fuzz/lsan.supp"
status=0
for target in "$@"; do
  corpus=$work/corpus/$target
  "$binary" seed "$target" "$corpus" > /dev/null || { echo "$target: no seeds"; status=1; continue; }
  log=$work/$target.log
  start=$(date +%s)
  "$binary" "$target" -runs="$runs" -max_total_time="$seconds" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$work/artifacts/$target-" -print_final_stats=1 "$corpus" > "$log" 2>&1
  result=$?
  elapsed=$(( $(date +%s) - start ))
  inputs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if [ $result -eq 0 ]; then
    echo "$target: ${inputs:-?} inputs in ${elapsed} s, no finding (corpus: $(ls "$corpus" | wc -l) inputs)"
  else
    echo "$target: FINDING after ${inputs:-?} inputs in ${elapsed} s (exit $result); see $log and $work/artifacts/"
    grep -E "ERROR|SUMMARY|Fatal error|Test unit written" "$log" | head -5 | sed 's/^/    /'
    status=1
  fi
done
exit $status
