"""Compile the hot core modules with mypyc in a copy of a revision, to A/B it against pure Python.

    python benchmarks/mypyc_trial.py /tmp/compiled            # HEAD, the modules below
    python benchmarks/mypyc_trial.py /tmp/compiled --rev main
    python benchmarks/ab_pairs.py /tmp/pure /tmp/compiled --times 3 --rounds 7

A measured experiment (issue 19, ``benchmarks/README.md``, "Compiling the core with mypyc"),
not a build: the project ships pure Python. ``git archive REV`` is unpacked into ``OUT`` (which
must not exist), the one line mypyc cannot compile is rewritten there (:data:`WORKAROUNDS`,
same behaviour), and ``python -m mypyc`` compiles :data:`MODULES` in place (the extension
modules land beside their sources, the shared runtime library in ``OUT``), so a checkout
with ``PYTHONPATH=OUT`` imports the compiled modules. Needs mypy (with mypyc) and a C
compiler; about 3 minutes on 2 cores.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

MODULES = (
    "capture/dump_builder",
    "capture/dump_scan",
    "capture/element_dicts",
    "capture/element_frames",
    "capture/frame_cache",
    "capture/roles",
    "capture/uiautomator",
    "diff/apply",
    "diff/compute",
    "diff/crowd",
    "diff/focus",
    "diff/geometry",
    "diff/gesture",
    "diff/match",
    "diff/motions",
    "diff/pages",
    "diff/pair_evidence",
    "diff/row_content",
    "diff/row_evidence",
    "diff/screens",
    "diff/scrolls",
    "diff/types",
    "diff/volatile",
    "elements",
    "observe/identity",
    "observe/labels",
    "observer",
    "render/budget",
    "render/change_lines",
    "render/delta_text",
    "render/diff_json",
    "render/facts",
    "render/field_lines",
    "render/frame_text",
    "render/layout",
    "render/lines",
    "render/rows",
    "render/tokens",
    "render/wireframe",
)
"""The modules compiled (under ``deltarec/core/``). Left out, and why (README): ``observe/model``
and ``observe/index`` (``Node``, ``Bounds`` and ``IndexedElement`` are built through
``__new__`` and a ``__class__`` swap: as native frozen dataclasses they compile but gain
nothing), ``observe/frame`` (a lock-free cached property: an arbitrary descriptor in a native
class; ``Frame.like`` calls ``cls.__new__``), ``capture/boundary`` (mypyc crashes on a
``reversed()`` of tuples holding ``Any``)."""

WORKAROUNDS = (
    (
        "core/capture/element_frames.py",
        "for pos, item, where in reversed(self.changed):",
        "for pos, item, where in self.changed[::-1]:",
    ),
)
"""(file, text, replacement): mypyc 2.4's internal error "AssertionError: Any" on a
``reversed()`` of a list of tuples that hold ``Any``; a reversed copy iterates the same."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="a new folder for the compiled copy")
    parser.add_argument("--rev", default="HEAD", help="the revision to copy (default HEAD)")
    args = parser.parse_args()
    out: Path = args.out
    root = Path(__file__).resolve().parent.parent
    out.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(root), "archive", args.rev], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(out)], input=archive, check=True)
    for name, text, replacement in WORKAROUNDS:
        path = out / name
        source = path.read_text(encoding="utf-8")
        if text not in source:
            sys.exit(f"{name}: the line to rewrite for mypyc is gone: {text!r}")
        path.write_text(source.replace(text, replacement), encoding="utf-8")
    files = [f"deltarec/core/{m}.py" for m in MODULES]
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", *files],
        cwd=out,
        env=dict(os.environ, PYTHONPATH=str(out)),
        capture_output=True,
        text=True,
    )
    if done.returncode:
        print(done.stdout[-4000:], done.stderr[-4000:], sep="\n")
        return done.returncode
    print(f"compiled {len(files)} modules in {time.perf_counter() - start:.0f} s: {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
