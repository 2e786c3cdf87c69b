"""What a row shows, for pairing rows by their content (:mod:`deltarec.core.diff.match`).

A row of a list is known by its content, never by its place: these say which texts a
subtree shows, which of them no other row of its list shows, and whether two rows show the
same content. Results are kept on the frame (a frame never changes, and the matcher asks
for the same rows again and again).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter, _count_elements  # type: ignore[attr-defined]  # C loop
from collections.abc import Callable, Iterable, Mapping
from operator import attrgetter

from deltarec.core.capture.element_dicts import ROOT_CLASS
from deltarec.core.diff.sections import ANONYMOUS, kept_section, plain_rows
from deltarec.core.diff.ticked import ticked
from deltarec.core.diff.viewport import a_page, holds_scroller
from deltarec.core.observe.frame import Frame, by_position
from deltarec.core.observe.labels import scrolls_by_nature
from deltarec.core.observe.model import Node

WORD = re.compile(r"\w+")


def kind(node: Node) -> tuple[str, str, str]:
    """Class, resource id and role: what two nodes must share to be one element."""
    return (node.class_name, node.resource_id, node.role)


def texts(frame: Frame, pos: int) -> frozenset[str]:
    """The texts and descriptions shown in ``pos``'s subtree (kept on the frame: a frame
    never changes, and passes 3 and 4 ask for the same rows again and again)."""
    memo: dict[int, frozenset[str]] = frame.__dict__.setdefault("_match_texts", {})
    shown = memo.get(pos)
    if shown is None:
        shown = memo[pos] = frozenset(
            [
                n.text + "\x00" + n.content_desc
                for n in frame.nodes[pos : frame.subtree_ends[pos]]
                if n.text or n.content_desc
            ]
        )
    return shown


def same_content(prev: Frame, p: int, curr: Frame, c: int, *, placed: bool = False) -> bool:
    """Whether two rows show the same content: the same texts and descriptions, or — for a
    row cut by the list's edge — the texts of one all in the other's, and either the scroll
    put it there (``placed``) or one of them is found in no other row of its list (a cut
    card showing only "Like · Share" could be any card). A sliver that shows no text at all is
    the row the scroll put there (``placed``: the caller asks the offset), or no row known."""
    a, b = texts(prev, p), texts(curr, c)
    if not (a and b):
        return placed  # a sliver the edge left no text of: only where the scroll put it
    if a == b:
        return True
    if a < b:
        return placed or bool(own_texts(prev, p))
    if b < a:
        return placed or bool(own_texts(curr, c))
    return ticked(a, b)  # its numbers one on (a time, a count): no other row


def same_row_edited(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether two rows share a text that no other row of either list shows (the row whose
    summary changed "Off" → "On" still shows its title); the caller asks for overlap too."""
    shared = texts(prev, p) & texts(curr, c)
    return bool(shared and shared & own_texts(prev, p) & own_texts(curr, c))


def rebound_in_place(prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]) -> bool:
    """Whether row ``c`` is old row ``p`` bound again in place with one label edited: the
    same nodes (class, id, box) in the very same box, all texts but one shared, and the row
    after each is one row, in the same box (:func:`next_row_held`). Airplane mode cut by
    the top edge to its summary and switch: "Off" → "On" is its only text, nothing it shows
    reads as edited, yet nothing can have taken its place. O(size of the two rows)."""
    a, b = texts(prev, p), texts(curr, c)
    if len(a - b) != 1 or len(b - a) != 1 or not next_row_held(prev, p, curr, c, pairs):
        return False
    p_end, c_end = prev.subtree_end(p), curr.subtree_end(c)
    return p_end - p == c_end - c and all(
        (m.class_name, m.resource_id, m.bounds) == (n.class_name, n.resource_id, n.bounds)
        for m, n in zip(prev.nodes[p:p_end], curr.nodes[c:c_end], strict=True)
    )


def next_row_held(prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]) -> bool:
    """Whether the row after ``c`` in its list is paired with the row after ``p``, and sits
    in the very same box: nothing was inserted or removed between them, and rows above did
    not push these down. (Not the row before: a row inserted after it pushes a cut last row
    out of the list's bottom edge and takes its box.) O(log n) a call."""
    after_c, after_p = next_sibling(curr, c), next_sibling(prev, p)
    return (
        after_c is not None
        and after_p is not None
        and pairs.get(after_c) == after_p
        and curr.nodes[after_c].bounds == prev.nodes[after_p].bounds
    )


def next_sibling(frame: Frame, pos: int) -> int | None:
    parent = frame.parents[pos]
    siblings = frame.children[parent] if parent >= 0 else frame.roots
    i = bisect_right(siblings, pos)  # siblings are in document order
    return siblings[i] if i < len(siblings) else None


def words(label: str) -> set[str]:
    """The words of a label of two letters or more, lower case."""
    return {w for w in WORD.findall(label.lower()) if len(w) > 1}


def list_words(frame: Frame, row: int) -> Counter[str]:
    """How many rows of ``row``'s list show each word (kept on the frame)."""
    return _per_list(frame, row, "_match_row_words", lambda ts: {w for t in ts for w in words(t)})


def list_counts(frame: Frame, row: int) -> Counter[str]:
    """How many rows of ``row``'s list show each text (kept on the frame)."""
    return _per_list(frame, row, "_match_row_counts", lambda ts: ts)


def _per_list(
    frame: Frame, row: int, memo_name: str, items: Callable[[frozenset[str]], Iterable[str]]
) -> Counter[str]:
    """How many rows of ``row``'s list show each of ``items`` (of a row's texts), kept on the
    frame under ``memo_name`` per list."""
    parent = frame.parents[row]
    memo: dict[int, Counter[str]] = frame.__dict__.setdefault(memo_name, {})
    shown_by = memo.get(parent)
    if shown_by is None:
        siblings = frame.children[parent] if parent >= 0 else frame.roots
        shown_by = memo[parent] = Counter([t for s in siblings for t in items(texts(frame, s))])
    return shown_by


def own_texts(frame: Frame, row: int) -> set[str]:
    """The texts of ``row`` that no other row of its list shows. (A row's own texts less
    those of the other rows; counted once per list, so a list of n rows costs O(n), not
    O(n²).)"""
    shown_by = list_counts(frame, row)
    return {t for t in texts(frame, row) if shown_by[t] == 1}


_ROLE = attrgetter("role")

ROW_REPEATS = 3
"""Children sharing class and resource id this many times are a list's rows."""
_SECTION = (ANONYMOUS, "")
"""The shape of a Compose screen's plain views: rows only where three of them hold alike
(:func:`.sections.plain_rows`)."""


@by_position  # asked ~35 times a step, of ~19 positions (hosts, walked rows, lists)
def holds_rows(frame: Frame, pos: int) -> bool:
    """Whether the children of ``pos`` are rows: it is made to scroll, or they repeat one shape
    (class and resource id). Element dicts carry neither: every wrapper is a ``container``,
    so a row's parts (an icon's frame, a title's block, a switch's frame: three containers
    side by side) repeat one shape there; the shape of an element dict without an id is also
    what it holds (its children's roles), the nearest evidence the dicts keep of a class. A
    row's parts then read as a list's rows, known only by their content: an icon's frame
    that shows nothing paired with the title's block beside it, the title listed as come in
    (settings' Airplane mode row, its title edited)."""
    nodes, children = frame.nodes, frame.children
    if scrolls_by_nature(nodes[pos]):
        return True
    shapes: dict[tuple[str, ...], int] = {}
    dicts = nodes[0].class_name == ROOT_CLASS
    for k in children[pos]:
        if children[k]:
            node = nodes[k]  # row_shape, inline where it is class and id (a call a row)
            shape = row_shape(frame, k, dicts) if dicts else (node.class_name, node.resource_id)
            shapes[shape] = shapes.get(shape, 0) + 1
            if shapes[shape] >= ROW_REPEATS and (shape != _SECTION or plain_rows(frame, pos)):
                return True
    return False


def row_shape(frame: Frame, k: int, dicts: bool) -> tuple[str, ...]:
    """The shape of row ``k`` (:func:`holds_rows`): its class and resource id, and on
    element dicts (``dicts``), where a node has no id, its children's roles too. O(children)."""
    node = frame.nodes[k]
    shape: tuple[str, ...] = (node.class_name, node.resource_id)
    if dicts and not node.resource_id:
        shape += tuple(map(_ROLE, map(frame.nodes.__getitem__, frame.children[k])))  # C speed
    return shape


def labels(frame: Frame, pos: int) -> frozenset[str]:
    """The texts and descriptions in ``pos``'s subtree that name it: a text box's text (typed,
    or its hint) is left out, as keys leave it out. Kept per frame (its memo): the rows
    asked by :func:`other_row` are asked again by the row-order check, four asks in ten. A
    subtree of more than :data:`NAMING_WALK` nodes reads the frame's :func:`_naming` (a big
    step asks it of every container around its change: the screen's root, its scroll view,
    its list)."""
    # No typing.cast: a Python call each ask (issue 19)
    kept: dict[int, frozenset[str]] | None
    kept = frame.memo.get(labels)  # type: ignore[assignment]
    if kept is None:
        kept = {}
        frame.memo[labels] = kept
    got = kept.get(pos)
    if got is None:
        end = frame.subtree_end(pos)
        if end - pos > NAMING_WALK:  # no name is "": filter(None) drops the Nones alone
            got = frozenset(filter(None, _naming(frame)[pos:end]))
        else:
            got = frozenset(
                n.text if n.text and not (n.role == "textbox" or n.password) else n.content_desc
                for n in frame.nodes[pos:end]
                if n.content_desc or (n.text and not (n.role == "textbox" or n.password))
            )
        kept[pos] = got
    return got


NAMING_WALK = 8
"""Largest subtree :func:`labels` walks node by node; a larger one reads :func:`_naming`.
Small: a step's rows and wrappers walked their subtrees again and again (a form's nest a
dozen deep); the frame's one pass costs a few walks (issue 19: 1.5 % fewer bytecodes)."""


def _naming(frame: Frame) -> list[str | None]:
    """Per position, the label :func:`labels` takes from that node, or None (never ""): one
    pass, kept in the frame's memo, so that a subtree's labels are a slice read at C speed."""
    got = frame.memo.get(_naming)
    if got is None:
        got = frame.memo[_naming] = [
            (n.text if n.text and not (n.role == "textbox" or n.password) else n.content_desc)
            if n.content_desc or (n.text and not (n.role == "textbox" or n.password))
            else None
            for n in frame.nodes
        ]
    return got  # type: ignore[return-value]


def unpair_other_rows(prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]) -> None:
    """Drop the pairs of rows that show other content (:func:`other_row`): a row of a list
    (a sibling of its shape) paired with an old row whose labels are all unrelated to its
    own. Their ids and the place of their parts paired them (a form's new section where
    the one it pushed out was: "Email" → "Address"); nothing they show does — unless a part
    of them has an id no other node has. Every pair inside the two rows goes with them.
    O(n) over pairs whose subtrees differ.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(label):
    ...     rows = "".join(f'<node class="Row" bounds="[0,{y}][9,{y + 9}]"><node class="I"'
    ...                    f' content-desc="{t}" bounds="[0,{y}][9,{y + 9}]"/></node>'
    ...                    for t, y in (("Name", 0), (label, 10)))
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="L" bounds="[0,0][9,20]">'
    ...                                    f'{rows}</node></hierarchy>'))
    >>> pairs = {0: 0, 1: 1, 2: 2, 3: 3, 4: 4}
    >>> unpair_other_rows(shot("Email"), shot("Address"), pairs, set(pairs.values()))
    >>> pairs
    {0: 0, 1: 1, 2: 2}
    """
    same, was = curr.subtree_hashes, prev.subtree_hashes
    # Pairs only go (a pair's old side never changes): the pairs of one content, left alone
    # below, are told apart first, in one comprehension.
    by_id: list[int] = []  # rows that show other content, kept by a part's id alone
    for c in sorted([c for c, p in pairs.items() if same[c] != was[p]]):
        p = pairs.get(c)
        parent = curr.parents[c]
        if p is None or parent < 0 or not curr.children[c]:
            continue  # a label's text changes in place; a row is known by its labels
        if not _other_content(prev, p, curr, c, pairs):
            continue
        if _known_by_id(prev, p, curr, c):
            by_id.append(c)
            continue
        unpair_inside(prev, p, curr, c, pairs, used)
    for c in by_id:
        p = pairs.get(c)
        if p is not None and _list_replaced(curr, c, pairs):
            unpair_inside(prev, p, curr, c, pairs, used)


def _list_replaced(curr: Frame, c: int, pairs: Mapping[int, int]) -> bool:
    """Whether every other row of ``c``'s shape in its list that shows a label is unpaired,
    and there are :data:`REPLACED_ROWS` or more: the list's page was replaced whole (a tab
    switched), and a part whose id no other node has (Settings' one ``switch_widget``) is
    that layout's, not evidence that its row stayed while every label it shows changed."""
    siblings = [
        k
        for k in curr.children[curr.parents[c]]
        if k != c and kind(curr.nodes[k]) == kind(curr.nodes[c]) and labels(curr, k)
    ]
    return len(siblings) >= REPLACED_ROWS and not any(k in pairs for k in siblings)


REPLACED_ROWS = 2
"""Rows beside it, all replaced, that make a row kept by an id alone part of a page
replaced (one row beside it is a list's two rows edited, no page)."""


def other_row(prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]) -> bool:
    """Whether two containers are two rows: they show other content (:func:`shows_other`),
    are not one row bound again in place (:func:`rebound_in_place`, given the ``pairs`` so
    far), are not both the wrapper of a list outside a list (:func:`holds_scroller`), and
    hold no part known by an id that no other node of either frame has (the
    status bar's clock, "9:02" → "9:03"). Only rows of a list (a sibling of their shape)
    are asked: a lone button renamed is one button."""
    return _other_content(prev, p, curr, c, pairs) and not _known_by_id(prev, p, curr, c)


def _other_content(prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]) -> bool:
    """:func:`other_row` but for its ids: two rows of a list that show other content."""
    parent = curr.parents[c]
    if parent < 0 or not (curr.children[c] and prev.children[p]):
        return False
    if _kinds(curr, parent)[kind(curr.nodes[c])] < 2:
        return False
    if kept_section(prev, p, curr, c):
        return False  # a Compose screen's section, whatever it shows now (.sections)
    if holds_scroller(curr, c) and holds_scroller(prev, p) and not a_page(curr, c, parent):
        return False  # what its list shows changed, not which wrapper it is (its docstring)
    if not shows_other(prev, p, curr, c):
        return False
    return not (rebound_in_place(prev, p, curr, c, pairs) and _held_below(prev, p, curr, c, pairs))


def _held_below(prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]) -> bool:
    """Whether the rows after ``c`` witness that nothing took its place: each paired in its
    very box, up to the first that shows a label, which must show what it showed (a row
    below relabelled too is no witness, or every row of a page replaced by rows of its
    layout, one label each, MIUI Settings' headers, would hold the one above it); rows
    that show nothing witness as :func:`next_row_held` reads them, but one of no size (a
    list's empty footer at [0,0][0,0]) does not. O(rows below up to the first labelled)."""
    witness = False
    while True:
        after_c, after_p = next_sibling(curr, c), next_sibling(prev, p)
        if after_c is None or after_p is None:
            return witness
        box = curr.nodes[after_c].bounds
        if pairs.get(after_c) != after_p or box != prev.nodes[after_p].bounds:
            return False
        now, was = labels(curr, after_c), labels(prev, after_p)
        if now or was:
            shown = bool(now and was) and not shows_other(prev, after_p, curr, after_c)
            return shown or _cut_alike(now, was)
        witness = witness or box.area > 0
        c, p = after_c, after_p


def _cut_alike(a: Iterable[str], b: Iterable[str]) -> bool:
    """Whether a label of one, its ellipsis dropped, begins a label of the other: one label
    cut again at another length ("Wallpaper & personalization" → "Wall…")."""
    cut = [x.rstrip("…").rstrip(".") for x in (*a, *b) if x.endswith(("…", "..."))]
    return any(x and y.startswith(x) and y != x for x in cut for y in (*a, *b))


LEAF_RUN = 2
"""Leaf rows that came and went, each way, for two leaves in one box to be two rows."""


def replaced_leaf_rows(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether two clickable leaves that show unrelated labels (:func:`shows_other`) are two
    rows of a list whose rows came and went: at least :data:`LEAF_RUN` of ``c``'s clickable
    leaf siblings of its kind show labels ``p``'s parent showed none of, and as many of
    ``p``'s showed labels ``c``'s parent shows none of. A Flutter list's row is one node
    whose description merges its texts: eight rows put in after a drawer's fourth push the
    rest out of the window, each new row in a box an old one had ("Open Folder" → "Jflitv
    Tfekifc" is no button renamed). One leaf relabelled alone (a button's "Play" → "Pause")
    stays one element. O(siblings), asked of two such leaves only."""
    pc, pp = curr.parents[c], prev.parents[p]
    a, b = prev.nodes[p], curr.nodes[c]
    if pc < 0 or pp < 0 or curr.children[c] or prev.children[p]:
        return False
    if not (a.clickable and b.clickable) or not shows_other(prev, p, curr, c):
        return False
    k = kind(b)
    now = [labels(curr, s) for s in curr.children[pc] if _clickable_leaf(curr, s, k)]
    before = [labels(prev, s) for s in prev.children[pp] if _clickable_leaf(prev, s, k)]
    shown_now, shown_before = frozenset().union(*now), frozenset().union(*before)
    came = sum(1 for got in now if got and not got & shown_before)
    went = sum(1 for had in before if had and not had & shown_now)
    return came >= LEAF_RUN and went >= LEAF_RUN


def leaf_rows(frame: Frame, pos: int, k: tuple[str, str, str]) -> bool:
    """Whether ``pos`` holds :data:`ROW_REPEATS` or more clickable leaves of kind ``k`` that
    show labels, stacked one below the other: rows, as :func:`holds_rows` reads rows that
    hold nodes (a Flutter column's tiles: each one node whose description merges its
    texts), not a row's parts side by side (a phone field, its type's dropdown, its delete
    button). O(children)."""
    got, bottom = 0, None
    for s in frame.children[pos]:
        if _clickable_leaf(frame, s, k) and labels(frame, s):
            b = frame.nodes[s].bounds
            if bottom is not None and b.top < bottom:
                return False  # beside the one before: a row's parts
            got, bottom = got + 1, b.bottom
    return got >= ROW_REPEATS


def _clickable_leaf(frame: Frame, pos: int, k: tuple[str, str, str]) -> bool:
    node = frame.nodes[pos]
    return node.clickable and not frame.children[pos] and kind(node) == k


def _known_by_id(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether rows ``p`` and ``c`` hold a part known by an id no other node of either frame
    has (the status bar's clock, "9:02" → "9:03")."""
    ids, counts = prev.id_counts, curr.id_counts
    once = {
        n.resource_id
        for n in prev.nodes[p : prev.subtree_end(p)]
        if n.resource_id and ids[n.resource_id] == 1
    }
    return any(
        n.resource_id in once and counts[n.resource_id] == 1
        for n in curr.nodes[c : curr.subtree_end(c)]
    )


def _kinds(frame: Frame, parent: int) -> dict[tuple[str, str, str], int]:
    """How many children of ``parent`` are of each :func:`kind`, counted once a parent (kept
    in the frame's memo): :func:`other_row` asks it of every changed row of a list, the kind
    of a child of ``parent`` (always counted). Counted at C speed into a plain dict (the
    Python-level set-up of a ``Counter``, its ``update`` and its ABC check, cost more than
    the count of a form's few children; issue 19)."""
    # No typing.cast: a Python call each ask (issue 19)
    kept: dict[int, dict[tuple[str, str, str], int]] | None
    kept = frame.memo.get(_kinds)  # type: ignore[assignment]
    if kept is None:
        kept = frame.memo[_kinds] = {}
    got = kept.get(parent)
    if got is None:
        got = kept[parent] = {}
        _count_elements(got, map(kind, map(frame.nodes.__getitem__, frame.children[parent])))
    return got


def shows_other(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether two subtrees both show labels (:func:`labels`) and none of one is related to
    any of the other: not the same, no word in common, none inside another."""
    a, b = labels(prev, p), labels(curr, c)
    if not (a and b):
        return False
    # Related: they share a label, a word, or one label is inside another ("9" in "9
    # (edited)"). Past the limit rows that big are no form's sections: leave them be.
    if a & b or len(a) * len(b) > RELATED_LIMIT or label_words(prev, p) & label_words(curr, c):
        return False
    return not any(x in y or y in x for x in a for y in b)


@by_position  # a row is weighed against each candidate of its slot, both runs of pass 3
def label_words(frame: Frame, pos: int) -> frozenset[str]:
    """The :func:`words` of ``pos``'s :func:`labels` read as one text (joined by spaces, which
    no word crosses), kept per frame and position: two rows share a word exactly when
    these sets meet."""
    return frozenset(words(" ".join(labels(frame, pos))))


RELATED_LIMIT = 400
"""Label pairs up to which two rows are compared label by label (bounded time)."""


def unpair_inside(
    prev: Frame, p: int, curr: Frame, c: int, pairs: dict[int, int], used: set[int]
) -> None:
    """Drop every pair between row ``c``'s subtree and row ``p``'s (``pairs`` curr → prev,
    ``used`` the paired prev positions): the two are not one row, nor are their parts."""
    p_end = prev.subtree_end(p)
    for k in range(c, curr.subtree_end(c)):
        q = pairs.get(k, -1)
        if p <= q < p_end:
            del pairs[k]
            used.discard(q)
