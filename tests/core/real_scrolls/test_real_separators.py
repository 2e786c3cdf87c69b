"""Rows put in beside a list's separators as it scrolled, on real captures: a row of labels
is never paired with an empty separator (issue 18).

YouTube's results and Calendar's day lists hold, between rows, empty leaves (a 28 px
``View`` divider): no label, no child. The composed sweep (:mod:`.composed`) put a
1,146 px card in below one as the list scrolled 150 px, and through the element dicts
(which carry no class: divider and card are both a container) the card was paired with the
divider, the scroll's offset laying the divider's 28 px inside the card's box (pass 4's
overlap over the smaller box), or the list's edge cutting the card beside it (a sliver
re-paired across a gap, ``sliver_pairs``). The rule (``diff/geometry.py``,
``blank_leaf_for_labels``): a leaf that shows nothing, whole in its list, shows all it is;
a row holding labels is not it, whatever a scroll or a gap says.

The generator (:func:`cases`): every list of the real captures holding such a leaf among
its rows, scrolled by each of ``distances``, one or two rows put in just before or just
after each leaf (:func:`.composed.put_in`), both ways; graded on whether a node the step
made that holds labels is paired with an old empty leaf. On the whole of it (1,728 cases,
the six distances of :data:`.composed.DISTANCES`): dicts 14 → 0, XML 0 → 0.
"""

from __future__ import annotations

import pytest

from deltarec.core.capture import frame_cache
from deltarec.core.diff.compute import compute_delta
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node
from tests.core.dict_truth import dict_delta
from tests.core.real_scrolls import composed
from tests.core.real_scrolls.composed import Composed, _list_of, _made
from tests.core.real_scrolls.transforms import _at, captures, scrollers


def _shows(n: Node) -> bool:
    return bool(n.text or n.content_desc) or any(_shows(c) for c in n.children)


def cases(distances: tuple[int, ...] = composed.DISTANCES) -> list[Composed]:
    """Each list with an empty leaf among its rows, scrolled by each of ``distances``, one
    and two rows put in at each spot beside a leaf, both ways."""
    out = []
    for name, obs in captures():
        for where in scrollers(obs):
            content = _list_of(obs, where)
            if content is None:
                continue
            rows = _at(obs, content).children
            leaves = {
                i for i, r in enumerate(rows) if not r.children and not _shows(r) and r.bounds.area
            }
            out += [
                Composed(name, "scroll+insert", where, d, index, n, removal=removal)
                for index in range(1, len(rows))
                if {index - 1, index} & leaves
                for d in distances
                for n in (1, 2)
                for removal in (False, True)
            ]
    return out


def paired_with_a_leaf(case: Composed, *, dicts: bool) -> bool:
    """Whether a node ``case`` made that holds labels is paired with an empty leaf of the
    other frame (on the XML path, or through the element dicts)."""
    prev, curr = composed.derive(case)
    fp, fc = Frame(prev), Frame(curr)
    d = dict_delta(fp, fc, cold=True) if dicts else compute_delta(fp, fc)
    grown, frame = (prev, fp) if case.removal else (curr, fc)
    other = fc if case.removal else fp
    pairs = {q: c for c, q in d.pairs.items()} if case.removal else d.pairs
    for m in _made(case, frame, grown):
        o = pairs.get(m)
        if o is None:
            continue
        labels = any(
            frame.nodes[x].text or frame.nodes[x].content_desc
            for x in range(m, frame.subtree_end(m))
        )
        leaf = not other.children[o] and not (other.nodes[o].text or other.nodes[o].content_desc)
        if labels and leaf:
            return True
    return False


@pytest.mark.parametrize("dicts", [False, True], ids=["xml", "dicts"])
def test_rows_put_in_beside_a_separator_never_pair_with_it(dicts: bool) -> None:
    """The sample: 150 px either way (6 of its 576 cases failed through the dicts)."""
    frame_cache.clear()
    sample = cases((-150, 150))
    assert len(sample) >= 500
    assert [c for c in sample if paired_with_a_leaf(c, dicts=dicts)] == []
