"""A tall row that fills its list, with a blank layer drawn behind it, on real captures
(issue 18: Gmail's inbox, ``fixtures/ext/gmail-compose/02.xml``).

Gmail's inbox sits in a CoordinatorLayout that uiautomator calls a ScrollView; its
children overlap: an empty search overlay (``open_search_view``) of the host's box, the
search bar, the list. Stretched by :mod:`.tall_rows`, the bar fills the host and the
overlay, laid out above it with their overlap kept, ends inside the view: its top cut by
the host's top edge in both frames, its bottom edge moved by the scroll, the only edge in
view (every piece of the bar spans it). Read as ``~ layout: container "open_search_view"
resized``, no scroll: the bar, cut by both edges in both frames, was taken for the one
wrapper holding the host's content (it "stayed put and covers the host"), though a box
cut by both edges in both frames shows nothing of where it is.

Each :class:`Overlaid` case is a :class:`.tall_rows.Tall` scroll whose tall row spans its
list in both frames, on every real scroller (``fixtures/real``, ``ext``, ``appium``), with
a blank ``FrameLayout`` put in the content before the tall row (drawn behind it), its top
far above the view, its bottom ``g`` px below the tall row's top: inside the view in both
frames, so two dumps tell the move by that edge. The truth: the list scrolled by ``d``
(graded as :func:`.transforms.grade` grades a scroll).

    python -m pytest -q tests/core/real_scrolls/test_overlaid.py
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.fixture_dumps import parsed_dumps
from tests.core.real_scrolls import tall_rows
from tests.core.real_scrolls.ext_shapes import captures_as
from tests.core.real_scrolls.transforms import Case, _at, _replace, grade

DUMPS = ("real", "ext", "appium")
MARGIN = 40
"""px the blank layer's bottom edge stays clear of the list's edges in both frames."""


@dataclass(frozen=True, slots=True)
class Overlaid:
    """``tall``, a scroll, with a blank layer behind its tall row ending ``g`` px below the
    row's top (in the laid-out content)."""

    tall: tall_rows.Tall
    g: int

    @property
    def capture(self) -> str:
        return self.tall.capture


def every_capture() -> tuple[tuple[str, Observation], ...]:
    """Every capture of ``fixtures/real``, ``ext`` and ``appium``, parsed once."""
    return parsed_dumps(DUMPS)


def _spans(t: tall_rows.Tall, h: int, offset: int) -> bool:
    """Whether the tall row spans the list (both edges cut it) when shown from ``offset``."""
    return offset > 0 and offset + h < t.span


def cases(*, every: int = 1) -> list[Overlaid]:
    """Every tall-row scroll of :func:`.tall_rows.cases` on every capture whose tall row
    spans its list in both frames, and whose two views share a band ``2 * MARGIN`` px
    clear of both edges for the layer's bottom edge (its middle: ``g``); its labels its
    own (merged too: the pieces show nothing). ``every``: every ``every``-th case."""
    out: list[Overlaid] = []
    with captures_as(every_capture):
        seen = dict(every_capture())
        for t in tall_rows.cases():
            if t.kind != "scroll":
                continue
            h = _at(seen[t.capture], t.host).bounds.height
            if not (_spans(t, h, t.offset) and _spans(t, h, t.offset + t.d)):
                continue
            lo = max(t.offset, t.offset + t.d) + MARGIN
            hi = min(t.offset, t.offset + t.d) + h - MARGIN
            if lo < hi:
                out.append(Overlaid(t, (lo + hi) // 2))
    return out[::every]


def _layered(case: Overlaid, obs: Observation, offset: int) -> Observation:
    """``obs`` as :func:`.tall_rows.shown` shows the case from ``offset``, with the blank
    layer put in its content before the tall row, clipped to the list's box."""
    t = case.tall
    shown = tall_rows.shown(t, obs, offset)
    box = _at(shown, t.host).bounds
    where, _, _ = tall_rows.laid_out(t, obs)
    parent = _at(shown, where)
    top = box.top - offset  # the tall row's top on the screen
    layer = Node(
        class_name="android.widget.FrameLayout",
        bounds=Bounds(box.left, box.top, box.right, top + case.g),
        package=parent.package,
        enabled=True,
    )
    kids = list(parent.children)
    at = next(
        (
            i
            for i, k in enumerate(kids)
            if k.bounds.top <= box.top and k.bounds.bottom >= box.bottom
        ),
        0,
    )
    kids.insert(at, layer)
    return _replace(shown, where, dataclasses.replace(parent, children=tuple(kids)))


def derive(case: Overlaid) -> tuple[Observation, Observation]:
    obs = dict(every_capture())[case.capture]
    t = case.tall
    return _layered(case, obs, t.offset), _layered(case, obs, t.offset + t.d)


def check(case: Overlaid) -> list[tuple[str, str]]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    t = case.tall
    return list(dict.fromkeys(grade(Case(t.capture, "scroll", t.host, t.d), prev, curr)))


def kind(case: Overlaid) -> str:
    return "overlaid" + ("+merged" if case.tall.merged else "")
