#!/usr/bin/env bash
# Installs the Debian packages ManipLab needs to build, test and run (Debian 12). Idempotent: only
# missing packages are installed. Runs apt through sudo when not root.
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config
  libeigen3-dev nlohmann-json3-dev libboost-dev
  qt6-base-dev
  liborocos-kdl-dev libmujoco-dev   # independent oracles for the benchmark
  xvfb                              # GUI tests without a display
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
