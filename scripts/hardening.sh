#!/usr/bin/env bash
# Hardening jobs (issue 9). Any crash, hang, sanitizer report or failing test fails the script.
#  (a) asan : clang, -fsanitize=address,undefined -fno-sanitize-recover=all (+ fuzzer-no-link coverage, so
#             that the same tree also links the fuzz targets): the model and sim tests (ASAN_SCOPE below;
#             ASAN_SCOPE=all: every test except the Qt widget tests (label widgets, gui: job asan-gui), install
#             and package).
#  (a') asan-gui : that same clang tree, the Qt widget library and a subset of the widget tests (ASAN_GUI_TESTS,
#             a ctest regex; ASAN_GUI_TESTS=all: every test labelled widgets but the timing one): the Qt 3D
#             view (test_robot_view, test_robot_view_kinds, test_robot_view_lifetime: Qt 3D node lifetimes),
#             the main window (test_main_window_behaviour; test_recovery: crash recovery), and every
#             offscreen widget test of the tests_ui bundle (the chain editor, the oscilloscope, the panels and
#             dialogs, the simulation worker: 14 tests, 69-74 s under ASan on the VM). The GUI ones run under
#             xvfb-run as ctest registers them (Mesa's llvmpipe), with ASan + UBSan; the offscreen ones also
#             with LeakSanitizer (the Xvfb ones too with ASAN_GUI_LEAKS=1: slow, see the job). Suppressions
#             of third-party code only, each entry explained: tests/asan-qt.supp, tests/lsan-qt.supp. Not in
#             the subset: test_gui (its twelve shipped-scene runs did not finish in its 300 s ctest timeout
#             under ASan on the loaded VM; those runs' simulation code is the asan job's),
#             test_control_panel_scene (111 s under ASan: left out to keep CI well under an hour) and the
#             other GUI tests of the tests_ui_gui bundle (built with it, not run: each adds its run under Xvfb).
#  (b) fuzz : the libFuzzer targets of tests/fuzz/ in that same tree (the four file readers and the six of what
#             the EtherCAT master reads: received frames, mailbox messages, the master's exchange with a slave
#             whose replies are altered, SII images, ESI files, drive profiles); each runs FUZZ_SECONDS (default 60),
#             JOBS of them at a time (10 x 60 s in 5 minutes on 2 cores)
#             from the seed corpus and the regression inputs (-timeout=10: an input running longer is a
#             hang); crash inputs are left in $HARDENING_DIR/fuzz/artifacts/ (add them to
#             tests/fuzz/regressions/<target>/ once fixed).
#  (c) tsan : gcc, -fsanitize=thread: the threaded parts (TSAN_TESTS, a ctest regex: the EtherCAT cycle
#             thread tests, the engine tests and the simulation worker's thread hand-off test), with the
#             commented suppressions of tests/tsan.supp (uninstrumented Qt only).
#  ci       : asan, asan-gui, fuzz and tsan, as the README test command runs them after ctest; there each fuzz target
#             runs 20 s (FUZZ_SECONDS unset; 10 targets in 100 s on 2 cores): the corpus and the
#             regression inputs replayed under ASan + UBSan and some mutation. A fuzzing campaign is
#             `scripts/hardening.sh fuzz` (60 s each) or FUZZ_SECONDS=3600 scripts/hardening.sh fuzz.
# Trees: -O1 with line tables (-gline-tables-only for clang, -g1 for gcc), unity builds (as the release
# preset), only the targets a job needs.
# Usage: scripts/hardening.sh [ci] [asan] [asan-gui] [fuzz] [tsan]   (default: ci)
# Environment: FUZZ_SECONDS (60; 20 in ci), HARDENING_DIR (build-hardening), JOBS (2), TSAN_TESTS, ASAN_GUI_TESTS,
#   ASAN_GUI_LEAKS (0; 1: LeakSanitizer for the Xvfb tests too),
#   ASAN_SCOPE (model-sim: the model/sim/URDF tests that do not run maniplab-cli; all: every non-UI test).
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=$(pwd)
DIR=${HARDENING_DIR:-$SRC/build-hardening}
JOBS=${JOBS:-2}
ASAN_SCOPE=${ASAN_SCOPE:-model-sim}
# (the Xvfb tests, then the offscreen ones: every test of the tests_ui bundle)
asan_gui_default='^(test_robot_view|test_robot_view_kinds|test_robot_view_lifetime|test_main_window_behaviour|test_recovery'
asan_gui_default+='|test_chain_editor|test_scope|test_scope_markers|test_scope_long_run|test_teach_panel|test_trajectory_checks'
asan_gui_default+='|test_algorithms_dialog|test_conservation_panel|test_identification_panel'
asan_gui_default+='|test_sequential_identification_dialog|test_orthoglide_editor|test_ethercat_panel|test_worker_kinds'
asan_gui_default+='|test_view_without_opengl)$'
ASAN_GUI_TESTS=${ASAN_GUI_TESTS:-$asan_gui_default}
TSAN_TESTS=${TSAN_TESTS:-'^(test_ethercat_bus|test_ethercat_faults|test_simulation|test_worker_threads)$'}
jobs_to_run=("$@")
[ ${#jobs_to_run[@]} -eq 0 ] && jobs_to_run=(ci)
if [ "${jobs_to_run[*]}" = ci ]; then
  jobs_to_run=(asan asan-gui fuzz tsan)
  FUZZ_SECONDS=${FUZZ_SECONDS:-20}
fi
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
mkdir -p "$DIR"
log() { printf '\n=== hardening: %s (%s)\n' "$*" "$(date -u +%H:%M:%S)"; }
start=$(date +%s)

configure() {  # configure DIR COMPILER FLAGS [extra cmake args]
  local dir=$1 cxx=$2 flags=$3; shift 3
  # Build type "Hardening": no flags but ours (-O1 and line tables keep compile time low and stack
  # traces readable).
  cmake -S "$SRC" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Hardening -DCMAKE_CXX_COMPILER="$cxx" \
    -DCMAKE_UNITY_BUILD=ON -DMANIPLAB_BUILD_BENCH=OFF -DMANIPLAB_BUILD_PYTHON=OFF -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" \
    -DCMAKE_SHARED_LINKER_FLAGS="$flags" "$@" >/dev/null
}

# The clang tree shared by the asan and fuzz jobs.
configure_san() {
  configure "$1" clang++ "-O1 -gline-tables-only -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
    -DMANIPLAB_FUZZ=ON
}

# Test names (= target names) of the configured tree, selected by their ctest labels (tests/CMakeLists.txt).
tests_labelled() {  # tests_labelled DIR INCLUDE-REGEX EXCLUDE-REGEX
  ctest --test-dir "$1" -N -L "$2" -LE "$3" | sed -nE 's/^ *Test +#[0-9]+: ([A-Za-z0-9_]+)$/\1/p' || true
}
# Every test but the Qt widget tests (label widgets), those that need a display (gui), the install test and
# the package tests (label package: test_package installs the package into the system).
non_ui_tests() { tests_labelled "$1" '.' '^(widgets|gui|install|package)$'; }
# The Qt widget tests (label widgets; those that need a display are also labelled gui), but the timing ones
# (the EtherCAT dock's real 1 kHz cycle).
ui_tests() { tests_labelled "$1" '^widgets$' '^(timing|install|package)$'; }
# The model, URDF and sim tests, without those that run maniplab-cli (the CLI would pull every other library
# into the sanitizer build) and the widget tests. Not the fuzz replays (label fuzz): the fuzz job's libFuzzer
# targets, built in the same ASan + UBSan tree, run every corpus and regression input first, so replaying them
# here too cost a second build of each target's code (about 25 build steps) for nothing.
model_sim_tests() { tests_labelled "$1" '^(model|urdf|sim)$' '^(cli|widgets|gui|install|fuzz)$'; }

build_tests() {  # build_tests DIR NAMES...: builds the tests' targets
  local dir=$1 names=("${@:2}") targets=() t
  for t in "${names[@]}"; do ninja -C "$dir" -t query "$t" >/dev/null 2>&1 && targets+=("$t"); done
  ninja -C "$dir" -j"$JOBS" "${targets[@]}"  # (tests that run maniplab-cli depend on it)
}
run_tests() {  # run_tests DIR NAMES...   (TEST_JOBS tests at a time, default 1)
  local dir=$1 names=("${@:2}") regex
  regex="^($(IFS='|'; echo "${names[*]}"))\$"
  ctest --test-dir "$dir" -R "$regex" --output-on-failure --timeout 900 -j"${TEST_JOBS:-1}"
}
build_and_run() { build_tests "$@" && run_tests "$@"; }

for job in "${jobs_to_run[@]}"; do
  case $job in
    fuzz)
      d=$DIR/fuzz
      [ -f "$d/build.ninja" ] || configure_san "$d"
      log "fuzz: building the libFuzzer targets (clang, ASan + UBSan)"
      targets=(robot_file scene_file urdf csv ecat_frame ecat_mailbox ecat_master ecat_sii ecat_esi ecat_drive_profile)
      ninja -C "$d" -j"$JOBS" "${targets[@]/#/fuzz_}"
      mkdir -p "$d/artifacts"
      # JOBS fuzzers at a time (one process each, one core each): every target still runs FUZZ_SECONDS,
      # the job's wall time is divided by JOBS (5 minutes instead of 10 on 2 cores).
      fuzz_one() {
        local t=$1
        mkdir -p "$d/work/$t"
        ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
          "$d/tests/fuzz/fuzz_$t" -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
          -artifact_prefix="$d/artifacts/$t-" "$d/work/$t" "$SRC/tests/fuzz/corpus/$t" "$SRC/tests/fuzz/regressions/$t" \
          2> "$d/fuzz_$t.log"
      }
      failed=()
      for ((i = 0; i < ${#targets[@]}; i += JOBS)); do
        batch=("${targets[@]:i:JOBS}")
        log "fuzz: ${batch[*]/#/fuzz_} for ${FUZZ_SECONDS} s"
        pids=()
        for t in "${batch[@]}"; do fuzz_one "$t" & pids+=($!); done
        for k in "${!batch[@]}"; do
          t=${batch[$k]}
          if wait "${pids[$k]}"; then
            echo "fuzz_$t: $(grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb|cov: ' "$d/fuzz_$t.log" | tail -3 | tr '\n' ' ')"
          else
            tail -60 "$d/fuzz_$t.log"
            echo "hardening: fuzz_$t FAILED (inputs in $d/artifacts/)"
            failed+=("$t")
          fi
        done
      done
      [ ${#failed[@]} -eq 0 ] || exit 1
      ;;
    asan)
      log "asan: model/sim tests with AddressSanitizer + UndefinedBehaviorSanitizer (clang)"
      d=$DIR/fuzz
      configure_san "$d"
      if [ "$ASAN_SCOPE" = all ]; then
        mapfile -t names < <(non_ui_tests "$d")
      else
        mapfile -t names < <(model_sim_tests "$d")
      fi
      # ASAN_SKIP: tests the sanitizer runtime cannot start. test_trajectories aborts inside ASan's own
      # initialisation, before main (CHECK "tsd_key_inited" in __asan::AsanTSDGet <- free of a glibc
      # dlerror string <- dlsym while installing the interceptors; gcc's libasan crashes at the same
      # point): a sanitizer/glibc start-up problem, not a finding in ManipLab; still run by ctest.
      mapfile -t names < <(printf '%s\n' "${names[@]}" | grep -vE "${ASAN_SKIP:-^test_trajectories\$}")
      # Two tests at a time: none of these is a timing test, and the release ctest runs them so too (one at a
      # time they took 211 s of the job, test_base_parameters_tree 97 s of it).
      ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1 \
        UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 TEST_JOBS=$JOBS build_and_run "$d" "${names[@]}"
      ;;
    asan-gui)
      log "asan-gui: Qt widget and GUI tests with AddressSanitizer + UndefinedBehaviorSanitizer (clang, Xvfb)"
      d=$DIR/fuzz
      [ -f "$d/build.ninja" ] || configure_san "$d"
      if [ "$ASAN_GUI_TESTS" = all ]; then
        mapfile -t names < <(ui_tests "$d")
      else
        mapfile -t names < <(ui_tests "$d" | grep -E "$ASAN_GUI_TESTS")
      fi
      if [ ${#names[@]} -eq 0 ]; then echo "hardening: no test matches ASAN_GUI_TESTS=$ASAN_GUI_TESTS"; exit 1; fi
      # Offscreen widget tests: ASan + UBSan + LSan. The GUI tests (label gui, the Qt 3D view under Xvfb and
      # Mesa's llvmpipe, as ctest registers them; Xvfb and xvfb-run are not instrumented and ignore the
      # sanitizers' variables): ASan + UBSan, LSan only with ASAN_GUI_LEAKS=1. At exit a Qt 3D process
      # holds thousands of allocations made by uninstrumented code (Qt, Qt 3D, Mesa), whose frame-pointer
      # stacks end in unknown addresses; clang 14's LSan re-reads the whole module list for every such
      # address while it matches suppressions, so its leak check alone outlasted a test's ctest timeout
      # (test_main_window_behaviour: its 11 functions passed in 163 s, the leak check was still running
      # 137 s later; test_robot_view: 13 s of tests, over 6 minutes of leak check).
      # Suppressions, third-party code only, each entry explained in its file: tests/asan-qt.supp (ASan
      # reports raised by an interceptor called from an uninstrumented library), tests/lsan-qt.supp (memory
      # that Qt, Qt 3D, Mesa, D-Bus... keep until exit).
      mapfile -t gui_names < <(tests_labelled "$d" '^gui$' '^(timing|install|package)$')
      offscreen=() xvfb=()
      for t in "${names[@]}"; do
        if printf '%s\n' "${gui_names[@]}" | grep -qx "$t"; then xvfb+=("$t"); else offscreen+=("$t"); fi
      done
      # Mesa needs no variable: under Xvfb (no GPU, no DRI device) libGLX_mesa picks llvmpipe itself, whose
      # JIT code is not instrumented and runs as in ctest (LIBGL_ALWAYS_SOFTWARE/GALLIUM_DRIVER change nothing).
      # With ASAN_GUI_LEAKS=1: Mesa's llvmpipe driver (swrast_dri.so) is loaded by libGLX_mesa and unloaded
      # when Qt closes the X display, before LSan's check at exit: the driver's own leaks would then have
      # "<unknown module>" frames, which no suppression can name. Preloaded, it stays mapped and they name it.
      preload=
      if [ "${ASAN_GUI_LEAKS:-0}" = 1 ]; then
        for f in /usr/lib/*/dri/swrast_dri.so /usr/lib/dri/swrast_dri.so; do
          if [ -f "$f" ]; then preload=$f; break; fi
        done
      fi
      build_tests "$d" "${names[@]}"
      asan_opts="abort_on_error=1:strict_string_checks=1:suppressions=$SRC/tests/asan-qt.supp"
      export LSAN_OPTIONS="suppressions=$SRC/tests/lsan-qt.supp:print_suppressions=1"
      export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
      if [ ${#offscreen[@]} -gt 0 ]; then
        log "asan-gui: offscreen, with leak detection: ${offscreen[*]}"
        ASAN_OPTIONS="detect_leaks=1:$asan_opts" run_tests "$d" "${offscreen[@]}"
      fi
      if [ ${#xvfb[@]} -gt 0 ]; then
        log "asan-gui: under Xvfb, leak detection ${ASAN_GUI_LEAKS:-0}: ${xvfb[*]}"
        LD_PRELOAD=${preload:-${LD_PRELOAD:-}} ASAN_OPTIONS="detect_leaks=${ASAN_GUI_LEAKS:-0}:$asan_opts" \
          run_tests "$d" "${xvfb[@]}"
      fi
      unset LSAN_OPTIONS UBSAN_OPTIONS
      ;;
    tsan)
      log "tsan: threaded parts with ThreadSanitizer (gcc)"
      d=$DIR/tsan
      configure "$d" g++ "-O1 -g1 -fsanitize=thread -fno-omit-frame-pointer"
      mapfile -t names < <(non_ui_tests "$d" | grep -E "$TSAN_TESTS")
      if [ ${#names[@]} -eq 0 ]; then echo "hardening: no test matches TSAN_TESTS=$TSAN_TESTS"; exit 1; fi
      # The EtherCAT tests' real-time tracking comparisons are printed, not asserted, under TSan
      # (tests/support/timing_tolerance.hpp); everything else they check, and every other test, must pass.
      TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$SRC/tests/tsan.supp" \
        build_and_run "$d" "${names[@]}"
      ;;
    *) echo "usage: scripts/hardening.sh [ci] [asan] [asan-gui] [fuzz] [tsan]"; exit 2 ;;
  esac
done
log "all jobs passed in $(( $(date +%s) - start )) s"
