#!/usr/bin/env bash
# Hardening jobs (issue 9). Any crash, hang, sanitizer report or failing test fails the script.
#  (a) fuzz : clang + libFuzzer + ASan + UBSan; each target of tests/fuzz/ runs FUZZ_SECONDS (default 60)
#             from the seed corpus and the regression inputs; crash inputs are left in
#             $HARDENING_DIR/fuzz/artifacts/ (add them to tests/fuzz/regressions/<target>/ once fixed).
#  (b) asan : gcc, -fsanitize=address,undefined: every model/sim/CLI/URDF test (all tests except the Qt
#             widget tests declared in tests/ui_*_tests.cmake and the install test).
#  (c) tsan : gcc, -fsanitize=thread: the threaded parts (TSAN_TESTS, a ctest regex: the EtherCAT cycle
#             thread tests and the engine tests).
# Usage: scripts/hardening.sh [fuzz] [asan] [tsan]   (default: all three)
# Environment: FUZZ_SECONDS (60), HARDENING_DIR (build-hardening), JOBS (2), TSAN_TESTS.
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=$(pwd)
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
DIR=${HARDENING_DIR:-$SRC/build-hardening}
JOBS=${JOBS:-2}
TSAN_TESTS=${TSAN_TESTS:-'^(test_ethercat.*|test_simulation)$'}
jobs_to_run=("$@")
[ ${#jobs_to_run[@]} -eq 0 ] && jobs_to_run=(fuzz asan tsan)
mkdir -p "$DIR"
log() { printf '\n=== hardening: %s (%s)\n' "$*" "$(date -u +%H:%M:%S)"; }
start=$(date +%s)

configure() {  # configure DIR COMPILER FLAGS [extra cmake args]
  local dir=$1 cxx=$2 flags=$3; shift 3
  # Build type "Hardening": no flags but ours (-O1 and line tables keep compile time low and stack
  # traces readable).
  cmake -S "$SRC" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Hardening -DCMAKE_CXX_COMPILER="$cxx" \
    -DMANIPLAB_BUILD_BENCH=OFF -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" \
    -DCMAKE_SHARED_LINKER_FLAGS="$flags" "$@" >/dev/null
}

# Test names (= target names) of the configured tree, without the Qt widget tests and the install test.
non_ui_tests() {
  local dir=$1 ui
  ui=$(grep -hoE '(maniplab_add_test\(|add_executable\(|add_test\(NAME )[A-Za-z0-9_]+' "$SRC"/tests/ui_*_tests.cmake |
       sed -E 's/.*[( ]//' | sort -u)
  ctest --test-dir "$dir" -N | sed -nE 's/^ *Test +#[0-9]+: ([A-Za-z0-9_]+)$/\1/p' |
    grep -vxF -f <(printf "%s\n" $ui test_install test_robot_view_meshes test_scope_long_run) || true
}

build_and_run() {  # build_and_run DIR REGEX-or-empty: builds the tests' targets, runs them
  local dir=$1 names=("${@:2}") targets=() t
  for t in "${names[@]}"; do ninja -C "$dir" -t query "$t" >/dev/null 2>&1 && targets+=("$t"); done
  ninja -C "$dir" -j"$JOBS" "${targets[@]}" maniplab-cli
  local regex
  regex="^($(IFS='|'; echo "${names[*]}"))\$"
  ctest --test-dir "$dir" -R "$regex" --output-on-failure --timeout 900
}

for job in "${jobs_to_run[@]}"; do
  case $job in
    fuzz)
      log "fuzz: building the libFuzzer targets (clang, ASan + UBSan)"
      d=$DIR/fuzz
      configure "$d" clang++ "-O1 -gline-tables-only -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
        -DMANIPLAB_FUZZ=ON
      targets=(robot_file scene_file urdf csv)
      ninja -C "$d" -j"$JOBS" "${targets[@]/#/fuzz_}"
      mkdir -p "$d/artifacts"
      for t in "${targets[@]}"; do
        log "fuzz: fuzz_$t for ${FUZZ_SECONDS} s"
        mkdir -p "$d/work/$t"
        ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
          "$d/tests/fuzz_$t" -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
          -artifact_prefix="$d/artifacts/$t-" "$d/work/$t" "$SRC/tests/fuzz/corpus/$t" "$SRC/tests/fuzz/regressions/$t" \
          2> "$d/fuzz_$t.log" || { tail -60 "$d/fuzz_$t.log"; echo "hardening: fuzz_$t FAILED (inputs in $d/artifacts/)"; exit 1; }
        grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb|cov: ' "$d/fuzz_$t.log" | tail -3
      done
      ;;
    asan)
      log "asan: model/sim tests with AddressSanitizer + UndefinedBehaviorSanitizer (gcc)"
      d=$DIR/asan
      configure "$d" g++ "-O1 -g1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
      mapfile -t names < <(non_ui_tests "$d")
      ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1 \
        UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 build_and_run "$d" "${names[@]}"
      ;;
    tsan)
      log "tsan: threaded parts with ThreadSanitizer (gcc)"
      d=$DIR/tsan
      configure "$d" g++ "-O1 -g1 -fsanitize=thread -fno-omit-frame-pointer"
      mapfile -t names < <(non_ui_tests "$d" | grep -E "$TSAN_TESTS")
      if [ ${#names[@]} -eq 0 ]; then echo "hardening: no test matches TSAN_TESTS=$TSAN_TESTS"; exit 1; fi
      TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 build_and_run "$d" "${names[@]}"
      ;;
    *) echo "usage: scripts/hardening.sh [fuzz] [asan] [tsan]"; exit 2 ;;
  esac
done
log "all jobs passed in $(( $(date +%s) - start )) s"
