"""A tab switched: a selection moved between two siblings outside a list that was replaced.

A tab strip's selection moves from one tab to its sibling (``setSelected``) and the page
below is another page: every row of its list shows other words, in place. Two dumps of a
list replaced in place read like a scroll by whole pages (rows of one layout, none that
stayed), and :func:`deltarec.core.diff.pages.turned` reads it so: "about a page or more".
When the step also moved a tab strip's selection outside that list, the page was
replaced, not scrolled: the list's rows are ``-`` and ``+`` and nothing scrolled.

:func:`tab_switched` is the evidence: a pair that lost ``selected`` and a pair that gained
it, siblings (one parent in both frames), neither holding nor inside the list; the list
holds rows stacked (two tops at least). A pager (one page as wide as itself) that its tab
turned did turn a page, and says so. O(pairs) once an estimate (:func:`selection_flips`),
then O(flips) a host.

:func:`pair_tabs` pairs the tabs themselves where their labels change structure as the
selection moves: a Clock app's bottom bar, a Material bar whose labels show on the selected
item alone (``labelVisibilityMode="selected"``), a rail, a top tab strip, a Compose
``NavigationBar`` with ``alwaysShowLabel=false``. The selected tab alone shows its label (a
label node of its own, or its own text), and its icon moves to make room for it: the tab that
lost the selection and the one that gained it each show other content than they did, and the
icons moved, so no pass pairs them (a row that shows other labels is another row) and the delta
read as labels removed and added. What pairs them is the strip itself: a paired parent whose
children are, slot for slot, of one kind in both frames, exactly one of them selected in each
frame, in another slot, and each child showing what its slot showed or that plus (or less) a
label: a tab strip does not reorder its tabs as its selection moves. The tabs pair slot for
slot, and below them what is of a kind alone in both tabs (the icon); the label that came or
went stays unpaired, and the delta's selection line speaks for it
(:func:`moved_labels`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import compress, repeat
from operator import attrgetter, contains

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures

Flip = tuple[int, bool, int]
"""A pair whose ``selected`` changed: its new position, whether it is selected now, and its
new parent."""


def selection_flips(prev: Frame, curr: Frame, pairs: Mapping[int, int]) -> list[Flip]:
    """The pairs whose ``selected`` changed, once per estimate (few on any screen): each
    host :func:`tab_switched` asks reads these, not every pair (every pair a host was
    O(hosts × pairs) over a page of lists that turned pages). O(pairs)."""
    nodes_p, nodes_c, parents = prev.nodes, curr.nodes, curr.parents
    return [
        (c, now, parents[c])
        for c, p in pairs.items()
        if nodes_p[p].selected != (now := nodes_c[c].selected)
    ]


def tab_switched(curr: Frame, flips: Sequence[Flip], host: int) -> bool:
    """Whether a selection moved between two siblings outside the subtree at ``host`` (and
    not around it) in ``curr`` (module docstring); ``flips``: :func:`selection_flips`.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(a, b):
    ...     return Frame(parse_uiautomator('<hierarchy><node class="F" bounds="[0,0][9,99]">'
    ...         '<node class="Tabs" bounds="[0,0][9,9]">'
    ...         f'<node class="Tab" text="A" selected="{a}" bounds="[0,0][4,9]"/>'
    ...         f'<node class="Tab" text="B" selected="{b}" bounds="[5,0][9,9]"/></node>'
    ...         '<node class="List" bounds="[0,10][9,99]"><node class="R" bounds="[0,10][9,50]"/>'
    ...         '<node class="R" bounds="[0,50][9,99]"/></node></node></hierarchy>'))
    >>> same = {i: i for i in range(7)}
    >>> new = shot("false", "true")
    >>> tab_switched(new, selection_flips(shot("true", "false"), new, same), 4)
    True
    >>> tab_switched(new, selection_flips(new, new, same), 4)
    False
    """
    if not flips:
        return False
    kids = [curr.nodes[k].bounds for k in curr.children[host]]
    if len({b.top for b in kids if b.area}) < 2:
        return False  # a pager's page (or none): a pager turned by its tab is a page turned
    end = curr.subtree_end(host)
    around = set(curr.ancestors(host))
    lost: set[int] = set()
    gained: set[int] = set()
    for c, now, parent in flips:
        if host <= c < end or c in around:
            continue
        (gained if now else lost).add(parent)
    return bool(lost & gained)


def pair_tabs(prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]) -> None:
    """Pair the tabs of a strip whose selection moved and whose labels changed structure with
    it, slot for slot, and what is of a kind alone below each pair (module docstring). Asked
    only where a selected node is left unpaired: O(n) at C speed, then O(strip) a strip.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def bar(chosen):
    ...     tabs = "".join(
    ...         f'<node class="T" clickable="true" selected="{str(i == chosen).lower()}"'
    ...         f' bounds="[{i * 9},0][{i * 9 + 9},9]"><node class="I" bounds="[{i * 9},0]'
    ...         f'[{i * 9 + 9},{4 if i == chosen else 9}]"/>'
    ...         + (f'<node class="L" text="{t}" bounds="[{i * 9},5][{i * 9 + 9},9]"/>'
    ...            if i == chosen else "") + "</node>"
    ...         for i, t in enumerate(("Alarm", "Clock")))
    ...     return Frame(parse_uiautomator(
    ...         f'<hierarchy><node class="S" bounds="[0,0][18,9]">{tabs}</node></hierarchy>'))
    >>> pairs, used = {0: 0}, {0}
    >>> pair_tabs(bar(0), bar(1), pairs, used)
    >>> sorted(pairs.items())
    [(0, 0), (1, 1), (2, 2), (3, 4), (4, 5)]
    """
    if len(pairs) == len(curr) or len(used) == len(prev):
        return
    nodes_c = curr.nodes
    chosen = [
        c
        for c in compress(range(len(nodes_c)), map(attrgetter("selected"), nodes_c))
        if c not in pairs
    ]
    strips: set[int] = set()
    for c in chosen:
        cp = curr.parents[c]
        pp = pairs.get(cp, -1) if cp >= 0 else -1
        if pp < 0 or cp in strips:
            continue
        strips.add(cp)
        slots = _slots(prev, prev.children[pp], curr, curr.children[cp], pairs, used)
        for kp, kc in slots:
            if kc not in pairs:
                pairs[kc] = kp
                used.add(kp)
            _pair_within(prev, kp, curr, kc, pairs, used)


def strip_reflowed(prev: Frame, q: int, curr: Frame, k: int) -> bool:
    """Whether host ``k`` (``q`` before), not made to scroll, is a tab strip whose selection
    moved (its children of one kind slot for slot, one selected in each frame, in another
    slot): its tabs moved as the selected one widened (a Material bar in shifting mode), no
    scroll. O(strip).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def bar(chosen):
    ...     tabs, left = "", 0
    ...     for i in range(3):
    ...         w = 6 if i == chosen else 3
    ...         tabs += (f'<node class="T" clickable="true" selected="{str(i == chosen).lower()}"'
    ...                  f' bounds="[{left},0][{left + w},9]"/>')
    ...         left += w
    ...     return Frame(parse_uiautomator(
    ...         f'<hierarchy><node class="S" bounds="[0,0][12,9]">{tabs}</node></hierarchy>'))
    >>> strip_reflowed(bar(0), 0, bar(2), 0), strip_reflowed(bar(0), 0, bar(0), 0)
    (True, False)
    """
    if natures(curr)[k]:
        return False
    olds, news = prev.children[q], curr.children[k]
    if len(olds) != len(news) or len(news) < 2:
        return False
    nodes_p, nodes_c = prev.nodes, curr.nodes
    was = [i for i, p in enumerate(olds) if nodes_p[p].selected]
    now = [i for i, c in enumerate(news) if nodes_c[c].selected]
    return (
        len(was) == 1
        and len(now) == 1
        and was != now
        and all(
            (nodes_p[p].class_name, nodes_p[p].role) == (nodes_c[c].class_name, nodes_c[c].role)
            for p, c in zip(olds, news, strict=True)
        )
    )


def _slots(
    prev: Frame,
    olds: list[int],
    curr: Frame,
    news: list[int],
    pairs: dict[int, int],
    used: set[int],
) -> list[tuple[int, int]]:
    """The tabs ``olds`` / ``news`` of one strip, slot for slot, where they are a strip whose
    selection moved (module docstring); else none."""
    if len(olds) != len(news) or len(news) < 2:
        return []
    nodes_p, nodes_c = prev.nodes, curr.nodes
    was = [k for k, p in enumerate(olds) if nodes_p[p].selected]
    now = [k for k, c in enumerate(news) if nodes_c[c].selected]
    if len(was) != 1 or len(now) != 1 or was == now:
        return []
    out = []
    for p, c in zip(olds, news, strict=True):
        a, b = nodes_p[p], nodes_c[c]
        if (a.class_name, a.resource_id, a.role) != (b.class_name, b.resource_id, b.role):
            return []
        if pairs.get(c, p) != p or (c not in pairs and p in used):
            return []  # a tab paired elsewhere: no strip whose tabs stayed in their slots
        shown_p, shown_c = _shown(prev, p), _shown(curr, c)
        if not (shown_p <= shown_c or shown_c <= shown_p):
            return []  # another tab in the slot (its label is not this one's)
        out.append((p, c))
    return out


def _shown(frame: Frame, pos: int) -> set[str]:
    """The texts and descriptions in ``pos``'s subtree (a tab's: a few nodes)."""
    return {
        s for n in frame.nodes[pos : frame.subtree_end(pos)] for s in (n.text, n.content_desc) if s
    }


def _pair_within(
    prev: Frame, p: int, curr: Frame, c: int, pairs: dict[int, int], used: set[int]
) -> None:
    """Pair the children of tabs ``p`` / ``c`` that are alone of their kind in both (the icon
    that moved to make room for the label), and theirs in turn. O(the tabs' sizes)."""

    def kinds(frame: Frame, kids: list[int]) -> dict[tuple[str, str, str], list[int]]:
        out: dict[tuple[str, str, str], list[int]] = {}
        for k in kids:
            n = frame.nodes[k]
            out.setdefault((n.class_name, n.resource_id, n.role), []).append(k)
        return out

    olds, news = kinds(prev, prev.children[p]), kinds(curr, curr.children[c])
    for kind, group in news.items():
        old = olds.get(kind, [])
        if len(group) == 1 and len(old) == 1:
            kc, kp = group[0], old[0]
            if kc not in pairs and kp not in used:
                pairs[kc] = kp
                used.add(kp)
                _pair_within(prev, kp, curr, kc, pairs, used)


def moved_labels(
    prev: Frame,
    curr: Frame,
    pairs: Mapping[int, int],
    changed: Mapping[int, Mapping[str, Mapping[str, object]]],
    added: list[int],
    removed: list[int],
) -> tuple[frozenset[int], frozenset[int]]:
    """The labels that came into the tab that gained the selection (positions of ``curr``) and
    left the one that lost it (of ``prev``): leaves that show a text or a description, added
    below the one tab whose ``selected`` turned on, removed below the one whose ``selected``
    turned off, the two tabs siblings (a selection moved in one strip; the tab stands for what
    is inside it, whose flags turn with it). The delta's selection line speaks for them: a
    Clock app's bar, a Material bar whose labels show on the selected item alone. O(changed +
    added + removed)."""
    # The changes that turned ``selected``, told at C speed (an insertion moves thousands)
    asked = list(compress(changed, map(contains, changed.values(), repeat("selected"))))
    if len(asked) < 2:
        return frozenset(), frozenset()
    turned = {c: changed[c]["selected"]["to"] for c in asked}
    outer = [c for c in turned if curr.parents[c] not in turned]
    lost = [c for c in outer if turned[c] is False]
    won = [c for c in outer if turned[c] is True]
    if len(lost) != 1 or len(won) != 1 or curr.parents[lost[0]] != curr.parents[won[0]]:
        return frozenset(), frozenset()
    b, p = won[0], pairs[lost[0]]
    end_b, end_p = curr.subtree_end(b), prev.subtree_end(p)
    came = [c for c in added if b < c < end_b and _label(curr, c)]
    went = [q for q in removed if p < q < end_p and _label(prev, q)]
    return frozenset(came), frozenset(went)


def _label(frame: Frame, pos: int) -> bool:
    """Whether ``pos`` is a leaf that shows a text or a description."""
    node = frame.nodes[pos]
    return not frame.children[pos] and bool(node.text or node.content_desc)
