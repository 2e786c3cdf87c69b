"""The rows of a list keep their order: a pair of rows that crosses the list's other pairs
and shows other labels both ways is two rows.

A list's rows move together (a scroll), close a gap (rows taken out: the rows below come
up) or open one (rows put in), and a row dragged past its neighbour keeps what it shows.
None of these changes the order of the rows that stay; so a pair of rows that sits, among
the list's other pairs, in another order than they do — before a row it was after, or
after one it was before — is either a row dragged (it shows what it showed) or two rows.
Several rows archived at once pull a row of the same sender from under the bottom edge up
to where a taken row's sender was: the sender and its avatar, unique in each frame, join
them by key, and two of four labels carry the pair (issue 18, several rows removed at
once: ``~ button "Dennis · Re: build is green #62" (selected: true→false)`` for row 54
archived and row 62 come up).

:func:`unpair_out_of_order` drops such a pair when each row shows a label the other does
not (an edit both ways: a cut row only shows less); every pair inside goes with it.
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.diff.row_content import (
    holds_rows,
    labels,
    replaced_leaf_rows,
    shows_other,
    unpair_inside,
)
from deltarec.core.observe.frame import Frame


def unpair_out_of_order(prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]) -> None:
    """Drop the pairs of rows of a list (children of a paired list) that cross a pair of the
    same list whose rows show the same labels, of any kind (an ad and the message rows
    around it keep their order too: an archived selected ad paired by its sender "Ad" with
    the next ad come up from under the bottom edge read ``~ button "Ad · Mar 20" (selected:
    true→false)``), and show other labels both ways (module docstring). O(rows²) per list
    with a pair edited both ways, O(pairs) when there is none.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):  # rows of a sender and a subject, 10 px apart
    ...     nodes = "".join(f'<node class="Row" bounds="[0,{10 * i}][9,{10 * i + 9}]">'
    ...                     f'<node class="T" text="{a}" bounds="[0,{10 * i}][4,{10 * i + 9}]"/>'
    ...                     f'<node class="T" text="{b}" bounds="[5,{10 * i}][9,{10 * i + 9}]"/>'
    ...                     '</node>' for i, (a, b) in enumerate(rows))
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][9,60]">{nodes}</node></hierarchy>'))
    >>> before = shot(("Ada", "#1"), ("Ken", "#2"), ("Bo", "#3"), ("Cy", "#4"))
    >>> after = shot(("Ada", "#1"), ("Bo", "#3"), ("Cy", "#4"), ("Ken", "#9"))  # 2 left, 9 came
    >>> pairs = {0: 0, 1: 1, 2: 2, 3: 3, 4: 7, 5: 8, 6: 9, 7: 10, 8: 11, 9: 12, 10: 4, 11: 5}
    >>> unpair_out_of_order(before, after, pairs, set(pairs.values()))
    >>> sorted(pairs.items())  # "Ken #9" is not "Ken #2": its row and its labels unpaired
    [(0, 0), (1, 1), (2, 2), (3, 3), (4, 7), (5, 8), (6, 9), (7, 10), (8, 11), (9, 12)]
    """
    same, parents = curr.subtree_hashes, curr.parents
    # A list is looked at below only when paired and made of rows: asked first (pairs only go,
    # holds_rows is kept per frame), before the labels of the screen's changed wrappers.
    suspects = [
        c
        for c, p in pairs.items()
        if same[c] != prev.subtree_hashes[p]
        and parents[c] in pairs
        and holds_rows(curr, parents[c])
        and _edited_both_ways(prev, p, curr, c)
    ]
    lists = {parents[c] for c in suspects}
    for parent in sorted(lists):
        old_parent = pairs.get(parent)
        if parent < 0 or old_parent is None or not holds_rows(curr, parent):
            continue
        old_at = {p: i for i, p in enumerate(prev.children[old_parent])}
        rows = [
            (i, old_at[pairs[c]], c)
            for i, c in enumerate(curr.children[parent])
            if pairs.get(c) in old_at
        ]
        edited = [r for r in rows if _edited_both_ways(prev, pairs[r[2]], curr, r[2])]
        if not edited:
            continue
        held = [r for r in rows if r not in edited]
        for i, j, c in edited:
            if any((i < k) != (j < m) for k, m, _ in held):
                unpair_inside(prev, pairs[c], curr, c, pairs, used)


def _edited_both_ways(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether two rows each show a label the other does not."""
    if not (curr.children[c] and prev.children[p]):
        return False
    a, b = labels(prev, p), labels(curr, c)
    return bool(a - b) and bool(b - a)


def crosses_kept(prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]) -> bool:
    """Whether pairing row ``c`` with old row ``p`` (children of one paired list) would put it
    on the other side of a pair of that list whose rows show the same labels, and some:
    before a row it was after, or after one it was before (module docstring). Asked by pass
    4 of two clickable leaves that show other labels (a Flutter drawer's tiles, one node
    each): rows put in above "Command Palette" pushed it down past the box "Settings" left,
    and the row put in there is no Settings renamed. O(siblings)."""
    parent, old_parent = curr.parents[c], prev.parents[p]
    if parent < 0 or old_parent < 0 or pairs.get(parent) != old_parent:
        return False
    old_parents = prev.parents
    for k in curr.children[parent]:
        m = pairs.get(k)
        if m is None or k == c or old_parents[m] != old_parent or (k < c) == (m < p):
            continue
        shown = labels(curr, k)
        if shown and shown == labels(prev, m):
            return True
    return False


def other_leaf_rows(prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]) -> bool:
    """Whether ``c`` and ``p`` are two clickable leaves that show other labels
    (:func:`~deltarec.core.diff.row_content.shows_other`), two rows: in a list whose leaf
    rows came and went (:func:`~deltarec.core.diff.row_content.replaced_leaf_rows`), or
    whose pair would cross a pair of their list that kept its labels (:func:`crosses_kept`).
    Passes 3 and 4 ask it of what they would pair by place alone (a slot's anchor and
    overlap, or overlap): a Flutter drawer's tiles, one node each, rows put in above its
    last two. O(siblings), only of two such leaves."""
    a, b = prev.nodes[p], curr.nodes[c]
    if curr.children[c] or prev.children[p] or not (a.clickable and b.clickable):
        return False
    return replaced_leaf_rows(prev, p, curr, c) or (
        crosses_kept(prev, p, curr, c, pairs) and shows_other(prev, p, curr, c)
    )
