#!/bin/sh
# Records what maniplab-cli prints and writes for every shipped scene and robot, so that a refactoring
# can be shown to change no output: run it with the binary built before the change and with the one built
# after, then compare the two folders (`diff -r BEFORE AFTER`; identical folders: no difference).
#
#   scripts/cli-outputs.sh MANIPLAB_CLI OUT_DIR
#
# For each scene of scenes/: `compare SCENE --json --csv-dir` (standard output, standard error, every CSV)
# and the text table of `compare SCENE`; for each robot of robots/ (JSON and URDF): `check` and
# `dynamics --json` at the home pose. Each command's exit status is kept beside its output. The outputs
# carry the program's version (provenance), not the commit, so two builds of one version compare equal;
# the one measured value, a run's wall-clock time in the text table, is replaced by "<wall>".
set -eu
if [ $# -ne 2 ]; then
  echo "usage: $0 MANIPLAB_CLI OUT_DIR" >&2
  exit 2
fi
cli=$(realpath "$1")
out=$2
here=$(dirname "$0")/..
mkdir -p "$out"
out=$(realpath "$out")
cd "$here"

record() {  # record NAME COMMAND...: stdout, stderr and exit status of one command
  name=$1
  shift
  status=0
  "$@" > "$out/$name.out" 2> "$out/$name.err" || status=$?
  echo "$status" > "$out/$name.status"
}

for scene in scenes/*.json; do
  base=$(basename "$scene" .json)
  mkdir -p "$out/$base.csv"
  record "$base.compare-json" "$cli" compare "$scene" --json --quiet --csv-dir "$out/$base.csv"
  record "$base.compare" "$cli" compare "$scene" --quiet
  sed -i -E 's/simulated in [^ ]+ s wall \([^)]*\)/simulated in <wall>/' "$out/$base.compare.out"
done
for robot in robots/*.json robots/*.urdf; do
  base=$(basename "$robot")
  record "$base.check" "$cli" check "$robot"
  record "$base.dynamics" "$cli" dynamics "$robot" --json
done
echo "$0: outputs of $(ls "$out" | wc -l) files in $out"
