"""The element-dict API with the names and parameters of the library that defined it.

``delta_observation``, ``delta_index``, ``summarize_delta``,
``observation_index``, ``serialize_observation`` and ``match_elements`` take
element dicts (:mod:`deltarec.core.capture.element_dicts`) — or uiautomator dumps, observation
JSON, or Observations — and run the deltarec pipeline: stable keys first,
geometry last, so a scrolled list or an inserted row does not read as a wall of
changes, and a cap never invents a removal.

    >>> prev = [{"role": "textbox", "name": "Name", "x": 0, "y": 0, "width": 90, "height": 20}]
    >>> curr = [{"role": "textbox", "name": "Name", "value": "zr", "x": 0, "y": 0,
    ...          "width": 90, "height": 20}]
    >>> print(delta_observation(prev, curr))
    ~ [0] textbox "zr" (text: ""→"zr")
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from deltarec.core.capture.element_dicts import (
    MAX_ELEMENT_DEPTH,
    MAX_ELEMENTS,
    element_list,
    elements_to_observation,
    is_interactive_role,
    listed,
    node_to_element,
    too_many,
)
from deltarec.core.capture.frame_cache import frame_of
from deltarec.core.capture.gc_pause import gc_paused
from deltarec.core.capture.jsonio import load_capture
from deltarec.core.diff.compute import compute_delta
from deltarec.core.diff.geometry import corner_only
from deltarec.core.diff.match import match_frames, match_measured
from deltarec.core.diff.types import ChangeKind, FromToDict
from deltarec.core.errors import CaptureParseError
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node, Observation, node_attributes
from deltarec.core.observer import (
    DeltaResult,
    IndexOptions,
    index_frame,
    labels_by_texts,
    observe_delta,
)
from deltarec.core.render.budget import fit
from deltarec.core.render.delta_summary import summary_lines
from deltarec.core.render.delta_text import Line
from deltarec.core.render.lines import quote

Element = dict[str, Any]


def flatten_tree(elements: Sequence[Element], *, interactive_only: bool = True) -> list[Element]:
    """A (possibly nested, through ``children``) element tree as a flat list, document order.

    Each element is returned as given, less its ``children`` key. With ``interactive_only``
    (the default) only actionable roles survive (button, link, textbox, …, in UIA, AT-SPI,
    macOS AX or ARIA spelling: the roles element dicts map to interactive ones).

        >>> tree = [{"role": "window", "name": "App", "children": [
        ...     {"role": "pushbutton", "name": "Save"}, {"role": "label", "name": "x"}]}]
        >>> [e["name"] for e in flatten_tree(tree)]
        ['Save']
        >>> [e["name"] for e in flatten_tree(tree, interactive_only=False)]
        ['App', 'Save', 'x']
    """
    flat: list[Element] = []
    listed_ = element_list(elements)
    stack: list[tuple[Any, str, int]] = [
        (e, f"$[{i}]", 0) for i, e in reversed(list(enumerate(listed_)))
    ]
    while stack:  # no recursion: a deep tree cannot exhaust the stack
        element, where, depth = stack.pop()
        if len(flat) >= MAX_ELEMENTS:  # a shared sub-tree reached again and again
            raise too_many(where)
        flat.append({k: v for k, v in element.items() if k != "children"})
        kids = element.get("children")
        if kids:
            if depth >= MAX_ELEMENT_DEPTH:  # a cycle, or a tree deeper than any reader takes
                raise CaptureParseError(
                    f"elements nest deeper than {MAX_ELEMENT_DEPTH}", where=f"{where}.children"
                )
            kids = element_list(kids, f"{where}.children")
            deeper = depth + 1
            stack.extend(
                (k, f"{where}.children[{i}]", deeper) for i, k in reversed(list(enumerate(kids)))
            )
    if interactive_only:
        flat = [e for e in flat if is_interactive_role(e.get("role", ""))]
    return flat


def assign_stable_ids(
    elements: Sequence[Element],
    prior: Sequence[Element] | None = None,
    *,
    iou_threshold: float = 0.5,
) -> list[Element]:
    """``elements``, each a copy with a stable ``id``, carried from ``prior``.

    Without ``prior`` the ids are 0, 1, 2, … in order. Otherwise an element takes the id of
    the ``prior`` element it is (each prior id is taken at most once), and the others take
    new ids beyond the highest prior id. The peer pairs by overlap alone (IoU at least
    ``iou_threshold``); deltarec pairs by evidence (:func:`match_elements`): the same
    content, or that overlap — so a button that moved far keeps its id, and an unrelated
    element that took a removed one's place does not inherit it.

        >>> prior = assign_stable_ids([{"name": "Save", "x": 10, "y": 10, "width": 40,
        ...                             "height": 20}, {"name": "Delete", "x": 100, "y": 10,
        ...                             "width": 40, "height": 20}])
        >>> [(e["name"], e["id"]) for e in prior]
        [('Save', 0), ('Delete', 1)]
        >>> [(e["name"], e["id"]) for e in assign_stable_ids(
        ...     [{"name": "New", "x": 300, "y": 300, "width": 50, "height": 25},
        ...      {"name": "Save", "x": 12, "y": 11, "width": 40, "height": 20}], prior=prior)]
        [('New', 2), ('Save', 0)]
    """
    elements = element_list(elements)
    if not prior:
        return [dict(element, id=i) for i, element in enumerate(elements)]
    prior = element_list(prior, "prior")
    ids = [_id_of(p) for p in prior]
    next_id = max((i for i in ids if i is not None), default=-1) + 1

    def flat(items: Sequence[Element]) -> list[Element]:
        return [{k: v for k, v in e.items() if k not in ("children", "id")} for e in items]

    fp, fc = Frame(to_observation(flat(prior))), Frame(to_observation(flat(elements)))
    pairs = _matched(fp, fc, iou_threshold)
    out: list[Element] = []
    taken: set[int] = set()
    for i, element in enumerate(elements):
        p = pairs.get(i + 1)  # position 0 is the synthetic root; element i sits at i + 1
        carried = ids[p - 1] if p is not None and p > 0 else None
        if carried is None or carried in taken:
            carried, next_id = next_id, next_id + 1
        taken.add(carried)
        out.append(dict(element, id=carried))
    return out


def _matched(fb: Frame, fa: Frame, iou_threshold: float) -> dict[int, int]:
    """The pairs of :func:`~deltarec.core.diff.match.match_frames`, for the peer's names:
    geometry under ``iou_threshold`` pairs nothing here, not even a button shrunk into a
    corner it kept (the delta takes that one: :func:`~deltarec.core.diff.geometry.corner_only`)."""
    pairs = match_frames(fb, fa, iou_threshold=iou_threshold)
    return {c: p for c, p in pairs.items() if not corner_only(fb, p, fa, c, iou_threshold)}


def _id_of(element: Element) -> int | None:
    raw = element.get("id")
    if isinstance(raw, bool) or raw is None:
        return None
    try:
        return int(raw)
    except (TypeError, ValueError):
        return None


def to_observation(data: Any, *, viewport: Sequence[int] | None = None) -> Observation:
    """Element dicts, an XML dump / JSON string, or an Observation, as an Observation."""
    if isinstance(data, Observation):
        return data
    if isinstance(data, str | bytes):
        return load_capture(data)
    return elements_to_observation(listed(data), viewport=viewport)


def _flat_element(node: Node, label: str | None = None, index: int | None = None) -> Element:
    """The node as a flat element dict; ``label`` (default: the element dict's own name, as
    the caller gave it) as its ``name``."""
    out = node_to_element(node, label=label, with_children=False)
    if index is not None:
        out["index"] = index
    return out


def observation_index(
    elements: Any,
    *,
    viewport: Sequence[int] | None = None,
    max_elements: int | None = 80,
    interactive_only: bool = True,
) -> list[Element]:
    """The on-screen elements in reading order, capped (None: all), each with an ``index``."""
    frame = Frame(to_observation(elements, viewport=viewport))
    idx = index_frame(frame, IndexOptions(viewport, max_elements, interactive_only))
    return [_flat_element(frame.nodes[e.pos], e.name, e.index) for e in idx.elements]


def serialize_observation(
    elements: Any,
    *,
    viewport: Sequence[int] | None = None,
    max_elements: int = 80,
    interactive_only: bool = True,
) -> str:
    """The indexed observation as ``[i] role "name" @(cx,cy)`` lines."""
    lines = []
    for e in observation_index(
        elements, viewport=viewport, max_elements=max_elements, interactive_only=interactive_only
    ):
        cx, cy = e["x"] + e["width"] // 2, e["y"] + e["height"] // 2
        lines.append(f"[{e['index']}] {e['role']} {quote(e['name'])} @({cx},{cy})")
    return "\n".join(lines)


def match_elements(before: Any, after: Any, *, iou_threshold: float = 0.5) -> dict[str, Any]:
    """Pair ``before`` and ``after``: ``{matched: [{before, after, iou}], added, removed}``.

    Each element is paired at most once; an element of ``before`` left alone is removed,
    one of ``after`` added. Element dicts come back as given (less ``children``: a nested
    list is flattened in document order); dumps and Observations as flat element dicts.

    The peer pairs greedily by overlap alone (IoU at least ``iou_threshold`` and above 0).
    deltarec pairs by evidence, earliest first (:func:`~deltarec.core.diff.match.match_frames`):
    the same content or resource id, a paired child, and last overlap — so a button that
    moved far keeps its partner, and two unrelated boxes that merely overlap do not pair.
    Geometry alone never pairs boxes whose IoU is below ``iou_threshold`` (or 0).

        >>> box = {"x": 0, "y": 0, "width": 10, "height": 10}
        >>> shifted = dict(box, x=5)
        >>> r = match_elements([box], [shifted], iou_threshold=0.5)
        >>> r["matched"], r["added"] == [shifted], r["removed"] == [box]
        ([], True, True)
        >>> match_elements([box], [shifted], iou_threshold=0.3)["matched"][0]["iou"]
        0.3333
    """
    fb = Frame(to_observation(before))
    fa = Frame(to_observation(after))
    pairs = _matched(fb, fa, iou_threshold)
    used = set(pairs.values())
    real_b = [p for p in range(len(fb)) if fb.parents[p] >= 0]
    real_a = [c for c in range(len(fa)) if fa.parents[c] >= 0]
    flat_b, flat_a = _as_given(before, fb, real_b), _as_given(after, fa, real_a)
    matched = [
        {
            "before": flat_b[p],
            "after": flat_a[c],
            "iou": round(fb.nodes[p].bounds.iou(fa.nodes[c].bounds), 4),
        }
        for c, p in sorted(pairs.items())
        if c in flat_a and p in flat_b
    ]
    return {
        "matched": matched,
        "added": [flat_a[c] for c in real_a if c not in pairs],
        "removed": [flat_b[p] for p in real_b if p not in used],
    }


def _as_given(data: Any, frame: Frame, positions: list[int]) -> dict[int, Element]:
    """Frame position → the caller's element dict (less ``children``) at that position, for
    an element list (its synthetic root is position 0, then document order); a flat element
    dict of the node for any other input."""
    given = flatten_tree(data, interactive_only=False) if isinstance(data, list | tuple) else []
    if given and len(frame) == len(given) + 1:
        return {pos: given[pos - 1] for pos in positions}
    return {pos: _flat_element(frame.nodes[pos]) for pos in positions}


def delta_index(
    prev: Any, curr: Any, *, iou_threshold: float = 0.5, move_threshold: int = 5
) -> dict[str, list[Any]]:
    """Diff two element lists into ``{added, removed, changed, stable}``.

    ``changed`` items are ``{"after", "fields", "before", "changes"}``: ``fields`` names
    what differs in the peer's words (``role``, ``name``, ``value``, ``enabled``,
    ``checked``, ``selected``, ``focused``, and ``moved`` when the centre moved more than
    ``move_threshold`` pixels); ``changes`` says it as an ObservationDiff does,
    ``{attribute: {from, to}}`` under the attribute names the delta text shows
    (``content-desc``, ``text``, …), which :func:`summarize_delta` renders.

    Where deltarec answers better than the peer (which pairs by overlap alone): elements
    pair by evidence (:func:`match_elements`), so a text typed into a field is one change
    of that field, a button replaced in its slot by an unrelated one is ``removed`` +
    ``added`` (not a rename), and one that moved far but shows the same content is
    ``changed`` with ``moved``, not removed and added.
    """
    fb = Frame(to_observation(prev))
    fa = Frame(to_observation(curr))
    pairs = _matched(fb, fa, iou_threshold)
    used = set(pairs.values())
    added, changed, stable = [], [], []
    for c in range(len(fa)):
        if fa.parents[c] < 0 and fa.nodes[c].class_name.startswith("deltarec."):
            continue
        after = _flat_element(fa.nodes[c], index=_index_of(fa.nodes[c]))
        if c not in pairs:
            added.append(after)
            continue
        old = fb.nodes[pairs[c]]
        fields = _changed_fields(old, fa.nodes[c], move_threshold)
        if fields:
            changes = _attribute_changes(old, fa.nodes[c])
            before = _flat_element(old)
            changed.append({"after": after, "fields": fields, "before": before, "changes": changes})
        else:
            stable.append(after)
    removed = [
        _flat_element(fb.nodes[p])
        for p in range(len(fb))
        if p not in used and not fb.nodes[p].class_name.startswith("deltarec.")
    ]
    return {"added": added, "removed": removed, "changed": changed, "stable": stable}


def _index_of(node: Node) -> int | None:
    raw = node.extra("index", "")
    return int(raw) if raw.lstrip("-").isdigit() else None


def _changed_fields(a: Node, b: Node, move_threshold: int) -> list[str]:
    fields = []
    for name, old, new in (
        ("role", a.role, b.role),
        ("name", a.content_desc, b.content_desc),
        ("value", a.text or a.extra("value"), b.text or b.extra("value")),
        ("enabled", a.enabled, b.enabled),
        ("checked", a.checked, b.checked),
        ("selected", a.selected, b.selected),
        ("focused", a.focused, b.focused),
    ):
        if old != new:
            fields.append(name)
    (ax, ay), (bx, by) = a.bounds.center, b.bounds.center
    if abs(ax - bx) > move_threshold or abs(ay - by) > move_threshold:
        fields.append("moved")
    return fields


_ATTRIBUTES = ("text", "content-desc", "value", "enabled", "checked", "selected")  # as shown


def _attribute_changes(a: Node, b: Node) -> dict[str, FromToDict]:
    """``{attribute: {from, to}}`` of what differs, as an ObservationDiff's ``changes``."""
    old, new = node_attributes(a), node_attributes(b)
    return {
        name: {"from": old.get(name), "to": new.get(name)}
        for name in _ATTRIBUTES
        if old.get(name) != new.get(name)
    }


def summarize_delta(
    delta: dict[str, list[Any]], *, max_lines: int = 40, max_tokens: int | None = None
) -> str:
    """Render a :func:`delta_index` result as ``+`` / ``~`` / ``-`` lines within budget.

    Added and changed first, removed last (without an index: it is no longer
    valid); overflow reads ``… (+N more)``; an empty delta reads ``no change``.

    A change reads as :func:`delta_observation` reads it: one ``~`` line per element with
    ``attribute: old→new`` under the same attribute names (``text``, ``content-desc``,
    ``checked`` …, rendered by the same function), then ``focused`` / ``moved``. The peer
    lists only the field names (``(name/moved)``); a delta without ``changes`` (made by hand)
    still reads that way, its fields spelled as ours (``name`` → ``content-desc``).

        >>> summarize_delta(delta_index(
        ...     [{"role": "textbox", "name": "Name", "x": 0, "y": 0, "width": 90, "height": 20}],
        ...     [{"role": "textbox", "name": "Name", "value": "zr", "x": 0, "y": 0, "width": 90,
        ...       "height": 20}]))
        '~ textbox "Name" (text: ""→"zr")'
    """
    lines = summary_lines(delta)
    return fit(lines or ["no change"], max_lines=max_lines, max_tokens=max_tokens)


def _observe(
    prev: Any,
    curr: Any,
    viewport: Sequence[int] | None,
    max_elements: int,
    interactive_only: bool,
    max_lines: int,
    max_tokens: int | None,
    iou_threshold: float = 0.5,
) -> DeltaResult:
    with gc_paused():  # nothing built here is a cycle (capture/gc_pause.py)
        before = frame_of(prev, viewport=viewport)
        after = frame_of(curr, viewport=viewport, like=(prev, before))
        if after is before:  # the same content twice: two frames, as two captures give
            after = Frame(after.obs)
        # The matcher's scroll estimate goes to the delta, which reuses it where it holds.
        matched = match_measured(before, after, iou_threshold=iou_threshold)
        options = IndexOptions(viewport, max_elements, interactive_only)
        # Only the text and lines are read: labels that are only compared (no digest).
        screen, label = labels_by_texts(before)
        return observe_delta(
            before,
            after,
            options=options,
            prev_index=index_frame(before, options, screen=screen),
            max_lines=max_lines,
            max_tokens=max_tokens,
            delta=compute_delta(before, after, matched=matched),
            label=label,
        )


def delta_observation(
    prev: Any,
    curr: Any,
    *,
    viewport: Sequence[int] | None = None,
    max_elements: int = 80,
    interactive_only: bool = True,
    iou_threshold: float = 0.5,
    move_threshold: int = 5,
    max_lines: int = 40,
    max_tokens: int | None = None,
) -> str:
    """Index both frames, diff them and render the budgeted "what changed" text.

    The peer's signature, pairs as :func:`match_elements` pairs (``iou_threshold``). Where
    deltarec answers better: a scroll reads as one ``↕`` line, a text typed into a field as
    one ``~`` line of that field, numbers ``[i]`` are never given to another element, and
    moved elements are counted on one ``~ layout`` line rather than listed one by one
    (so ``move_threshold``, kept for the peer's callers, changes nothing here;
    :func:`delta_index` honours it).
    """
    del move_threshold  # see the docstring: moves are one layout line here
    args = (viewport, max_elements, interactive_only, max_lines, max_tokens, iou_threshold)
    return _observe(prev, curr, *args).text


def delta_observation_result(
    prev: Any,
    curr: Any,
    *,
    viewport: Sequence[int] | None = None,
    max_elements: int = 80,
    interactive_only: bool = True,
    max_lines: int = 40,
    max_tokens: int | None = None,
) -> dict[str, Any]:
    """``{summary, added, removed, changed}``: the text and counts of its own lines.

    The counts are taken from the same frames and the same lines as the summary
    (before the budget cut them), never from a differently filtered diff.
    """
    args = (viewport, max_elements, interactive_only, max_lines, max_tokens)
    result = _observe(prev, curr, *args)
    return {"summary": result.text, **delta_counts(result.entries)}


def delta_counts(entries: Sequence[Line]) -> dict[str, int]:
    """``{added, removed, changed}``: the lines of each kind (before any budget cut).

    A dialog that opened counts as added, one that closed as removed, a focus
    move as a change; frame facts and summary lines count as nothing.
    """
    kinds = Counter(e.kind for e in entries)
    return {
        "added": kinds[ChangeKind.ADDED] + kinds[ChangeKind.WINDOW_OPENED],
        "removed": kinds[ChangeKind.REMOVED] + kinds[ChangeKind.WINDOW_CLOSED],
        "changed": kinds[ChangeKind.CHANGED],
    }


__all__ = [
    "assign_stable_ids",
    "delta_index",
    "delta_observation",
    "delta_observation_result",
    "flatten_tree",
    "match_elements",
    "observation_index",
    "serialize_observation",
    "summarize_delta",
    "to_observation",
]
