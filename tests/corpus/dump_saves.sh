#!/bin/sh
# Read every saved game and log (.vsav, .vlog) in public VASSAL module repositories with
# `vmodc save dump`, and count what does not read. Needs git and a built vmodc; the saves are
# third-party: they stay in WORKDIR and are never committed. Repositories already cloned by
# check_corpus.sh (WORKDIR/NAME.git) are reused.
#
# Usage: tests/corpus/dump_saves.sh WORKDIR [VMODC]
set -eu
work=${1:?usage: dump_saves.sh WORKDIR [VMODC]}
vmodc=${2:-target/release/vmodc}
mkdir -p "$work/saves"
total=0
failed=0
for repo in \
    Cattlesquat/Almoravid Cattlesquat/ForThePeople Cattlesquat/Inferno Cattlesquat/Nevsky \
    Cattlesquat/PathsOfGlory PompolutZ/wu_vassal_mod SnookEE/WMH_Vassal daishi1/IK_module \
    hurufu/zxvt-vassal-module; do
    name=${repo#*/}
    git_dir="$work/$name.git"
    [ -d "$git_dir" ] || git clone --quiet --bare "https://github.com/$repo" "$git_dir"
    git -C "$git_dir" ls-tree -r --name-only HEAD | grep -iE '\.(vsav|vlog)$' | while IFS= read -r file; do
        out="$work/saves/$name/$file"
        mkdir -p "$(dirname "$out")"
        git -C "$git_dir" show "HEAD:$file" >"$out" 2>/dev/null || { echo "$repo: $file: not in the snapshot"; continue; }
        if "$vmodc" save dump "$out" >"$out.txt" 2>&1; then
            echo "ok   $repo: $file: $(head -1 "$out.txt")"
        else
            echo "FAIL $repo: $file: $(head -1 "$out.txt")"
        fi
    done
done | tee "$work/saves/report.txt"
echo "$(grep -c '^ok' "$work/saves/report.txt") read, $(grep -c '^FAIL' "$work/saves/report.txt") failed"
