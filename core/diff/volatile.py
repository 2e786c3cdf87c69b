"""Volatile attributes: what churns between two captures of an unchanged screen.

Two sources: :data:`DEFAULT_VOLATILE` (attribute names that never mean a
visible change: traversal indexes, SDK metadata, runner-assigned view ids) and
:func:`learn_volatile`, which compares two captures taken with no action in
between ("settle") and marks every attribute of every element that differs —
a clock's text, a counter — so it never floods a delta.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> a = parse_uiautomator('<hierarchy><node class="T" resource-id="clock" text="10:41"'
    ...     ' bounds="[0,0][9,9]"/></hierarchy>')
    >>> b = parse_uiautomator('<hierarchy><node class="T" resource-id="clock" text="10:42"'
    ...     ' bounds="[0,0][9,9]"/></hierarchy>')
    >>> sorted(k for k, attr in learn_volatile(a, b).per_element if k.startswith("id:"))
    ['id:clock']
"""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass

from deltarec.core.capture.roles import SYSTEM_UI
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Observation, node_attributes

DEFAULT_VOLATILE_NAMES = frozenset(
    {
        "index",  # position among siblings: shifts whenever a sibling is inserted
        "instance",  # uiautomator2 / Appium instance counters
        "drawing-order",
        "traversal-index",
        "a11y-important",
        "elementId",  # runner-assigned view ids (Appium, uiautomator2)
        "element-id",
        "view-id",
        "extras",  # SDK metadata bags
        "hint-locale",
    }
)


@dataclass(frozen=True, slots=True)
class Volatile:
    """Attribute names volatile everywhere, plus ``(element key, attribute)`` pairs.

    ``status_bar``: the system bars (clock, battery, signal, notification icons;
    see :func:`system_bars`) stay out of every delta line and suggestion. The
    JSON diff still carries them, so ``apply_diff`` rebuilds the frame exactly.
    """

    names: frozenset[str] = DEFAULT_VOLATILE_NAMES
    per_element: frozenset[tuple[str, str]] = frozenset()
    status_bar: bool = True

    def is_volatile(self, key: str, attribute: str, resource_id: str = "") -> bool:
        """Whether ``attribute`` of an element (by key, or by its resource id) churns."""
        if not self.per_element:  # none learned (asked for every pair a big step moved)
            return attribute in self.names
        if attribute in self.names or (key, attribute) in self.per_element:
            return True
        return bool(resource_id) and (f"id:{resource_id}", attribute) in self.per_element

    def union(self, other: Volatile) -> Volatile:
        return Volatile(
            self.names | other.names,
            self.per_element | other.per_element,
            self.status_bar and other.status_bar,
        )


DEFAULT_VOLATILE = Volatile()

CLOCKLIKE = re.compile(
    r"^(\d{1,2}:\d{2}(:\d{2})?(\.\d+)?(\s?[AaPp]\.?[Mm]\.?)?|(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w*,? .*"
    r"|\d+ (sec|min|hour|day)s? ago|now)$"
)
"""Clock and date texts: they churn on their own (a launcher's clock widget, a list's "2 min
ago", a stopwatch's "0:00.00") even where no second capture has shown it yet."""
MASKED = re.compile(r"^[•●∙*]+$")
"""What a password field shows instead of its text: one bullet per character."""
_DIGITS = re.compile(r"\d+")


def is_counter(old: str, new: str) -> bool:
    """Whether a text that went from ``old`` to ``new`` is a counter: only its numbers changed
    (its value at the next look is not this one).

    >>> is_counter("Refreshed 7 times", "Refreshed 16 times"), is_counter("On", "Off")
    (True, False)
    """
    return old != new and _DIGITS.sub("#", old) == _DIGITS.sub("#", new)


def is_live(text: str) -> bool:
    """Whether ``text`` reads as a clock or a date, or is masked password text.

    >>> [is_live(t) for t in ("9:41", "Mon, Jan 1", "3 min ago", "•••", "Wi-Fi")]
    [True, True, True, True, False]
    """
    return bool(CLOCKLIKE.match(text) or MASKED.match(text))


BAR_SHARE = 0.15
"""A System UI window at most this share of the screen high is a bar, not the notification
shade (which an agent opens on purpose and reads)."""
_BAR_IDS = (
    ":id/status_bar",
    ":id/statusBarBackground",
    ":id/navigationBarBackground",
    ":id/navigation_bar",
    ":id/status_bar_container",
)
_SYSTEM_UI_BAR_IDS = (
    *_BAR_IDS,
    ":id/notification_icon_area",
    ":id/system_icons",
    ":id/statusIcons",
    ":id/clock",
    ":id/battery",
    ":id/navigation_bar_frame",
)
"""Inside a System UI window of any size (some phones dump one covering the screen), these
subtrees are the bars."""


_RESOURCE_ID = operator.attrgetter("resource_id")
_NO_BARS: frozenset[int] = frozenset()


def system_bars(frame: Frame) -> frozenset[int]:
    """Positions of the status and navigation bars' nodes: System UI windows no taller than
    :data:`BAR_SHARE` of the screen (300 px when the size is unknown), and subtrees whose
    resource id names a bar (or, in System UI, a bar's clock, icons or battery). O(n).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> obs = parse_uiautomator('<hierarchy rotation="0"><node class="F" package="com.android.'
    ...     'systemui" bounds="[0,0][1080,84]"><node class="T" text="9:41" bounds="[0,0][90,84]"'
    ...     '/></node><node class="F" package="app" bounds="[0,84][1080,2400]"/></hierarchy>')
    >>> sorted(system_bars(Frame(obs)))
    [0, 1]
    """
    kept = frame.memo.get(system_bars)  # a pure fact of the frame: a step asks up to 3 times
    if kept is not None:
        return kept  # type: ignore[return-value]  # no typing.cast: a call and an alias each
    nodes = frame.nodes
    if not any(map(_RESOURCE_ID, nodes)) and all(
        nodes[root].package != SYSTEM_UI for root in frame.roots
    ):
        # No window of System UI and no resource id (element dicts have neither): no bar,
        # found at C speed, not by the walk below (which would find none: a node is a bar by
        # its window or its id, or as the child of one).
        frame.memo[system_bars] = _NO_BARS
        return _NO_BARS
    limit = frame.obs.height * BAR_SHARE if frame.obs.height else 300
    # A node is a bar when it starts one (a window root of System UI within the limit, or
    # a node whose id names a bar) or lies inside one: the subtrees of the starts. The ids
    # are read at C speed, and only the few nodes whose id ends like a bar's are looked at.
    parents = frame.parents
    rids = list(map(_RESOURCE_ID, nodes))
    # The few distinct ids that end like a bar's, told first (a screen repeats a few dozen
    # ids over thousands of nodes): most screens have none, and no node is looked at.
    bar_like = {rid for rid in set(rids) if rid and rid.endswith(_SYSTEM_UI_BAR_IDS)}
    starts = (
        [
            pos
            for pos, rid in enumerate(rids)
            if rid in bar_like
            and parents[pos] >= 0
            and rid.endswith(_SYSTEM_UI_BAR_IDS if nodes[pos].package == SYSTEM_UI else _BAR_IDS)
        ]
        if bar_like
        else []
    )
    starts += [
        root
        for root in frame.roots
        if nodes[root].package == SYSTEM_UI and nodes[root].bounds.height <= limit
    ]
    out: set[int] = set()
    for pos in starts:
        out.update(range(pos, frame.subtree_end(pos)))
    frame.memo[system_bars] = bars = frozenset(out)
    return bars


def learn_volatile(a: Observation, b: Observation, base: Volatile = DEFAULT_VOLATILE) -> Volatile:
    """Volatile attributes learned from two captures of an unchanged screen.

    Elements are paired by :func:`deltarec.core.diff.match.match_frames`; every attribute
    that differs between a pair is recorded under the element's resource id
    when it has one (``("id:<rid>", attr)``: a clock's text is part of its key,
    so its key churns with it) and under both frames' keys. Cost: one match, O(n).
    """
    from deltarec.core.diff.match import (
        match_frames,  # match imports frame only; kept local for clarity
    )

    fa, fb = Frame(a), Frame(b)
    learned: set[tuple[str, str]] = set()
    for cb, pa in match_frames(fa, fb).items():
        attrs_a = node_attributes(fa.nodes[pa])
        attrs_b = node_attributes(fb.nodes[cb])
        for name in attrs_a.keys() | attrs_b.keys():
            if attrs_a.get(name) != attrs_b.get(name) and name not in base.names:
                learned.add((fa.keys[pa], name))
                learned.add((fb.keys[cb], name))
                if fb.nodes[cb].resource_id:
                    learned.add((f"id:{fb.nodes[cb].resource_id}", name))
    return Volatile(base.names, base.per_element | frozenset(learned), base.status_bar)


def without_volatile(obs: Observation, volatile: Volatile = DEFAULT_VOLATILE) -> Observation:
    """``obs`` with every attribute named in ``volatile.names`` dropped and no capture metadata.

    Two captures of an unchanged screen compare equal after this (per-element
    volatility aside), which is what settling and the apply_diff invariant use.
    """
    from dataclasses import replace

    from deltarec.core.observe.model import Node

    def strip(node: Node) -> Node:
        extras = tuple(kv for kv in node.extras if kv[0] not in volatile.names)
        return replace(node, extras=extras, children=tuple(strip(c) for c in node.children))

    return replace(obs, windows=tuple(strip(w) for w in obs.windows), captured_at=None, source="")
