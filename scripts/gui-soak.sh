#!/bin/sh
# GUI soak of maniplab (a benchmark, not a CI test): drives the desktop application as a person would,
# through the X server, and counts crashes, hangs and memory.
#
#   scripts/gui-soak.sh [--sessions N] [--loop-minutes M] [--app PATH] [--out DIR]
#
# Needs Xvfb, a window manager and xdotool (Debian: apt-get install xvfb openbox xdotool x11-apps), and a
# built maniplab (default: build/app/maniplab). It starts its own X server (1600x900) and openbox.
#
# Sessions (default 200): each opens one of the shipped files (scenes/*.json, robots/*.json,
# robots/*.urdf, in turn) with a fresh configuration (its own XDG directories, so the first-start layout
# is the same every time), then: Run (Ctrl+R), Pause and resume (Ctrl+P twice), Français then English
# (Language menu), presentation mode in and out (F11 twice), on a serial scene or robot an edit of link
# 1's CoM x in the chain editor (the window title gains its '*') and Edit > Undo (the '*' goes), and Quit
# (Ctrl+Q). A session is a crash when the process ends by a signal or a non-zero status, a hang when the
# window does not appear within 60 s or does not close within 30 s of Quit (then killed). Its peak
# resident memory is VmHWM of /proc/PID/status just before Quit.
#
# Loop (--loop-minutes M, default 0: none): one session of scenes/default.json run again every 10 s for
# M minutes; VmRSS is sampled every minute (first after the first run, then the last: "flat" when the
# growth is within 5 % of the first sample).
#
# Output: OUT/sessions.tsv (one line per session), OUT/loop.tsv, each session's standard error in
# OUT/session-N.log, a screenshot of the first session after its run, and a summary on standard output.
set -eu

sessions=200
loop_minutes=0
root=$(cd "$(dirname "$0")/.." && pwd)
app=$root/build/app/maniplab
out=soak-$(date +%Y%m%d-%H%M%S)
while [ $# -gt 0 ]; do
  case $1 in
    --sessions) sessions=$2; shift 2 ;;
    --loop-minutes) loop_minutes=$2; shift 2 ;;
    --app) app=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) echo "usage: $0 [--sessions N] [--loop-minutes M] [--app PATH] [--out DIR]" >&2; exit 2 ;;
  esac
done
for tool in Xvfb openbox xdotool import; do
  command -v $tool > /dev/null || { echo "$0: $tool is missing (apt-get install xvfb openbox xdotool imagemagick)" >&2; exit 2; }
done
[ -x "$app" ] || { echo "$0: $app is not built" >&2; exit 2; }
app=$(realpath "$app")
mkdir -p "$out"
out=$(realpath "$out")
work=$(mktemp -d)

# An X server of our own on the first free display from :90.
display=90
while [ -e /tmp/.X$display-lock ]; do display=$((display + 1)); done
export DISPLAY=:$display
Xvfb "$DISPLAY" -screen 0 1600x900x24 -nolisten tcp > "$work/xvfb.log" 2>&1 &
xvfb=$!
sleep 1
openbox > "$work/openbox.log" 2>&1 &
wm=$!
cleanup() {
  kill $wm $xvfb 2> /dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM
sleep 1

cd "$root"
files=$(ls scenes/*.json robots/*.json robots/*.urdf)
nfiles=$(echo "$files" | wc -l)

# start FILE LOG: the application on FILE with a fresh configuration; sets pid and win (empty: no window).
start() {
  cfg=$work/cfg-$$-$(date +%s%N)
  mkdir -p "$cfg"
  XDG_CONFIG_HOME=$cfg/config XDG_DATA_HOME=$cfg/data XDG_CACHE_HOME=$cfg/cache MANIPLAB_RECOVERY_DIR=$cfg/recovery \
    LANG=en_US.UTF-8 LANGUAGE=en "$app" "$1" > "$2" 2>&1 &
  pid=$!
  # Polled rather than `search --sync`, which gives up on the first BadWindow error (the application
  # creates and destroys windows while it starts).
  win=
  tries=0
  while [ -z "$win" ] && [ $tries -lt 120 ] && alive; do
    sleep 0.5
    win=$(xdotool search --onlyvisible --pid $pid --name 'ManipLab' 2> /dev/null | head -1 || true)
    tries=$((tries + 1))
  done
}
alive() { kill -0 "$pid" 2> /dev/null; }
title() { xdotool getwindowname "$win" 2> /dev/null || true; }
key() { xdotool windowactivate --sync "$win" > /dev/null 2>&1 || true; xdotool key --clearmodifiers "$@"; }
# memory KEY: a field of /proc/PID/status in kB (VmHWM, VmRSS)
memory() { awk -v k="$1:" '$1 == k {print $2}' /proc/$pid/status 2> /dev/null || echo 0; }
# finish: Quit, then the session's end (sets result).
finish() {
  key Escape Escape  # a menu left open would take the Quit shortcut
  key ctrl+q
  # A robot file opens in the default scene, which it modifies: the window asks before closing ("Unsaved
  # changes": Save, Discard, Cancel); Discard, as a user who only looked would.
  sleep 1
  dialog=$(xdotool search --onlyvisible --pid $pid --name 'Unsaved changes' 2> /dev/null | head -1 || true)
  if [ -n "$dialog" ]; then
    xdotool windowactivate --sync "$dialog" > /dev/null 2>&1 || true
    xdotool key Tab space
  fi
  waited=0
  while alive && [ $waited -lt 300 ]; do sleep 0.1; waited=$((waited + 1)); done
  if alive; then
    result=hang
    kill -9 $pid 2> /dev/null || true
    wait $pid 2> /dev/null || true
  else
    status=0
    wait $pid || status=$?
    if [ $status -eq 0 ]; then result=ok; else result="crash(status $status)"; fi
  fi
}

printf 'session\tfile\tresult\tseconds\tpeak_rss_kB\tedit\n' > "$out/sessions.tsv"
crashes=0 hangs=0 peak=0 edits=0
i=1
while [ $i -le "$sessions" ]; do
  file=$(echo "$files" | sed -n "$(( (i - 1) % nfiles + 1 ))p")
  t0=$(date +%s.%N)
  log=$out/session-$i.log
  start "$file" "$log"
  edit=n/a hwm=0
  if [ -z "$win" ]; then
    if alive; then result=hang; kill -9 $pid; wait $pid 2> /dev/null || true; else status=0; wait $pid || status=$?; result="crash(status $status, no window)"; fi
  else
    sleep 3
    key ctrl+r; sleep 4                      # run (a few seconds of the scene)
    [ $i -eq 1 ] && import -window root "$out/first-session.png"
    key ctrl+p; sleep 1; key ctrl+p; sleep 2  # pause, resume
    key alt+l; sleep 0.5; key Return; sleep 1           # Français (the first entry)
    key alt+l; sleep 0.5; key Down Return; sleep 1      # English
    key F11; sleep 2; key F11; sleep 2                  # presentation mode in and out
    # An edit of a serial chain: link 1's CoM x in the chain editor (first-start layout), then Edit > Undo.
    if ! grep -q -E '"kind": *"(orthoglide|floating_base|pendulum)"|maniplab-orthoglide|maniplab-satellite' "$file"; then
      before=$(title)
      xdotool mousemove --window "$win" 231 320 click --repeat 3 1; sleep 0.3
      xdotool key --clearmodifiers ctrl+a; xdotool type --delay 20 "0.01"; xdotool key Return; sleep 1
      edited=$(title)
      # Undo (Edit's first entry), and the title is as before the edit. The edit shows in the title ('*')
      # unless it was there already (a robot file modifies the default scene it opens in: "unverified").
      case $before in *"*"*) seen=unverified ;; *) case $edited in *"*"*) seen=ok ;; *) seen=not-applied ;; esac ;; esac
      [ "$seen" != not-applied ] && { key alt+e; sleep 0.5; key Return; sleep 1; }
      if [ "$seen" = not-applied ]; then
        edit=not-applied
      elif [ "$(title)" = "$before" ]; then
        edit=$seen; edits=$((edits + 1))
      else
        edit=undo-failed
      fi
    fi
    hwm=$(memory VmHWM)
    if alive; then finish; else status=0; wait $pid || status=$?; result="crash(status $status)"; fi
  fi
  case $result in ok) ;; hang*) hangs=$((hangs + 1)) ;; *) crashes=$((crashes + 1)) ;; esac
  [ "${hwm:-0}" -gt "$peak" ] && peak=$hwm
  seconds=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {print b - a}')
  printf '%d\t%s\t%s\t%.1f\t%s\t%s\n' $i "$file" "$result" "$seconds" "$hwm" "$edit" >> "$out/sessions.tsv"
  echo "session $i/$sessions $file: $result, peak RSS ${hwm} kB, edit $edit"
  i=$((i + 1))
done

loop_line=""
if [ "$loop_minutes" -gt 0 ]; then
  printf 'minute\trss_kB\n' > "$out/loop.tsv"
  start scenes/default.json "$out/loop.log"
  if [ -z "$win" ]; then
    loop_line="loop: the window did not appear"
  else
    sleep 3
    end=$(( $(date +%s) + loop_minutes * 60 ))
    next=$(date +%s)
    minute=0 first=0 last=0
    while [ "$(date +%s)" -lt $end ] && alive; do
      key ctrl+r
      sleep 10
      if [ "$(date +%s)" -ge $next ]; then
        last=$(memory VmRSS)
        [ $first -eq 0 ] && first=$last
        printf '%d\t%s\n' $minute "$last" >> "$out/loop.tsv"
        minute=$((minute + 1)); next=$((next + 60))
      fi
    done
    if alive; then
      finish
      growth=$(awk -v a="$first" -v b="$last" 'BEGIN {printf "%+.1f", 100 * (b - a) / a}')
      loop_line="loop: $loop_minutes min of scenes/default.json run every 10 s: RSS $first kB after the first run, $last kB at the end ($growth %), end $result"
    else
      loop_line="loop: the application ended during the loop (crash)"
    fi
  fi
fi

echo
echo "maniplab GUI soak ($(date -u +%Y-%m-%dT%H:%MZ), $app)"
echo "sessions: $sessions over $nfiles shipped files; crashes: $crashes; hangs: $hangs; edits undone: $edits; peak RSS: $peak kB"
[ -n "$loop_line" ] && echo "$loop_line"
echo "details: $out"
[ $crashes -eq 0 ] && [ $hangs -eq 0 ]
