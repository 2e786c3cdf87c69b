"""A label edited in a pager's one page, or the pager turned: two readings of two dumps.

A pager (a container made to scroll whose one child, its page, fills it) turned by a whole
number of pages shows the next page in the old one's very box, built from the same layout:
every class, id and box the old page's, its labels the next page's. Where the page shows one
label (the launchers' smartspace card, its date), that is what an edit of that label in
place leaves too: nothing in view moved, and
:func:`~deltarec.core.diff.recycled.shows_nothing_it_showed` (two labels or more) cannot
tell. The matcher's reading stands (the label edited, ``~``) and is hedged with the other:
its ``~`` line ends ``, or its pager turned a page or more``, and its JSON changed entry
carries ``orTurned``, the key of the pager (:func:`turned_or_edited`; asked by
:func:`deltarec.core.diff.new_rows.hedged` and :func:`deltarec.core.render.folded.folded_edits`).

A page that still shows a label it showed is no page turned (the next page shows its own
words), nor one laid out otherwise (node for node, the roles of the old one), nor a
ScrollView's content (laid out once, :func:`~deltarec.core.diff.recycled.laid_out_once`),
nor a web view's document, nor a page inside a list that scrolled.
"""

from __future__ import annotations

from itertools import compress

from deltarec.core.diff.compute import Delta
from deltarec.core.diff.recycled import laid_out_once, shown_texts
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures

TURNED = ", or its pager turned a page or more"
"""The end of the ``~`` line of a label whose page may be the next one (module docstring)."""


def turned_or_edited(d: Delta) -> dict[int, int]:
    """Labels edited (positions of ``d.curr``: a text, or the description of a node that
    shows no text) in the one page of a pager that did not scroll, where the page shows
    none of the labels it showed, node for node of the old page's roles, so the pager may
    as well have turned a page or more (module docstring): label → the pager. O(changed ×
    depth), and the size of each page asked.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.diff.compute import compute_delta
    >>> def shot(label, cls="androidx.viewpager.widget.ViewPager"):
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="{cls}" scrollable="true"'
    ...         ' bounds="[0,0][900,200]"><node class="F" bounds="[0,0][900,200]">'
    ...         f'<node class="T" resource-id="date" text="{label}" bounds="[9,9][300,60]"/>'
    ...         '</node></node></hierarchy>'))
    >>> d = compute_delta(shot("Sun, Nov 17"), shot("Mon, Nov 18"))
    >>> turned_or_edited(d)
    {2: 0}
    >>> turned_or_edited(compute_delta(shot("Sun"), shot("Mon", "android.widget.ScrollView")))
    {}
    """
    if not d.changed:
        return {}
    fc = d.curr
    pages_in = _pages(fc)
    if not pages_in:
        return {}  # no pager's one page in the frame (the common frame): O(scrollers)
    scrolled = {s.curr for s in d.scrolls}
    pages: dict[int, int] = {}  # a page asked: its pager, or -1
    out: dict[int, int] = {}
    for c, changes in d.changed.items():  # most are boxes moved: asked first, cheaply
        if "text" not in changes and "content-desc" not in changes:
            continue
        node = fc.nodes[c]
        if not ("text" in changes and node.text) and not (
            "content-desc" in changes and node.content_desc and not node.text
        ):
            continue
        page = max((p for p in pages_in if p <= c < fc.subtree_end(p)), default=-1)
        if page < 0 or (scrolled and any(a in scrolled for a in fc.ancestors(c))):
            continue
        if page not in pages:
            pages[page] = _turnable(d, page)
        if pages[page] >= 0:
            out[c] = pages[page]
    return out


def _pages(frame: Frame) -> list[int]:
    """The pagers' one pages of ``frame`` (a container made to scroll whose one child fills
    it), in document order: kept in the frame's memo. O(containers made to scroll)."""
    got: list[int] | None = frame.memo.get(_pages)  # type: ignore[assignment]
    if got is None:
        nature, kids, nodes = natures(frame), frame.children, frame.nodes
        got = [
            kids[k][0]
            for k in compress(range(len(nature)), nature)
            if len(kids[k]) == 1 and nodes[kids[k][0]].bounds == nodes[k].bounds
        ]
        frame.memo[_pages] = got
    return got


def _pager_of(frame: Frame, pos: int) -> int:
    """The pager whose one page ``pos`` is (its parent made to scroll, which it fills), or -1."""
    k = frame.parents[pos]
    if k < 0 or len(frame.children[k]) != 1 or frame.nodes[k].bounds != frame.nodes[pos].bounds:
        return -1
    return k if natures(frame)[k] else -1


def _turnable(d: Delta, page: int) -> int:
    """The pager of ``page`` when the page may be the next one turned in (module docstring),
    else -1."""
    fp, fc = d.prev, d.curr
    pager, old = _pager_of(fc, page), d.pairs.get(page, -1)
    was = d.pairs.get(pager, -1)
    if old < 0 or was < 0 or _pager_of(fp, old) != was:
        return -1
    if "web" in (fc.nodes[pager].role, fp.nodes[was].role):
        return -1
    if laid_out_once(fc, pager) or laid_out_once(fp, was):
        return -1  # a ScrollView's content: laid out once, never the next page
    end, old_end = fc.subtree_end(page), fp.subtree_end(old)
    if end - page != old_end - old:
        return -1
    if any(
        n.role != m.role for n, m in zip(fc.nodes[page:end], fp.nodes[old:old_end], strict=True)
    ):
        return -1
    shows, showed = shown_texts(fc, page), shown_texts(fp, old)
    if not shows or not showed or shows & showed:
        return -1  # a label it showed still shown: the same page, edited
    return pager


__all__ = ["TURNED", "turned_or_edited"]
