"""A row edited in the step its list scrolled: the row, where the offset puts it.

A feed scrolls while a like count ticks; a checkbox is tapped during a fling; an app's
label in a drawer changes as the drawer moves. The scroll estimate runs on the pairs the
keys made, and a key is made of content: the edited row has none yet. Its old self,
moved by the offset, lands on it showing something else, which is what a false offset
looks like too (a sender's row where another subject is), so the offset is refuted and
the list reads as a page turned, the edit as a row gone and a row come.

:func:`with_one_edit` lends the estimate that one pair: an unpaired row the offset puts,
clear of the list's edges in both frames, exactly where an unpaired old row of its kind
was moved, that reads as it edited (one label edited, :func:`reads_as_edit`, or the same
labels). One only: a row that changed is evidence of nothing, and an offset that needs
two such rows to stand is a coincidence of look-alike rows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from deltarec.core.diff.label_edit import NUMBER, reads_as_edit
from deltarec.core.diff.motions import near_box, shifted
from deltarec.core.diff.row_content import kind, own_texts, texts
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node


def _clear(b: Bounds, box: Bounds) -> bool:
    return box.top < b.top and b.bottom < box.bottom and b.area > 0


def with_one_edit(
    prev: Frame,
    curr: Frame,
    c: int,
    p: int,
    offset: tuple[int, int],
    pairs: Mapping[int, int],
) -> Mapping[int, int]:
    """``pairs`` (curr → prev) and the one row of list ``c`` (``p`` before) that ``offset``
    puts where an unpaired old row was, reading as it edited (module docstring); ``pairs``
    itself when there is none or more than one. O(rows of ``c`` × rows of ``p``) at worst,
    boxes compared first.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(top, *labels):
    ...     rows = "".join(f'<node class="T" text="{t}" bounds="[0,{top + 100 * i}]'
    ...                    f'[100,{top + 100 * i + 90}]"/>' for i, t in enumerate(labels))
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,1000]">{rows}</node></hierarchy>'))
    >>> a, b = shot(100, "Ada", "Bob", "40 likes"), shot(40, "Ada", "Bob", "41 likes")
    >>> dict(with_one_edit(a, b, 0, 0, (0, -60), {0: 0, 1: 1, 2: 2}))
    {0: 0, 1: 1, 2: 2, 3: 3}
    >>> dict(with_one_edit(a, shot(40, "Ada", "Bob", "Cid"), 0, 0, (0, -60), {0: 0, 1: 1, 2: 2}))
    {0: 0, 1: 1, 2: 2}
    """
    box_p, box_c = prev.nodes[p].bounds, curr.nodes[c].bounds
    used = set(pairs.values())
    olds = [
        (q, shifted(prev.nodes[q].bounds, *offset))
        for q in prev.children[p]
        if q not in used and _clear(prev.nodes[q].bounds, box_p)
    ]
    found: list[tuple[int, int]] = []
    for k in curr.children[c]:
        b = curr.nodes[k].bounds
        if k in pairs or not _clear(b, box_c):
            continue
        for q, moved in olds:
            if (
                near_box(moved, b)
                and kind(prev.nodes[q]) == kind(curr.nodes[k])
                and reads_as_edited(prev, q, curr, k)
            ):
                found.append((k, q))
                if len(found) > 1:
                    return pairs
    if not found:
        return pairs
    return {**pairs, found[0][0]: found[0][1]}


def reads_as_edited(prev: Frame, q: int, curr: Frame, k: int) -> bool:
    """Whether row ``k`` shows what row ``q`` showed, one label edited at most (its text and
    its description each read as edited), a label of a shape no other row of either list
    shows (:func:`_own_shape`: "Sponsored: offer 38" → "… 94" where every ad reads
    "Sponsored: offer N" is another ad)."""
    a, b = texts(prev, q), texts(curr, k)
    if a == b:
        return bool(a) or prev.nodes[q].checkable
    gone, came = a - b, b - a
    if len(gone) != 1 or len(came) != 1:
        return False
    was, now = next(iter(gone)), next(iter(came))
    return (
        label_edited(was, now)
        and _own_shape(prev, q, {_shape(was), _shape(now)})
        and _own_shape(curr, k, {_shape(was), _shape(now)})
    )


def kept_edited(prev: Frame, q: int, curr: Frame, k: int) -> bool:
    """Whether row ``k`` is row ``q`` with one label edited (:func:`reads_as_edited`) that
    still shows another of its labels as it was: a row whose time ticked ("didi" / "D ·
    5 min ago" → "D · 6 min ago") beside the name that says which row it is. A row of one
    label edited by a number could be another row of its shape (a date header). A label the
    row keeps that no other row of either list shows says which row it is even where every
    row's edited label has one shape (one sender's chat: "didi · 5 min ago" in every row,
    each beside its own subject); a twin ad keeps only what its twins show too."""
    kept = texts(prev, q) & texts(curr, k)
    if not kept:
        return False
    if reads_as_edited(prev, q, curr, k):
        return True
    gone, came = texts(prev, q) - kept, texts(curr, k) - kept
    return (
        len(gone) == 1
        and len(came) == 1
        and label_edited(next(iter(gone)), next(iter(came)))
        and bool(kept & own_texts(prev, q) & own_texts(curr, k))
    )


def _shape(label: str) -> str:
    """A label with its numbers blanked: what a list's template rows share."""
    return NUMBER.sub("0", label)


def _own_shape(frame: Frame, row: int, shapes: set[str]) -> bool:
    """Whether no other row of ``row``'s list shows a label of one of ``shapes``."""
    parent = frame.parents[row]
    memo: dict[int, Counter[str]] = frame.__dict__.setdefault("_edit_shapes", {})
    counts = memo.get(parent)
    if counts is None:
        rows = frame.children[parent] if parent >= 0 else frame.roots
        counts = memo[parent] = Counter(
            shape for r in rows for shape in {_shape(t) for t in texts(frame, r)}
        )
    mine = {_shape(t) for t in texts(frame, row)}
    return all(counts[shape] <= (shape in mine) for shape in shapes)


def label_edited(was: str, now: str) -> bool:
    """Whether a label (``text + "\\x00" + description``, as
    :func:`~deltarec.core.diff.row_content.texts` keeps it) reads as edited into another:
    its text and its description each (:func:`reads_as_edit`). Joined, a text edited
    beside a description that stayed ("Camera"/"Camera" → "Camera (edited)"/"Camera")
    holds neither in the other.

    >>> label_edited("Camera\\x00Camera", "Camera (edited)\\x00Camera")
    True
    >>> label_edited("Ada\\x00", "Bob\\x00")
    False
    """
    return all(
        reads_as_edit(x, y) for x, y in zip(was.split("\x00"), now.split("\x00"), strict=True)
    )


EDITS = 1
"""Labels of content that is not a list (a form, a web page) that may read as edited where a
scroll's offset puts them, the rest in place: one field changed during the scroll."""

AGREED = 3
"""Labels found again in place, per label edited, for the offset to stand."""


def few_edits(
    wrong: list[tuple[Node, Node]],
    found: int,
    labels: Iterable[Node],
    edits: int = EDITS,
) -> bool:
    """Whether the labels that land on a label showing something else (``wrong``: old, new)
    are at most ``edits``, each read as edited (:func:`label_edited`) and of a shape no
    other of ``labels`` (both sides') shows, with :data:`AGREED` labels per edit found again
    in place (``found``): one field changed as its form scrolled, where a false offset puts
    many labels on others' (a price on another product's price: every product shows one).

    >>> from deltarec.core.observe.model import Node
    >>> def label(text):
    ...     return Node(role="text", class_name="T", text=text)
    >>> few_edits([(label("All-day OFF"), label("All-day ON"))], 5, [])
    False
    >>> edit = [(label("2 guests"), label("3 guests"))]
    >>> few_edits(edit, 5, [label("Title"), *edit[0]]), few_edits(edit, 2, [*edit[0]])
    (True, False)
    >>> few_edits([(label("$12"), label("$14"))], 5, [label("$12"), label("$14"), label("$9")])
    False
    """
    if len(wrong) > edits or found < AGREED * len(wrong):
        return False
    shapes = Counter(_shape(n.text + "\x00" + n.content_desc) for n in labels)
    for a, b in wrong:
        was, now = a.text + "\x00" + a.content_desc, b.text + "\x00" + b.content_desc
        if not label_edited(was, now):
            return False
        own = Counter((_shape(was), _shape(now)))
        if any(shapes[shape] > n for shape, n in own.items()):
            return False  # its shape is other labels' too: a template's, not one field's
    return True
