"""A label that a wrapper wraps, widened or narrowed in place (issue 18, stop 59).

Compose and Flutter lay a chat's bubble, a button or a title's block out around its text:
the wrapper is as wide as its label and its padding. A label edited longer ("hello" →
"hello there", a streaming answer) widens its wrapper at its free side (a chat's own
bubble, aligned right, grows to its left), and nothing else changes; the wrapper, an
anonymous ``View`` with no id, shows no other content to be known by, and its box moved
off the half overlap geometry asks. :func:`widened` reads that growth in a row
(:func:`~deltarec.core.diff.label_edit.one_label_edited`); :func:`rewrapped` is the
evidence that two such wrappers are one (:class:`~deltarec.core.diff.pair_evidence.Evidence`).
"""

from __future__ import annotations

from deltarec.core.diff.row_content import texts
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


def label_boxes(frame: Frame, at: int, label: str) -> list[Bounds]:
    """The boxes of the nodes of ``at``'s subtree that show ``label`` (a text and a
    description, as :func:`~deltarec.core.diff.row_content.texts` keeps them)."""
    return [
        n.bounds
        for n in frame.nodes[at : frame.subtree_end(at)]
        if (n.text or n.content_desc) and n.text + "\x00" + n.content_desc == label
    ]


def widened(
    prev: Frame, p: int, was: str, curr: Frame, c: int, now: str, shift: tuple[int, int]
) -> bool:
    """Whether row ``c``, as high as row ``p`` (moved by ``shift``) but wider or narrower,
    changed its width by what its edited label's did: the one node showing ``was`` in ``p``
    and the one showing ``now`` in ``c`` keep their top and bottom and the edge the row kept
    (its left, or its right: a chat's own bubble, wrapping its text, grows to its left), and
    the row's other edge moved as much as the label's. A bubble that wraps its text is
    widened by a word put in ("hello" → "hello there") and by nothing else; another row in
    its box shows other texts. O(size of the two rows)."""

    old, new = label_boxes(prev, p, was), label_boxes(curr, c, now)
    if len(old) != 1 or len(new) != 1:
        return False
    dx, dy = shift
    r, s, a, b = prev.nodes[p].bounds, curr.nodes[c].bounds, old[0], new[0]
    if (a.top + dy, a.bottom + dy) != (b.top, b.bottom):
        return False
    if (r.left + dx, a.left + dx) == (s.left, b.left):  # the left kept: grown to the right
        return s.right - r.right - dx == b.right - a.right - dx != 0
    if (r.right + dx, a.right + dx) == (s.right, b.right):  # the right kept
        return s.left - r.left - dx == b.left - a.left - dx != 0
    return False


def rewrapped(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether containers ``p`` and ``c``, each showing one label, one label inside the other
    (:func:`grew`), are one wrapper :func:`widened` by what its label grew (narrowed: shrank).
    O(size of the two subtrees).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(text, left, inner):
    ...     return Frame(parse_uiautomator(
    ...         f'<hierarchy><node class="V" bounds="[{left},0][300,50]"><node class="T"'
    ...         f' text="{text}" bounds="[{inner},10][290,40]"/></node></hierarchy>'))
    >>> rewrapped(shot("hello", 200, 210), 0, shot("hello there", 100, 110), 0)
    True

    The wrapper grew by more than its label: something else came into it.

    >>> rewrapped(shot("hello", 200, 210), 0, shot("hello there", 100, 150), 0)
    False
    """
    a, b = texts(prev, p), texts(curr, c)
    if len(a) != 1 or len(b) != 1 or a == b:
        return False
    was, now = next(iter(a)), next(iter(b))
    return grew(was, now) and widened(prev, p, was, curr, c, now, (0, 0))


def grew(was: str, now: str) -> bool:
    """Whether one label (``text + NUL + description``, as ``texts`` keeps it) holds the
    other's text (or description), of three characters or more: "hello" → "hello there",
    "Local Agent" → "Local".

    >>> grew("hello\\x00", "hello there\\x00"), grew("Stop\\x00", "Send\\x00")
    (True, False)
    """
    (ta, _, da), (tb, _, db) = was.partition("\x00"), now.partition("\x00")
    return any(
        len(short) >= 3 and short in long
        for short, long in ((ta, tb), (tb, ta), (da, db), (db, da))
    )
