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

from deltarec.core.diff.row_content import holds_rows, labels, unpair_inside
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
