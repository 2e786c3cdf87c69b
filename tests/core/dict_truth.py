"""The element-dict path graded by the oracles the XML path is graded by (issue 18).

An agent that calls :func:`deltarec.core.elements.delta_observation` with element dicts
reads the same screens as the XML path, through :func:`observation_to_elements`, which
keeps each node's role, name (its description, else its text), box, enabled and state
flags (checked, focused, selected, checkable, scrollable, password), a text box's text as
its ``value``, and the hierarchy (every node, wrappers included, under one synthetic root);
it drops the class name, the resource id, the package, a text beside a description, and
the clickable / focusable / long-clickable flags. With less to go on the dict path may say
less than the XML path, never something false.

:func:`dict_delta` runs the dict path as ``delta_observation`` runs it (the frame cache,
the frame built from the previous screen's, the matcher's estimate handed to the delta)
and states its delta in the XML frames' positions (the dicts' frame is the XML frame less
its windows, under one root: position ``p`` of the dicts is position ``p - 1`` of the
XML), its ``~`` of a name spelt as the XML attribute that changed (``text`` or
``content-desc``). :func:`graded_by_dicts` swaps it in for ``compute_delta`` in the
real-capture graders (:mod:`tests.core.real_scrolls`), so every oracle there grades the
dict path unchanged.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any
from unittest import mock

from deltarec.core import elements
from deltarec.core.capture import frame_cache
from deltarec.core.capture.element_dicts import observation_to_elements
from deltarec.core.diff.compute import Delta, Scroll
from deltarec.core.diff.types import FromToDict
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node
from tests.core.truth.real_oracle import SLACK, persisted

NAMES = ("text", "content-desc")


def dict_delta(prev: Frame, curr: Frame, *, cold: bool = False, **_: Any) -> Delta:
    """The delta ``delta_observation`` computes from the element dicts of ``prev`` and
    ``curr``, in the positions of ``prev`` and ``curr`` (see the module docstring).
    ``cold``: forget the kept frames first (else ``prev``'s dicts may find their frame kept
    from the step before, as a session's do)."""
    if cold:
        frame_cache.clear()
    ep, ec = observation_to_elements(prev.obs), observation_to_elements(curr.obs)
    said = elements._observe(ep, ec, None, 80, True, 40, None).delta
    return on_xml(said, prev, curr)


def on_xml(d: Delta, prev: Frame, curr: Frame) -> Delta:
    """``d`` (between the frames of element dicts) between the XML frames ``prev``, ``curr``."""
    _same_shape(d.prev, prev)
    _same_shape(d.curr, curr)

    def p(pos: int) -> int:
        return pos - 1

    changed: dict[int, dict[str, FromToDict]] = {}
    for c, changes in d.changed.items():
        if c == 0:  # the synthetic root (no XML node): its box, which says nothing shown
            assert not set(changes) & set(NAMES), changes
            continue
        old, new = prev.nodes[p(d.pairs[c])], curr.nodes[p(c)]
        out = {k: v for k, v in changes.items() if k not in NAMES}
        if set(changes) & set(NAMES):
            out |= _names(old, new)
        changed[p(c)] = out
    scrolls = [
        dataclasses.replace(
            s,
            curr=p(s.curr),
            prev=p(s.prev),
            entered=tuple(p(a) for a in s.entered),
            left=tuple(p(r) for r in s.left),
            clipped={p(k): v for k, v in s.clipped.items()},
            outer=p(s.outer) if s.outer >= 0 else -1,
        )
        for s in d.scrolls
    ]
    assert all(s.curr >= 0 for s in scrolls), "a scroll of the synthetic root"
    return Delta(
        prev=prev,
        curr=curr,
        pairs={p(c): p(q) for c, q in d.pairs.items() if c > 0 and q > 0},
        added=[p(c) for c in d.added],
        removed=[p(q) for q in d.removed],
        changed=changed,
        moved={p(c): (p(a) if a > 0 else -1, i) for c, (a, i) in d.moved.items()},
        scrolls=[s for s in scrolls if isinstance(s, Scroll)],
        opened=[p(c) for c in d.opened],
        closed=[p(q) for q in d.closed],
        fields=d.fields,
        quiet_prev=frozenset(p(q) for q in d.quiet_prev),
        quiet_curr=frozenset(p(c) for c in d.quiet_curr),
        gesture=d.gesture,
    )


def _names(old: Node, new: Node) -> dict[str, FromToDict]:
    """The name change as the XML attributes that differ (the dicts fold both into one)."""
    out: dict[str, FromToDict] = {}
    if old.text != new.text:
        out["text"] = {"from": old.text, "to": new.text}
    if old.content_desc != new.content_desc:
        out["content-desc"] = {"from": old.content_desc, "to": new.content_desc}
    if not out:  # the dicts' name changed though neither attribute did: say it as it was said
        out["content-desc"] = {"from": old.content_desc, "to": new.content_desc}
    return out


def _same_shape(dicts: Frame, xml: Frame) -> None:
    """The dicts' frame is the XML frame under one root (its box: every window's)."""
    assert len(dicts) == len(xml) + 1, (len(dicts), len(xml))
    for q, node in enumerate(xml.nodes):
        b = node.bounds  # a dict's box is a size: an inverted box comes back empty
        shown = (b.left, b.top, b.left + b.width, b.top + b.height)
        assert dicts.nodes[q + 1].bounds.as_list() == list(shown), q
        assert dicts.parents[q + 1] - 1 == xml.parents[q] or (
            xml.parents[q] < 0 and dicts.parents[q + 1] == 0
        ), q


GRADERS = (
    "tests.core.real_scrolls.transforms",
    "tests.core.real_scrolls.scroll_edits",
    "tests.core.real_scrolls.keyboards",
    "tests.core.real_scrolls.turned",
)
"""The modules whose graders call ``compute_delta`` (the others call ``transforms.graded``)."""


_GRADING: list[bool] = []  # one entry per graded_by_dicts entered and not left


@contextmanager
def graded_by_dicts() -> Iterator[None]:
    """Within it, the real-capture graders grade the dict path's delta."""
    with ExitStack() as stack:
        for module in GRADERS:
            stack.enter_context(mock.patch(f"{module}.compute_delta", dict_delta))
        _GRADING.append(True)
        try:
            yield
        finally:
            _GRADING.pop()


def in_input(frame: Frame, pos: int, said: str) -> bool:
    """Whether attribute ``said`` (``text`` or ``content-desc``) of the node at ``pos`` is in
    what the delta being graded was computed from.

    Grader decision: element dicts name a node by its description, else its text (module
    docstring): a text beside a description is not in them, so its edit is asked of the XML
    path only (the dict path may say less, never something false: a ``~`` of it would
    still count as one of the step's)."""
    return said != "text" or not (_GRADING and frame.nodes[pos].content_desc)


def false_scrolls(d: Delta) -> list[str]:
    """Scroll entries the persisting nodes contradict (:func:`real_oracle.persisted`: unique
    in both frames by class, id, text, description and size): a page where such a node
    inside the host was in its box before and after (content stayed in view), or an offset
    that no such node inside the host moved by while one stayed put, or by no offset at all
    (``dx = dy = 0`` and no page: "scrolled up 0px or further" moved nothing, whatever else
    the line hedges; a scroll's own offset is never 0)."""
    same = persisted(d.prev, d.curr)
    out: list[str] = []
    for s in d.scrolls:
        inside = [
            (p, c)
            for p, c in same
            if _within(d.curr, s.curr, c) and _within(d.prev, s.prev, p) and c != s.curr
        ]
        what = f"scroll of {_label(d.curr.nodes[s.curr])} ({s.dx}, {s.dy}, page={s.page})"
        if not s.page and (s.dx, s.dy) == (0, 0):
            out.append(f"{what}: by no offset")
            continue
        if s.page:
            stayed = _in_place(d, s.prev, s.curr)
            if stayed:
                out.append(f"{what}: {len(stayed)} nodes stayed in view, in place: {stayed[:3]}")
            continue
        moves = [_shift(d.prev.nodes[p], d.curr.nodes[c]) for p, c in inside]
        by = [m for m in moves if abs(m[0] - s.dx) <= SLACK and abs(m[1] - s.dy) <= SLACK]
        if not by and (0, 0) in moves:
            out.append(f"{what}: no persisting node moved by it, {moves.count((0, 0))} stayed")
    return out


def _in_place(d: Delta, host_p: int, host_c: int) -> list[str]:
    """What shows the same text or description (with its class and id) at the same place, wholly
    inside the host's box, in both frames: content that stayed in view."""
    box_p, box_c = d.prev.nodes[host_p].bounds, d.curr.nodes[host_c].bounds

    def shown(frame: Frame, host: int, box: Bounds) -> dict[_Place, str]:
        out = {}
        for q in range(host + 1, frame.subtree_end(host)):
            n = frame.nodes[q]
            if (n.text or n.content_desc) and _in_box(n.bounds, box):
                place = (n.class_name, n.resource_id, n.text, n.content_desc)
                out[(*place, n.bounds.left, n.bounds.top)] = _label(n)
        return out

    before, after = shown(d.prev, host_p, box_p), shown(d.curr, host_c, box_c)
    return [after[k] for k in after.keys() & before.keys()]


_Place = tuple[str, str, str, str, int, int]


def _within(frame: Frame, outer: int, pos: int) -> bool:
    return outer <= pos < frame.subtree_end(outer)


def _in_box(b: Bounds, box: Bounds) -> bool:
    return (
        b.area > 0
        and box.left <= b.left
        and b.right <= box.right
        and box.top <= b.top
        and b.bottom <= box.bottom
    )


def _shift(a: Node, b: Node) -> tuple[int, int]:
    return (b.bounds.left - a.bounds.left, b.bounds.top - a.bounds.top)


def _label(n: Node) -> str:
    return f"{n.class_name.rsplit('.', 1)[-1]} {n.text or n.content_desc!r}"
