"""Pass 1's keys read again under parents whose key changed (:func:`rekey`).

A node that no content of its own tells from the rest of its frame (a spacer, a divider,
one of a form's text boxes, which show only what is typed) takes a key qualified by its
parent's key, numbered among its identical siblings (:mod:`deltarec.core.observe.identity`).
Where the parent keeps its key (a list with a resource id) the child keeps its own, and pass
1 pairs it. Where the parent has no content of its own its key is its content's hash, and
changes whenever anything below it changes: a card swiped away, a text grown. On element
dicts, which carry no resource id, nearly every container is such a parent, so a step that
changed anything in a list, or in a form, left its spacers and fields unpaired when the
scroll estimate was made; the estimate then read the rows that moved (a card swiped away,
fields pushed down by a larger font) as a scroll, or a page turned, and the pairs that
estimate refused were not made again. The XML path of the same screen pairs them by key.

:func:`rekey` gives the paired parent the role of the key it lost: under parents that are
a pair and whose keys differ, a child pairs with the old child that has its key but for the
parent's (a subtree hash another node of its frame has too, in both frames), the same
subtree hash and the same number among its identical siblings, on the
evidence pass 1's keys made of no content need (:func:`~.placeless.drop_placeless_keys`:
overlap, where they are or where the parents' move puts the old one, or shared content),
or in its place in its parent (:func:`_in_place`: cut by its parent's bottom edge, a month's
last row of cells in a window moved into split screen's lower half), or moved as far as the
bottom of the sibling before it, paired (a divider below a field whose text grew: the font
size changed).
And so that the parents of a form's fields are a pair before their fields are asked: a
container that is the only unpaired child of its kind under each parent, in its place there
(:func:`_in_place`: its box, moved with the parent's corner, cut by the parent's bottom edge
or not), showing a text the other shows (or neither showing any: a month's blank cells), is
that child (a ScrollView's content, a form's
wrapper, each wrapper of a window moved into split screen's lower half), however its
content changed. Where rows came and went, several of a kind are
unpaired, so none pairs by its place. Parents first, in one walk.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from deltarec.core.diff.pair_evidence import Evidence, own_content
from deltarec.core.diff.row_content import kind, texts
from deltarec.core.observe.frame import Frame

_Slots = dict[tuple[bytes, int], int]


def _slots(frame: Frame, parent: int) -> _Slots:
    """The children of ``parent``, each by its subtree hash and its number among the
    children of that hash (document order)."""
    hashes = frame.subtree_hashes
    seen: dict[bytes, int] = {}
    out: _Slots = {}
    for k in frame.children[parent]:
        h = hashes[k]
        n = seen[h] = seen.get(h, 0) + 1
        out[(h, n)] = k
    return out


def _pushed(prev: Frame, q: int, curr: Frame, c: int, before: int, pairs: dict[int, int]) -> bool:
    """Whether ``c`` is ``q`` pushed down (or up) by ``before``, the sibling before it (-1:
    none): of one size (but for its parent's bottom edge, which cuts it), its top moved as
    far as the bottom of that sibling, paired, moved (a text above it grew). O(1)."""
    a, b = prev.nodes[q].bounds, curr.nodes[c].bounds
    if (a.left, a.right) != (b.left, b.right) or a.top == b.top:
        return False
    if a.height != b.height and not (_cut(prev, q) if a.height < b.height else _cut(curr, c)):
        return False  # of another size, and not for its parent's bottom edge
    old = pairs.get(before, -1)
    if old < 0 or prev.parents[old] != prev.parents[q]:
        return False
    return curr.nodes[before].bounds.bottom - prev.nodes[old].bounds.bottom == b.top - a.top


def _twinned(frame: Frame, pos: int) -> bool:
    """Whether another node of ``frame`` has the subtree hash of ``pos``: only then is its
    key qualified by its parent's (a node of a hash of its own takes that hash as its key,
    which pass 1 paired if the other frame has it). Counted once a frame, at C speed."""
    counts: Counter[bytes] | None = frame.memo.get(_twinned)  # type: ignore[assignment]
    if counts is None:
        counts = frame.memo[_twinned] = Counter(frame.subtree_hashes)
    return counts[frame.subtree_hashes[pos]] > 1


def _relabelled(prev: Frame, q: int, curr: Frame, c: int) -> bool:
    """Whether ``q`` and ``c`` both show a text and not the same one. A text box's key leaves
    its typed text out, so its number among its twins is a slot: a form scrolled by about a
    field's pitch puts each box over the one before it, and overlap alone would pair each
    with the next one's text (a sticky header inside the event form, on element dicts; issue
    18: never paired by slot). Its place (:func:`_in_place`, :func:`_pushed`) still pairs an
    edited box."""
    a, b = prev.nodes[q].text, curr.nodes[c].text
    return bool(a and b and a != b)


def _in_place(prev: Frame, q: int, curr: Frame, c: int) -> bool:
    """Whether ``c`` sits where ``q`` sat in its parent: the same box moved as the parent's
    top left corner moved (a window put in split screen's lower half moves all it holds),
    its bottom where it was or on its parent's bottom edge, which cuts it."""
    a, b = prev.nodes[q].bounds, curr.nodes[c].bounds
    pa, pb = prev.nodes[prev.parents[q]].bounds, curr.nodes[curr.parents[c]].bounds
    dx, dy = pb.left - pa.left, pb.top - pa.top
    if (a.left + dx, a.top + dy, a.right + dx) != (b.left, b.top, b.right):
        return False
    return a.bottom + dy == b.bottom or _cut(prev, q) or _cut(curr, c)


def _cut(frame: Frame, pos: int) -> bool:
    """Whether ``pos`` ends on its parent's bottom edge (cut there, as the dump clips it)."""
    return frame.nodes[pos].bounds.bottom == frame.nodes[frame.parents[pos]].bounds.bottom


def _unpaired_kinds(
    frame: Frame, kids: list[int], paired: Callable[[int], bool]
) -> dict[tuple[str, str, str], list[int]]:
    """The children ``kids`` not ``paired``, by kind (class, resource id, role)."""
    out: dict[tuple[str, str, str], list[int]] = {}
    for k in kids:
        if not paired(k):
            out.setdefault(kind(frame.nodes[k]), []).append(k)
    return out


def rekey(prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int], ev: Evidence) -> None:
    """Pair the unpaired children of paired parents whose keys differ as their keys would
    with the parents' keys kept (module docstring). O(unpaired nodes + their siblings).

    >>> from deltarec.core.capture.element_dicts import elements_to_observation as obs
    >>> def shot(names):  # a spacer above rows: the last one swiped away, another came in
    ...     rows = [{"role": "group", "x": 0, "y": 0, "width": 9, "height": 2}]
    ...     rows += [{"role": "button", "name": n, "x": 0, "y": 2 + 10 * i, "width": 9,
    ...               "height": 9} for i, n in enumerate(names)]
    ...     bar = {"role": "group", "x": 0, "y": 90, "width": 9, "height": 2}  # its twin
    ...     return Frame(obs([{"role": "list", "x": 0, "y": 0, "width": 9, "height": 90,
    ...                        "children": rows}, bar]))
    >>> prev, curr = shot("ab"), shot("ac")
    >>> prev.keys[2] == curr.keys[2]  # the spacer's key is qualified by the list's, changed
    False
    >>> pairs = {0: 0, 1: 1, 3: 3, 5: 5}
    >>> rekey(prev, curr, pairs, {0, 1, 3, 5}, Evidence(prev, curr, pairs, 0.5))
    >>> pairs[2], 4 in pairs
    (2, False)
    """
    keys_p, keys_c = prev.keys, curr.keys
    parents_c, nodes_c = curr.parents, curr.nodes
    has_content = own_content(curr)
    slots_c: dict[int, _Slots] = {}
    slots_p: dict[int, _Slots] = {}
    number: dict[int, tuple[bytes, int]] = {}
    before: dict[int, int] = {}  # a child's sibling before it, of the parents asked
    alone_c: dict[int, dict[tuple[str, str, str], list[int]]] = {}
    alone_p: dict[int, dict[tuple[str, str, str], list[int]]] = {}
    for c in sorted(set(range(len(curr))).difference(pairs)):
        cp = parents_c[c]
        pp = pairs.get(cp, -1) if cp >= 0 else -1
        if pp < 0 or keys_c[cp] == keys_p[pp]:
            continue  # no parent paired, or one that kept its key: pass 1 asked already
        if cp not in slots_c:
            slots_c[cp] = got = _slots(curr, cp)
            number.update({k: slot for slot, k in got.items()})
            slots_p[pp] = _slots(prev, pp)
            kids = curr.children[cp]
            before.update(zip(kids[1:], kids[:-1], strict=True))
        q = slots_p[pp].get(number[c], -1)
        if (
            q >= 0
            and q not in used
            and _twinned(prev, q)
            and _twinned(curr, c)
            and (
                has_content[c]
                or (ev.holds(c, q) and not _relabelled(prev, q, curr, c))
                or _in_place(prev, q, curr, c)
                or _pushed(prev, q, curr, c, before.get(c, -1), pairs)
            )
        ):
            pairs[c] = q
            used.add(q)
            continue
        if not curr.children[c]:
            continue
        want = kind(nodes_c[c])
        if cp not in alone_c:
            alone_c[cp] = _unpaired_kinds(curr, curr.children[cp], pairs.__contains__)
            alone_p[pp] = _unpaired_kinds(prev, prev.children[pp], used.__contains__)
        mine, olds = alone_c[cp].get(want, ()), alone_p[pp].get(want, ())
        if (
            len(mine) == len(olds) == 1
            and (q := olds[0]) not in used
            and _in_place(prev, q, curr, c)
            and prev.children[q]
            and (ev.shares(c, q) or not (texts(prev, q) or texts(curr, c)))
        ):
            pairs[c] = q
            used.add(q)
