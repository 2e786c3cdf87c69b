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
parent's, the same subtree hash and the same number among its identical siblings, on the
evidence pass 1's keys made of no content need (:func:`~.placeless.drop_placeless_keys`:
overlap, where they are or where the parents' move puts the old one, or shared content).
And so that the parents of a form's fields are a pair before their fields are asked: a
container that is the only child of its kind under each parent, in the very same box, is
that child (a ScrollView's content, a wrapper), however its content changed. Rows of a list
are many of one kind, so none pairs by its place there. Parents first, in one walk.
"""

from __future__ import annotations

from deltarec.core.diff.pair_evidence import Evidence, own_content
from deltarec.core.diff.row_content import kind
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


def _alone(frame: Frame, parent: int, child: int) -> bool:
    """Whether ``child`` is the only child of its kind under ``parent``."""
    want = kind(frame.nodes[child])
    return sum(kind(frame.nodes[k]) == want for k in frame.children[parent]) == 1


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
    parents_c, nodes_c, nodes_p = curr.parents, curr.nodes, prev.nodes
    has_content = own_content(curr)
    slots_c: dict[int, _Slots] = {}
    slots_p: dict[int, _Slots] = {}
    number: dict[int, tuple[bytes, int]] = {}
    for c in sorted(set(range(len(curr))).difference(pairs)):
        cp = parents_c[c]
        pp = pairs.get(cp, -1) if cp >= 0 else -1
        if pp < 0 or keys_c[cp] == keys_p[pp]:
            continue  # no parent paired, or one that kept its key: pass 1 asked already
        if cp not in slots_c:
            slots_c[cp] = got = _slots(curr, cp)
            number.update({k: slot for slot, k in got.items()})
            slots_p[pp] = _slots(prev, pp)
        q = slots_p[pp].get(number[c], -1)
        if q >= 0 and q not in used and (has_content[c] or ev.holds(c, q)):
            pairs[c] = q
            used.add(q)
            continue
        if not curr.children[c] or not _alone(curr, cp, c):
            continue
        box, want = nodes_c[c].bounds, kind(nodes_c[c])
        for q in prev.children[pp]:
            if q not in used and kind(nodes_p[q]) == want and nodes_p[q].bounds == box:
                if prev.children[q] and _alone(prev, pp, q):
                    pairs[c] = q
                    used.add(q)
                break
