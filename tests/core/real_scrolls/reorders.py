"""Every row dragged in every list that scrolled in the same step, on every real capture:
:mod:`.reshaped`'s **reorder+scroll** kind whole, no sample (issue 18).

A row dragged two or more places (:func:`.reshaped.moved_row`) in a list that then
scrolled by ``d`` (:func:`.transforms.scrolled`: a drag near the edge scrolls it), for
every distance ``step`` px apart, either way, where two dumps can tell it
(:func:`.reshaped._told`: the row wholly in view before and after, and a row it did not
pass too). The rows it passed moved by the scroll and its pitch, and the scroll may leave
one of them cut to a sliver by the list's edge: its parts then moved otherwise than its
cut box (``bench_real_reshaped --per 10 --seed 3``, YouTube's suggestions). Graded by
:func:`.reshaped.check`.

    python -m tests.core.real_scrolls.reorders           # the whole kind, both paths
    python -m tests.core.real_scrolls.reorders 31 xml    # every 31 px, XML only

Every 31 px (3,713 cases), XML / dicts: 10 / 10 failing before
:func:`deltarec.core.diff.reordered.dragged_past_gap` (Settings' Wi-Fi list, the rows passed
cut to a blank sliver), 0 / 0 after.
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from tests.core.real_scrolls.reshaped import Reshaped, _reorders, _told, check
from tests.core.real_scrolls.reshaped_pages import chain
from tests.core.real_scrolls.transforms import _at, captures, scrollers


def reorder_scrolls(step: int = 61) -> list[Reshaped]:
    """Every reorder+scroll that two dumps can tell, ``step`` px apart (module docstring)."""
    out: list[Reshaped] = []
    for name, obs in captures():
        contents = {chain(obs, h)[-1]: h for h in scrollers(obs)}
        for where, i, j in _reorders(obs):
            host = contents.get(where)
            if host is None:
                continue
            h = _at(obs, host).bounds.height
            out += [
                Reshaped(name, "reorder+scroll", where, host, i, j, d)
                for d in range(-h + step // 2, h, step)
                if d and _told(obs, where, host, i, j, d)
            ]
    return out


def main(argv: list[str]) -> int:
    """Run the whole kind, print the failing cases per capture and path."""
    from deltarec.core.capture import frame_cache
    from tests.core.dict_truth import graded_by_dicts

    step = int(argv[0]) if argv else 61
    paths = argv[1:] or ["xml", "dicts"]
    sample = reorder_scrolls(step)
    print(f"{len(sample)} cases")
    for path in paths:
        frame_cache.clear()
        start = time.perf_counter()
        bad: dict[Reshaped, list[tuple[str, str]]] = {}
        if path == "dicts":
            with graded_by_dicts():
                bad = {c: v for c in sample if (v := check(c))}
        else:
            bad = {c: v for c in sample if (v := check(c))}
        took = time.perf_counter() - start
        print(f"{path}: {len(bad)} of {len(sample)} failing, {took:.0f} s")
        print("  ", dict(Counter(c.capture.rsplit("/", 1)[-1][-12:] for c in bad)))
        for c, v in list(bad.items())[:5]:
            print("  ", c.capture[-24:], c.index, c.to, c.d, v[:2])
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
