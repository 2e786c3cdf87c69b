"""Archives at the Inbox list's end beside a sliver, graded by the phone: the widened sweep
of :mod:`tests.core.truth.slivers` where the list's end clamps its offset (issue 18).

:func:`tests.core.truth.slivers.cases` deals one archive of each kind at two offsets per
edge and sliver height, over the whole list: at the list's end (where the offset is clamped
and the rows above a gap come down instead of the rows below going up) it reaches a few
dozen cases a preset. :func:`cases` here sweeps that end alone: every offset at which an
edge cuts a row to 1-40 px while the list's end is in view (two per edge and height, the
highest and one drawn), on every preset, both edges, and archives there ``k`` = 1 to 4 rows
picked above the sliver, below it, or the sliver's row with its ``k`` - 1 nearest rows;
then the undo. Each step is graded as :func:`tests.core.truth.slivers.run` grades it (the
truth, and one number per element), told the taps or not (two dumps alone).

    python benchmarks/bench_archive.py --slivers 0 --archive 0 --ends          # told and untold
    python -m tests.core.truth.sliver_ends [EVERY] [untold]                     # one of them

:func:`classes` sorts the failing steps into classes: the preset, the edge, the kind, whether
the archive clamped the offset (:func:`~tests.core.truth.slivers.clamped`), the step and
the violation's class.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.inbox_archive import archive
from deltarec.core.devices.virtual.layout import APP_PACKAGE, TOOLBAR_BOTTOM
from deltarec.core.devices.virtual.profile import PRESETS
from deltarec.core.devices.virtual.screen_inbox import (
    is_header,
    is_promo,
    item_tops,
    max_offset,
    shown_items,
)
from deltarec.core.devices.virtual.state import InboxState
from tests.core.truth import slivers
from tests.core.truth.slivers import Case, _bottom, _items_in_view, clamped, offsets

KINDS = ("above", "below", "sliver")
ROWS = (1, 2, 3, 4)
"""How many rows an archive takes (``sliver``: the sliver's row and its nearest rows)."""


def cases(preset: str, every: int = 1, seed: int = 18) -> Iterator[Case]:
    """Every :data:`KINDS` archive of every :data:`ROWS` count at two offsets per edge and
    sliver height where the list's end is in view, each ``every``-th kept."""
    profile = PRESETS[preset]
    bottom = _bottom(profile)
    end = max_offset(bottom) - (bottom - TOOLBAR_BOTTOM)
    rng = random.Random(f"{seed}:ends:{preset}")
    pg = Playground(profile=profile)
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    by_height: dict[tuple[str, int], list[int]] = {}
    for edge, px, offset in offsets(preset):
        if offset >= end:
            by_height.setdefault((edge, px), []).append(offset)
    n = 0
    for (edge, px), got in sorted(by_height.items()):
        for offset in sorted({max(got), rng.choice(got)}):
            pg.state.inbox.offset = offset
            for case in _archives(pg, rng, preset, edge, px, offset):
                n += 1
                if n % every == 0:
                    yield case


def _archives(
    pg: Playground, rng: random.Random, preset: str, edge: str, px: int, offset: int
) -> Iterator[Case]:
    rows = [i for i, _ in _items_in_view(pg)]
    if len(rows) < 3:
        return
    sliver = rows[0] if edge == "top" else rows[-1]
    inner = [i for i in rows if i != sliver and not is_header(i)]
    half = len(rows) // 2
    pools = {
        "above": [i for i in rows[:half] if i in inner],
        "below": [i for i in rows[half:] if i in inner],
    }
    seen: set[tuple[str, tuple[int, ...]]] = set()
    for kind in KINDS:
        for k in ROWS:
            if kind == "sliver":
                if is_header(sliver) or sliver < 0:
                    break
                near = inner if edge == "top" else inner[::-1]
                picks = tuple(sorted([sliver, *near[: k - 1]]))
            else:
                pool = pools[kind]
                if k > len(pool):
                    break
                picks = tuple(sorted(rng.sample(pool, k)))
            if (kind, picks) not in seen:
                seen.add((kind, picks))
                yield Case(preset, edge, px, offset, kind, picks)


def beside_unlike(case: Case) -> bool:
    """Whether the case takes out a row next to an edge sliver of another kind, before the
    archive or after it (a message row beside a promo's sliver, or a promo beside a message
    row's): what the XML's class and resource id tell apart (a scroll by the row's pitch
    would leave the row's own kind in the sliver's box) and element dicts, which carry
    neither, do not. From the list's model (lu), the pages as they stand."""
    bottom = _bottom(PRESETS[case.preset])
    inbox = InboxState(offset=case.offset)
    edges = _cut(inbox, bottom)
    archive(inbox, case.picks, bottom)
    edges |= _cut(inbox, bottom)
    order = shown_items()
    place = {item: k for k, item in enumerate(order)}
    return any(
        abs(place[p] - place[e]) == 1 and _kind(p) != _kind(e) and not is_header(e)
        for p in case.picks
        for e in edges
    )


def _cut(inbox: InboxState, bottom: int) -> set[int]:
    """The items the list's edges cut at ``inbox``'s offset (lu)."""
    items = shown_items(archived=frozenset(inbox.archived))
    tops = item_tops(archived=frozenset(inbox.archived))
    edges = (inbox.offset, inbox.offset + bottom - TOOLBAR_BOTTOM)
    return {i for k, i in enumerate(items) for y in edges if tops[k] < y < tops[k + 1]}


def twin_cases(preset: str) -> Iterator[Case]:
    """At every offset of :func:`~tests.core.truth.slivers.offsets` where both of the
    list's edges cut a message row (two slivers of one kind, each showing nothing on the
    scaled presets), the row below the top sliver archived (then the undo): the rows below
    close its gap, and the bottom sliver is the next row's in the very box of the last."""
    profile = PRESETS[preset]
    bottom = _bottom(profile)
    order = shown_items()
    place = {item: k for k, item in enumerate(order)}
    seen: set[Case] = set()
    for edge, px, offset in offsets(preset):
        cut = sorted(_cut(InboxState(offset=offset), bottom), key=place.__getitem__)
        if len(cut) != 2 or any(_kind(i) != "message" for i in cut):
            continue
        below = order[place[cut[0]] + 1]
        case = Case(preset, edge, px, offset, "above", (below,))
        if _kind(below) == "message" and case not in seen:
            seen.add(case)
            yield case


def _kind(item: int) -> str:
    return "header" if is_header(item) else "promo" if is_promo(item) else "message"


def sweep(
    every: int = 1,
    presets: tuple[str, ...] = tuple(PRESETS),
    *,
    gesture: bool = True,
    dicts: bool = False,
) -> tuple[int, list[tuple[Case, str, str, str]]]:
    """Cases run (each ``every``-th) and every violation with its case (:func:`run`;
    ``dicts``: through element dicts, no tap told)."""
    return slivers.sweep(every, presets, gesture=gesture, dealt=cases, dicts=dicts)


def classes(found: list[tuple[Case, str, str, str]]) -> Counter[tuple[str, ...]]:
    """Failing steps by class: (preset, edge, kind, clamped or not, step, violation class)."""
    out: Counter[tuple[str, ...]] = Counter()
    for case, step, klass in {(c, s, k) for c, s, k, _ in found}:
        held = "clamped" if clamped(case) else "kept"
        out[(case.preset, case.edge, case.kind, held, step, klass)] += 1
    return out


def report(tried: int, found: list[tuple[Case, str, str, str]], show: int = 0) -> list[str]:
    """The lines :mod:`benchmarks.bench_archive` prints for a sweep."""
    steps = {(c, s) for c, s, _, _ in found}
    out = [f"{tried} cases, {len(steps)} steps wrong, {len(found)} violations"]
    out += [f"  {n:4d} {' '.join(k)}" for k, n in sorted(classes(found).items())]
    out += [f"  {c} {s}: {k} {d[:240]}" for c, s, k, d in found[:show]]
    return out


if __name__ == "__main__":
    import sys

    every = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    told = "untold" not in sys.argv[2:]
    print("\n".join(report(*sweep(every, gesture=told), show=20)))
