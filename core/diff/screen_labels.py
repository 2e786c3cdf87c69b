"""What screen a frame shows, as a label: numbers come back by key only on a screen labelled
alike (:attr:`~deltarec.core.observe.index.ElementIndex.screen`), and a remembered screen is
recalled only when the frame still mostly shows it (:class:`~deltarec.core.observer.Observer`).

    >>> from deltarec.core.observe.model import Node, Observation
    >>> a = Frame(Observation((Node(class_name="T", text="Inbox"),), activity="Main"))
    >>> b = Frame(Observation((Node(class_name="T", text="Inbox"),), activity="Main"))
    >>> same_label(a, b), screen_label(a) == screen_label(b), _still_shows(a, b)
    (True, True, True)
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable
from itertools import chain
from typing import cast

from deltarec.core.diff.volatile import system_bars
from deltarec.core.observe.frame import Frame

RECALL_KEPT = 0.5
"""Least share of a remembered frame's texts a screen must still show to be that frame
come back (:meth:`Observer._recall`)."""


def _shown_texts(frame: Frame) -> Counter[str]:
    """The texts and descriptions a frame shows outside its system bars (typed text left
    out: a form typed into or emptied is the same form). Kept in the frame's memo: a new
    screen is compared with every remembered one (:meth:`Observer._label`). Read only."""
    got = frame.memo.get("shown_texts")
    if got is None:
        bars = system_bars(frame)
        nodes = [n for pos, n in enumerate(frame.nodes) if pos not in bars] if bars else frame.nodes
        # Each node's description, then its text (not typed text: Node.editable, inline), in
        # document order, counted at C speed.
        descriptions = [n.content_desc for n in nodes]
        texts = ["" if n.role == "textbox" else n.text for n in nodes]
        got = frame.memo["shown_texts"] = Counter(
            filter(None, chain.from_iterable(zip(descriptions, texts, strict=True)))
        )
    return cast(Counter[str], got)


def screen_label(frame: Frame) -> str:
    """What a screen showed when it was entered, as a label (:attr:`ElementIndex.screen`):
    its activity and a digest of its texts (:func:`_shown_texts`). A form started again,
    emptied, is labelled as it was; another message from the same sender is not."""
    texts = sorted(_shown_texts(frame).items())
    digest = hashlib.blake2b(repr(texts).encode("utf-8", "surrogatepass"), digest_size=8)
    return f"{frame.obs.activity}#{digest.hexdigest()}"


def same_label(a: Frame, b: Frame) -> bool:
    """Whether :func:`screen_label` labels ``a`` and ``b`` alike, without digesting either:
    the same activity and the same texts (what the label's digest is of; a collision of
    its 8 bytes aside)."""
    return a.obs.activity == b.obs.activity and _shown_texts(a) == _shown_texts(b)


def labels_by_texts(prev: Frame) -> tuple[str, Callable[[Frame], str]]:
    """Screen labels for a one-shot delta read only as text and lines (not its indexes'
    labels): a label for ``prev`` (:func:`index_frame` ``screen=``) and one for a new screen
    (:func:`observe_delta` ``label=``), alike exactly when :func:`screen_label` labels them
    alike (:func:`same_label`). A label is only ever compared, in a book that holds these
    two, so the numbers and the text are :func:`screen_label`'s, and no label is digested:
    the previous frame's on every call, the new one's on a new screen (issue 19)."""
    return "prev", lambda frame: "prev" if same_label(frame, prev) else "new"


def _still_shows(old: Frame, curr: Frame) -> bool:
    """Whether ``curr`` still shows at least :data:`RECALL_KEPT` of what ``old`` showed, in
    texts and in characters. A page scrolled far, then started again at its top (a new
    instance), shares its title and toolbar and little else: it is a new screen, whatever
    the pairs of alike tiles say. So is another item in the same activity (another message
    from the same sender: its name, avatar and date kept, its subject and body not): what
    an item is, its long texts say more than its short labels."""
    then, now = _shown_texts(old), _shown_texts(curr)
    kept = then & now
    total = sum(then.values())
    if total and sum(kept.values()) < RECALL_KEPT * total:
        return False
    chars = sum(len(t) * n for t, n in then.items())
    return not chars or sum(len(t) * n for t, n in kept.items()) >= RECALL_KEPT * chars
