"""Every scroll of every real capture moved far (600 to 1,400 px, both ways), graded as
:mod:`.transforms` grades a scroll: one scroll line by that offset, or about a page when
nothing stayed in view; no element that stayed listed ``+`` and ``-``.

The lengths are those of :mod:`tests.core.truth.test_article_sizes`'s long drags on the
web Article (issue 18), here on real lists, scroll views and a YouTube feed: few rows stay
in view, and those that do are often cut by an edge or show labels that repeat.

One row alone in view (issue 18): in 16 of these 574 (Settings' "Internet · AndroidWifi"
and "Change" rows, YouTube's "Book Astronaut" ad, its "你可能喜欢" header), one row alone
is in view in both frames, cut by one edge then by the other, and it shows a label that
no other node of either frame shows. The real-capture oracle holds it persisted; read as
that row, its offset is this scroll's. But on a native list two dumps cannot tell it from
its twin: the virtual Feed's ad and its twin 18 cards on look exactly so
(``tests/core/truth/test_twin_flings.py``: taken as an offset, 19 of 2,664 Feed flings
said "scrolled up" for a fling down; believed only when the label's move accounts for
both frames, every node of either frame that the move keeps in the other's view found
there alike, 12 still did — nothing but that row was in both views, as here).

So the honest output names every reading that fits both frames
(:mod:`deltarec.core.diff.far_anchor`, ``least``): the row's own move D or further (a
twin from beyond the edge the content came from), or the other way E or further (a twin
from beyond the other edge, E the least move that takes the row out of the new view and
the twin's old place out of the old one) — "scrolled up D px or further (…), or down E px
or further" — and the row is kept, neither ``+`` nor ``-``. True of the row that stayed
here, and of the twin there; the row's number is kept either way, as
:func:`deltarec.core.diff.across.crossed` keeps it on the same proof. The grader
(:func:`.transforms.grade`) takes D as any scroll line's offset and holds the other way
to fit (:func:`.grading.twin_fits`). The 13 cases of :data:`ALONE` were read as "about a
page or more", no offset and no way (accepted then by :func:`one_row_alone`, the only
violation "content stayed: a page"); they pass outright now (13 → 0), and 2 more pass as
before (Settings' "Change" row at 1,250 and 1,400 px: no label lies clear of the edges in
both frames, so a page is right).
Open, 0 of 574 (:data:`OPEN`; was 1: the YouTube ad whose box touches the bottom edge of
its list before and after, the inner list cut by the outer scroll, listed added and
removed; its host is a ``ScrollView`` by its class, and the labels one node alone shows
moved by one offset, the scroll's).
"""

from __future__ import annotations

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds
from tests.core.real_scrolls.transforms import Case, captures, check, derive, graded, scrollers
from tests.core.real_scrolls.transforms import _fills as fills
from tests.core.real_scrolls.transforms import _positions as positions

LENGTHS = (600, 750, 892, 1000, 1136, 1250, 1400)
"""Scroll lengths (px), each both ways."""

OPEN: list[tuple[str, int, str]] = []
"""The far scrolls still graded wrong, (capture, scroll px, first violation's class): none
of 574 (16 before :mod:`deltarec.core.diff.far_anchor`; the last, YouTube's ad at 1,400
px, closed by :func:`deltarec.core.diff.pushed_edge.kept_in_scroll_view`: its host is a
``ScrollView``, and the labels one node alone shows all moved by the scroll). A ratchet:
lower it when a case closes, never raise it."""

ALONE: list[tuple[str, int]] = []
"""The far scrolls that keep one row alone in view, read as a page that keeps it
(:func:`one_row_alone`; module docstring): none (13 before ``far_anchor.least`` named both
ways with no swipe told: YouTube ``_2``–``_5`` and Settings' airplane ``03``–``06`` at
−1,400, wifi ``04`` at 1,000, 1,136 and −1,400, wifi ``05`` at ±1,400). A ratchet."""


def far_scrolls() -> list[Case]:
    """Each scroller of each real capture scrolled by each of :data:`LENGTHS`, both ways."""
    return [
        Case(name, "scroll", path, way * d)
        for name, obs in captures()
        for path in scrollers(obs)
        for d in LENGTHS
        for way in (1, -1)
    ]


def one_row_alone(case: Case, got: list[tuple[str, str]]) -> bool:
    """Whether ``got``, the violations of ``case``, are exactly the honest reading of one row
    alone in view (module docstring): the only violation says a page was reported where
    content stayed; the page states no direction; the content the true offset keeps in view
    of both frames (a node showing a text or a description, in the view before and moved
    into it after) lies in one row of the list; and every such node of either frame is
    kept (paired, neither added nor removed)."""
    if got != [("wrong-scroll", f"scrolled {case.d}px, content stayed: a page")]:
        return False
    prev, curr = derive(case)
    fp, fc, d, _ = graded(prev, curr)
    inside_p, inside_c = positions(fp, prev, case.where), positions(fc, curr, case.where)
    pages = [
        s for s in d.scrolls if s.page and (s.curr in inside_c or fills(fc, s.curr, inside_c.start))
    ]
    if len(pages) != 1 or pages[0].toward != (0, 0):
        return False
    box = fp.nodes[inside_p.start].bounds
    kept_p, kept_c = set(d.pairs.values()), set(d.pairs)
    rows: set[int] = set()
    for frame, inside, way, kept in (
        (fp, inside_p, -case.d, kept_p),
        (fc, inside_c, case.d, kept_c),
    ):
        for pos in inside[1:]:
            n = frame.nodes[pos]
            b = n.bounds
            moved = Bounds(b.left, b.top + way, b.right, b.bottom + way)
            if not (n.text or n.content_desc) or not (
                b.intersection(box) and moved.intersection(box)
            ):
                continue
            if pos not in kept:
                return False
            if frame is fp:
                rows.add(_row(fp, pos, inside_p.start))
    return len(rows) == 1


def _row(frame: Frame, pos: int, host: int) -> int:
    """The row of the list at ``host`` that holds ``pos``: its ancestor among the children
    of the innermost wrapper filling the list, as :func:`.transforms.scrolled` moves them."""
    content = host
    while len(frame.children[content]) == 1 and (
        frame.nodes[frame.children[content][0]].bounds == frame.nodes[host].bounds
    ):
        content = frame.children[content][0]
    while frame.parents[pos] != content:
        pos = frame.parents[pos]
    return pos


def test_real_scrolls_moved_far_keep_what_stayed_and_say_the_offset() -> None:
    cases = far_scrolls()
    bad, alone = [], []
    for c in cases:
        got = check(c)
        if got and one_row_alone(c, got):
            alone.append((c.capture, c.d))
        elif got:
            bad.append((c.capture, c.d, got[0][0]))
    assert len(cases) == 574  # every scroller of the vendored captures: a new one shows here
    assert bad == OPEN
    assert alone == ALONE
