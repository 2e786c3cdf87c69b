"""When the matcher's scroll estimate also serves its final pairs (one estimate per step).

Before passes 3 and 4 the matcher measures the scrolls over the pairs passes 1 and 2 made
(:class:`~deltarec.core.diff.pair_evidence.Guard`); the delta reads them over the final
pairs, which the matcher measured again whenever passes 3 and 4 added a pair. When the two
sets are equal the one estimate serves both
(:meth:`~deltarec.core.diff.match.Matched.motions_over`).
:func:`settled` names a second case, where the pairs passes 3 and 4 added give
:func:`~deltarec.core.diff.scrolls.find_motions` nothing new to measure, because every
added pair

- is a host the estimate found, paired as the estimate paired it through its wrappers
  (:func:`~deltarec.core.diff.wrappers.through_wrappers`), or lies outside every such host,
  on both sides (a host's rows are what its motion was measured from);
- keeps its top-left corner (no node that moved keeping its size, nor an edge's sliver
  moved: the only evidence of a scroll a pair gives; a summary "Off" → "On" that grew
  wider keeps its corner);
- is of nodes not made to scroll in either frame (a list paired only by pass 3 could turn
  a page);
- is a leaf, or a container whose every node below, outside the hosts found, is paired
  and kept its corner (nothing below it moved or came but what a found host holds);
- sits under parents, on both sides, all of whose children are paired (no wrapper can
  then be paired through the others, :func:`~deltarec.core.diff.wrappers.through_wrappers`),
  or, a leaf in its very box, under a pair of parents that still have children unpaired on
  both sides and lie under no container made to scroll (``_left_alike``: the estimate
  reads those parents as it read them);

and no pair of the first set was dropped or changed, and there is no gesture. Then the
final estimate is the first one. The estimate's first step pairs the wrappers no content
pairs (:func:`~deltarec.core.diff.wrappers.through_wrappers`), so where the two sets do not
meet the conditions as they are, they are read again as the estimate reads them, both with
their wrappers paired through: a dial the first estimate paired through its wrappers and
pass 3 paired again (with its cells, relabelled in their boxes) is then no added pair
(the calendar's time picker, hours → minutes: ``tests/core/test_one_estimate_wrapped.py``).
Proven equal by ``tests/core/test_one_estimate.py`` (every
ordered pair of real captures of a flow, both kinds of input, and generated edits of real
screens — pages turned in their lists, labels renamed, elements moved and dropped — both
ways: the matcher's result with the rule equals the one with the second estimate run).
Cost: O(n) (each position below an added container is looked at once; the second reading
pairs the wrappers of both sets, O(n) each).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.observe.frame import Frame
    >>> def shot(text, right):
    ...     return Frame(parse_uiautomator('<hierarchy><node class="V" bounds="[0,0][900,900]">'
    ...         f'<node class="T" text="{text}" bounds="[0,0][{right},50]"/></node></hierarchy>'))
    >>> settled(shot("Off", 90), shot("On", 80), {0: 0}, {0: 0, 1: 1}, [], None)
    True
    >>> settled(shot("Off", 90), shot("On", 80), {0: 0}, {0: 0, 1: 1}, [Motion(0, 0, 0, 9)], None)
    False
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from typing import Literal, cast

from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.motions import Motion
from deltarec.core.diff.pages import bare
from deltarec.core.diff.wrappers import through_wrappers
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures

Reading = Literal["settled", "unsettled", "for good"]
"""What one reading of :func:`_added_settled` found: the conditions hold; one fails; one
fails so that the second reading fails too."""


def settled(
    prev: Frame,
    curr: Frame,
    measured: Mapping[int, int],
    pairs: Mapping[int, int],
    motions: Sequence[Motion],
    gesture: Gesture | None,
) -> bool:
    """Whether :func:`~deltarec.core.diff.scrolls.find_motions` over ``pairs`` is known to
    find ``motions``, what it found over ``measured`` (the module docstring)."""
    if gesture is not None or len(pairs) <= len(measured):
        return False
    for c, p in measured.items():
        if pairs.get(c) != p:
            return False  # a pair dropped or changed: other evidence, measure again
    got = _added_settled(prev, curr, measured, pairs, motions)
    if got != "unsettled":
        return got == "settled"
    # What the estimate reads: both sets with the wrappers paired through (its first step).
    first, final = through_wrappers(prev, curr, measured), through_wrappers(prev, curr, pairs)
    return (
        len(final) > len(first)
        and all(final.get(c) == p for c, p in first.items())
        and _added_settled(prev, curr, first, final, motions) == "settled"
    )


def _added_settled(
    prev: Frame,
    curr: Frame,
    measured: Mapping[int, int],
    pairs: Mapping[int, int],
    motions: Sequence[Motion],
) -> Reading:
    """The conditions on the pairs ``pairs`` adds to ``measured`` (a subset of it): the
    module docstring's list. ``"unsettled"`` where one fails; ``"for good"`` where it fails
    so that the second reading (both sets with their wrappers paired through) fails too: a
    node below an added container, outside the hosts, paired and moved, or unpaired and
    showing something of its own (text, description or id), the container a window's root
    or showing something of its own. :func:`~deltarec.core.diff.wrappers.through_wrappers`
    never changes a pair, and pairs only nodes that show nothing of their own, each under a
    pair; so that container is added in the second reading too, and whether it is reached
    or the reading fails before it, no container around that node completes its walk (the
    rows a found host moved aside): the reading fails. The root of a step where something
    came or went was added by pass 3 and failed so in both readings (22 of the 62 second
    readings over the real pairs, both ways; issue 19)."""
    inside_c = _inside(curr, [m.curr for m in motions])
    inside_p = _inside(prev, [m.prev for m in motions])
    nodes_p, nodes_c = prev.nodes, curr.nodes
    nature_p, nature_c = natures(prev), natures(curr)
    used = set(pairs.values())
    hosts = {(m.curr, m.prev) for m in motions}
    seen_c: set[int] = set()  # parents whose children were all found paired
    seen_p: set[int] = set()
    checked = 0  # positions below this one were looked at under an added container
    plain: dict[int, bool] = {}  # parents under no container made to scroll (_left_alike)
    for c in sorted(c for c in pairs if c not in measured):
        p = pairs[c]
        if (c, p) in hosts:
            continue  # a host the estimate paired through its wrappers, measured as such
        if inside_c[c] or inside_p[p] or nature_c[c] or nature_p[p]:
            return "unsettled"
        a, b = nodes_p[p].bounds, nodes_c[c].bounds  # _corner_kept, inline (a call a pair)
        if a.left != b.left or a.top != b.top:
            return "unsettled"
        if not (
            _siblings_paired(curr, c, pairs, seen_c) and _siblings_paired(prev, p, used, seen_p)
        ) and not _left_alike(prev, curr, c, p, (measured, pairs, used), plain):
            return "unsettled"
        if c < checked or not (curr.children[c] or prev.children[p]):
            continue  # inside a container looked at already, or a leaf
        end = curr.subtree_end(c)
        for k in range(c + 1, end):
            if inside_c[k]:
                continue  # a found host's own: measured already
            q = pairs.get(k)
            if q is None or not (
                (a := nodes_p[q].bounds).left == (b := nodes_c[k].bounds).left and a.top == b.top
            ):  # _corner_kept, inline
                kept = curr.parents[c] < 0 or not bare(nodes_c[c])
                return (
                    "for good" if kept and (q is not None or not bare(nodes_c[k])) else "unsettled"
                )
        checked = end
    return "settled"


def _inside(frame: Frame, hosts: list[int]) -> list[bool]:
    """Per position, whether it is one of ``hosts`` or below one. O(n): a host inside one
    marked already is skipped (subtrees are nested or apart)."""
    out = [False] * len(frame)
    marked = 0
    for h in sorted(hosts):
        if h < marked:
            continue
        marked = frame.subtree_end(h)
        out[h:marked] = [True] * (marked - h)
    return out


def _siblings_paired(frame: Frame, pos: int, paired: Container[int], seen: set[int]) -> bool:
    """Whether every child of ``pos``'s parent is in ``paired`` (a window root: yes).
    ``seen``: the parents found so already, each looked at once (a row of a thousand
    siblings all added by pass 3 is not a thousand walks of the row)."""
    parent = frame.parents[pos]
    if parent < 0 or parent in seen:
        return True
    if all(k in paired for k in frame.children[parent]):
        seen.add(parent)
        return True
    return False


def _left_alike(
    prev: Frame,
    curr: Frame,
    c: int,
    p: int,
    sets: tuple[Mapping[int, int], Mapping[int, int], Container[int]],
    plain: dict[int, bool],
) -> bool:
    """Whether added pair ``c`` (of ``p``), a sibling still unpaired, leaves the estimate
    reading its parents as it read them: the pair kept its very box, and its parents are
    a pair of the first set (``sets``: the first pairs, the final ones and the final
    ``used``), under no container made to scroll in either frame (nor one themselves),
    with a child left unpaired on each side, two at least on one side, and a child of the
    curr parent paired in the first set. Then, both ways,

    - :func:`~deltarec.core.diff.wrappers.through_wrappers` pairs no wrapper under them (it
      pairs the one child left on each side);
    - rows came into them and left them (:func:`~deltarec.core.diff.pages.replaced_some`);
    - no page is asked of them, nor of a row of theirs
      (:func:`~deltarec.core.diff.pages.turned` starts at a container made to scroll and
      walks down; so does the split of a scroll about a gap);
    - a walk that reaches the parent (:func:`~deltarec.core.diff.host.host_motion`) finds a
      child paired, so it never reads the parent as a row whose children all left;
    - a pair in its very box says nothing of an axis
      (:func:`~deltarec.core.diff.axis.host_sideways`), and votes only for staying put.

    A dial's cells paired by their boxes as its labels changed, two left unpaired (the
    calendar's minutes after its hours). ``plain`` keeps each curr parent's answer."""
    first, pairs, used = sets
    parent, old = curr.parents[c], prev.parents[p]
    if parent < 0 or old < 0 or first.get(parent) != old:
        return False
    if prev.nodes[p].bounds != curr.nodes[c].bounds:
        return False
    got = plain.get(parent)
    if got is None:
        kids = curr.children[parent]
        came = sum(1 for k in kids if k not in pairs)
        left = sum(1 for q in prev.children[old] if q not in used)
        got = plain[parent] = (
            came >= 1
            and left >= 1
            and max(came, left) >= 2
            and any(k in first for k in kids)
            and not _under_scroll(curr, parent)
            and not _under_scroll(prev, old)
        )
    return got


def _under_scroll(frame: Frame, pos: int) -> bool:
    """Whether ``pos`` or a container around it is made to scroll: one pass over the frame
    (parents come before their children), kept in its memo, then O(1)."""
    memo = cast("list[bool] | None", frame.memo.get(_under_scroll))
    if memo is None:
        natural, parents = natures(frame), frame.parents
        memo = []
        for k in range(len(frame)):
            up = parents[k]
            memo.append(natural[k] or (up >= 0 and memo[up]))
        frame.memo[_under_scroll] = memo
    return memo[pos]
