#!/bin/sh
# ethercat-veth.sh: a veth pair (one end optionally in a network namespace) that carries EtherCAT frames
# between ManipLab's master and its virtual drives, so that a run goes through a real Ethernet link
# without hardware. Needs root (or CAP_NET_ADMIN + CAP_NET_RAW) and iproute2.
#
#   scripts/ethercat-veth.sh up            create the pair: $ECAT_MASTER_IF (here) <-> $ECAT_SLAVE_IF (in $ECAT_NS)
#   scripts/ethercat-veth.sh up --no-netns both ends in the current namespace
#   scripts/ethercat-veth.sh down          remove the pair and the namespace (safe to repeat)
#   scripts/ethercat-veth.sh drives ARGS   run `maniplab-cli ecat-sim --ifname $ECAT_SLAVE_IF ARGS` on the
#                                          slave end (in the namespace when there is one)
#   scripts/ethercat-veth.sh demo          up + virtual UMIS drives + the thesis scene over EtherCAT + down
#
# Environment: ECAT_NS (default maniplab-ecat), ECAT_MASTER_IF (ecat-m), ECAT_SLAVE_IF (ecat-s),
# MANIPLAB_CLI (default build/app/maniplab-cli).
#
# Classroom: `scripts/ethercat-veth.sh up`, then in one terminal
#   scripts/ethercat-veth.sh drives --scene scenes/umis_ctc_vs_pid.json
# and in another `build/app/maniplab-cli run scenes/umis_ctc_vs_pid.json --backend ethercat --ifname ecat-m`
# (or the GUI with the EtherCAT backend on ecat-m); `tshark -i ecat-m` or Wireshark shows the frames.
set -eu
NS=${ECAT_NS:-maniplab-ecat}
MIF=${ECAT_MASTER_IF:-ecat-m}
SIF=${ECAT_SLAVE_IF:-ecat-s}
HERE=$(cd "$(dirname "$0")/.." && pwd)
CLI=${MANIPLAB_CLI:-$HERE/build/app/maniplab-cli}

quiet_link() {  # no IPv6 chatter on the EtherCAT link
  sysctl -q -w "net.ipv6.conf.$1.disable_ipv6=1" >/dev/null 2>&1 || true
}

up() {
  down >/dev/null 2>&1 || true
  if [ "${1:-}" = "--no-netns" ]; then
    ip link add "$MIF" type veth peer name "$SIF"
    quiet_link "$MIF"; quiet_link "$SIF"
    ip link set "$SIF" up
  else
    ip netns add "$NS"
    ip link add "$MIF" type veth peer name "$SIF" netns "$NS"
    quiet_link "$MIF"
    ip netns exec "$NS" sh -c "sysctl -q -w net.ipv6.conf.$SIF.disable_ipv6=1 >/dev/null 2>&1 || true; ip link set lo up; ip link set $SIF up"
  fi
  ip link set "$MIF" up
  echo "EtherCAT link: master on $MIF, drives on $SIF$( [ "${1:-}" = "--no-netns" ] || echo " (namespace $NS)")"
}

down() {
  ip link del "$MIF" 2>/dev/null || true
  if ip netns list 2>/dev/null | grep -qw "$NS"; then
    ip netns exec "$NS" ip link del "$SIF" 2>/dev/null || true
    ip netns del "$NS" 2>/dev/null || true
  fi
  ip link del "$SIF" 2>/dev/null || true
}

drives() {
  if ip netns list 2>/dev/null | grep -qw "$NS"; then
    exec ip netns exec "$NS" "$CLI" ecat-sim --ifname "$SIF" "$@"
  else
    exec "$CLI" ecat-sim --ifname "$SIF" "$@"
  fi
}

demo() {
  up
  trap 'kill $SIM 2>/dev/null || true; down' EXIT INT TERM
  # --realtime: the virtual drives stand for hardware that no scheduler delays (SCHED_FIFO when permitted;
  # at normal priority, beside a busy machine, they answer late and the master counts lost cycles).
  ip netns exec "$NS" "$CLI" ecat-sim --ifname "$SIF" --scene "$HERE/scenes/umis_ctc_vs_pid.json" --realtime --quiet &
  SIM=$!
  sleep 0.5
  "$CLI" run "$HERE/scenes/umis_ctc_vs_pid.json" --controller computed_torque --backend ethercat --ifname "$MIF"
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case "$cmd" in
  up) up "$@" ;;
  down) down ;;
  drives) drives "$@" ;;
  demo) demo ;;
  *) sed -n '2,22p' "$0"; exit 2 ;;
esac
