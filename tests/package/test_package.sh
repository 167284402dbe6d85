#!/usr/bin/env bash
# The Debian package as a lab administrator uses it (app/packaging/README.md), on this machine, as root:
#  1. builds it with cpack from the build tree (no second compile), checks its version against the
#     programs' --version, runs lintian (no error; every warning explained in app/packaging/README.md),
#     `appstreamcli validate` on its metainfo and desktop-file-validate on its menu entry;
#  2. installs it with apt from the local file (and python3-maniplab when cpack wrote it), then: the
#     installed maniplab-cli compares an installed scene (provenance lines checked), the installed GUI
#     starts under Xvfb and is photographed (build/screenshots/installed_gui.png), bash completion
#     completes, the helper has its group, mode and capability, the Python module imports;
#  3. EtherCAT rights: over a veth pair (virtual UMIS drives in a network namespace), a throw-away member
#     of the group maniplab-ethercat runs the UMIS scene and scans the bus without root, with real-time
#     limits; a throw-away non-member is refused with the message naming the group and the command, and
#     still runs a simulation;
#  4. purges it and checks that nothing of it is left: no file of its list, no capability that was not
#     there before (getcap -r /usr), no group, no statoverride, no limits file.
# Everything it creates is removed on exit, on failure too (trap). Exit 77 (ctest SKIP_RETURN_CODE): not
# root, or maniplab already installed on this machine (the test would replace it).
#
#   test_package.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
SRC=$1
BUILD=$2
[ "$(id -u)" -eq 0 ] || { echo "SKIP: the package test installs into this system and needs root"; exit 77; }
if dpkg-query -W -f='${Status}' maniplab 2>/dev/null | grep -q "ok installed"; then
  echo "SKIP: the package maniplab is installed on this machine: the test would replace and purge it"
  exit 77
fi
for tool in cpack lintian appstreamcli desktop-file-validate apt-get dpkg-deb xvfb-run import identify xwininfo \
            ip setcap getcap useradd userdel su; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (./install-deps.sh installs it)"; exit 1; }
done
[ -f /usr/share/bash-completion/bash_completion ] || { echo "FAIL: bash-completion is missing (./install-deps.sh)"; exit 1; }

WORK=$BUILD/package-test
TAG=$$
MEMBER=mlpkgm$TAG
OTHER=mlpkgo$TAG
NS=mlpkgns$TAG MIF=mlpkm$TAG SIF=mlpks$TAG
installed=0 drives_pid="" gui_pid="" SHARED=""
step() { printf '\n=== package test: %s (%s)\n' "$*" "$(date -u +%H:%M:%S)"; }
fail() { echo "FAIL: $*"; exit 1; }

cleanup() {
  local rc=$?
  set +e
  [ -n "$gui_pid" ] && kill "$gui_pid" 2>/dev/null
  [ -n "$drives_pid" ] && { kill "$drives_pid" 2>/dev/null; wait "$drives_pid" 2>/dev/null; }
  ECAT_NS=$NS ECAT_MASTER_IF=$MIF ECAT_SLAVE_IF=$SIF sh "$SRC/scripts/ethercat-veth.sh" down >/dev/null 2>&1
  for u in "$MEMBER" "$OTHER"; do id "$u" >/dev/null 2>&1 && userdel "$u" >/dev/null 2>&1; done
  if [ "$installed" = 1 ]; then
    echo "package test: cleaning up: purging the packages it installed"
    DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq maniplab python3-maniplab >/dev/null 2>&1 ||
      DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq maniplab >/dev/null 2>&1
  fi
  [ -n "$SHARED" ] && rm -rf "$SHARED"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

rm -rf "$WORK" && mkdir -p "$WORK"
VERSION=$("$BUILD/app/maniplab-cli" --version | sed 's/^maniplab-cli //')
[ -n "$VERSION" ] || fail "no version from $BUILD/app/maniplab-cli --version"

# --- 1. Build and check the package ---------------------------------------------------------------------
elapsed() { local ms=$(( ($(date +%s%N) - $1) / 1000000 )); printf '%d.%03d' $((ms / 1000)) $((ms % 1000)); }
step "cpack (DEB) from the build tree"
start=$(date +%s%N)
cpack --config "$BUILD/CPackConfig.cmake" -B "$WORK/out" >"$WORK/cpack.log" 2>&1 || { cat "$WORK/cpack.log"; fail "cpack"; }
echo "cpack: $(elapsed "$start") s"
DEB=$(ls "$WORK"/out/maniplab_*.deb)
PYDEB=$(ls "$WORK"/out/python3-maniplab_*.deb 2>/dev/null || true)
ls -l "$WORK"/out/*.deb
[ "$(dpkg-deb -f "$DEB" Version)" = "$VERSION-1" ] || fail "package version $(dpkg-deb -f "$DEB" Version), programs $VERSION"
[ "$(basename "$DEB")" = "maniplab_${VERSION}-1_$(dpkg --print-architecture).deb" ] || fail "file name $(basename "$DEB")"
dpkg-deb -f "$DEB" Depends | tee "$WORK/depends.txt"
# dpkg-shlibdeps computed the libraries (Qt's, libstdc++...), the hand-written ones are the plugins and tools.
grep -q "libqt6widgets6" "$WORK/depends.txt" && grep -q "libc6 (>=" "$WORK/depends.txt" || fail "Depends not computed by dpkg-shlibdeps"
echo "package size: $(stat -c %s "$DEB") bytes; installed size: $(dpkg-deb -f "$DEB" Installed-Size) KiB"

step "lintian"
lintian --allow-root --display-info --tag-display-limit 0 "$DEB" $PYDEB >"$WORK/lintian.txt" 2>&1 || true
cat "$WORK/lintian.txt"
if grep -q '^E: ' "$WORK/lintian.txt"; then fail "lintian reports errors"; fi
# Every warning is explained in app/packaging/README.md (its tag is named there).
for tag in $(sed -n 's/^W: [^ ]*: \([a-z0-9-]*\).*/\1/p' "$WORK/lintian.txt" | sort -u); do
  grep -q -- "$tag" "$SRC/app/packaging/README.md" || fail "lintian warning $tag is not explained in app/packaging/README.md"
done

step "AppStream metadata and desktop entry"
mkdir -p "$WORK/x" && dpkg-deb -x "$DEB" "$WORK/x"
METAINFO=$(ls "$WORK"/x/usr/share/metainfo/*.metainfo.xml)
appstreamcli validate --no-net "$METAINFO" || fail "appstreamcli validate $METAINFO"
grep -q "<release version=\"$VERSION\"" "$METAINFO" || fail "metainfo release is not $VERSION"
desktop-file-validate "$WORK/x/usr/share/applications/maniplab.desktop" || fail "desktop-file-validate"
for s in 16 22 24 32 48 64 128 256; do
  f=$WORK/x/usr/share/icons/hicolor/${s}x${s}/apps/maniplab.png
  [ "$(identify -format '%wx%h' "$f")" = "${s}x${s}" ] || fail "icon $f is not ${s}x${s}"
done
[ -f "$WORK/x/usr/share/icons/hicolor/scalable/apps/maniplab.svg" ] || fail "no scalable icon"
for b in maniplab maniplab-cli; do
  file "$WORK/x/usr/bin/$b" | grep -q "stripped" && ! file "$WORK/x/usr/bin/$b" | grep -q "not stripped" || fail "$b not stripped"
done

# --- 2. Install from the local file -----------------------------------------------------------------------
getcap -r /usr 2>/dev/null | sort >"$WORK/caps-before.txt" || true
step "apt-get install ./$(basename "$DEB") ${PYDEB:+./$(basename "$PYDEB")}"
cd "$WORK/out"
installed=1
start=$(date +%s%N)
DEBIAN_FRONTEND=noninteractive apt-get install -y -q "./$(basename "$DEB")" ${PYDEB:+"./$(basename "$PYDEB")"} >"$WORK/apt-install.log" 2>&1 ||
  { cat "$WORK/apt-install.log"; fail "apt-get install"; }
echo "install time (apt-get install from the local file): $(elapsed "$start") s"
cd "$WORK"
dpkg -L maniplab ${PYDEB:+python3-maniplab} | sort >"$WORK/files.txt"
[ "$(/usr/bin/maniplab-cli --version)" = "maniplab-cli $VERSION" ] || fail "installed maniplab-cli --version"
[ "$(QT_QPA_PLATFORM=offscreen /usr/bin/maniplab --version)" = "ManipLab $VERSION" ] || fail "installed maniplab --version"

HELPER=/usr/lib/maniplab/maniplab-ethercat-socket
getent group maniplab-ethercat >/dev/null || fail "no group maniplab-ethercat after install"
[ "$(stat -c '%U:%G %a' "$HELPER")" = "root:maniplab-ethercat 750" ] || fail "helper is $(stat -c '%U:%G %a' "$HELPER")"
getcap "$HELPER" | grep -q "cap_net_raw=ep" || fail "helper capabilities: $(getcap "$HELPER")"
dpkg-statoverride --list "$HELPER" | grep -q "^root maniplab-ethercat 750 " || fail "no statoverride for the helper"
for b in /usr/bin/maniplab /usr/bin/maniplab-cli; do [ -z "$(getcap "$b")" ] || fail "$b holds capabilities"; done
[ -f /etc/security/limits.d/maniplab-ethercat.conf ] || fail "no limits file"

step "the installed maniplab-cli compares an installed scene"
/usr/bin/maniplab-cli compare /usr/share/maniplab/scenes/default.json --csv-dir "$WORK/compare" --quiet >"$WORK/compare.txt" ||
  fail "maniplab-cli compare"
cat "$WORK/compare.txt"
expected="# maniplab-cli $VERSION; scene /usr/share/maniplab/scenes/default.json; robot /usr/share/maniplab/robots/puma560.json"
[ "$(head -n 1 "$WORK/compare/comparison.csv")" = "$expected" ] || fail "comparison.csv provenance: $(head -n 1 "$WORK/compare/comparison.csv")"
[ "$(head -n 1 "$WORK/compare/pid.csv")" = "$expected; controller pid" ] || fail "pid.csv provenance: $(head -n 1 "$WORK/compare/pid.csv")"
/usr/bin/maniplab-cli compare /usr/share/maniplab/scenes/default.json --json --quiet >"$WORK/compare.json"
grep -q "\"version\": \"$VERSION\"" "$WORK/compare.json" || fail "no provenance in compare --json"

step "bash completion"
complete_words() {  # complete_words WORD... : what TAB offers after them
  bash -c 'source /usr/share/bash-completion/bash_completion; source /usr/share/bash-completion/completions/maniplab-cli
           COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
           _maniplab_cli; printf "%s\n" "${COMPREPLY[@]}"' _ "$@"
}
[ "$(complete_words maniplab-cli compa)" = compare ] || fail "completion of 'compa': $(complete_words maniplab-cli compa)"
complete_words maniplab-cli run x.json --back | grep -qx -- --backend || fail "completion of 'run --back'"
[ "$(complete_words maniplab-cli run x.json --backend "" | sort | tr '\n' ' ')" = "ethercat sim " ] ||
  fail "completion of 'run --backend': $(complete_words maniplab-cli run x.json --backend "")"

step "the installed GUI under Xvfb"
mkdir -p "$WORK/home" "$BUILD/screenshots"
SHOT=$BUILD/screenshots/installed_gui.png
rm -f "$SHOT"
HOME=$WORK/home XDG_CONFIG_HOME=$WORK/home/.config LANG=C.UTF-8 QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1600x1000x24" sh -c '
  /usr/bin/maniplab >"$1/gui.log" 2>&1 & pid=$!
  i=0
  until xwininfo -root -tree | grep -q "ManipLab\""; do
    i=$((i + 1)); [ $i -le 120 ] && kill -0 $pid 2>/dev/null || { echo "the GUI did not show its window"; kill $pid; exit 1; }
    sleep 0.5
  done
  sleep 5   # let Qt 3D and the scope draw their first frames (the window is up: this only waits for pixels)
  import -window root "$2"; rc=$?
  kill $pid; wait $pid 2>/dev/null
  exit $rc' _ "$WORK" "$SHOT" || { cat "$WORK/gui.log"; fail "GUI under Xvfb"; }
[ "$(identify -format '%wx%h' "$SHOT")" = 1600x1000 ] || fail "screenshot size"
colours=$(identify -format '%k' "$SHOT")
[ "$colours" -gt 200 ] || fail "the screenshot has $colours colours: nothing drawn?"
echo "screenshot: $SHOT ($colours colours)"

if [ -n "$PYDEB" ]; then
  step "the Python module from the installed package"
  # Debian's interpreter (a python3 earlier on PATH, e.g. pyenv's, does not read /usr/lib/python3/dist-packages):
  # the module from the installed path, the shipped robots and scenes found in /usr/share/maniplab, a run.
  (cd / && env -u PYTHONPATH -u MANIPLAB_DATA_DIR /usr/bin/python3 -c "
import sys, warnings
warnings.simplefilter('ignore')
import numpy as np, maniplab as ml
print(ml.__file__, ml.__version__, ml.data_dir())
assert ml.__file__.startswith('/usr/lib/python3/dist-packages/maniplab/'), ml.__file__
assert ml.data_dir() == '/usr/share/maniplab', ml.data_dir()
assert ml.__version__ == '$VERSION', ml.__version__
M = ml.Robot(ml.data_path('robots/puma560.json')).mass_matrix(np.zeros(6))
run = ml.Scene(ml.data_path('scenes/planar2r_teaching.json')).run('pid')
print('M11 = %g; %r' % (M[0, 0], run))
sys.exit(0 if run.ok and M[0, 0] > 0 else 1)
") || fail "the Python module from the installed package"
fi

# --- 3. EtherCAT rights ------------------------------------------------------------------------------------
step "EtherCAT rights: a member and a non-member of maniplab-ethercat over a veth pair"
useradd -M -N -s /bin/sh "$MEMBER"
useradd -M -N -s /bin/sh "$OTHER"
adduser --quiet "$MEMBER" maniplab-ethercat
SHARED=$(mktemp -d) && chmod 1777 "$SHARED"  # readable and writable by the throw-away users
SCENE=$SHARED/umis_short.json
sed -e 's#"robot": "../robots/umis.json"#"robot": "/usr/share/maniplab/robots/umis.json"#' -e 's#"duration": 5.0#"duration": 0.5#' \
  /usr/share/maniplab/scenes/umis_ctc_vs_pid.json >"$SCENE"
grep -q '"duration": 0.5' "$SCENE" && chmod 644 "$SCENE" || fail "could not write the short scene"
as() { local u=$1; shift; su -s /bin/sh "$u" -c "cd / && $*"; }
# Real-time limits at login (pam_limits, as su applies them). pam_limits raises hard limits, which needs
# CAP_SYS_RESOURCE: a container may withhold it even from root (then no login gets them, and the member's
# run below warns that SCHED_FIFO and mlockall are not permitted; only that is tolerated then).
limits=1
if ! bash -c "ulimit -H -r 99" 2>/dev/null; then
  limits=0
  echo "NOTE: this machine cannot raise hard limits (no CAP_SYS_RESOURCE): pam_limits' real-time limits are not checked"
fi
if [ $limits = 1 ]; then
  [ "$(as "$MEMBER" 'ulimit -r')" = 95 ] && [ "$(as "$MEMBER" 'ulimit -l')" = unlimited ] ||
    fail "member limits: rtprio $(as "$MEMBER" 'ulimit -r'), memlock $(as "$MEMBER" 'ulimit -l')"
  [ "$(as "$OTHER" 'ulimit -r')" = 0 ] || fail "non-member rtprio $(as "$OTHER" 'ulimit -r')"
fi

export ECAT_NS=$NS ECAT_MASTER_IF=$MIF ECAT_SLAVE_IF=$SIF
sh "$SRC/scripts/ethercat-veth.sh" up
ip netns exec "$NS" /usr/bin/maniplab-cli ecat-sim --ifname "$SIF" --scene "$SCENE" --duration 300 --realtime --quiet \
  >"$WORK/drives.log" 2>&1 &
drives_pid=$!
sleep 1
kill -0 "$drives_pid" || { cat "$WORK/drives.log"; fail "ecat-sim did not start"; }

# The member: the helper opens the socket, the bus comes up, no privilege is missing.
as "$MEMBER" "/usr/bin/maniplab-cli ecat-scan --ifname $MIF" >"$WORK/member-scan.txt" 2>&1 ||
  { cat "$WORK/member-scan.txt"; fail "ecat-scan as a member"; }
grep -c "ManipLab VD-402" "$WORK/member-scan.txt" | grep -qx 6 || { cat "$WORK/member-scan.txt"; fail "the member's scan did not list 6 drives"; }
set +e
# An 80 ms loss budget (the drives' watchdog is 100 ms), as the other real-link tests use: a container
# without CAP_SYS_RESOURCE runs the cycle at normal priority, where a scheduler stall of tens of ms happens.
as "$MEMBER" "/usr/bin/maniplab-cli run $SCENE --controller computed_torque --backend ethercat --ifname $MIF --loss-budget-ms 80 --csv $SHARED/member.csv" \
  >"$WORK/member-run.txt" 2>&1
rc=$?
set -e
cat "$WORK/member-run.txt"
grep -q "6 drive(s) in OP" "$WORK/member-run.txt" || fail "the member's run did not bring the drives to OP"
privileges=$(cat "$WORK/member-run.txt")
if [ $limits = 0 ]; then  # (above)
  privileges=$(grep -vE "warning: (SCHED_FIFO|mlockall) not permitted" "$WORK/member-run.txt" || true)
fi
if grep -qiE "not permitted|cap_net_raw|cap_sys_nice|cap_ipc_lock|maniplab-ethercat" <<<"$privileges"; then
  fail "the member's run lacked a privilege"
fi
if [ $rc -ne 0 ]; then
  # Lost or late frames, or the master's thread stalled, beyond the budget on a loaded machine stop a run
  # (a detected bus fault, see tests/support/timing_tolerance.hpp): the rights were all there.
  grep -qE "\(frame lost or late\)|\(the master's thread did not run" "$WORK/member-run.txt" ||
    fail "the member's run failed (exit $rc)"
  echo "NOTE: the member's run stopped on a bus timing fault (a loaded machine); its rights were all granted"
else
  head -n 1 "$SHARED/member.csv" | grep -qF "# maniplab-cli $VERSION; scene $SCENE; robot /usr/share/maniplab/robots/umis.json" ||
    fail "member CSV provenance: $(head -n 1 "$SHARED/member.csv")"
fi

# The non-member: refused with what to ask for, and the rest of the application still works.
set +e
as "$OTHER" "/usr/bin/maniplab-cli run $SCENE --backend ethercat --ifname $MIF --quiet" >"$WORK/other-run.txt" 2>&1
rc=$?
set -e
cat "$WORK/other-run.txt"
[ $rc -eq 1 ] || fail "the non-member's run exited $rc (expected 1)"
grep -qF "$MIF: cannot open a raw socket: Operation not permitted (EtherCAT without root is for the members of the group maniplab-ethercat, and user $OTHER is not one: ask the administrator to run 'sudo adduser $OTHER maniplab-ethercat', then log out and in again)" \
  "$WORK/other-run.txt" || fail "the non-member's message"
as "$OTHER" "/usr/bin/maniplab-cli run /usr/share/maniplab/scenes/puma560_free_fall.json --quiet" >/dev/null ||
  fail "the non-member cannot run a simulation"
kill "$drives_pid"; wait "$drives_pid" 2>/dev/null || true; drives_pid=""
sh "$SRC/scripts/ethercat-veth.sh" down
userdel "$MEMBER"; userdel "$OTHER"

# --- 4. Purge ----------------------------------------------------------------------------------------------
step "apt-get purge"
DEBIAN_FRONTEND=noninteractive apt-get purge -y -q maniplab ${PYDEB:+python3-maniplab} >"$WORK/apt-purge.log" 2>&1 ||
  { cat "$WORK/apt-purge.log"; fail "apt-get purge"; }
installed=0
for p in maniplab ${PYDEB:+python3-maniplab}; do
  ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "installed" || fail "$p still known to dpkg"
done
left=0
while read -r f; do
  if [ -e "$f" ] && [ ! -d "$f" ]; then echo "left after purge: $f"; left=1; fi
done <"$WORK/files.txt"
for d in /usr/share/maniplab /usr/lib/maniplab /usr/share/doc/maniplab /usr/lib/python3/dist-packages/maniplab \
         /usr/share/doc/python3-maniplab; do
  [ ! -e "$d" ] || { echo "left after purge: $d"; left=1; }
done
[ $left -eq 0 ] || fail "files left after purge"
getcap -r /usr 2>/dev/null | sort >"$WORK/caps-after.txt" || true
diff "$WORK/caps-before.txt" "$WORK/caps-after.txt" || fail "file capabilities differ after purge"
! getent group maniplab-ethercat >/dev/null || fail "the group maniplab-ethercat is left after purge"
! dpkg-statoverride --list "$HELPER" >/dev/null 2>&1 || fail "the statoverride is left after purge"
[ ! -e /etc/security/limits.d/maniplab-ethercat.conf ] || fail "the limits file is left after purge"
echo
echo "package test: all checks passed"
