#!/usr/bin/env bash
# Installs the Debian packages ManipLab needs to build, test and run (Debian 12). Idempotent: only
# missing packages are installed. Runs apt through sudo when not root.
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config
  libeigen3-dev nlohmann-json3-dev libboost-dev
  qt6-base-dev qt6-3d-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-svg-dev
  libqt6opengl6-dev                 # Qt 3D's CMake package requires Qt6OpenGL (not pulled in without recommends)
  libqcustomplot-dev                # the oscilloscope (QCustomPlotQt6)
  libgl1-mesa-dri                   # Qt 3D renders through Mesa (also under Xvfb)
  liborocos-kdl-dev libmujoco-dev   # independent oracles for the benchmark
  xvfb xauth imagemagick            # GUI tests and screenshots without a display
  locales                           # fr_FR.UTF-8 for the locale-independence tests of the CSV writer
  liburdfdom-dev                    # URDF import/export (model/urdf)
  libexpat1-dev                     # XML well-formedness screen before urdfdom (model/urdf)
  libtinyxml2-dev                   # ESI files (EtherCAT Slave Information XML, sim/ethercat esi_reader)
  qt6-3d-defaultgeometryloader-plugin qt6-3d-assimpsceneimport-plugin  # STL/OBJ/PLY and DAE meshes in the 3D view
  clang libclang-rt-14-dev          # libFuzzer fuzz targets (scripts/hardening.sh; the runtime is in libclang-rt-14-dev)
  llvm                              # llvm-symbolizer: file and line in sanitizer and fuzzer reports (only recommended by clang)
  tshark iproute2                   # EtherCAT frame captures and virtual links (sim/ethercat tests)
  libcap2-bin                       # setcap: scripts/grant-capabilities.sh (EtherCAT without root)
  pybind11-dev python3-dev python3-numpy   # the Python module (app/python), built for Debian's python3
  python3-setuptools python3-wheel python3-venv python3-pip  # its pip route (pyproject.toml), tested in a venv
  python3-pykdl                     # Orocos KDL from Python: the Python tests' independent oracle
  python3-pandas python3-matplotlib # Run.to_pandas(), the example notebooks' figures
  python3-nbclient python3-nbconvert python3-ipykernel  # the example notebooks, executed headless by the tests
  dpkg-dev fakeroot file binutils   # the Debian package: cpack's DEB generator (dpkg-shlibdeps, strip)
  lintian appstream desktop-file-utils  # ... and its checks (tests/package): lintian, appstreamcli, desktop-file-validate
  bash-completion x11-utils adduser # ... the package test: its completion, xwininfo (the GUI's window), adduser
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
else
  echo "install-deps: installing ${missing[*]}"
  $SUDO apt-get update -qq
  # tshark asks whether non-root users may capture: answer "no" beforehand so nothing prompts.
  echo "wireshark-common wireshark-common/install-setuid boolean false" | $SUDO debconf-set-selections
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# The French locale (UI language tests and the CSV '.'-decimal test under fr_FR).
if ! locale -a 2>/dev/null | grep -qiE '^fr_FR\.utf-?8$'; then
  $SUDO sed -i 's/^# *\(fr_FR.UTF-8 UTF-8\)/\1/' /etc/locale.gen
  $SUDO locale-gen >/dev/null || $SUDO localedef -i fr_FR -f UTF-8 fr_FR.UTF-8
fi
