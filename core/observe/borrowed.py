"""What a control that shows no text of its own borrows from the text around it.

A control with no text or description of its own, and none below it, is called by the first
text below one of its :data:`ANCESTOR_LEVELS` nearest ancestors (:func:`borrowed_text`): a
Settings switch by its row's title. The walk stops at a list (a list's first text belongs to
another row), at a control that covers its whole window (a scrim: what is under it is not
its label), and at a tab strip (:func:`among_alike`: a tab never reads the label the
selected tab alone shows).

A borrowed text is never a name another element is called by (:func:`unshared`): an agent
tapping ``name: "August"`` must hit the month's header, not one of the 44 day cells that sit
beside it. The text a control borrows stays its own only when the element it belongs to is
one of the control's ancestors (the Settings row its switch sits in: tapping either toggles
it) and no other control borrows it too; else the control is called by its resource id's last
part, or nothing (:func:`deltarec.core.observe.labels.labels`).
"""

from __future__ import annotations

from collections import Counter
from itertools import compress, count
from operator import attrgetter

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import INTERACTIVE_ROLES

ANCESTOR_LEVELS = 3
"""How many ancestors a control that shows no text looks below for one."""

SCAN_LIMIT = 200
"""At most this many nodes are visited when looking below a node for a label."""


def borrowed_text(
    frame: Frame,
    pos: int,
    natural: list[bool],
    below: dict[int, str],
    alike: dict[int, frozenset[tuple[str, str]]],
    chosen: frozenset[int],
) -> str:
    """The text control ``pos``, which shows none of its own, borrows: the first text below one
    of its :data:`ANCESTOR_LEVELS` nearest ancestors (none when it covers its window, a
    scrim's; the walk stops at a list: a list's first text belongs to another row), else "".
    ``below``: the first text below a position, kept across calls."""
    nodes, parents, ends = frame.nodes, frame.parents, frame.subtree_ends
    node = nodes[pos]
    # _covers_window, inline
    b, w = node.bounds, nodes[frame.window_of[pos]].bounds
    covers = (
        b.right > b.left
        and b.bottom > b.top
        and b.left <= w.left
        and b.top <= w.top
        and b.right >= w.right
        and b.bottom >= w.bottom
    )
    title = ""
    ancestor = -1 if covers else parents[pos]
    if ancestor in chosen and among_alike(frame, pos, ancestor, alike):
        ancestor = -1  # a tab in its strip: the strip's first text is another tab's label
    for _ in range(ANCESTOR_LEVELS):
        if ancestor < 0 or title or natural[ancestor]:
            break  # a list's first text belongs to another row
        # Kept answers include "" (no text below): a form's wrappers, a dozen deep and
        # showing nothing of their own above the fields, were each walked again by every
        # control inside them (issue 19).
        kept = below.get(ancestor)
        if kept is None:
            kept = ""  # _first_text_below, inline (an ancestor of a control of both frames)
            for child in range(ancestor + 1, min(ends[ancestor], ancestor + 1 + SCAN_LIMIT)):
                shown = nodes[child]
                if shown.text or shown.content_desc:
                    kept = shown.text or shown.content_desc
                    break
            below[ancestor] = kept
        title = kept
        ancestor = parents[ancestor]
    return title


def among_alike(
    frame: Frame, pos: int, parent: int, alike: dict[int, frozenset[tuple[str, str]]]
) -> bool:
    """Whether ``pos`` is a tab in its strip: a control beside a sibling control of its class
    and role, one of them selected (a bottom bar's, a rail's, a top tab strip's). The first
    text below their parent is the label the selected tab alone shows (a Clock app's bottom
    bar, a Material bar whose labels show on the selected item only), never the name of the
    others. ``alike``: per parent, the kinds two of its controls share, one of them selected,
    kept across calls (a parent's children are read once: O(n) a frame however many ask)."""
    kinds = alike.get(parent)
    if kinds is None:
        seen: set[tuple[str, str]] = set()
        twice: set[tuple[str, str]] = set()
        chosen: set[tuple[str, str]] = set()
        for k in frame.children[parent]:
            sibling = frame.nodes[k]
            if sibling.interactive:
                kind = (sibling.class_name, sibling.role)
                (twice if kind in seen else seen).add(kind)
                if sibling.selected:
                    chosen.add(kind)
        kinds = alike[parent] = frozenset(twice & chosen)
    node = frame.nodes[pos]
    return bool(kinds) and node.interactive and (node.class_name, node.role) in kinds


def selected_parents(frame: Frame) -> frozenset[int]:
    """The parents of the selected nodes of ``frame`` (kept in its memo; the flags read at C
    speed: a frame selects a few nodes, if any)."""
    got = frame.memo.get(selected_parents)
    if got is None:
        nodes, parents = frame.nodes, frame.parents
        chosen = compress(range(len(nodes)), map(attrgetter("selected"), nodes))
        got = frame.memo[selected_parents] = frozenset(map(parents.__getitem__, chosen))
    return got  # type: ignore[return-value]


def unshared(frame: Frame, names: list[str], lent: dict[int, str]) -> None:
    """Drop from ``lent`` (per control, the text :func:`borrowed_text` found it) the texts
    another element is called by: a node named so (``names``: every node's name but the
    borrowers') whose element — itself where it is a control or a dialog, else the control
    around it that it speaks for — is no ancestor of the borrower, and a text two elements
    borrow (an icon inside a control is none: it speaks through its control). A Settings
    switch keeps its row's title (its row is the element called so); the arrows and day cells
    beside a calendar's month header ("August", a button of its own) do not, nor an icon beside
    a form's title field. Asked only where some control borrows: ``names`` read once at C speed
    for the texts borrowed, then each such node's walk up to its element."""
    lenders = Counter(lent.values())  # at C speed: most texts are borrowed once
    lenders.pop("", None)
    if not lenders:
        return
    ends = frame.subtree_ends
    owners: dict[str, list[int]] = {}
    for pos in compress(count(), map(lenders.__contains__, names)):
        owners.setdefault(names[pos], []).append(pos)
    # per text, the elements called so (each owner's walk up once, however many borrow it)
    called: dict[str, list[int]] = {}
    known: dict[int, int] = {}  # per node walked, the element it speaks for
    for text, found in owners.items():
        called[text] = [_element_of(frame, owner, known) for owner in found]
    # the texts two elements borrow (an icon inside a row borrows its title too: it is none)
    twice = {text for text, n in lenders.items() if n > 1}
    if twice:
        elements = Counter(
            text
            for p, text in lent.items()
            if text in twice and _element_of(frame, p, known) in (p, -1)
        )
        twice = {text for text in twice if elements[text] > 1}
    for pos, text in lent.items():
        if not text:
            continue
        if text in twice:
            lent[pos] = ""
            continue
        for host in called.get(text, ()):
            if host < 0 or not host <= pos < ends[host]:
                lent[pos] = ""  # another element is called so: not one around the borrower
                break


def _holds_a_form(frame: Frame, pos: int) -> bool:
    """Whether scroller ``pos`` holds one wrapper: a form, no rows (a ``ScrollView``'s, or a
    Compose or Flutter column's); not a pager showing its one page, nor a horizontal strip."""
    node = frame.nodes[pos]
    name = node.class_name
    return (
        (node.scrollable or node.role == "list")
        and len(frame.children[pos]) == 1
        and "Pager" not in name
        and "Horizontal" not in name
    )


def _element_of(frame: Frame, pos: int, known: dict[int, int]) -> int:
    """The element ``pos`` speaks for: the nearest control or dialog, itself included, or -1;
    itself where a scroller holding one wrapper comes first (a ScrollView's form holds no rows).
    The nodes walked on the way share the answer and are noted in ``known`` (the owners of
    the texts borrowed in a frame sit in a few subtrees: O(n) a frame however many ask)."""
    nodes, parents, roles = frame.nodes, frame.parents, INTERACTIVE_ROLES
    chain: list[int] = []
    got = -1
    while pos >= 0:
        was = known.get(pos)
        if was is not None:
            got = was
            break
        node = nodes[pos]
        acts = node.clickable or node.long_clickable or node.checkable
        if chain and not acts and _holds_a_form(frame, pos):
            # a ScrollView's one wrapper holds a form, no rows: a form's title in it (a
            # keyboard made it scroll) is an element of its own (a list's row, a clock's
            # alarm, still speaks for the time its switch borrows)
            for walked in chain:
                known[walked] = walked
            return chain[0]
        # Node.interactive, inline, and a dialog
        if acts or node.scrollable or node.role in roles or node.role == "dialog":
            got = pos
            break
        chain.append(pos)
        pos = parents[pos]
    for walked in chain:
        known[walked] = got
    return got
