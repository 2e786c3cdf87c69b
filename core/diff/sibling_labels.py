"""Labels paired by place beside their own: a title paired with a price its tile shows.

Passes 3 and 4 pair the children of paired parents by slot and by where a scroll puts
them. Where a tile's insertion pushed its parts by other offsets than the scroll measured,
a label lands in the box of another label of its tile: a title "Desk lamp" paired with the
price "$24.99" (``~ text "$24.99"→"Desk lamp"``), while the old title "Desk lamp" and the
new price "$24.99", siblings of the two, stay unpaired. Content overrides place: a leaf
paired with a sibling label other than its own, whose own label an unpaired sibling of its
partner shows, is that sibling (issue 18: "a pair on its slot alone, where the content says
otherwise, is false"). The leaf it leaves goes to an unpaired sibling showing what it shows.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(a, b):
    ...     return Frame(parse_uiautomator('<hierarchy><node class="T" bounds="[0,0][100,100]">'
    ...         f'<node class="L" text="{a}" bounds="[0,0][100,50]"/>'
    ...         f'<node class="L" text="{b}" bounds="[0,50][100,100]"/></node></hierarchy>'))
    >>> pairs = {0: 0, 2: 1}  # "lamp" paired with "$5" by place
    >>> used = {0, 1}
    >>> by_own_labels(shot("$5", "lamp"), shot("x", "lamp"), pairs, used)
    >>> pairs, sorted(used)
    ({0: 0, 2: 2}, [0, 2])
"""

from __future__ import annotations

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node

Label = tuple[str, str, str]


def _label(node: Node) -> Label:
    return (node.class_name, node.text, node.content_desc)


def _by_label(
    frame: Frame, parent: int, index: dict[int, dict[Label, list[int]]]
) -> dict[Label, list[int]]:
    """``parent``'s children by their label, built once per parent and call (``index``)."""
    got = index.get(parent)
    if got is None:
        got = index[parent] = {}
        for k in frame.children[parent]:
            got.setdefault(_label(frame.nodes[k]), []).append(k)
    return got


def by_own_labels(prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]) -> None:
    """Re-pair, in place, each leaf of ``curr`` paired with a leaf of ``prev`` that shows
    another label, under paired parents, with the unpaired old sibling that shows its very
    label (only a label no other child of either parent shows); then the old leaf it left
    with an unpaired new sibling showing that one's label. O(pairs + children of the
    parents asked): each parent's children are indexed by label once, so a list of
    thousands of alike siblings paired by place costs no scan per pair."""
    olds_of: dict[int, dict[Label, list[int]]] = {}
    news_of: dict[int, dict[Label, list[int]]] = {}
    for c, q in list(pairs.items()):
        if curr.children[c] or prev.children[q]:
            continue
        a, b = prev.nodes[q], curr.nodes[c]
        own = _label(b)
        if own == _label(a) or not (b.text or b.content_desc):
            continue
        pc, pq = curr.parents[c], prev.parents[q]
        if pc < 0 or pq < 0 or pairs.get(pc) != pq:
            continue
        olds = _by_label(prev, pq, olds_of).get(own, ())
        news = _by_label(curr, pc, news_of).get(own, ())
        if len(olds) != 1 or len(news) != 1 or olds[0] in used or prev.children[olds[0]]:
            continue
        pairs[c] = olds[0]
        used.add(olds[0])
        used.discard(q)
        takers = _by_label(curr, pc, news_of).get(_label(a), ())
        if len(takers) == 1 and takers[0] not in pairs and not curr.children[takers[0]]:
            pairs[takers[0]] = q
            used.add(q)
