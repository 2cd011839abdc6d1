#!/usr/bin/env python3
"""Pack a git repository that keeps a VASSAL module unpacked into a .vmod (a zip).

Usage: pack.py GIT_DIR OUT.vmod [TREEISH]

Used for the corpus comparison in docs/diagnostics.md (the modules themselves are third-party and
are never committed). Names are taken from `git ls-tree -r -z`, so non-ASCII names keep their exact
bytes (NFC or NFD as committed). Blobs missing from a partial snapshot (often the largest images) are
skipped and listed on stderr: do not mistake them for module defects. Needs git and Python only.
"""
import subprocess
import sys
import zipfile


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    git_dir, out = sys.argv[1], sys.argv[2]
    tree = sys.argv[3] if len(sys.argv) > 3 else "HEAD"
    git = ["git", "--git-dir", git_dir]
    listing = subprocess.run(git + ["ls-tree", "-r", "-z", tree], check=True, capture_output=True).stdout
    missing = []
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for record in listing.split(b"\0"):
            if not record:
                continue
            meta, path = record.split(b"\t", 1)
            _mode, kind, sha = meta.split(b" ")
            if kind != b"blob":
                continue
            blob = subprocess.run(git + ["cat-file", "blob", sha.decode()], capture_output=True)
            name = path.decode("utf-8", "surrogateescape")
            if blob.returncode != 0:
                missing.append(name)
                continue
            z.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), blob.stdout, zipfile.ZIP_DEFLATED)
    for name in missing:
        print(f"missing blob (not packed): {name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
