"""Containers turned by about a page or more: no row stayed, so the dumps give no offset.

:func:`page` says whether a container's rows were all replaced;
:func:`~deltarec.core.diff.page_gesture.with_gesture` reads the measured scrolls with the
caller's gesture (a page takes the finger's direction; an offset against the finger is twins
mismatched). Both are parts of
:func:`deltarec.core.diff.scrolls.find_motions`.

A web page's rows sit under wrappers that carry nothing of their own (``body > main >
article``), cut to the WebView's box. When the page is flung past everything it showed,
no content pairs the wrappers, so :func:`~deltarec.core.diff.wrappers.through_wrappers`
pairs them by what is left (:func:`bare`: showing nothing of its own). The page then turns
on the innermost wrapper, and a fixed header beside it stays.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from deltarec.core.diff.axis import across as _across
from deltarec.core.diff.axis import host_sideways
from deltarec.core.diff.label_edit import cut_in_place
from deltarec.core.diff.motions import Motion
from deltarec.core.diff.pager_swipe import pager_swiped
from deltarec.core.diff.resized import in_place, list_kept
from deltarec.core.diff.row_content import own_texts
from deltarec.core.diff.row_content import texts as labels_of
from deltarec.core.diff.row_evidence import TextCache, shown, spanned_past
from deltarec.core.diff.row_place import may_span, spans
from deltarec.core.diff.scroll_edits import kept_edited, label_edited, reads_as_edited
from deltarec.core.diff.stayed_rows import stayed
from deltarec.core.diff.toggled import toggled_in_place
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import marked_above, natures, scrolls_by_nature
from deltarec.core.observe.model import Bounds, Node


def replaced_some(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], used: AbstractSet[int], c: int, p: int
) -> bool:
    """Whether rows both came into and left the container (what a scroll does)."""
    came = any(k not in pairs for k in curr.children[c])
    return came and any(k not in used for k in prev.children[p])


def page(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], used: AbstractSet[int], c: int, p: int
) -> Motion | None:
    """A container whose rows were all replaced: scrolled by about a page or more. Rows cut
    by an edge may match by chance (two rows showing only an avatar) and do not count, nor
    a row paired with one that showed other things (through a sender's repeated label), nor
    a whole row paired with a strip an edge cut (an author's avatar and name at the bottom
    edge, then a card of that author whole: the Feed on the large phone from 274 to 2,102 lu
    without the gesture, where a card of another author's turn read the other way). A
    pager's one page swiped out but for a sliver beside the next is no page turned: its own
    edge measures the swipe (:func:`~deltarec.core.diff.pager_swipe.pager_swiped`). A paired
    row that moved and shows other texts in two or more of its labels (:func:`_relaid`) came
    and left."""
    swiped = pager_swiped(prev, p, curr, c, pairs)
    if swiped is not None:
        return swiped
    view, old_view = _viewport(curr, c), _viewport(prev, p)
    came = [k for k in curr.children[c] if k not in pairs]
    left = [k for k in prev.children[p] if k not in used]
    still = view == old_view
    # The paired rows that may have crossed an edge or been relaid: those that moved, or all
    # where the view moved. Whether they did is asked only once no row stayed: a row that
    # stayed makes the answer None whatever came and left (an insertion pushed half of a long
    # list down: every row was asked of its edges, and _relaid, the dear test, walked both
    # rows' labels, for nothing; issue 19).
    moving: list[tuple[int, int]] = []
    for k in curr.children[c]:
        q = pairs.get(k)
        if q is None:
            continue
        if still:
            a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
            if a is b or a == b:
                continue  # in one box in one view: it crossed nothing, spanned and left nothing
        moving.append((k, q))
    if not (came or moving) or not (left or moving):
        return None
    side = host_sideways(prev, p, curr, c, pairs)  # a carousel: its side edges cut its items
    cache: TextCache = {}
    if stayed(prev, p, curr, c, pairs, side, cache) or (
        side and _changed_lines(prev, curr, moving)
    ):
        return None
    toward = (0, 0)  # known when a carousel's item of its own text crossed the view
    for k, q in moving:  # a row cut by one edge, then by the other: its parts passed
        a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
        if list_kept(prev, q, curr, k):
            continue  # a list in a page, the keyboard over it, its rows in place: it stayed
        if _across(a, old_view, b, view, side) or (
            not side and spanned_past(a, old_view, b, view)  # a section that spanned it
        ):
            came.append(k)
            left.append(q)
            if side and own_texts(prev, q) & own_texts(curr, k):
                toward = _crossed_way(prev.nodes[q].bounds, old_view)
        elif not side and _relaid(prev, q, curr, k):
            came.append(k)
            left.append(q)
    if not came or not left or _same_rows_in_place(prev, curr, came, left, cache):
        return None
    if not still and in_place(prev, p, curr, c, old_view, view):
        return None  # the view's edges moved, its rows in place in it (.resized)
    rows = (len(came) >= 2 and len(left) >= 2) or any(curr.children[k] for k in came)
    if not rows:
        return None  # one label for another (a dialog's message) is not a page of a list
    return Motion(c, p, 0, 0, page=True, toward=toward)


def _changed_lines(prev: Frame, curr: Frame, moving: list[tuple[int, int]]) -> bool:
    """Whether two or more paired items of one size moved to another line (their top
    changed): a carousel's items move along x alone, so its content did not turn sideways;
    a grid's tiles went on one slot (a tile put in before them, or taken out)."""
    lines = 0
    for k, q in moving:
        a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
        if a.top != b.top and (a.width, a.height) == (b.width, b.height):
            lines += 1
            if lines > 1:
                return True
    return False


def _relaid(prev: Frame, q: int, curr: Frame, k: int) -> bool:
    """Whether paired row ``k`` moved and shows other words than row ``q`` in two or more of
    its labels of one id each: another row of the same layout (a feed card of the same
    author, its time and title others), not the row moved."""
    if prev.nodes[q].bounds == curr.nodes[k].bounds:
        return False
    was = _labels_by_id(prev, q)
    now = _labels_by_id(curr, k)
    return sum(1 for rid, t in now.items() if rid in was and was[rid] != t) >= 2


def _labels_by_id(frame: Frame, row: int) -> dict[str, str]:
    """The texts of a row's labels, by resource id (ids that one label alone carries)."""
    seen: dict[str, str] = {}
    twice: set[str] = set()
    for n in frame.nodes[row + 1 : frame.subtree_end(row)]:
        if n.resource_id and n.text:
            if n.resource_id in seen:
                twice.add(n.resource_id)
            seen[n.resource_id] = n.text
    return {k: v for k, v in seen.items() if k not in twice} if twice else seen


def _crossed_way(was: Bounds, view: Bounds) -> tuple[int, int]:
    """The way a carousel's content went when an item cut by one side edge of ``view``
    (``was``) is now cut by the other: a chip, a label itself, shows its whole text however
    cut, so one that no other item shows crossed the view (the Feed's chips on the phone
    from 56 to 1,023 lu: "Technology" at the right edge, then at the left: content left)."""
    return (-1, 0) if was.right >= view.right else (1, 0)


def _same_rows_in_place(
    prev: Frame, curr: Frame, came: list[int], left: list[int], cache: TextCache
) -> bool:
    """Whether a row that "came" shows what a row that "left" showed, in the same place: the
    same row whose key changed with a sibling (a tile's price beside its button's new
    text), or with one of its labels (:func:`~deltarec.core.diff.scroll_edits.kept_edited`:
    every row's time ticked), or reads as it with its one label edited, of a shape no other
    row shows (:func:`~deltarec.core.diff.scroll_edits.reads_as_edited`: a pager's page whose
    month label alone changed, beside arrows and day cells that show nothing), so nothing
    scrolled; half of the rows that came at least, but for rows in their very box that show
    nothing and hold what they held (no evidence either way). One
    row in place among a page of new ones is a footer the page left where it was (the
    Inbox's "Loading more…" at its end, then at its end again one page further). O(rows)."""
    at = {prev.nodes[q].bounds: q for q in left}
    kept = blank = 0
    for k in came:
        q = at.get(curr.nodes[k].bounds)
        texts = shown(curr, k, cache, True) if q is not None else frozenset()
        if texts and q is not None and texts == shown(prev, q, cache, False):
            kept += 1
        elif texts and q is not None and kept_edited(prev, q, curr, k):
            kept += 1  # its time ticked, its name stayed: the clock moved, not the list
        elif texts and q is not None and reads_as_edited(prev, q, curr, k):
            kept += 1  # its one label edited ("August" → "August (edited)"), of its own shape
        elif texts and q is not None and toggled_in_place(prev, q, curr, k):
            kept += 1  # its button toggled ("Pause" → "Start") as its time ran (.toggled)
        elif texts and q is not None and cut_in_place(prev, q, curr, k):
            kept += 1  # labels cut again by the app, node for node (label_edit.cut_in_place)
        elif q is not None and curr.subtree_hashes[k] == prev.subtree_hashes[q]:
            blank += 1  # nothing shown, one shape in one box: it says nothing either way
        elif texts and q is not None and _one_label_ticked(prev, q, curr, k):
            blank += 1  # a date header whose one label ticked: any header of its shape
    return kept > 0 and 2 * kept >= len(came) - blank


def _one_label_ticked(prev: Frame, q: int, curr: Frame, k: int) -> bool:
    """Whether row ``k``, in row ``q``'s box, shows one label: ``q``'s one label edited (a
    date header whose time ticked, "01:34:27 · 2 min ago" → "· 3 min ago"). Another header
    of its shape could be there as well, so it says nothing either way, as a row that shows
    nothing: no evidence of a page turned under rows that kept their names (a trading app's
    history, its date headers between rows whose instruments repeat, issue 18)."""
    was, now = labels_of(prev, q), labels_of(curr, k)
    return len(was) == 1 == len(now) and label_edited(next(iter(was)), next(iter(now)))


def turned(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], used: AbstractSet[int], c: int
) -> Motion | None:
    """The page that container ``c`` (paired) turned, on itself or on the first of the
    wrappers inside it (paired, showing nothing of their own, or the one child filling it)
    whose rows were all replaced: a web page's ``body > main > article`` beside a fixed
    header, a ScrollView's form. O(wrappers)."""
    todo, box = [c], curr.nodes[c].bounds
    while todo:
        k = todo.pop(0)
        # A wrapper's page is the scroller's where it spans it in both frames (row_place); one
        # that does not is not asked (what it says is never read: a form's sections, a dozen
        # deep, were each asked twice a step for nothing; issue 19).
        if k == c or _spans_both(prev, curr, pairs, k, c):
            got = page(prev, curr, pairs, used, k, pairs[k])
            if got is not None:
                return got
        rows = max(len(curr.children[k]), len(prev.children[pairs[k]]))
        if rows > 1 and scrolls_by_nature(curr.nodes[k]):
            # A list's children are its rows, not wrappers (a WebView's one is); so is the one
            # row the keyboard left of a list that had more.
            continue
        todo += [
            q
            for q in curr.children[k]
            if q in pairs
            and curr.children[q]
            and (
                (bare(curr.nodes[q]) and bare(prev.nodes[pairs[q]]))
                or (_fills(prev, pairs[k], pairs[q]) and _fills(curr, k, q))
            )
            and _reaches(curr, q, box)
        ]
    return None


def _reaches(curr: Frame, q: int, box: Bounds) -> bool:
    """:func:`~deltarec.core.diff.row_place.may_span`: whether the walk of :func:`turned`
    can ask a page of ``q`` or a wrapper inside it (none spans the scroller's ``box`` else)."""
    return may_span(curr, q, box)


def _spans_both(prev: Frame, curr: Frame, pairs: Mapping[int, int], k: int, c: int) -> bool:
    """Whether wrapper ``k`` spans scroller ``c`` (:func:`~deltarec.core.diff.row_place.spans`)
    in both frames: a row the keyboard's edge cut down to the scroller's box fills it in one
    frame only, and is a row of it, not its content (the contact form's photo). O(1)."""
    return spans(curr.nodes[k].bounds, curr.nodes[c].bounds) and spans(
        prev.nodes[pairs[k]].bounds, prev.nodes[pairs[c]].bounds
    )


def _fills(frame: Frame, pos: int, child: int) -> bool:
    """Whether ``child`` is the one child of ``pos`` and has its box: a ScrollView's
    content (``event_holder``), clipped to it, named or not."""
    return len(frame.children[pos]) == 1 and frame.nodes[child].bounds == frame.nodes[pos].bounds


def _viewport(frame: Frame, pos: int) -> Bounds:
    """The box ``pos`` shows its content in: its own, or the nearest container made to
    scroll around it (a web grid is cut to the WebView)."""
    kept = frame.memo.get("scrollers")
    # No typing.cast: a Python call each ask (issue 19)
    at: int = kept[pos] if kept is not None else _scroller(frame, pos)  # type: ignore[index]
    return frame.nodes[pos if at < 0 else at].bounds


def _scroller(frame: Frame, pos: int) -> int:
    """``scrollers(frame)[pos]``, walked up from ``pos``: the ancestors walked share the
    answer and are kept in the frame's memo (O(n) over any number of asks, and no pass over
    every node of a big frame whose step asks it of two containers)."""
    natural = natures(frame)
    if natural[pos]:
        return pos
    known: dict[int, int] = frame.memo.setdefault("pages.scroller", {})  # type: ignore[assignment]
    return marked_above(frame.parents, natural, pos, known)


def scrollers(frame: Frame) -> list[int]:
    """Per position: the nearest container made to scroll at or around it, or -1. One pass,
    parents first, kept in the frame's memo: every page asked of a frame, by the matcher's
    estimate and the delta's, walked the ancestors of its container again. Read only.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> scrollers(Frame(parse_uiautomator('<hierarchy><node class="V" bounds="[0,0][9,9]">'
    ...     '<node class="android.widget.ListView" bounds="[0,0][9,9]"><node class="V"'
    ...     ' bounds="[0,0][9,9]"/></node></node></hierarchy>')))
    [-1, 1, 1]
    """
    kept = frame.memo.get("scrollers")
    if kept is not None:
        return kept  # type: ignore[return-value]
    natural = natures(frame)
    got: list[int] = []
    for pos, parent in enumerate(frame.parents):
        got.append(pos if natural[pos] else got[parent] if parent >= 0 else -1)
    frame.memo["scrollers"] = got
    return got


def crossed(
    prev: Frame, curr: Frame, host_p: int, host_c: int, row: int, toward: tuple[int, int]
) -> frozenset[str]:
    """What row ``row`` of list ``host_c`` (turned a page) may have shown before: the texts
    (``text``, NUL, ``description``) of the row of list ``host_p`` of its kind that the other
    edge cut, when ``row`` is cut by one edge and may be that row crossed the view
    (:func:`across`; the way the content went, when the caller's gesture says it:
    ``toward``). Empty when there is none.

    Two dumps cannot tell such a row from another: a strip at the bottom edge showing only a
    sender and a date ("Barbara · Mar 24"), the top of the row the top edge cut before, is
    that row or one of that sender 28 days on; a card's "Like · Comment · Share" bar cut at
    the top is any card's. What it showed may have stayed on screen, so a page does not list
    it as come in (the row's other parts did come in, whichever row it is). O(rows).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(top, *texts):
    ...     kids = "".join(f'<node class="T" text="{t}" bounds="[0,{top + 30 * i}]'
    ...                    f'[100,{top + 30 * i + 30}]"/>' for i, t in enumerate(texts))
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...         ' bounds="[0,100][100,400]"><node class="Row" bounds="[0,' f'{max(top, 100)}]'
    ...         f'[100,{min(top + 90, 400)}]">{kids}</node></node></hierarchy>'))
    >>> was = crossed(shot(40, "Ken", "Hi", "Mar 4"), shot(350, "Ken"), 0, 0, 1, (0, 0))
    >>> sorted(t.rstrip(chr(0)) for t in was)
    ['Hi', 'Ken', 'Mar 4']
    >>> crossed(shot(40, "Ken", "Hi", "Mar 4"), shot(350, "Ken"), 0, 0, 1, (0, -1))
    frozenset()
    """
    box, b = curr.nodes[host_c].bounds, curr.nodes[row].bounds
    at_top, at_bottom = b.top <= box.top, b.bottom >= box.bottom
    if at_top == at_bottom or curr.parents[row] != host_c:
        return frozenset()
    if toward[1] and (toward[1] > 0) != at_bottom:
        return frozenset()  # the content went the other way: no row crossed toward this edge
    old_box, sort = prev.nodes[host_p].bounds, _kind(curr.nodes[row])
    out: set[str] = set()
    for q in prev.children[host_p]:
        a = prev.nodes[q].bounds
        if _kind(prev.nodes[q]) == sort and _across(a, old_box, b, box):
            out.update(
                n.text + "\x00" + n.content_desc
                for n in prev.nodes[q : prev.subtree_end(q)]
                if n.text or n.content_desc
            )
    return frozenset(out)


def _kind(node: Node) -> tuple[str, str]:
    return (node.class_name, node.resource_id)


def page_view(frame: Frame, pos: int) -> int:
    """The container made to scroll (a WebView) whose page ``pos`` belongs to: the nearest
    one around it when ``pos`` and every wrapper between them show nothing of their own
    (a web grid under ``body > main > article``, however deep); else -1. A scroll found on
    such a wrapper is the web view's: the finger was on it, and the wrapper has no name.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> frame = Frame(parse_uiautomator('<hierarchy><node class="android.webkit.WebView"'
    ...     ' bounds="[0,0][9,9]"><node class="V" bounds="[0,0][9,9]"><node class="V"'
    ...     ' bounds="[0,0][9,9]"/></node></node></hierarchy>'))
    >>> page_view(frame, 2), page_view(frame, 0)
    (0, 0)
    """
    for a in [pos, *frame.ancestors(pos)]:
        if scrolls_by_nature(frame.nodes[a]):
            return a
        if not bare(frame.nodes[a]):
            return -1
    return -1


def bare(node: Node) -> bool:
    """Whether ``node`` shows nothing of its own (no text, description or id): a wrapper."""
    return not (node.text or node.content_desc or node.resource_id)


def layers(frame: Frame, pos: int) -> bool:
    """Whether every node below ``pos`` has its box: a stack of layers (a thumbnail's image
    under its overlay), which holds nothing that could move inside it. O(subtree)."""
    b = frame.nodes[pos].bounds
    return all(n.bounds == b for n in frame.nodes[pos + 1 : frame.subtree_end(pos)])
