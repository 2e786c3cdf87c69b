"""A pager's one page swiped out but for a sliver beside the next page: its own edge measures
the swipe (:func:`pager_swiped`), where no item of it stayed whole. Asked by
:func:`deltarec.core.diff.pages.page` before it reads a page turned.
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.diff.axis import page_swiped
from deltarec.core.diff.motions import Motion
from deltarec.core.diff.recycled import shown_texts
from deltarec.core.observe.frame import Frame


def pager_swiped(
    prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int], *, shown: bool = False
) -> Motion | None:
    """The move of pager ``c`` whose one page, whole before, is now cut by a side edge beside
    the next page (:func:`~deltarec.core.diff.axis.page_swiped`): its items may all be cut
    by both side edges before (a form's rows), so none stayed whole, yet the page's own
    edge measures the swipe. The page now is the one child of ``c`` paired with it, or else
    the one holding nodes showing content paired with nodes of it (a sliver's wrappers, their
    ids shared with the next page's, pair with nothing: its labels do; a switch's frame that
    shows nothing pairs by overlap with its twin on the next page, on element dicts), or
    else the one showing a text it showed (a form's text boxes, keyed without their hints,
    pair with nothing at all). ``shown``: only a page that shows a text the old page showed
    (a page of another text paired with it by a wrapper's id is the next page's, the old one
    out of view). O(size of the pages)."""
    olds = prev.children[p]
    if len(olds) != 1 or len(curr.children[c]) < 2:
        return None  # the common container: no page then, or one page now (asked first)
    old = olds[0]
    if prev.nodes[old].bounds != prev.nodes[p].bounds:
        return None
    got = [k for k in curr.children[c] if pairs.get(k) == old]
    if not got:  # a label paired: a box that shows nothing pairs by overlap with its twin's
        end = prev.subtree_end(old)
        shows = curr.has_content.__getitem__
        got = [
            k
            for k in curr.children[c]
            if any(old < pairs.get(q, -1) < end and shows(q) for q in range(k, curr.subtree_end(k)))
        ]
    if not got:
        was = shown_texts(prev, old)
        got = [k for k in curr.children[c] if was & shown_texts(curr, k)]
    if shown and len(got) == 1 and not shown_texts(prev, old) & shown_texts(curr, got[0]):
        return None
    dx = page_swiped(prev, p, curr, c, old, got[0]) if len(got) == 1 else None
    return None if not dx else Motion(c, p, dx, 0)
