"""A row taken out of a list, and the row that came into its box in the same step: two rows,
not one edited (issue 18).

New mail comes in at the top of the Inbox as a sideways swipe archives its first row: the new
row takes the archived row's box exactly, and two dumps show one row whose labels changed in
place (``~ text "Ada"→"Grace"``, ``~ text "Tom's <draft> #200"→"Café menu #201"``: the two
rows share only their date). A row held in its box (same box, same kind) is another row when
more than one of its old labels is gone (:data:`GONE`: one changed label is an edit, a
message marked read, a counter ticked) and either of the two below; or, when it showed one
label only and that one is gone (a row cut by the list's edge to a strip of its subject,
the walk's 5 px "Lunch on Friday? #33" → "Invoice 42 #32"), after a sideways swipe told
that started on the row itself (nothing of the old row is left in the box the finger
swiped; ``tests/core/truth/test_swiped_slivers.py``):

- **a sideways swipe told** started on its list, a list of full-width rows (it scrolls along
  the other axis, so the finger did not scroll it): a swipe to dismiss (``ItemTouchHelper``),
  the row under the finger left. Which row that was neither dump may show: mail that came in
  as the input began moved the rows down under the finger (the sweep's drags start on the
  row at 432-612 px, which both dumps show at 252-432). A pager's page turned sideways over
  the list is other rows too. A row that holds a scrollable (a chip carousel in a feed's
  header: the swipe scrolled that) and a list alone in its wrapper are no rows dismissed; or
- **its name is another row's** (:func:`renamed`): its first label is one another row of the
  list showed first before ("Grace avatar"), and its old first label still names another row
  after ("Ada avatar"). The name of a list's item names the item: both names naming items
  the list shows, the item in the box is another (taken out and another put in its place,
  rows re-sorted). This needs no gesture: two dumps alone say it. A real in-place update keeps
  its name (a conversation's snippet and time) or takes one no other row shows (a thread's
  senders "Ada" → "Ada, Grace"), and stays one row edited.

The pairs are dropped after the four passes (:func:`~.match.match_measured`): the row's parts
(its date, shown by both) pair with nothing else.

Where neither holds, two readings may be left: a row at its list's edge, held in its box,
that shows none of the labels it showed (:func:`either_row`: a strip of 2-9 px of one
subject, "Tom's <draft> #2" → "Standup moved #1", with no finger told). Its labels edited in
place, or the row taken out and the row beyond the edge come into its box, cut alike: every
other row in its very box, both fit node for node. The pair stands (overlap is evidence that
they are one), and the renderer says both (:mod:`deltarec.core.render.folded`).
"""

from __future__ import annotations

import re

from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.page_gesture import under
from deltarec.core.diff.relabelled import unpair_relabelled
from deltarec.core.diff.row_content import holds_rows, kind, leaf_rows, texts
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import scrolls_by_nature
from deltarec.core.observe.model import Bounds

GONE = 2
"""Labels of the old row that must be gone from the row in its box for it to be another row
(one changed label is an edit a swipe may make: a message marked read)."""


def unpair_swiped(prev: Frame, curr: Frame, pairs: dict[int, int], gesture: Gesture | None) -> None:
    """Drop the pair of a list's row held in its box whose labels say another row is there
    (module docstring), and every pair inside it: after a sideways swipe told on the list,
    more than one of its labels gone; or, told or not, also its name (:func:`renamed`).
    O(pairs + the rows dropped's subtrees). Its caller, the match's last pass, keeps only
    ``pairs``: no set of the paired old positions is made for it (issue 19). Then the moved
    rows that are other rows (:mod:`.relabelled`): the same pass, after passes 3 and 4."""
    sideways = gesture is not None and gesture.swipe and not gesture.vertical
    same, was = curr.subtree_hashes, prev.subtree_hashes
    # A pair whose subtree shows the same content is left alone below: those told apart
    # first, in one comprehension (most of a step's pairs, each a loop's turn before).
    for c, p in [(c, p) for c, p in pairs.items() if same[c] != was[p]]:
        cb = curr.nodes[c].bounds
        host = curr.parents[c]
        if host < 0 or pairs.get(c) != p or not held(cb, prev.nodes[p].bounds) or not cb.area:
            continue  # not in its box: another rule's pair
        if not curr.children[c] or prev.subtree_hashes[p] == curr.subtree_hashes[c]:
            continue  # a leaf, or nothing in it changed
        if kind(prev.nodes[p]) != kind(curr.nodes[c]) or not holds_rows(curr, host):
            continue
        if len(curr.children[host]) < 2 or scrolls_by_nature(curr.nodes[c]):
            continue  # a list alone in its wrapper (a feed under a chip bar) is no row
        shown = texts(prev, p)
        gone = len(shown - texts(curr, c))
        every = 0 < gone == len(shown) < GONE  # a strip showing one label, another's now
        if gone < GONE and not every:
            continue
        box = curr.nodes[host].bounds
        swiped = (
            sideways
            and gesture is not None
            and under(cb if every else box, gesture)  # a strip: the finger started on it
            and cb.width == box.width  # a full-width row: no sideways scroll of its list
            and not _scrolls_inside(curr, c)  # a carousel in the row took the swipe
        )
        if not (swiped or (not every and renamed(prev, curr, c, p))):
            continue
        inside = range(p, prev.subtree_end(p))
        for k in range(c, curr.subtree_end(c)):
            q = pairs.get(k)
            if q is not None and q in inside:
                del pairs[k]
    unpair_relabelled(prev, curr, pairs)  # a moved row whose labels left (its module)


def dismissed(frame: Frame, row: int, gesture: Gesture | None) -> bool:
    """Whether a sideways swipe told started on ``row``, a full-width row of a list that
    holds no scrollable: the row under the finger is the one a swipe to dismiss took out
    (``ItemTouchHelper``), so where ``row`` is left unpaired by its content, no rule may give
    its place to another row (:func:`~deltarec.core.diff.sliver_pairs.resettle_slivers`: the
    row under the finger "pushed down to a sliver" or "gone up to one" is the reading that
    keeps it). O(the row's subtree)."""
    if gesture is None or not gesture.swipe or gesture.vertical:
        return False
    host = frame.parents[row]
    if host < 0:
        return False
    b = frame.nodes[row].bounds
    return (
        under(b, gesture)
        and b.width == frame.nodes[host].bounds.width
        and holds_rows(frame, host)
        and not _scrolls_inside(frame, row)
    )


def either_row(prev: Frame, curr: Frame, c: int, p: int) -> bool:
    """Whether row ``c``, paired with ``p`` in its box (:func:`held`), may as well be another
    row come into that box (module docstring): a row of a list at the list's top or bottom edge, of
    ``p``'s kind, that shows labels and none of those ``p`` showed. Taken out, the rows
    beyond that edge come in by its height, and the one beside it lands in its box, cut
    alike by the edge; no row in view moved, so nothing tells which. A row inside the list
    (not at an edge) cannot be replaced so: the rows on one side of it would have moved.
    O(the rows' subtrees).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(label, top=0):
    ...     row = ('<node class="Row" clickable="true" bounds="[0,{}][90,{}]">'
    ...         '<node class="android.widget.TextView" text="{}" bounds="[9,{}][80,{}]"/></node>')
    ...     return Frame(parse_uiautomator('<hierarchy><node class="android.widget.ListView"'
    ...         ' scrollable="true" bounds="[0,0][90,99]">'
    ...         + row.format(0, 5, label, 0, 2) + row.format(5, 50, "Kept", 9, 30)
    ...         + '</node></hierarchy>'))
    >>> either_row(shot("Lunch"), shot("Invoice"), 1, 1)
    True
    >>> either_row(shot("Lunch"), shot("Lunch"), 1, 1)  # the same labels: the same row
    False
    >>> either_row(shot("Lunch"), shot("Invoice"), 3, 3)  # "Kept", not at an edge
    False

    A column's clickable leaves are rows too (:func:`.row_content.leaf_rows`): a Flutter
    drawer, its tiles one node each under a view not made to scroll, cut by the window's
    edge, a row put in above the cut one.
    """
    host = curr.parents[c]
    if host < 0 or prev.parents[p] < 0 or not held(curr.nodes[c].bounds, prev.nodes[p].bounds):
        return False
    if kind(prev.nodes[p]) != kind(curr.nodes[c]):
        return False
    if not (holds_rows(curr, host) or leaf_rows(curr, host, kind(curr.nodes[c]))):
        return False  # rows: a list's, or a column's clickable leaves (Flutter's tiles)
    cb, pb, box = curr.nodes[c].bounds, prev.nodes[p].bounds, curr.nodes[host].bounds
    if not (cb.top == pb.top == box.top or cb.bottom == pb.bottom == box.bottom):
        return False  # not at an edge: a row replaced inside a list moves a side of it
    was, now = texts(prev, p), texts(curr, c)
    if not (was and now):
        return False
    shared = was & now
    if not shared:
        return True
    # Labels every other row of the list shows ("Edit item", "Delete item") are the list's
    # template: any row there shows them, so sharing them says nothing of which row it is.
    if not (was - shared and now - shared):
        return False
    return shared <= _template(prev, p) and shared <= _template(curr, c)


TEMPLATE_ROWS = 2
"""Other rows of a list that must show a label for it to be the list's template
(:func:`_template`): one other row showing it is a twin, not a template."""


def _template(frame: Frame, row: int) -> frozenset[str]:
    """The labels every other row of ``row``'s list (of its kind, showing labels) shows in
    ``frame``, if there are :data:`TEMPLATE_ROWS` such rows at least; else none. Asked only
    of a row at its list's edge that kept labels (:func:`either_row`). O(the list's rows'
    subtrees, memoised per frame)."""
    shape = kind(frame.nodes[row])
    out: frozenset[str] | None = None
    seen = 0
    for q in frame.children[frame.parents[row]]:
        if q == row or kind(frame.nodes[q]) != shape or not (shown := texts(frame, q)):
            continue
        out = shown if out is None else out & shown
        seen += 1
        if not out:
            return frozenset()
    return out if out is not None and seen >= TEMPLATE_ROWS else frozenset()


WORDS = re.compile(r"[^\W\d_]+")
"""A word of a label: letters (a label's numbers tick: "5 min ago" → "6 min ago")."""

NUMBERS = re.compile(r"\d+")


def _words(label: str) -> set[str]:
    """The words of ``label``, lowercased; its numbers where it has no word ("21")."""
    return set(WORDS.findall(label.lower())) or set(NUMBERS.findall(label))


def either_label(prev: Frame, curr: Frame, c: int, p: int) -> bool:
    """Whether label ``c``, paired with ``p``, a bare label of a column (no row around it: a
    Compose column's entries are its labels), may as well be another label come into its
    box: at the column's top or bottom edge in both frames, that edge the edge of the
    scroller around it or of its window (the label cut by it: a column the window cuts, a
    keyboard up, pushes what is put in above out of it as a scroller does), its box but for
    its far edge and a px of rounding at its start (:data:`ROUNDING`: a label of another
    length is as wide as its text; a centred one keeps its centre), of ``p``'s kind, its
    label sharing no word with ``p``'s (its numbers where it shows no word; numbers alone on
    both sides that change are a counter ticking). Labels put in above it push it out beyond
    the edge and the first of them lands in its box, cut alike; no label in view moved, so
    nothing tells that from ``p`` edited in place (:func:`either_row` for a row of labels).
    O(depth).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(label, right=80):
    ...     t = '<node class="android.widget.TextView" text="{}" bounds="[9,{}][{},{}]"/>'
    ...     return Frame(parse_uiautomator('<hierarchy><node class="android.widget.ScrollView"'
    ...         ' scrollable="true" bounds="[0,0][90,99]">'
    ...         '<node class="Column" bounds="[0,0][90,99]">'
    ...         + t.format("Kept", 5, 80, 40) + t.format(label, 50, right, 99)
    ...         + '</node></node></hierarchy>'))
    >>> either_label(shot("Needs a newer chip"), shot("Fits in memory", 70), 3, 3)
    True
    >>> either_label(shot("Needs a newer chip"), shot("Needs an older chip"), 3, 3)  # an edit
    False
    >>> either_label(shot("9:03"), shot("9:04"), 3, 3)  # a clock's tick: no word
    False
    >>> either_label(shot("59"), shot("60"), 3, 3)  # a counter's tick: no letter
    False
    >>> either_label(shot("SUN"), shot("21"), 3, 3)  # a day's name, another label's number
    True
    >>> either_label(shot("Kept"), shot("Other"), 2, 2)  # not at the edge
    False
    >>> def bare(label, left, right):  # a Flutter column the window's edge cuts, described
    ...     t = '<node class="android.view.View" content-desc="{}" bounds="[{},{}][{},{}]"/>'
    ...     return Frame(parse_uiautomator('<hierarchy><node class="View" bounds="[0,0][90,99]">'
    ...         + t.format("Kept", 5, 5, 80, 40) + t.format(label, left, 50, right, 99)
    ...         + '</node></hierarchy>'))
    >>> either_label(bare("Own your day", 5, 85), bare("Sign in first", 20, 70), 2, 2)  # centred
    True
    """
    host, old_host = curr.parents[c], prev.parents[p]
    if host < 0 or old_host < 0 or curr.children[c] or prev.children[p]:
        return False
    if len(curr.children[host]) < 2 or kind(prev.nodes[p]) != kind(curr.nodes[c]):
        return False
    cb, pb, box = curr.nodes[c].bounds, prev.nodes[p].bounds, curr.nodes[host].bounds
    if box != prev.nodes[old_host].bounds:
        return False  # the column moved or resized: other rules read it
    centred = abs(cb.left + cb.right - pb.left - pb.right) <= 2 * ROUNDING
    if abs(cb.left - pb.left) > ROUNDING and abs(cb.right - pb.right) > ROUNDING and not centred:
        return False  # (a centred label of another length keeps its centre)
    if cb.top == pb.top and cb.bottom == pb.bottom == box.bottom:
        edge = box.bottom
    elif cb.bottom == pb.bottom and cb.top == pb.top == box.top:
        edge = box.top
    else:
        return False  # not at an edge: labels put in inside the column move a side of it
    up = [host, *curr.ancestors(host)]
    clip = next((a for a in up if scrolls_by_nature(curr.nodes[a]) or curr.parents[a] < 0), -1)
    if clip < 0 or edge not in (curr.nodes[clip].bounds.top, curr.nodes[clip].bounds.bottom):
        return False  # an edge nothing clips: labels put in would have grown the column
    old_label = prev.nodes[p].text or prev.nodes[p].content_desc
    new_label = curr.nodes[c].text or curr.nodes[c].content_desc
    if not (WORDS.search(old_label) or WORDS.search(new_label)):
        return False  # numbers only, both: a counter or a clock ticked ("59" → "60")
    was, now = _words(old_label), _words(new_label)
    return bool(was) and bool(now) and not was & now


ROUNDING = 2
"""px a row's box may gain or lose on a scaled screen and still be the box it was: the row
that comes into a row's box beyond the list's edge sits a px off it where the px of its
place round otherwise (the rows below it a px lower or higher too)."""


def held(now: Bounds, was: Bounds) -> bool:
    """Whether ``now`` is the box ``was``, but for :data:`ROUNDING`: the same left and right
    edges and one of top and bottom, the other within :data:`ROUNDING` px.

    >>> held(Bounds(0, 192, 720, 218), Bounds(0, 192, 720, 217))
    True
    >>> held(Bounds(0, 193, 720, 218), Bounds(0, 192, 720, 217))  # moved: no edge kept
    False
    """
    if (now.left, now.right) != (was.left, was.right):
        return False
    top, bottom = abs(now.top - was.top), abs(now.bottom - was.bottom)
    return min(top, bottom) == 0 and max(top, bottom) <= ROUNDING


def renamed(prev: Frame, curr: Frame, c: int, p: int) -> bool:
    """Whether row ``c`` of a list, held in the box of row ``p``, is named as another row of
    the list was (its first label, "Grace avatar", shown first by another row before) while
    ``p``'s name still names another row ("Ada avatar"): the name of a list's item names the
    item, and both names are those of items the list shows, so the item in the box is
    another (a row taken away and another in its place, rows re-sorted). A row's name that
    becomes one no other row shows is the row edited (a thread's senders "Ada" → "Ada,
    Grace"). O(rows of the list)."""
    old, new = _name(prev, p), _name(curr, c)
    if not old or not new or old == new:
        return False
    others_before = {_name(prev, q) for q in prev.children[prev.parents[p]] if q != p}
    others_after = {_name(curr, q) for q in curr.children[curr.parents[c]] if q != c}
    return new in others_before and old in others_after


def _scrolls_inside(frame: Frame, row: int) -> bool:
    """Whether ``row`` holds a scrollable (a chip carousel in a feed's header row): a sideways
    swipe on it scrolls that, and dismisses nothing. O(the row's subtree)."""
    return any(scrolls_by_nature(n) for n in frame.nodes[row + 1 : frame.subtree_end(row)])


def _name(frame: Frame, row: int) -> str:
    """The first label in ``row``'s subtree (text, else description), or ""."""
    for node in frame.nodes[row : frame.subtree_end(row)]:
        if node.text or node.content_desc:
            return node.text or node.content_desc
    return ""


__all__ = [
    "GONE",
    "ROUNDING",
    "dismissed",
    "either_label",
    "either_row",
    "held",
    "renamed",
    "unpair_swiped",
]
