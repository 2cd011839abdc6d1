#!/bin/sh
# Pack public VASSAL module repositories into .vmod files and check each with vmodc: the corpus of
# the comparison with VASSAL in docs/diagnostics.md ("Agreement with VASSAL"). Needs git, Python 3
# and a built vmodc; not VASSAL (the comparison with the engine is made by hand). The modules are
# third-party: they stay in WORKDIR and are never committed.
#
# Usage: tests/corpus/check_corpus.sh WORKDIR [VMODC]
set -eu
work=${1:?usage: check_corpus.sh WORKDIR [VMODC]}
vmodc=${2:-target/release/vmodc}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
for repo in \
    Cattlesquat/Almoravid Cattlesquat/ForThePeople Cattlesquat/FlashpointSouthChinaSea \
    Cattlesquat/Nevsky Cattlesquat/Inferno Cattlesquat/PathsOfGlory Cattlesquat/imperialstruggle \
    hurufu/zxvt-vassal-module uckelman/tld-mod Fleafa/Bushido-Risen-Sun-VASSAL \
    tomo9878/FOF2 tomo9878/vivelemperor-game Dreadball/Dreadball-Vassal-Module danj3000/BBVassal \
    SnookEE/WMH_Vassal PompolutZ/wu_vassal_mod daishi1/IK_module marangonico/asl_pbs; do
    name=${repo#*/}
    git_dir="$work/$name.git"
    [ -d "$git_dir" ] || git clone --quiet --bare "https://github.com/$repo" "$git_dir"
    python3 "$here/pack.py" "$git_dir" "$work/$name.vmod" 2>"$work/$name.missing"
    "$vmodc" check "$work/$name.vmod" --format json >"$work/$name.json" 2>/dev/null || true
    python3 - "$repo" "$work/$name.json" "$work/$name.missing" <<'PY'
import collections, json, sys
repo, report, missing = sys.argv[1:]
counts = collections.Counter((d["severity"], d["code"]) for d in json.load(open(report)))
lacking = sum(1 for _ in open(missing))
print(f"{repo}: " + (", ".join(f"{s} {c} ×{n}" for (s, c), n in sorted(counts.items())) or "clean")
      + (f" ({lacking} blobs missing from the snapshot)" if lacking else ""))
PY
done
