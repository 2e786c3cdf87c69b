"""A scroll's lines: ``↕ [i] list "name" scrolled down 250px (+3 rows, -3 rows)`` (or ``about a
page or more``, its hedges, the scroller around it that may have scrolled it all), then one line
per row that came into view (:func:`scroll_lines`, group 4 of
:mod:`~deltarec.core.render.delta_text`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from deltarec.core.diff.compute import Delta, Scroll
from deltarec.core.diff.pages import crossed, page_view
from deltarec.core.diff.row_evidence import TextCache, shown
from deltarec.core.diff.types import ChangeKind as K
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observe.labels import scrolls_by_nature
from deltarec.core.render.facts import Line, added
from deltarec.core.render.layout import direction
from deltarec.core.render.lines import element_states
from deltarec.core.render.rows import (
    Entry,
    count_rows,
    hedges,
    join_named,
    row_line,
    row_texts,
    unknown_cut,
    whole_row,
)
from deltarec.core.render.selection import selection

LineMaker = Callable[..., str]
"""``line(sign, pos, suffix="")``: ``sign [i] role "name"suffix`` for a position of ``curr``."""

NAMING_LEVELS = 4
"""How far up from a scrolled host the renderer looks for the container to name it by."""


def by_order(positions: Iterable[int], order: dict[int, int]) -> list[int]:
    """Indexed positions only, in reading order."""
    return sorted((p for p in positions if p in order), key=order.__getitem__)


def _page_direction(d: Delta) -> str:
    """``"right "`` / ``"left "`` when a selection moved along with a page (the tab over a
    pager: its content has no row left to measure), else ""."""
    lost, won = selection(d, d.changed)
    if len(lost) != 1 or len(won) != 1:
        return ""
    a, b = d.curr.nodes[lost[0]].bounds, d.curr.nodes[won[0]].bounds
    if a.center[0] == b.center[0]:
        return ""
    return "right " if b.center[0] > a.center[0] else "left "


def outer(s: Scroll, line: LineMaker) -> str:
    """The end of scroll ``s``'s line where the scroller around it may have scrolled it all
    (``Scroll.outer``: :mod:`~deltarec.core.diff.outer_scroll`): ``, or [1] list
    "content_parent" around it scrolled down 538px``; "" else."""
    if s.outer < 0:
        return ""
    return f", or {line('', s.outer).strip()} around it scrolled {direction(0, s.dy + s.edge)}"


def scroll_lines(
    d: Delta, s: Scroll, curr_index: ElementIndex, order: dict[int, int], line: LineMaker
) -> list[Line]:
    """``↕`` for one scrolled container, then a line per row that came into view."""
    fc = d.curr
    shown_at = page_view(fc, s.curr)  # a web page's wrapper: by its web view, however deep
    for a in [s.curr, *fc.ancestors(s.curr)[:NAMING_LEVELS]] if shown_at < 0 else []:
        if scrolls_by_nature(fc.nodes[a]) or a in curr_index.number_of:
            shown_at = a  # named by the container made to scroll around it, if any
            break
    shown_at = s.curr if shown_at < 0 else shown_at
    if s.page and s.toward != (0, 0):  # the caller's gesture gave the direction
        how = f"{direction(*s.toward).split()[0]} about a page or more"
    elif s.page:
        how = f"{_page_direction(d)}about a page or more"
    else:
        how = direction(s.dx, s.dy) + (" or further" if s.further else "")
        if s.most:  # "up at most 272px": pushed items bound the scroll (Scroll.most)
            way, px = how.split(" ", 1)
            how = f"{way} at most {px}"
    rows = f"+{count_rows(fc, s.curr, s.entered)} rows, -{count_rows(d.prev, s.prev, s.left)} rows"
    head = f" scrolled {how} ({rows})"
    hedge, tail = hedges(d, s), outer(s, line)
    short = ""  # the line without the hedge's names, which a token budget drops first
    if '"' in hedge:
        short = line("↕", shown_at, f"{head}{hedges(d, s, named=False)}{tail}")
    out = [Line(K.SCROLLED, line("↕", shown_at, f"{head}{hedge}{tail}"), (), short)]
    entries: list[Entry] = []
    listed: set[int] = set()
    for r in s.entered:
        # Only what came in, once: a node inside that was there before (a tile of a grid
        # whose box grew) did not come in, and a subtree inside another is listed with it.
        inside = by_order(
            (a for a in range(r, fc.subtree_end(r)) if a not in d.pairs and a not in listed), order
        )
        listed.update(range(r, fc.subtree_end(r)))
        if not inside:
            continue  # came in below the viewport or cap
        first = inside[0]
        if not row_texts(fc, r):
            continue  # a sliver at the edge shows nothing to name
        if s.page and unknown_cut(d, s, r):
            continue  # which row it is, the dumps cannot say
        if s.page:  # what the row the other edge cut showed may have stayed: not listed
            was = crossed(d.prev, fc, s.prev, s.curr, r, s.toward)
            cache: TextCache = {}
            inside = [a for a in inside if not was or not shown(fc, a, cache, True) <= was]
            if not inside:
                continue
            first = inside[0]
        if first != r or not whole_row(fc, r):
            entries += [
                Entry(a, Line(K.ADDED, line("+", a, element_states(fc, a)), added([a])), True)
                for a in inside
            ]
            continue
        text, covered = row_line(r, first, curr_index)
        entries.append(Entry(first, Line(K.ADDED, text, added([first])), False))
        for a in inside[1:]:
            node = fc.nodes[a]
            if node.interactive and not node.scrollable and a not in covered:
                entries.append(
                    Entry(a, Line(K.ADDED, line("+", a, element_states(fc, a)), added([a])), True)
                )
    entries.sort(key=lambda t: order[t.pos])
    return out + join_named(entries, curr_index)
