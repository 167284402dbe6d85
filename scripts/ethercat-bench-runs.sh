#!/bin/sh
# ethercat-bench-runs.sh: how often the veth EtherCAT demonstration completes on this PC (issue 20).
# Runs the UMIS scene over a veth link against `ecat-sim` in a network namespace (as
# scripts/ethercat-veth.sh demo does) N times idle and N times with a CPU-bound process beside it, and
# prints per condition: completed runs, irregular control periods per run (median, max), bad cycles per
# run (median, max) and the longest time without a good cycle over all runs. A benchmark, not a test:
# it prints figures for sim/ethercat/README.md ("Benchmark: runs that complete"), it asserts nothing.
#
#   sudo scripts/ethercat-bench-runs.sh [N] [HOGS]     N runs per condition (default 20), HOGS CPU-bound
#                                                     processes in the loaded condition (default 1)
#
# Environment: MANIPLAB_CLI (default build/app/maniplab-cli), SCENE (default scenes/umis_ctc_vs_pid.json),
# CONTROLLER (computed_torque), RUN_ARGS (extra `run` options, e.g. "--loss-budget-ms 25"), SIM_ARGS (extra
# `ecat-sim` options; default "--realtime", as scripts/ethercat-veth.sh demo: the virtual drives stand for
# hardware; SIM_ARGS= runs them at normal priority, where a busy machine delays their replies),
# ECAT_NS / ECAT_MASTER_IF / ECAT_SLAVE_IF (default maniplab-bench / ecat-bm / ecat-bs: apart from the
# names the tests and the demo use, so that a bench does not tear down their link), KEEP=DIR (keep each
# run's output there). Needs root (or CAP_NET_ADMIN + CAP_NET_RAW) and iproute2, like ethercat-veth.sh.
set -eu
N=${1:-20}
HOGS=${2:-1}
HERE=$(cd "$(dirname "$0")/.." && pwd)
CLI=${MANIPLAB_CLI:-$HERE/build/app/maniplab-cli}
SCENE=${SCENE:-$HERE/scenes/umis_ctc_vs_pid.json}
CONTROLLER=${CONTROLLER:-computed_torque}
RUN_ARGS=${RUN_ARGS:-}
SIM_ARGS=${SIM_ARGS---realtime}
export ECAT_NS=${ECAT_NS:-maniplab-bench} ECAT_MASTER_IF=${ECAT_MASTER_IF:-ecat-bm} ECAT_SLAVE_IF=${ECAT_SLAVE_IF:-ecat-bs}
VETH="$HERE/scripts/ethercat-veth.sh"
[ -x "$CLI" ] || { echo "ethercat-bench-runs: $CLI not found (build maniplab-cli first)" >&2; exit 2; }
case "$N" in '' | *[!0-9]*) echo "ethercat-bench-runs: N must be a number of runs, got '$N'" >&2; exit 2 ;; esac
case "$HOGS" in '' | *[!0-9]*) echo "ethercat-bench-runs: HOGS must be a number, got '$HOGS'" >&2; exit 2 ;; esac
WORK=$(mktemp -d)
SIM= HOGPIDS=
cleanup() {
  for p in $SIM $HOGPIDS; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  "$VETH" down >/dev/null 2>&1 || true
  if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp "$WORK"/*.out "$KEEP"/ 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM
"$VETH" up >/dev/null

# One run: a fresh ecat-sim (the drives start from power-up each time), then the scene over the link.
# Writes the run's output to $WORK/<cond>-<i>.out and one line "rc irregular bad gap_ms" to $WORK/<cond>.tab.
one_run() {  # cond i
  out="$WORK/$1-$2.out"
  # shellcheck disable=SC2086
  ip netns exec "$ECAT_NS" "$CLI" ecat-sim --ifname "$ECAT_SLAVE_IF" --scene "$SCENE" --quiet $SIM_ARGS >"$WORK/sim.log" 2>&1 &
  SIM=$!
  sleep 0.5
  rc=0
  # shellcheck disable=SC2086
  "$CLI" run "$SCENE" --controller "$CONTROLLER" --backend ethercat --ifname "$ECAT_MASTER_IF" $RUN_ARGS >"$out" 2>&1 || rc=$?
  kill "$SIM" 2>/dev/null || true
  wait "$SIM" 2>/dev/null || true
  SIM=
  irr=$(sed -n 's/.*EtherCAT: irregular control periods \([0-9]*\).*/\1/p' "$out" | tail -n 1)
  bad=$(sed -n 's/.*EtherCAT: bad cycles \([0-9]*\) in .*/\1/p' "$out" | tail -n 1)
  gap=$(sed -n 's/.*longest time without a good cycle \([0-9.]*\) ms.*/\1/p' "$out" | tail -n 1)
  echo "$rc ${irr:--} ${bad:--} ${gap:--}" >>"$WORK/$1.tab"
  printf '  %s run %d: exit %d, irregular periods %s, bad cycles %s, longest gap %s ms\n' "$1" "$2" "$rc" "${irr:--}" "${bad:--}" "${gap:--}"
  if [ "$rc" -ne 0 ]; then
    why=$(grep -m 1 "EtherCAT fault: \|^maniplab-cli: error\|error: " "$out" || tail -n 1 "$out")
    echo "      $why"
    echo "$why" | sed 's/cycle [0-9]*/cycle N/; s/[0-9][0-9]* bad cycles/N bad cycles/; s/for [0-9.]* ms since cycle [0-9]*/for T ms/' >>"$WORK/$1.why"
  fi
}

condition() {  # cond hogs
  : >"$WORK/$1.tab"
  : >"$WORK/$1.why"
  HOGPIDS=
  h=0
  while [ "$h" -lt "$2" ]; do
    sh -c 'while :; do :; done' &
    HOGPIDS="$HOGPIDS $!"
    h=$((h + 1))
  done
  echo "$1: $N run(s), $2 CPU-bound process(es) beside them, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  i=1
  while [ "$i" -le "$N" ]; do one_run "$1" "$i"; i=$((i + 1)); done
  for p in $HOGPIDS; do kill "$p" 2>/dev/null || true; done
  for p in $HOGPIDS; do wait "$p" 2>/dev/null || true; done
  HOGPIDS=
}

# Median and max of a column of numbers ('-' ignored).
stats() {
  grep -v '^-$' | sort -g | awk '{v[NR]=$1} END {if (NR == 0) {print "- -"; exit}
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print m, v[NR]}'
}

echo "EtherCAT veth runs: $(basename "$SCENE"), controller $CONTROLLER, $(nproc) CPU(s), kernel $(uname -r)${RUN_ARGS:+, run options: $RUN_ARGS}${SIM_ARGS:+, ecat-sim options: $SIM_ARGS}"
condition idle 0
condition loaded "$HOGS"

echo
echo "| condition | completed | irregular periods per run (median, max) | bad cycles per run (median, max) | longest gap [ms] |"
echo "|---|---|---|---|---|"
for c in idle loaded; do
  t="$WORK/$c.tab"
  done_=$(awk '$1 == 0' "$t" | wc -l)
  total=$(wc -l <"$t")
  set -- $(cut -d' ' -f2 "$t" | stats)
  irr="$1, $2"
  set -- $(cut -d' ' -f3 "$t" | stats)
  bad="$1, $2"
  set -- $(cut -d' ' -f4 "$t" | stats)
  gap=$2
  label=$c
  [ "$c" = loaded ] && label="$HOGS CPU-bound"
  echo "| $label | $done_ of $total | $irr | $bad | $gap |"
done
echo
for c in idle loaded; do
  if [ -s "$WORK/$c.why" ]; then
    echo "$c: why the runs that did not complete stopped (count, reason):"
    sort "$WORK/$c.why" | uniq -c | sort -rn | sed 's/^/  /'
  fi
done
