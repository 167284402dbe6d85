#!/bin/sh
# grant-capabilities.sh: lets ManipLab drive EtherCAT without root. Gives the built binaries (the GUI
# `maniplab` and `maniplab-cli`, which also runs the virtual drives, `maniplab-cli ecat-sim`) exactly the
# file capabilities the EtherCAT master uses, and nothing else:
#   cap_net_raw   the raw AF_PACKET socket (EtherType 0x88A4)
#   cap_sys_nice  the SCHED_FIFO cyclic thread
#   cap_ipc_lock  mlockall (no page faults in the cycle)
# Without one of them the code degrades with a warning naming the capability (or, for cap_net_raw, a clear
# error). Run as root (or through sudo) after each build: relinking drops file capabilities.
#
#   scripts/grant-capabilities.sh [BUILD_DIR]     (default: build)
set -eu
HERE=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-$HERE/build}
CAPS=cap_net_raw,cap_sys_nice,cap_ipc_lock+ep
SETCAP=$(command -v setcap || true)
[ -n "$SETCAP" ] || for p in /usr/sbin/setcap /sbin/setcap; do [ -x "$p" ] && SETCAP=$p; done
if [ -z "$SETCAP" ]; then
  echo "grant-capabilities: setcap not found (Debian package libcap2-bin: ./install-deps.sh)" >&2
  exit 1
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
n=0
for b in "$BUILD/app/maniplab" "$BUILD/app/maniplab-cli"; do
  if [ ! -f "$b" ]; then
    echo "grant-capabilities: $b not built: skipped"
    continue
  fi
  $SUDO "$SETCAP" "$CAPS" "$b"
  echo "grant-capabilities: $b: $("${SETCAP%setcap}getcap" "$b" 2>/dev/null | sed 's/^[^ ]* //')"
  n=$((n + 1))
done
if [ "$n" -eq 0 ]; then
  echo "grant-capabilities: no binary found under $BUILD/app (build first, or pass the build directory)" >&2
  exit 1
fi
