"""Every refresh with an edit on every real capture: :mod:`.reshaped`'s **refresh+edit**
kind whole, no sample (issue 18).

A list refreshed: one new row put in at its top (:func:`.insertions.inserted`), and one
label of a row below edited as it was pushed down (:func:`.reshaped._refresh_edits`: every
label of every row the push leaves uncut). Where the new row is of the kind of the row it
pushed, in its box, showing one label where it showed one, two dumps read as well that
row edited in place and a row put in after it: the delta hedges the pair
(:mod:`deltarec.core.diff.edited_or_new`). Graded by :func:`.reshaped.check`.

    python -m tests.core.real_scrolls.refresh_edits           # the whole kind, both paths
    python -m tests.core.real_scrolls.refresh_edits xml       # XML only
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from tests.core.real_scrolls.insertions import tops
from tests.core.real_scrolls.reshaped import Reshaped, _refresh_edits, check
from tests.core.real_scrolls.transforms import _at, captures


def refresh_edits() -> list[Reshaped]:
    """Every refresh+edit of every real list with a row at its top (module docstring)."""
    out: list[Reshaped] = []
    for name, obs in captures():
        for where, i in tops(obs):
            if i != 0 or len(_at(obs, where).children) < 2:
                continue
            out += [
                Reshaped(name, "refresh+edit", where, target=target, what=what)
                for target, what in _refresh_edits(obs, where)
            ]
    return out


def main(argv: list[str]) -> int:
    """Run the whole kind, print the failing cases per capture and path."""
    from deltarec.core.capture import frame_cache
    from tests.core.dict_truth import graded_by_dicts

    paths = argv or ["xml", "dicts"]
    sample = refresh_edits()
    print(f"{len(sample)} cases")
    for path in paths:
        frame_cache.clear()
        start = time.perf_counter()
        if path == "dicts":
            with graded_by_dicts():
                bad = {i: v for i, c in enumerate(sample) if (v := check(c))}
        else:
            bad = {i: v for i, c in enumerate(sample) if (v := check(c))}
        took = time.perf_counter() - start
        print(f"{path}: {len(bad)} of {len(sample)} failing, {took:.0f} s")
        print("  ", dict(Counter(sample[i].capture.rsplit("/", 1)[-1][-12:] for i in bad)))
        for i, v in list(bad.items())[:5]:
            print("  ", i, sample[i].capture[-24:], sample[i].target[-3:], v[:2])
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
