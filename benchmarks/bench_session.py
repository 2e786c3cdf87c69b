"""A scripted agent session on the virtual phone: what each reply costs, and is it true?

The session (:data:`SCRIPT`, plus the newer screens the phone has:
:func:`session_script`) drives a fresh Playground phone through the executor
(``Session.call``: the envelopes the MCP server returns, with the MCP server's
Session settings, ``max_lines=40``, no token cap, policy ``all``). Per step it
records the observation the agent read and its cl100k tokens, and the tokens
of the full compact frame of the same settled capture with the session's
numbers (``render_frame(session.seen, tree=False)``: what ``describe`` costs).
Target: Σ delta tokens ÷ Σ full-frame tokens ≤ 0.25. The session's clock is a
fake (no real waiting); the phone's moves 10 s between steps (an agent thinks).

Each reply is graded by an **oracle** built from the phone's own state, never
from deltarec's diff. Target: 0 missed, 0 false.

Snapshots. Before and after each step: ``PhoneState`` and the views of the
windows a dump holds (``Playground.windows()``). A view's key is its window
(the status bar; the app by its activity *stack*, so a new activity instance
is a new screen; a dialog by its title), its ancestors' parts, and its own
part: its action (``open:13``, ``toggle:wifi``), else id, else text (its digits
left out outside scrollers: "Cart (1)" is the "Cart (0)" link counting one more), else
class; an item of a scroller, or a twin, adds the first action below it (else
its first text), so recycled rows are known by content, never by slot. Since
clipping can hide that hint, an item that shares a unique feature (an action,
an id'd text) with exactly one item that left, and contradicts it nowhere, is
taken for it (:func:`unify`). A view's *element* is its nearest
ancestor-or-self with an action (a Settings row owns its switch); its *names*
are its text, description, id name, the texts below it and its element's (a
bare switch's element is itself: it takes its row's labels, "7:45"). A
view is *volatile* when it shows something else a day, an hour, a minute and a
second later, or one dump later (clocks, dates, the "Refreshed N times"
counter, running timers).

Facts (``required`` ones must be reported; optional ones only explain lines):

- **screen**: the app's stack or foreground changed. Reported by a ``»`` line
  (or a full frame's ``screen`` header) naming the new activity (``…Activity``)
  or quoting its title (action bar text or the activity's title). ``~ app:``
  lines are true, so not false, but do not announce a screen.
- **dialog** opened / closed (by title): a ``+``/``»`` line quoting the title /
  a ``-`` line quoting it (or a ``»`` line back to the screen). A dialog
  replaced by another is one fact: one line, of any form, quoting both titles.
- **scroll**: a container whose children moved together by (dx, dy) ≠ 0 while
  it did not (views it carries are not scrolls; a nested scroll is one fact,
  on the container that moved its content; web content that is not marked
  scrollable scrolls too). Measured on children wholly inside it on both
  sides (clear of its edges, or spanning it: a page); when none persists, a
  scrollable view whose items all changed scrolled "beyond the viewport", its
  direction from the one numeric field of the state that changed. Reported by
  one ``↕`` line naming the container (id name, description or text; an
  unnamed one by its nearest named ancestor, or by an empty name) with the
  direction word (content moving up: ``down``; moving left: ``right``), the px
  (±1) when a child persisted and, for lists (scrollable views), ``+N``/``-M
  rows`` if said within [wholly came in, came in at all] / [wholly left, left
  at all]. No direction word is a miss; the opposite word is also false.
- **row came in**: each item of a scrolled container that was nowhere on screen
  and is now wholly in view must be named in some explained line (a quoted
  string, or a part of a composite ``"a · b"`` label, equal to one of its texts
  no other item has; any of its texts when none is unique).
- **change** of ``checked`` / ``enabled`` / ``selected`` / ``focused`` (one
  fact per element and property), or of a view's text or description. A
  ``~`` line naming the element with that property and, if it says ``a→b``,
  the right ``b``; ``~ focus|selected|checked: A → B`` covers A and B. A
  label's text inside an element with another change this step is optional.
- **appeared / gone**: the topmost named view of what appeared or went in a
  window that stayed, outside any scrolled container: a ``+`` / ``-`` line
  naming it.
- optional: status-bar changes (the airplane icon) and the on-screen keyboard
  (never in a dump; lines naming ``keyboard``/``IME`` are explained by it).
- **volatile** changes: a line reporting one is *false*.

Lines. ``~ "a"→"b"``: some view's text went from a to b (an old row's text
paired with a new row's is false); ``~ … (attr: a→b)``: that change on an
element of that name (attributes other than text, content-desc, checked,
enabled, selected, focused are false); ``+``: a view of that name appeared (in
a full frame: is on screen), with any ``(checked|unchecked|disabled|selected|
focused)`` it states; ``-``: a view of that name went; ``↕``: a scroll not yet
reported (its extra quoted names must be items that came in); ``»``: a screen
or dialog fact. A view explains one ``+`` and one ``-`` line: duplicates are
false. ``…`` budget markers are neutral. A line nothing explains is **false**;
a required fact no line reports is **missed**; ``no change`` while the phone
changed (keyboard included, volatile views aside) is one miss when nothing else
was. A full frame (the first reply, or marked ``» full frame`` in place of a
dearer delta) shows the whole new state: it meets every fact but the screen,
which its ``screen`` header must name, and may list only views on screen.

    python benchmarks/bench_session.py          # prints the table, writes results.json
    python benchmarks/bench_session.py --show   # and every reply the agent read
    python benchmarks/bench_session.py --quick  # the first steps only, writes nothing
"""

from __future__ import annotations

import argparse
import bisect
import copy
import dataclasses
import importlib
import json
import os
import re
import sys
import time
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# As a script, sys.path[0] is benchmarks/; measure the core/ next to it.
sys.path.insert(0, str(ROOT))

from benchmarks.profile_units import ROUNDING, exact_px  # noqa: E402
from benchmarks.timing import git  # noqa: E402
from deltarec.core.devices.virtual import ManualClock, Playground, VirtualDevice  # noqa: E402
from deltarec.core.devices.virtual.inbox_archive import kept_offset  # noqa: E402
from deltarec.core.devices.virtual.layout import ACTIVITIES, TITLES  # noqa: E402
from deltarec.core.devices.virtual.profile import (  # noqa: E402
    DEFAULT_PROFILE,
    Profile,
    scale_traced,
)
from deltarec.core.devices.virtual.screen_inbox import (  # noqa: E402
    ROW_H,
    item_tops,
    shown_items,
)
from deltarec.core.devices.virtual.state import PhoneState  # noqa: E402
from deltarec.core.devices.virtual.views import Rect, View  # noqa: E402
from deltarec.core.executor import Session  # noqa: E402
from deltarec.core.render.frame_text import render_frame  # noqa: E402
from deltarec.core.render.tokens import count_tokens  # noqa: E402

APP = "dev.deltarec.playground"
THINK_SECONDS = 10.0
"""Phone time between two steps (an agent thinks): the status-bar clock ticks now and then."""
TARGET_RATIO = 0.25
QUICK_STEPS = 6

Step = tuple[str, dict[str, Any]]
SCRIPT: list[Step] = [
    ("AC_launch_app", {"package": APP}),
    ("AC_tap", {"selector": {"text": "Inbox"}}),
    ("AC_swipe", {"selector": {"resource_id": "inbox_list"}, "direction": "up", "distance": 250}),
    ("AC_swipe", {"x1": 540, "y1": 1859, "x2": 540, "y2": 606}),  # ~60 % of the list
    ("AC_tap", {"selector": {"text": "Lunch on Friday? #11"}}),
    ("AC_press_key", {"key": "back"}),
    ("AC_back", {}),
    ("AC_tap", {"selector": {"text": "Sign up"}}),
    ("AC_tap", {"selector": {"resource_id": "name"}}),
    ("AC_type_text", {"text": "zr"}),
    ("AC_tap", {"selector": {"text": "Save"}}),
    ("AC_tap", {"selector": {"text": "Cancel"}}),
    ("AC_press_key", {"key": "back"}),
    ("AC_tap", {"selector": {"text": "Settings"}}),
    ("AC_tap", {"selector": {"text": "Airplane mode"}}),
    ("AC_tap", {"selector": {"text": "Airplane mode"}}),
]
"""The session on every version of the phone; :func:`session_script` adds its newer screens."""

REPLACED_DIALOG: list[Step] = [
    ("AC_tap", {"selector": {"text": "Clear history"}}),
    ("AC_tap", {"selector": {"text": "Delete"}}),  # the dialog is replaced by another
    ("AC_tap", {"selector": {"text": "OK"}}),
]
NEW_SCREENS: dict[str, list[Step]] = {
    "FeedActivity": [  # nested scrollers: only the inner list moves
        ("AC_launch_app", {"package": APP, "activity": ".FeedActivity"}),
        (
            "AC_swipe",
            {"selector": {"resource_id": "feed_content"}, "direction": "up", "distance": 600},
        ),
    ],
    "ClockActivity": [  # tabs over a pager: a swipe moves one page and the selected tab
        ("AC_launch_app", {"package": APP, "activity": ".ClockActivity"}),
        ("AC_swipe", {"selector": {"resource_id": "pager"}, "direction": "left"}),
    ],
    "ArticleActivity": [  # a WebView that is not marked scrollable scrolls
        ("AC_launch_app", {"package": APP, "activity": ".ArticleActivity"}),
        (
            "AC_swipe",
            {"selector": {"resource_id": "article_web"}, "direction": "up", "distance": 700},
        ),
    ],
}


def session_script() -> list[Step]:
    """:data:`SCRIPT`, then the screens this version of the phone has (else back home)."""
    steps = list(SCRIPT)
    try:
        dialogs = importlib.import_module("deltarec.core.devices.virtual.dialogs")
    except ImportError:  # a phone from before the replaced dialog
        dialogs = None
    if "clear_history" in getattr(dialogs, "DIALOGS", ()):
        steps += REPLACED_DIALOG
    extra = [step for name, more in NEW_SCREENS.items() if name in ACTIVITIES for step in more]
    return steps + (extra or [("AC_press_key", {"key": "back"})])


PROPS = ("checked", "enabled", "selected", "focused")
QUIET_PROPS = ("scrollable", "focusable")
"""Properties a line may report but need not: a ScrollView turns scrollable when its
content stops fitting (the keyboard opens on a short screen)."""
ATTR_PROPS = {
    "text": "text",
    "content-desc": "desc",
    "desc": "desc",
    "checked": "checked",
    "enabled": "enabled",
    "selected": "selected",
    "focused": "focused",
    "scrollable": "scrollable",
    "focusable": "focusable",
    "focus": "focused",
}
FLAG_WORDS = ("checked", "unchecked", "disabled", "selected", "focused")
MOVE_PROPS = {"focus": "focused", "selected": "selected", "checked": "checked"}
"""``~ <prop>: A → B`` lines: the property moved from element A to element B."""
DIGITS = re.compile(r"\d+")
"""Digit runs: a label's identity leaves them out (a count changes, the label stays)."""
QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')
EITHER_ROW = ", or its row was taken out and another came into its box"
"""The end of a ``~`` line of a folded label whose row may be another row
(:data:`deltarec.core.render.folded.EITHER`)."""
UNLABELLED = re.compile(r"layout: unlabelled [\w-]+ (?:appeared|went|moved)\b.*")
"""A layout line that says a view showing nothing came, went or moved (where, and in what)."""
REFRESH = re.compile(r"([+-]) refresh indicator over .*")
"""A refresh circle (a view that shows nothing, over a list) came (``+``) or went (``-``)."""
SEPARATORS = re.compile(r" [·•|—] ")
LATER = 90061.0
"""A day, an hour, a minute and a second: what a view shows then tells if it is time-driven."""
Key = tuple[str, ...]
PLACED = re.compile(r"@at -?\d+$")
"""The end of a key part that places an item in its scroller's content (:func:`_place`)."""


# --------------------------------------------------------------------------- snapshots


@dataclass(frozen=True, slots=True)
class ViewInfo:
    """One view of a snapshot, with its semantic key, element and names."""

    key: Key
    view: View
    parent: Key | None
    element: Key | None
    window: str
    names: frozenset[str]
    volatile: bool
    """Its text or description changes with time or with the dump counter alone."""

    def prop(self, name: str) -> Any:
        return getattr(self.view, name)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The phone's semantic state at one moment."""

    state: PhoneState
    screen: tuple[Any, ...]
    activity: str
    titles: frozenset[str]
    views: Mapping[Key, ViewInfo]
    children: Mapping[Key, tuple[Key, ...]]
    dialogs: Mapping[str, Key]
    """Dialog title → the key of its window root."""
    profile: Profile = DEFAULT_PROFILE
    """The phone's screen: its state is in layout units, its views in this profile's px."""


def _texts(view: View) -> set[str]:
    return {t for v in view.walk() for t in (v.text, v.desc) if t}


def _base(view: View, *, item: bool = False) -> str:
    """A view's own key part; ``item``: it is an item of a scroller (known by content)."""
    if view.action:
        return f"act:{view.action}"
    if view.rid:
        return f"id:{view.rid}"
    if view.text:  # a counter ("Cart (1)") is one view whatever its count
        return f"text:{view.text if item else DIGITS.sub('#', view.text)}"
    return f"cls:{view.cls.rsplit('.', 1)[-1]}"


def _hint(view: View) -> str:
    """What tells a recycled view from its twins: the first action below it (outside
    nested scrollers, whose content moves), else its first text or description."""
    below = []
    stack = list(reversed(view.children))
    while stack:
        v = stack.pop()
        if v.action:
            return v.action
        below.append(v.text or v.desc)
        if not v.scrollable:
            stack.extend(reversed(v.children))
    return next((t for t in below if t), "")


def scroll_offsets(state: PhoneState) -> dict[str, int]:
    """The phone's scroll offset of each swipe target (``View.swipe``'s "v:feed" → "feed").
    The Inbox's leaves out what its offset grew by to keep its rows in place while new mail
    came in above them (:attr:`~deltarec.core.devices.virtual.state.InboxState.anchored`):
    that is no scroll."""
    return {
        "inbox": state.inbox.offset - state.inbox.anchored,
        "feed": state.feed.offset,
        "chips": state.feed.chips_offset,
        "article": state.article.offset,
        "settings": state.settings.offset,
        "form": state.form.offset,
        "contacts": state.contacts.offset,
    }


Places = tuple[
    Mapping[str, int], Mapping[int, View], Mapping[str, tuple[tuple[int, ...], tuple[int, ...]]]
]
"""The phone's content offsets (lu, :func:`content_offsets`), each shown view's layout-unit
original (:func:`~deltarec.core.devices.virtual.profile.scale_traced`; empty when lu are px),
and for a list some of whose rows were taken out, where each item's place in its content
would be with them (:func:`_unarchived`)."""


def content_offsets(state: PhoneState) -> dict[str, int]:
    """What to add to a view's place in its scroller to have its place in the content: the
    offsets, but the Inbox's is counted from its first item before any new mail came in
    above it (a section header pushed down by new mail is the same view)."""
    return {**scroll_offsets(state), "inbox": state.inbox.offset - state.inbox.mail * ROW_H}


def _unarchived(state: PhoneState) -> dict[str, tuple[tuple[int, ...], tuple[int, ...]]]:
    """The Inbox's items' tops (lu from its content's top, counted as
    :func:`content_offsets` counts them) with its archived rows taken out, and how far each
    is from its top with them in: an item is one item wherever an archive moved it (a
    section header is known by its place, and archiving a row above moves it up)."""
    inbox = state.inbox
    if not inbox.archived:
        return {}
    archived = frozenset(inbox.archived)
    now, full = item_tops(inbox.pages, inbox.mail, archived), item_tops(inbox.pages, inbox.mail)
    order = shown_items(inbox.pages, inbox.mail)
    place = {item: k for k, item in enumerate(order)}
    spots = [place[i] for i in shown_items(inbox.pages, inbox.mail, archived)] + [len(order)]
    base = inbox.mail * ROW_H
    pairs = [(now[k] - base, full[p] - now[k]) for k, p in enumerate(spots) if k < len(now)]
    return {"inbox": (tuple(t for t, _ in pairs), tuple(d for _, d in pairs))}


def _place(parent: View, child: View, places: Places) -> str:
    """Where an item without an action sits in its scroller's *content* (its unclipped edge
    plus the phone's offset, in layout units, as the phone laid it out): what tells two
    items that show the same things apart (the Feed's ads, 18 cards apart, show the same
    texts). "" when the scroller's offset is not known, or ``child`` holds the scroller it
    moves with (a nested scroller's fixed frame)."""
    offsets, layout, moved = places
    axis, _, target = parent.swipe.partition(":")
    offset = offsets.get(target)
    if offset is None or any(v.swipe == parent.swipe for v in child.walk()):
        return ""
    i = 0 if axis == "h" else 1
    child, parent = layout.get(id(child), child), layout.get(id(parent), parent)
    at = (child.drawn or child.bounds)[i] - parent.bounds[i] + offset
    if target in moved:  # rows were taken out above: its place with them in
        tops, shifts = moved[target]
        at += shifts[max(0, bisect.bisect_right(tops, at) - 1)]
    return f"at {at}"


def _spot(parent: View, child: View, places: Places) -> str:
    """Where ``child`` sits in ``parent`` as the phone laid them out (their whole boxes, in
    layout units: clipping and the profile's rounding do not change it)."""
    layout = places[1]
    child, parent = layout.get(id(child), child), layout.get(id(parent), parent)
    c, p = child.drawn or child.bounds, parent.drawn or parent.bounds
    return f"+{c[0] - p[0]},{c[1] - p[1]}"


def _components(parent: View, offsets: Places, scrolled: bool = False) -> list[str]:
    """The key part of each child: base, plus a content hint for the items of a scroller
    and for twins (recycled rows share ids), plus an ordinal for twins still equal. An item
    of a scroller known by no action is known by its place in the content instead
    (:func:`_place`), which clipping does not change. ``scrolled``: ``parent`` is inside a
    scroller's content, where an edge may cut away any part of an item: a leaf known only by
    its class is known by its place in ``parent`` too (:func:`_spot`) — an ad's avatar
    (shown alone at the bottom edge) and its photo (alone at the top edge, after the ad
    crossed the view) are two views, not one whose description changed."""
    bases = [_base(c, item=parent.scrollable) for c in parent.children]
    twins = Counter(bases)
    out: list[str] = []
    seen: Counter[str] = Counter()
    for child, base in zip(parent.children, bases, strict=True):
        if scrolled and not parent.scrollable and not child.children and base.startswith("cls:"):
            base = f"{base}{_spot(parent, child, offsets)}"
        if not child.action and (parent.scrollable or twins[base] > 1):
            place = _place(parent, child, offsets) if parent.scrollable else ""
            base = f"{base}@{place or _hint(child) or child.text or child.desc}"
        out.append(base if seen[base] == 0 else f"{base}#{seen[base]}")
        seen[base] += 1
    return out


def snapshot(pg: Playground) -> Snapshot:
    """Snapshot ``pg``: its state and the views of every window a dump holds."""
    state = copy.deepcopy(pg.state)
    # The same phone later, one dump on: what differs is driven by time or the counter.
    later = Playground(lambda: pg.clock() + LATER, profile=pg.profile)
    later.state = copy.deepcopy(state)
    later.state.dumps += 1
    views: dict[Key, ViewInfo] = {}
    children: dict[Key, tuple[Key, ...]] = {}
    dialogs: dict[str, Key] = {}
    titles: set[str] = set()
    laid_out = pg.layout_windows()
    drawn, origins = scale_traced(laid_out, pg.profile)  # pg.windows(), with its layout
    now_windows = [w for w in drawn if w.in_dump]
    later_windows = [w for w in later.windows() if w.in_dump]
    if len(later_windows) != len(now_windows):
        later_windows = list(now_windows)
    places = (content_offsets(state), origins, _unarchived(state))
    for window, shadow in zip(now_windows, later_windows, strict=True):
        if window.kind == "dialog":
            title = _dialog_title(window.root)
            prefix: Key = ("dialog", title)
            dialogs[title] = prefix
        elif window.kind == "status":
            prefix = ("status",)
        else:
            prefix = ("app", window.package, *state.stack) if state.in_app else ("launcher",)
        found: dict[Key, ViewInfo] = {}
        _add(window.root, shadow.root, prefix, (None, None, window.kind), found, children, places)
        views.update({k: dataclasses.replace(i, names=_names(i, found)) for k, i in found.items()})
        if window.kind == "app":
            titles |= _bar_titles(window.root)
    if state.screen in TITLES:
        titles.add(TITLES[state.screen])
    return Snapshot(
        state=state,
        screen=(state.in_app, tuple(state.stack)),
        activity=state.screen,
        titles=frozenset(titles),
        views=views,
        children=children,
        dialogs=dialogs,
        profile=pg.profile,
    )


def _dialog_title(root: View) -> str:
    texts = [v for v in root.walk() if v.text]
    titled = [v for v in texts if v.rid.endswith(":id/alertTitle")]
    return (titled or texts or [root])[0].text


def _bar_titles(root: View) -> set[str]:
    bars = [v for v in root.walk() if v.rid == "android:id/action_bar"]
    return {v.text for bar in bars for v in bar.walk() if v.text}


def _add(
    view: View,
    later: View | None,
    key: Key,
    where: tuple[Key | None, Key | None, str],
    views: dict[Key, ViewInfo],
    children: dict[Key, tuple[Key, ...]],
    offsets: Places,
    ancestors: tuple[View, ...] = (),
) -> None:
    """Key ``view`` and its subtree into ``views``; ``later`` is the same view later on;
    ``where``: its parent's key, its element's key and its window kind; ``ancestors``: the
    views around ``view``, outermost first."""
    parent, element, window = where
    element = key if view.action else element
    volatile = later is not None and (later.text, later.desc) != (view.text, view.desc)
    views[key] = ViewInfo(key, view, parent, element, window, frozenset(), volatile)
    scrolled = any(v.scrollable for v in ancestors)
    kids = [(*key, part) for part in _components(view, offsets, scrolled)]
    shadow: list[View | None] = [None] * len(kids)
    if later is not None and len(later.children) == len(view.children):
        shadow = list(later.children)
    for child, child_later, child_key in zip(view.children, shadow, kids, strict=True):
        _add(
            child,
            child_later,
            child_key,
            (key, element, window),
            views,
            children,
            offsets,
            (*ancestors, view),
        )
    children[key] = tuple(kids)


def _names(info: ViewInfo, views: Mapping[Key, ViewInfo]) -> frozenset[str]:
    v = info.view
    names = {t for t in (v.text, v.desc, v.rid.rpartition(":id/")[2]) if t} | _texts(v)
    if not (names or v.rid) and (v.clickable or v.long_clickable or v.checkable or v.scrollable):
        # an element that shows nothing to be named by (an ad's sliver): what the dump says
        # of it, its class (labels.class_part); a blank view that is no element has no name
        names.add(v.cls.rpartition(".")[2])
    if info.element is not None:
        names |= _texts(views[info.element].view)
        if info.element == info.key and not _texts(v) and info.parent is not None:
            names |= _texts(views[info.parent].view)  # a bare switch: its row's labels
    elif not (v.text or v.desc) and info.parent is not None:
        parent = views[info.parent].view
        if not parent.scrollable:  # a row of a list is not named by the other rows' texts
            names |= _texts_beside_lists(parent)
    return frozenset(names)


def _texts_beside_lists(view: View) -> set[str]:
    """The texts of ``view``'s subtree but those of the lists in it: a view beside a list
    (a SwipeRefreshLayout's circle over its rows) is not named by the rows."""
    out: set[str] = set()
    stack = [view]
    while stack:
        v = stack.pop()
        out |= {t for t in (v.text, v.desc) if t}
        stack.extend(c for c in v.children if not c.scrollable)
    return out


# --------------------------------------------------------------------------------- facts


@dataclass(slots=True)
class Fact:
    """Something the step changed; ``required`` facts must be reported."""

    kind: str
    what: str
    required: bool = True
    volatile: bool = False
    names: frozenset[str] = frozenset()
    prop: str = ""
    new: Any = None
    old: Any = None
    data: dict[str, Any] = field(default_factory=dict)
    met: bool = False
    why: str = ""
    used: int = 0


@dataclass(slots=True)
class Scroll:
    """A container whose content moved together (see the module docstring)."""

    key: Key
    dx: int
    dy: int
    near: bool
    entered_min: set[Key]
    entered_max: set[Key]
    left_min: set[Key]
    left_max: set[Key]
    web: bool = False
    """Web content (:func:`_web_scroll`): its rows are the views that came in or left."""
    blind: bool = False
    """Far, and no row of it shows in both frames a text that no other of its rows shows
    there (:func:`_blind`): two dumps alone cannot tell which way it went."""
    unknown: set[Key] = field(default_factory=set)
    """Rows on screen in both frames that the dumps cannot tell from others (blind and
    near by the phone's state): a delta may list them as having come in and left."""
    also: float | None = None
    """Another px a line may state: new mail came in at the top of the list (at its top) in
    the step that scrolled it, and the rows both frames show moved by this much, the scroll
    less the new rows' height. Two dumps do not show rows that came in and were scrolled
    away: the move of the rows they show is as honest as the scroll's own (issue 18)."""
    px: float | None = None
    """The phone's move in px along its axis where it is known (measured on rows in both
    frames, or the state's one offset that changed): a px the delta states must be it,
    near or not (a far move measured off an ad's twin is false)."""
    least: float | None = None
    """Another px a line may state as the least it moved, saying so (``…, or further past
    more of them``): new mail came in at the list's top and the scroll went down past
    whole new rows, which neither dump shows; two dumps without the finger measure the
    scroll less their height (:mod:`deltarec.core.diff.past_new`). Exactly that px: the
    scroll less the height of the new rows it went past (issue 18)."""
    clamp: bool = False
    """The list's end clamped its offset as rows were taken out (:func:`clamped_lists`): a
    scroll a line may state (exactly that px, that way) and need not; its rows that came
    and went are facts as a relaid list's are, and the rows taken out are never rows it
    scrolled away (``left_max`` leaves them out)."""


def _left_in(row: Rect, down: float, box: Rect) -> bool:
    """Whether ``row`` moved down by ``down`` px keeps more than 2 px inside ``box`` both
    ways (the diff's :func:`deltarec.core.diff.motions.kept_in_view`): no scroll by that
    much carries it out of view."""
    high = min(row[3] + down, box[3]) - max(row[1] + down, box[1])
    return min(row[2], box[2]) - max(row[0], box[0]) > 2 and high > 2


def _inside(child: Rect, box: Rect, axis: int) -> bool:
    """``child`` wholly in ``box`` along ``axis`` (0: x, 1: y): clear of both edges, or
    spanning it exactly (a pager's page). A child on one edge may be cut by it."""
    lo, hi = child[axis], child[axis + 2]
    return (lo > box[axis] and hi < box[axis + 2]) or (lo, hi) == (box[axis], box[axis + 2])


def _mode(values: list[int]) -> int | None:
    return Counter(values).most_common(1)[0][0] if values else None


def _shift(
    b: ViewInfo, a: ViewInfo, common: set[Key], before: Snapshot, after: Snapshot
) -> tuple[int, int] | None:
    """How far the common children moved (dx, dy), measured on unclipped edges; None: unknown."""
    moves: list[list[int]] = [[], []]
    for axis in (0, 1):
        for k in common:
            cb, ca = before.views[k].view.bounds, after.views[k].view.bounds
            if _inside(cb, b.view.bounds, axis) and _inside(ca, a.view.bounds, axis):
                moves[axis].append(ca[axis] - cb[axis])
        if not moves[axis]:  # only cut children: use an edge neither side cuts
            for k in common:
                cb, ca = before.views[k].view.bounds, after.views[k].view.bounds
                lo, hi = axis, axis + 2
                if cb[lo] > b.view.bounds[lo] and ca[lo] > a.view.bounds[lo]:
                    moves[axis].append(ca[lo] - cb[lo])
                elif cb[hi] < b.view.bounds[hi] and ca[hi] < a.view.bounds[hi]:
                    moves[axis].append(ca[hi] - cb[hi])
    dx, dy = _mode(moves[0]), _mode(moves[1])
    if (dx, dy) in ((None, None), (None, 0), (0, None)):
        return None  # measured only across the move (rows spanning the list's width)
    return (dx or 0, dy or 0)


def _full(snap: Snapshot, keys: Iterable[Key], box: Rect, axis: int) -> set[Key]:
    return {k for k in keys if _inside(snap.views[k].view.bounds, box, axis)}


def _numeric(state: PhoneState) -> dict[str, int]:
    flat: dict[str, int] = {}

    def walk(prefix: str, value: Any) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(f"{prefix}.{k}", v)
        elif isinstance(value, int) and not isinstance(value, bool):
            flat[prefix] = value

    walk("", dataclasses.asdict(state))
    flat.pop(".dumps", None)
    flat.pop(".inbox.pages", None)  # pages the Inbox loaded: no scroll offset
    for name in ("mail", "anchored", "refreshes", "incoming"):  # new mail: no scroll either
        flat.pop(f".inbox.{name}", None)
    flat[".inbox.offset"] = scroll_offsets(state)["inbox"]
    return flat


def relaid_lists(before: PhoneState, after: PhoneState) -> set[str]:
    """The lists (swipe targets) whose rows the step took out or put back (the Inbox's
    archive and its undo, :mod:`deltarec.core.devices.virtual.inbox_archive`): their rows
    moved to close or open the gaps, and the offset moved only to keep the rows in view
    where they were, or the list's end at its bottom: no scroll. A relaunch that started the
    Inbox afresh (its archive and its new mail gone) relaid it too. Contacts' list filtered
    by another query is laid out anew at its top: its rows are other rows, no scroll."""
    out = set()
    if before.inbox.archived != after.inbox.archived or after.inbox.mail < before.inbox.mail:
        out.add("inbox")
    if before.contacts.query != after.contacts.query:
        out.add("contacts")
    return out


def clamped_lists(before: PhoneState, after: PhoneState) -> dict[str, int]:
    """The relaid lists (:func:`relaid_lists`) whose offset the list's end clamped: by how
    many lu the offset moved off the one that keeps the anchor row where it was
    (:func:`~deltarec.core.devices.virtual.inbox_archive.kept_offset`).

    **Grader decision (issue 18).** Rows taken out at a list's end leave it short of the
    viewport; the list then moves its offset back (``fixLayoutEndGap``) and every row above
    the gap comes down by exactly that much: the phone's own scroll offset moved, as a
    scroll moves it. :func:`relaid_lists` reads the offset a relayout moves to keep its
    anchor in place as no scroll, and that stays; the clamp beyond it is a scroll the list
    made, and a line may state it (that px, that way) or leave it out (the rows above the
    gap closed it: also true). Either way the rows taken out are facts of their own, never
    rows scrolled out of view. Only an archive or its undo alone (no new mail, no page
    loaded in the step)."""
    if "inbox" not in relaid_lists(before, after):
        return {}
    a, b = before.inbox, after.inbox
    if (a.mail, a.pages, a.anchored) != (b.mail, b.pages, b.anchored):
        return {}
    items = set(a.archived ^ b.archived)
    back = items <= a.archived
    clamp = b.offset - kept_offset(a, items, back=back)
    return {"inbox": clamp} if clamp else {}


def _clamp_scroll(before: Snapshot, after: Snapshot, key: Key, lu: int) -> Scroll:
    """The scroll a clamp of ``lu`` made in list ``key`` (:func:`clamped_lists`)."""
    items = before.state.inbox.archived ^ after.state.inbox.archived
    taken = {f"open:{i}" for i in items}
    kids_b, kids_a = set(before.children[key]), set(after.children[key])
    went = {k for k in kids_b - kids_a if before.views[k].view.action not in taken}
    content = -exact_px(after.profile, lu, axis=1)
    # Rows an edge cut before may be counted as come in, as any scroll's are (their labels
    # came into view with it: Grader._clamp_labels).
    full_b = _full(before, kids_b, before.views[key].view.bounds, 1)
    return Scroll(
        key,
        0,
        round(content),
        True,
        entered_min=set(),
        entered_max=kids_a - full_b,
        left_min=set(),
        left_max=went,
        px=abs(content),
        clamp=True,
    )


def find_scrolls(before: Snapshot, after: Snapshot) -> list[Scroll]:
    """Containers that moved their content, outermost first (carried containers excluded)."""
    out: list[Scroll] = []
    offsets = [
        after_v - before_v
        for name, after_v in _numeric(after.state).items()
        if (before_v := _numeric(before.state).get(name)) is not None and after_v != before_v
    ]
    relaid = relaid_lists(before.state, after.state)
    clamps = clamped_lists(before.state, after.state)
    held: list[Key] = []
    for key in sorted(after.views, key=len):
        b, a = before.views.get(key), after.views.get(key)
        if b is None or a is None:
            continue
        if a.view.swipe.partition(":")[2] in relaid:
            name = a.view.swipe.partition(":")[2]
            if name in clamps and a.view.scrollable and not _under(key, held):
                out.append(_clamp_scroll(before, after, key, clamps[name]))
            held.append(key)  # rows taken out or put back: they moved, the list did not
            continue
        if any(_under(key, [h]) for h in held):
            continue  # a row of it: its parts moved with it (or an edge cut it), no scroll
        if any(_under(key, [s.key]) and key != s.key for s in out):
            continue  # content a scroll found carries (a row cut by the list's edge)
        web = _web_scroll(before, after, key)
        if web is not None:
            out.append(web)
            continue
        kids_b, kids_a = set(before.children[key]), set(after.children[key])
        if not kids_b and not kids_a:
            continue
        common = kids_b & kids_a
        moved = _shift(b, a, common, before, after) if common else None
        near = moved is not None
        blind = False
        px: float | None = None
        unknown: set[Key] = set()  # rows in both frames that the dumps cannot tell apart
        if moved is None:
            # A list of which only rows cut by opposite edges stayed moved too far to measure.
            if not (a.view.scrollable and kids_a and kids_b and common != kids_a):
                continue
            sign = offsets[0] if len(offsets) == 1 else 0
            blind = _blind(before, after, b.key, kids_b, kids_a, _across(before, b.key))
            if blind:  # rows cut by opposite edges that no dump identifies: told as new
                unknown = common
            # Far: only the direction is known (from the phone's offset); the axis is the
            # one the children were laid out along.
            across = _across(before, b.key)
            moved = (-sign, 0) if across else (0, -sign)
            if sign:
                px = abs(exact_px(after.profile, sign, axis=0 if across else 1))
        dx, dy = moved
        pushed = _mail_pushed(before, after, a) if near else 0
        far_also = _far_also(before, after, a, px, common) if not near else None
        if pushed and abs(dy - pushed) <= ROUNDING:
            continue  # new mail came in at the top: its rows moved down, no scroll
        also = float(abs(dy)) if pushed and (dy - pushed) * dy > 0 else None
        least = _past_new_rows(after, dy - pushed, pushed) if pushed and near else None
        dy -= round(pushed)  # and the scroll the step made besides
        if near:
            px = float(max(abs(dx), abs(dy)))
        if (dx, dy) == (0, 0) and near:
            continue
        if near and _carried(b, a, dx, dy, before, after):
            continue
        if near and _blind(before, after, b.key, kids_b, kids_a, _across(before, b.key)):
            # Rows stayed, but none shows wholly in both dumps a text no other row shows:
            # an author's sliver at the bottom, then a card of that author whole, looks the
            # same whichever card of theirs it is (the Feed on a tablet from 1,635 to 0, and
            # flung from 0 to 11,975). Two dumps cannot measure it: a page is honest there.
            near, blind, unknown = False, True, common
        axis = 1 if abs(dy) >= abs(dx) else 0
        full_b = _full(before, kids_b, b.view.bounds, axis)
        full_a = _full(after, kids_a, a.view.bounds, axis)
        out.append(
            Scroll(
                key,
                dx,
                dy,
                near,
                entered_min=full_a - kids_b,
                entered_max=kids_a - (full_b - unknown),
                left_min=full_b - kids_a,
                left_max=kids_b - (full_a - unknown),
                blind=blind,
                unknown=unknown,
                px=px,
                also=also if near else far_also,
                least=least,
            )
        )
    return out


def _past_new_rows(after: Snapshot, scroll: float, pushed: float) -> float | None:
    """The least px a line may state of a scroll down (``scroll`` < 0, the content's move)
    past new mail rows (``pushed`` px of them) when the scroll went past whole ones: the
    scroll less their height (:attr:`Scroll.least`); None when it went past none, or past
    them all (the rows both frames show then moved up with it)."""
    row = exact_px(after.profile, ROW_H, axis=1)
    down = -scroll
    if not 0 < down < pushed or down < row - ROUNDING:
        return None
    return down - row * int((down + ROUNDING) // row)


def _has(keys: set[Key], root: Key) -> bool:
    """Whether a key of ``keys`` is ``root`` or under it."""
    return any(_under(k, [root]) for k in keys)


def _inserted(before: Snapshot, after: Snapshot) -> dict[Key, tuple[float, set[Key]]]:
    """The Inbox's list where new mail pushed its rows down at its top and it did not scroll
    besides: its key → (the new rows' height in px, the rows that came in). A row archived
    in the same step (a sideways drag on it as the mail came) took its height back: then the
    px is the rows' own move, measured on the phone's views that both frames show (the new
    rows less the archived one: what the rows show pushed, issue 18)."""
    out: dict[Key, tuple[float, set[Key]]] = {}
    archived = before.state.inbox.archived != after.state.inbox.archived
    for key, a in after.views.items():
        scrolled = scroll_offsets(before.state)["inbox"] != scroll_offsets(after.state)["inbox"]
        if key in before.views and not scrolled and (pushed := _mail_pushed(before, after, a)):
            common = set(before.children[key]) & set(after.children[key])
            moved = _shift(before.views[key], a, common, before, after) if archived else None
            if moved is not None and moved[0] == 0 and moved[1] > 0:
                pushed = float(moved[1])
            out[key] = (pushed, set(after.children[key]) - set(before.children[key]))
    return out


def _far_also(
    before: Snapshot, after: Snapshot, a: ViewInfo, px: float | None, common: set[Key]
) -> float | None:
    """For a list scrolled too far to measure on whole rows (``px``: the phone's scroll)
    while new mail came in at its top: the px the rows both frames show (``common``, cut
    by opposite edges) moved, the scroll less the new rows' height (:attr:`Scroll.also`:
    a line may state it; issue 18, the small phone's walk seed 19 step 215: two rows came
    in, 1,534 px scrolled, "Photos #9" cut at the bottom then at the top moved 1,260 px).
    None when no row stayed, no mail came, or the rows did not move past the new ones."""
    if px is None or not common:
        return None
    pushed = _mail_pushed(before, after, a)
    return px - pushed if pushed and px - pushed > ROUNDING else None


def _mail_pushed(before: Snapshot, after: Snapshot, a: ViewInfo) -> float:
    """px the rows of the Inbox's list ``a`` moved down because new mail came in above them
    at its top (the height of the new rows the list did not keep its anchor for); 0 for any
    other view, or when no mail came."""
    if a.view.swipe != "v:inbox":
        return 0.0
    was, now = before.state.inbox, after.state.inbox
    lu = (now.mail - was.mail) * ROW_H - (now.anchored - was.anchored)
    return exact_px(after.profile, lu, axis=1) if lu > 0 else 0.0


def _blind(
    before: Snapshot,
    after: Snapshot,
    key: Key,
    kids_b: set[Key],
    kids_a: set[Key],
    side: bool = False,
) -> bool:
    """Whether two dumps alone cannot tell which way the content of ``key`` went: no row
    in both frames shows, in both, wholly (clear of the edges), a text (or description)
    that no other of its rows shows in either — the one evidence of which row it is, and
    of its move. A feed card cut by the bottom edge that then shows only its "Like ·
    Comment · Share" bar (every card shows one) is no evidence; nor is its author cut by
    the bottom edge, then by the top: authors repeat, and another card of the same author
    cut by opposite edges looks the same in two dumps. Nor is one row alone that an edge
    cuts, whatever it shows: unless it is clear of the edges in both frames (its
    neighbours' edges are in view too), a second row in both frames showing (cut or not) a
    text of its own must corroborate it, since a sponsored card and its twin 18 cards on
    show the very same texts, and one ad whole and the other's strip identify each other as
    well as a title does (issue 18, twin ads). A delta may measure such a move all the same
    (the caller's finger corroborates it): the px it states must then be the phone's
    (:attr:`Scroll.px`). ``side``: the content goes along x (a carousel, a pager:
    :func:`_across`), and its left and right edges cut its rows (issue 18)."""
    lo, hi = (0, 2) if side else (1, 3)  # the edges that cut rows

    def shown(snap: Snapshot, row: Key, box: Rect, whole: bool) -> set[str]:
        out: set[str] = set()
        todo = [row]
        while todo:
            k = todo.pop()
            top, bottom = snap.views[k].view.bounds[lo::2]
            if (
                (top > box[lo] and bottom < box[hi])
                if whole
                else (top < box[hi] and bottom > box[lo])
            ):
                out |= {t for t in (snap.views[k].view.text, snap.views[k].view.desc) if t}
            todo.extend(snap.children.get(k, ()))
        return out

    box_b, box_a = before.views[key].view.bounds, after.views[key].view.bounds
    seen_b = {k: shown(before, k, box_b, False) for k in kids_b}
    seen_a = {k: shown(after, k, box_a, False) for k in kids_a}
    whole = told = alone = 0
    for k in kids_b & kids_a:
        others = set().union(
            *(t for q, t in seen_b.items() if q != k), *(t for q, t in seen_a.items() if q != k)
        )
        telling = bool((shown(before, k, box_b, True) & shown(after, k, box_a, True)) - others)
        whole += telling
        told += bool((seen_b[k] & seen_a[k]) - others)
        rows = (before.views[k].view.bounds, box_b), (after.views[k].view.bounds, box_a)
        alone += telling and all(r[lo] > b[lo] and r[hi] < b[hi] for r, b in rows)
    return not (alone or (whole and told >= 2))


def _web_scroll(before: Snapshot, after: Snapshot, key: Key) -> Scroll | None:
    """The scroll of web content the phone moved: a view that takes swipes (``swipe``
    "v:NAME") but is not marked scrollable (a WebView) scrolls the page by the change of
    the state's ``NAME.offset``, and every node of its page moves by exactly that, clipped
    to the view (its fixed header does not move). So the scroll is that view's, whatever
    wrapper inside it a measurement would land on, its offset is the state's, and it is
    near when some node moved by it with an edge clear of the view on both sides.

    Its rows are the topmost views below it that appeared (came in) or went (left): a
    page has no list items, and a section cut at the edge is keyed by what of it shows.
    """
    b, a = before.views[key], after.views[key]
    if a.view.scrollable or not a.view.swipe.startswith("v:"):
        return None
    name = f".{a.view.swipe[2:]}.offset"
    old, new = _numeric(before.state).get(name), _numeric(after.state).get(name)
    if old is None or new is None or old == new:
        return None
    exact = exact_px(after.profile, old - new, axis=1)  # the page's move in px
    dy = round(exact)
    box_b, box_a = b.view.bounds, a.view.bounds
    near = moved = False
    for k in before.views.keys() & after.views.keys():
        if not _under(k, [key]):
            continue
        cb, ca = before.views[k].view.bounds, after.views[k].view.bounds
        top = cb[1] > box_b[1] and ca[1] > box_a[1] and _moved_by(ca[1] - cb[1], exact)
        bottom = cb[3] < box_b[3] and ca[3] < box_a[3] and _moved_by(ca[3] - cb[3], exact)
        if top or bottom:
            moved = True
            if _told_apart(before, after, key, k):
                near = True
                break
    came = _topmost({k for k in after.views.keys() - before.views.keys() if _under(k, [key])})
    went = _topmost({k for k in before.views.keys() - after.views.keys() if _under(k, [key])})
    unknown: set[Key] = set()
    if moved and not near:  # kept in view, but by no label of its own: a page is honest
        kept = before.views.keys() & after.views.keys()
        unknown = set(_topmost({k for k in kept if _under(k, [key]) and k != key}))
    return Scroll(
        key,
        0,
        dy,
        near,
        entered_min=_full(after, came, box_a, 1),
        entered_max=set(came) | unknown,
        left_min=_full(before, went, box_b, 1),
        left_max=set(went) | unknown,
        web=True,
        unknown=unknown,
        px=float(abs(dy)) if moved else None,
    )


def _told_apart(before: Snapshot, after: Snapshot, page: Key, k: Key) -> bool:
    """Whether the dumps tell view ``k`` of web content ``page`` from the rest of the page:
    it shows, in both frames, a label (text or description) no other view of the page
    shows in either. Grader decision (issue 18, stop 55, the tablet walk's seed 15002 step
    41): a page scrolled 1,201 px whose one grid line kept in view shows only "Add to cart"
    in both frames, as every line of the grid does, is no move two dumps measure (the line
    kept may be any of them): a page is honest there, as for a list's rows (:func:`_blind`),
    and a px stated must still be the phone's (:attr:`Scroll.px`)."""

    def labels(snap: Snapshot, root: Key, inside: bool) -> set[str]:
        out: set[str] = set()
        for q, info in snap.views.items():
            if _under(q, [page]) and (q == root or _under(q, [root])) == inside:
                out |= {t for t in (info.view.text, info.view.desc) if t}
        return out

    own = labels(before, k, True) & labels(after, k, True)
    return bool(own - labels(before, k, False) - labels(after, k, False))


def _moved_by(px: int, exact: float) -> bool:
    """An edge moved by ``exact`` px, rounded either way (``exact`` whole when lu are px)."""
    return px == exact or abs(px - exact) < 1


def _across(snap: Snapshot, key: Key) -> bool:
    """The children of ``key`` sit side by side (a pager, a carousel), not one under another."""
    if any(word in snap.views[key].view.cls for word in ("Horizontal", "ViewPager")):
        return True
    boxes = [snap.views[k].view.bounds for k in snap.children[key]]
    return len({b[0] for b in boxes}) > len({b[1] for b in boxes})


HEDGED_ROWS = (
    r'(row "(?:[^"\\]|\\.)*"|rows (?:"(?:[^"\\]|\\.)*", )*"(?:[^"\\]|\\.)*" and "(?:[^"\\]|\\.)*")'
)
"""The rows a scroll's hedge beside a sliver names (:meth:`Grader._put_back`): ``row "Ada"``,
``rows "Ada" and "Ken"``, ``rows "Ada", "Ken" and "Lin"`` (group 1)."""


def _own_names(v: View) -> set[str]:
    return {t for t in (v.desc, v.text, v.rid.rpartition(":id/")[2]) if t}


def _carried(b: ViewInfo, a: ViewInfo, dx: int, dy: int, before: Snapshot, after: Snapshot) -> bool:
    """The container itself moved with its content: an edge shifted by the same amount,
    an edge its parent does not cut on either side (a ScrollView's one child, cut by it
    while the form scrolled under the keyboard, shows its whole self once the form fits
    again: its cut edge "moved", the child did not carry its content; the ScrollView moved
    it, and its content's scroll is the child's, as a nested scroll's is)."""
    rb, ra = b.view.bounds, a.view.bounds
    pb = before.views[b.parent].view.bounds if b.parent in before.views else None
    pa = after.views[a.parent].view.bounds if a.parent in after.views else None

    def moved(edge: int, by: int) -> bool:
        cut = (pb is not None and rb[edge] == pb[edge]) or (pa is not None and ra[edge] == pa[edge])
        return bool(by) and ra[edge] - rb[edge] == by and not cut

    return moved(1, dy) or moved(3, dy) or moved(0, dx) or moved(2, dx)


def _under(key: Key, roots: Iterable[Key]) -> bool:
    return any(key[: len(r)] == r and key != r for r in roots)


def _topmost(keys: set[Key]) -> list[Key]:
    return sorted(k for k in keys if k[:-1] not in keys)


def _features(snap: Snapshot, key: Key) -> set[tuple[str, ...]]:
    """What an item shows: its actions, and (id, class, text) of its labelled views."""
    out: set[tuple[str, ...]] = set()
    stack = [key]
    while stack:
        k = stack.pop()
        v = snap.views[k].view
        if v.action:
            out.add(("act", v.action))
        out |= {(v.rid, v.cls, t) for t in (v.text, v.desc) if t}
        stack.extend(snap.children[k])
    return out


def _aliases(before: Snapshot, after: Snapshot) -> dict[Key, Key]:
    """After-side keys of items that are before-side items re-keyed by clipping.

    An item's key hint comes from what of it is on screen, so an item cut by
    its scroller can change key; it is the same item when it shares a feature
    (an action, an id'd text) with exactly one before-only item of the same
    container, that feature is unique to one item on each side, and no slot
    (an id and class, or an action) holds different texts in the two. Items
    keyed by their own action or by their place in the content are never re-keyed.
    """
    alias: dict[Key, Key] = {}
    for key, kids_a in after.children.items():
        kids_b = before.children.get(key)
        if not kids_b:
            continue
        only_b = [k for k in kids_b if k not in set(kids_a)]
        only_a = [k for k in kids_a if k not in set(kids_b)]
        if not only_a or not only_b:
            continue
        feats_b = {k: _features(before, k) for k in kids_b}
        feats_a = {k: _features(after, k) for k in kids_a}
        count = Counter(f for fs in feats_b.values() for f in fs)
        count.update(f for fs in feats_a.values() for f in fs)
        for a in only_a:
            found = {
                b
                for b in only_b
                for f in feats_a[a] & feats_b[b]
                if count[f] == 2 and not _conflict(feats_a[a], feats_b[b])
            }
            if len(found) == 1 and not a[-1].startswith("act:") and not PLACED.search(a[-1]):
                alias[a] = found.pop()
    return alias


def _conflict(a: set[tuple[str, ...]], b: set[tuple[str, ...]]) -> bool:
    """Some slot (id and class; or "act") holds different values in ``a`` and ``b``."""
    slots_a: dict[tuple[str, ...], set[str]] = {}
    slots_b: dict[tuple[str, ...], set[str]] = {}
    for feats, slots in ((a, slots_a), (b, slots_b)):
        for f in feats:
            slots.setdefault(f[:-1], set()).add(f[-1])
    return any(slots_a[k].isdisjoint(slots_b[k]) for k in slots_a.keys() & slots_b.keys())


def _rename(key: Key, aliases: Mapping[Key, Key]) -> Key:
    for old, new in aliases.items():
        if key[: len(old)] == old:
            return (*new, *key[len(old) :])
    return key


def _flipped(before: Snapshot, after: Snapshot) -> dict[Key, Key]:
    """The content of a ScrollView that turned scrollable or back (the keyboard opened on a
    short screen): an item of a scroller is keyed by its place, a plain child is not, so
    its one child changes key though it is the same content."""
    alias: dict[Key, Key] = {}
    for key, kids_a in after.children.items():
        kids_b, b = before.children.get(key, ()), before.views.get(key)
        if b is None or b.view.scrollable == after.views[key].view.scrollable:
            continue
        one = len(kids_a) == len(kids_b) == 1 and kids_a != kids_b
        if one and kids_a[0][-1].split("@")[0] == kids_b[0][-1].split("@")[0]:
            alias[kids_a[0]] = kids_b[0]
    return alias


def unify(before: Snapshot, after: Snapshot) -> Snapshot:
    """``after`` with its re-keyed items (:func:`_aliases`, :func:`_flipped`) under their
    before-side keys."""
    for _ in range(32):  # one nesting level per round
        aliases = _aliases(before, after) | _flipped(before, after)
        if not aliases:
            break
        views = {}
        for k, i in after.views.items():
            parent = None if i.parent is None else _rename(i.parent, aliases)
            element = None if i.element is None else _rename(i.element, aliases)
            key = _rename(k, aliases)
            views[key] = dataclasses.replace(i, key=key, parent=parent, element=element)
        children = {
            _rename(k, aliases): tuple(_rename(c, aliases) for c in kids)
            for k, kids in after.children.items()
        }
        after = dataclasses.replace(after, views=views, children=children)
    return after


def expected_facts(before: Snapshot, after: Snapshot) -> tuple[list[Fact], list[Scroll]]:
    """Every fact the step changed (see the module docstring), and the scrolls."""
    facts: list[Fact] = []
    if before.screen != after.screen:
        names = after.titles | {after.activity}
        facts.append(
            Fact("screen", f"screen → {after.activity} {sorted(after.titles)}", names=names)
        )
    opened = [t for t in after.dialogs if t not in before.dialogs]
    closed = [t for t in before.dialogs if t not in after.dialogs]
    if opened and closed:
        facts.append(
            Fact(
                "dialog",
                f'dialog "{closed[0]}" replaced by "{opened[0]}"',
                names=frozenset({closed[0], opened[0]}),
                prop="replace",
            )
        )
        opened, closed = opened[1:], closed[1:]
    facts += [
        Fact("dialog", f'dialog "{t}" opened', names=frozenset({t}), prop="open") for t in opened
    ]
    facts += [
        Fact("dialog", f'dialog "{t}" closed', names=frozenset({t}) | after.titles, prop="close")
        for t in closed
    ]
    if before.state.keyboard != after.state.keyboard:
        shown = "shown" if after.state.keyboard else "hidden"
        facts.append(Fact("keyboard", f"keyboard {shown}", required=False))

    scrolls = find_scrolls(before, after)
    scrolled = [s.key for s in scrolls if not s.clamp]  # a clamp's rows are facts of their own
    for s in scrolls:
        own = _own_names(after.views[s.key].view)
        called, up = own, after.views[s.key].parent
        while not called and up is not None:  # an unnamed scroller: its nearest named ancestor's
            called, up = _own_names(after.views[up].view), after.views[up].parent
        what = _scroll_what(s, called)
        facts.append(
            Fact(
                "scroll",
                what,
                required=not s.clamp,
                names=frozenset(called),
                data={"scroll": s, "own": bool(own)},
            )
        )
        for k in sorted(s.entered_min):
            row = after.views[k]
            texts = _texts(row.view)
            if not texts:
                continue
            if s.web:  # a row is new content: what it shows that no other row did
                others = set().union(
                    *(_texts(after.views[o].view) for o in s.entered_max if o != k),
                    *(_texts(before.views[o].view) for o in s.left_max),
                )
                unique = texts - others
                if not unique:
                    continue  # a section re-keyed by its cut, showing nothing new
            else:
                others = set().union(
                    *(_texts(after.views[o].view) for o in after.children[s.key] if o != k),
                    *(_texts(before.views[o].view) for o in before.children[s.key] if o != k),
                )
                unique = texts - others or texts
            facts.append(
                Fact(
                    "row", f"row came in: {max(sorted(unique), key=len)!r}", names=frozenset(unique)
                )
            )

    common = set(before.views) & set(after.views)
    grouped: dict[tuple[Key, str], Fact] = {}
    for k in sorted(common):
        b, a = before.views[k], after.views[k]
        for prop in PROPS:
            if b.prop(prop) != a.prop(prop):
                owner = a.element or k
                if (owner, prop) not in grouped:
                    names = b.names | a.names
                    grouped[owner, prop] = Fact(
                        "change",
                        f"{_label(a)} {prop} → {str(a.prop(prop)).lower()}",
                        names=names,
                        prop=prop,
                        old=b.prop(prop),
                        new=a.prop(prop),
                        data={"element": owner, "window": a.window},
                    )
        for prop in ("text", "desc"):
            if b.prop(prop) != a.prop(prop):
                grouped[k, prop] = Fact(
                    "change",
                    f"{_label(b)} {prop} → {a.prop(prop)!r}",
                    names=b.names | a.names,
                    prop=prop,
                    old=b.prop(prop),
                    new=a.prop(prop),
                    volatile=a.volatile,
                    data={
                        "element": a.element or k,
                        "window": a.window,
                        "label": a.element not in (None, k),
                    },
                )
        for prop in QUIET_PROPS:
            if b.prop(prop) != a.prop(prop):
                grouped[k, prop] = Fact(
                    "change",
                    f"{_label(a)} {prop} → {str(a.prop(prop)).lower()}",
                    required=False,
                    names=b.names | a.names,
                    prop=prop,
                    old=b.prop(prop),
                    new=a.prop(prop),
                    data={"element": k, "window": a.window},
                )
    changed_elements = {f.data["element"] for f in grouped.values() if f.prop in PROPS}
    for f in grouped.values():
        if f.volatile or f.data["window"] == "status":
            f.required = False
        elif f.data.get("label") and f.data["element"] in changed_elements:
            f.required = False  # a detail of an element whose change is reported anyway
    facts += grouped.values()

    window_roots = {k[:2] if k[0] == "dialog" else k[:1] for k in common}
    relaid = relaid_lists(before.state, after.state)
    held = [k for k, i in after.views.items() if i.view.swipe.partition(":")[2] in relaid]
    for sign, keys, snap in (
        ("+", set(after.views) - set(before.views), after),
        ("-", set(before.views) - set(after.views), before),
    ):
        for k in _topmost(keys):
            info = snap.views[k]
            if (
                not info.names
                or _under(k, scrolled)
                or not any(k[: len(r)] == r for r in window_roots)
            ):
                continue
            if k[0] == "app" and before.screen != after.screen:
                continue
            required = info.window != "status" and not info.volatile
            if not _texts(info.view) and (_under(k, held) or _in_scroller(snap, k)):
                required = False  # a sliver an edge cut to nothing (a footer, rows taken out)
            if _edge_icon(info, before, after):
                required = False  # an icon its row's cut showed or hid: the row's (_edge_icon)
            what = f"{'appeared' if sign == '+' else 'gone'}: {_label(info)}"
            facts.append(
                Fact(
                    sign,
                    what,
                    required=required,
                    volatile=info.volatile,
                    names=info.names,
                    data={"key": k},
                )
            )
    return facts, scrolls


def _edge_icon(info: ViewInfo, before: Snapshot, after: Snapshot) -> bool:
    """Whether ``info`` is an icon (a view that shows a description and no text, and does
    nothing when tapped: an avatar) inside an element both frames show that its list's edge
    cuts in one frame at least, shown or hidden by that edge: the element's cut changed
    (rows archived at a clamped end brought it down whole), or the edge cuts the icon (a
    scaled screen rounds each box on its own: the icon moved a px inside its row). Grader decision (issue 18, the slivers helper's): such an icon
    is no fact of its own. deltarec numbers no icon inside a control, names the control by
    its texts (:func:`deltarec.core.observe.labels.element_positions`), and lists labels
    that came or went inside an element that stayed only when its name holds them
    (:mod:`deltarec.core.render.folded`, which says why): a px more or less of a picture the
    row's name already said is nothing an agent acts on. An icon that came into a row that
    stayed where it was (a star put on a message) stays a fact."""
    view, owner = info.view, info.element
    if view.clickable or not view.desc or any(v.text for v in view.walk()):
        return False
    if owner is None or owner == info.key or owner not in before.views:
        return False
    if owner not in after.views:
        return False
    a, b = before.views[owner].view, after.views[owner].view
    if a.drawn is None and b.drawn is None:
        return False  # its row whole in both frames: the icon itself came or went
    moved = a.bounds != b.bounds or (a.drawn or a.bounds) != (b.drawn or b.bounds)
    return moved or view.drawn is not None  # the row's cut moved, or the edge cuts the icon


def _in_scroller(snap: Snapshot, key: Key) -> bool:
    """Whether ``key`` is inside a scroller's content (an edge of it may cut it to nothing)."""
    return any(
        (v := snap.views.get(key[:i])) is not None and v.view.scrollable for i in range(1, len(key))
    )


def _label(info: ViewInfo) -> str:
    v = info.view
    text = v.text or v.desc or v.rid.rpartition(":id/")[2] or sorted(info.names or {"?"})[0]
    return repr(text)


def _scroll_what(s: Scroll, names: set[str]) -> str:
    name = sorted(names)[0] if names else "/".join(s.key[-1:])
    if s.dy or not s.dx:
        word = "down" if s.dy < 0 else "up"
        amount = abs(s.dy)
    else:
        word = "right" if s.dx < 0 else "left"
        amount = abs(s.dx)
    if not (s.dx or s.dy):
        word = "(direction unknown)"
    size = f"{amount}px" if s.near else "beyond the viewport"
    counts = (
        f"+{len(s.entered_min)}..{len(s.entered_max)}, -{len(s.left_min)}..{len(s.left_max)} rows"
    )
    return f"{name} scrolled {word} {size} ({counts})"


# ------------------------------------------------------------------------------- grading


@dataclass(slots=True)
class Grade:
    """The verdict on one reply."""

    missed: list[str]
    false: list[str]
    facts: list[Fact]


def _quoted(line: str) -> list[str]:
    out = []
    for q in QUOTED.findall(line):
        try:
            out.append(json.loads(q))
        except json.JSONDecodeError:
            out.append(q[1:-1])
    return out


def _one(name: str, names: Iterable[str]) -> bool:
    if name.endswith("…"):  # a label cut short
        return any(n.startswith(name[:-1]) for n in names)
    return name in names


def _parts(name: str) -> list[str]:
    """A composite label's parts ("Ken · Standup moved #12 · Mar 25")."""
    return [p for p in SEPARATORS.split(name) if p]


def _named(name: str, names: Iterable[str]) -> bool:
    """``name`` is one of ``names``, or made of them (a row called by all its texts)."""
    names = set(names)
    if _one(name, names):
        return True
    parts = _parts(name)
    return len(parts) > 1 and all(_one(p, names) for p in parts)


def _words(line: str) -> set[str]:
    return set(re.findall(r"[a-z]+", line.lower()))


def _value(text: str) -> Any:
    text = text.strip()
    if text.startswith('"'):
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return text[1:-1]
    return {"true": True, "false": False, "none": None}.get(text, text)


def _further(line: str, px: list[int], moved: float) -> bool:
    """Whether ``line`` says "D px or further" (a page turned that kept a row whose twin
    may stand in its place: ``deltarec.core.diff.far_anchor.least``) with D no more than
    the content ``moved`` (px)."""
    return "px or further (" in line and bool(px) and px[0] <= moved + 2


class Grader:
    """Grades one reply against the facts of one step (module docstring)."""

    def __init__(self, before: Snapshot, after: Snapshot, *, told: bool = True) -> None:
        """``told``: the diff was told the gesture (else the direction of a web page turned
        past everything it showed is not in the two dumps: a line may leave it out)."""
        after = unify(before, after)
        self.told = told
        self.before, self.after = before, after
        self.facts, self.scrolls = expected_facts(before, after)
        self.appeared = set(after.views) - set(before.views)
        self.gone = set(before.views) - set(after.views)
        rows = [r for sc in self.scrolls for r in sc.unknown]
        if rows:  # a page the dumps cannot measure: its rows may be told as new
            self.appeared |= {k for k in after.views if k in rows or _under(k, rows)}
            self.gone |= {k for k in before.views if k in rows or _under(k, rows)}
        self.held: dict[tuple[str, Key], list[Key]] = {}
        """Per listed view (by the line's sign): the candidates of the line holding it."""
        self.kept: list[Fact] = []
        """Facts of rows come in that a hedged scroll line keeps in view (:meth:`_twins_kept`)."""
        self.false: list[str] = []
        self.inserted = _inserted(before, after)

    def grade(self, text: str) -> Grade:
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        # A full frame (the first reply, or sent in place of a dearer delta) starts at its
        # header; it shows the whole new state.
        header = next((i for i, line in enumerate(lines) if line.startswith("screen ")), None)
        full = header is not None
        real = [f for f in self.facts if not f.volatile]
        if lines == ["no change"]:
            missed = [f"{f.what}" for f in real if f.required]
            if real and not missed:
                missed = [f"'no change' while: {real[0].what}"]
            return Grade(missed, [], self.facts)
        quoted: set[str] = set()
        for i, line in enumerate(lines):
            why = self._line(line, header is not None and i > header)
            if why:
                self.false.append(f"{line}   ← {why}")
            else:  # a row named only in a false line was not reported
                quoted.update(_quoted(line))
        for f in self.facts:
            if f.kind == "row":
                f.met = any(_one(p, f.names) for q in quoted for p in [q, *_parts(q)])
                f.met = f.met or any(f is k for k in self.kept)  # a twin kept (_twins_kept)
            if full and f.kind != "screen":
                f.met = True  # a full frame shows the whole new state
        missed = [
            f.what + (f" ({f.why})" if f.why else "")
            for f in self.facts
            if f.required and not f.met
        ]
        return Grade(missed, self.false, self.facts)

    # One line: "" when explained, else why it is false.
    def _line(self, line: str, full: bool) -> str:
        quoted = _quoted(line)
        for f in self._facts("dialog"):  # one line naming both dialogs, whatever its form
            if f.prop == "replace" and all(any(_named(q, {n}) for q in quoted) for n in f.names):
                f.met = True
                return ""
        if line.startswith("…") or re.fullmatch(r"… \(\+\d+ more.*\)", line):
            return ""
        if line.startswith("screen ") and not self._facts("screen"):  # a frame's header
            return "" if self.after.activity in line else "names another screen"
        if line.startswith("screen "):
            return self._screen(line)
        if line.startswith("»") and "full frame" in line:
            return ""  # the mark of a full frame sent in place of a delta
        if line.startswith("»"):
            return self._screen(line)
        if line.startswith("↕"):
            return self._scroll(line)
        if line.startswith("~"):
            return self._change(line[1:].strip())
        refresh = REFRESH.fullmatch(line)
        if refresh:
            came = refresh[1] == "+"
            return "" if self._unlabelled(came, not came) else "no unlabelled view came or went"
        if line.startswith(("+", "-")) and re.search(r"\bkeyboard\b", line):
            return "" if self._facts("keyboard") else "the keyboard did not change"
        if line.startswith(("+", "-")) or full:
            return self._listed(line, full)
        if line == "(only the status bar changed)":  # its clock ticked: no fact of the app's
            return "" if self._status_changed() else "the status bar did not change"
        return "not a delta line"

    def _status_changed(self) -> bool:
        """Whether a view of the status bar shows another text or description."""

        def shown(snap: Snapshot) -> set[tuple[Key, str, str]]:
            return {
                (k, i.view.text, i.view.desc) for k, i in snap.views.items() if i.window == "status"
            }

        return shown(self.before) != shown(self.after)

    def _facts(self, kind: str) -> list[Fact]:
        return [f for f in self.facts if f.kind == kind]

    def _screen(self, line: str) -> str:
        quoted = _quoted(line)
        for f in self._facts("screen"):
            f.used += 1
            if f.used > 1:
                return "the screen change is already reported"
            named = any(q in f.names for q in quoted) or any(
                n.endswith("Activity") and n in line for n in f.names
            )
            f.met = f.met or named
            if not named:
                f.why = "no » line names the activity or title"
            return ""
        for f in self._facts("dialog"):
            if any(_named(q, f.names) for q in quoted):
                f.met = f.prop != "replace" or all(n in quoted for n in f.names)
                return ""
        return "no screen change"

    def _scroll(self, line: str) -> str:
        quoted = _quoted(line)
        name = quoted[0] if quoted else ""
        words = _words(line)
        for f in self._facts("scroll"):
            s: Scroll = f.data["scroll"]
            if f.used or not (_named(name, f.names) or not (name or f.data["own"])):
                continue
            f.used = 1
            vertical = bool(s.dy) or not s.dx
            word = ("down" if s.dy < 0 else "up") if vertical else ("right" if s.dx < 0 else "left")
            if s.dy == 0 and s.dx == 0:  # far, direction unknown
                word = ""
            opposite = {"down": "up", "up": "down", "left": "right", "right": "left"}
            if (s.web or s.blind) and not (s.near or self.told or words & set(opposite)):
                word = ""  # no row stayed, no gesture told: the dumps do not say which way
            if word and word not in words:
                f.why = f"direction is {word}"
                if opposite[word] in words:
                    return f"wrong direction (is {word})"
                return ""
            px = [int(p.replace(",", "")) for p in re.findall(r"(\d[\d,]*)\s*px", line)]
            amount = abs(s.dy) if vertical else abs(s.dx)
            also = [s.also] if s.also is not None else []
            if s.least is not None and "or further past more of them" in line:
                also.append(s.least)  # the least it moved, said to be (Scroll.least)
            if _further(line, px, s.px if s.px is not None else amount):
                self._twins_kept(s)
                also = [*also, *px]  # "D px or further": D the least it moved, said to be
            if s.near and not any(abs(p - q) <= 1 for p in px for q in (amount, *also)):
                f.why = f"moved {amount}px, line says {px or 'no px'}"
            elif (
                px
                and s.px is not None
                and not any(abs(p - q) < 3 for p in px for q in (s.px, *also))
            ):
                f.why = f"moved {s.px:.0f}px, line says {px}"
            elif self.after.views[s.key].view.scrollable and not self._counts(line, s, f):
                pass  # rows are a list's items; moved web content has no such unit
            else:
                f.met = True
                if s.clamp:
                    self._clamp_labels(s)
            rows = {k2 for k in s.entered_max for k2 in [k] if k2}
            row_names = set().union(*(self.after.views[k].names for k in rows)) if rows else set()
            stray = [q for q in quoted[1:] if not _named(q, row_names)]
            gone = re.search(rf", or its {HEDGED_ROWS} (?:was|were) removed$", line)
            hedged = set(_quoted(gone[0])) if gone is not None else set()
            if stray and hedged:
                # Names in the hedge are the rows its other reading takes out, not rows said
                # to come in: rows that left in the scroll, which that reading removes
                # instead (``grown.removed_rows``), or rows taken out, which the hedge is
                # held to (:meth:`_put_back`).
                views = self.before.views
                left = [views[k].names for k in s.left_max if k in views]
                stray = [q for q in stray if q not in hedged or not any(_named(q, n) for n in left)]
                if stray and set(stray) <= hedged:
                    return self._put_back(line, words)
            return f"names rows that did not come in: {stray}" if stray else ""
        return self._or_new(line, name, words)

    def _clamp_labels(self, s: Scroll) -> None:
        """A clamp stated as the scroll it is, at its px (:func:`clamped_lists`): the labels
        that came into view (or went out of it) inside rows of the list both frames show,
        their edge moved with the rows, are met by that line, as any scroll's line meets
        them. Grader decision (issue 18, the archive helper's): a clamp's rows that came
        and went stay facts of their own, and its rows taken out too; only the labels of a
        row that stayed, which a scroll by that px brings into view (the top row an edge
        cut, come down whole), are the line's."""
        kept = set(self.before.children[s.key]) & set(self.after.children[s.key])
        for f in self.facts:
            key = f.data.get("key") if f.kind in ("+", "-") else None
            if key is not None and _under(key, [s.key]) and key[: len(s.key) + 1] in kept:
                f.met = f.met or key[: len(s.key) + 1] != key

    def _twins_kept(self, s: Scroll) -> None:
        """Under a hedged line ("D px or further", :func:`_further`), a row that came in
        showing just what a row that left showed is the row the line keeps in view: its
        twin, further on, or itself at D (``far_anchor.least``). Grader decision (issue 18,
        the lead's): accepted with the line's D the least the content moved, the finger's
        way, and the JSON grader (``tests/core/truth/scroll_truth._further``) holding the D
        reading to both frames node for node."""
        gone = [_texts(self.before.views[o].view) for o in s.left_max if o in self.before.views]
        for r in self._facts("row"):
            if any(r.names <= t for t in gone):
                self.kept.append(r)

    def _or_new(self, line: str, name: str, words: set[str]) -> str:
        """A ``↕`` line for a list whose rows new mail pushed down at its top: true only
        when it says so besides (``…, or its top N rows came in new``: two dumps without
        the refresh or the finger to tell cannot tell it from a scroll up by the new rows'
        height, :mod:`deltarec.core.diff.new_rows`), with that height, up, and the rows
        that came and went: then it reports them."""
        said = re.search(r", or its top (?:row|(\d+) rows) came in new$", line)
        for key, (px, came) in self.inserted.items():
            if name and not _named(name, _own_names(self.after.views[key].view)):
                continue
            if said is None:
                return "no scroll: new rows came in at its top (say so, or that it may be)"
            went = set(self.before.children[key]) - set(self.after.children[key])
            gone = set(self.before.views) - set(self.after.views)
            cut = {k for k in self.before.children[key] if k not in went and _has(gone, k)}
            # A row that went which a move down by ``px`` leaves in view was taken out (a
            # row swiped away as the mail came): no reading scrolls it away, so the line
            # need not count it, and its own ``-`` line reports it.
            box = self.after.views[key].view.bounds
            kept = {k for k in went if _left_in(self.before.views[k].view.bounds, px, box)}
            plus = re.search(r"\+(\d+) rows?", line)
            minus = re.search(r"-(\d+) rows?", line)
            numbers = [int(p.replace(",", "")) for p in re.findall(r"(\d[\d,]*)\s*px", line)]
            if not (
                "up" in words
                and any(abs(p - px) <= 1 for p in numbers)
                and int(said[1] or 1) == len(came)
                and plus is not None
                and int(plus[1]) == len(came)
                and minus is not None
                and len(went - kept) <= int(minus[1]) <= len(went | cut)
            ):
                return f"new rows at its top: {len(came)} rows, {px:.0f}px, {len(went)} went"
            for f in self.facts:  # the line counts the rows that came in and went
                at = f.data.get("key", ("",))
                if f.kind in "+-" and _under(at, [key]) and not _under(at, list(kept)):
                    f.met = True
            return ""
        return self._put_back(line, words)

    def _put_back(self, line: str, words: set[str]) -> str:
        """A ``↕`` line for the Inbox's list where rows put back (an undo) below a sliver its
        top edge cuts pushed the rows below them down: pixel for pixel a scroll up by the
        rows' pitches (the sliver scrolled down whole as the last of them, a new sliver
        above it), true only when it names those rows as the other reading (``…, or its row
        "Ada" came in new``; ``…, or its rows "Ada", "Ken" and "Lin" came in new``:
        :func:`deltarec.core.diff.edge_sliver.beside_slivers`), up, by their pitches: then it
        reports the rows put back and the labels the rows pushed down took out of view. Its
        mirror, rows archived below that sliver, the rows below pulled up by their pitches:
        a scroll down by them (the last of them scrolled up to the sliver's place, the
        sliver and the others out), true only when it names those rows as taken out (``…,
        or its row "Ada" was removed``, ``…, or its rows "Ada" and "Ken" were removed``),
        down, by their pitches.

        **Grader decision (issue 18).** A hedge is accepted only when each reading it names
        fits both frames and the truth is one of them: the rows named are the ones put back
        (archived: the truth) next to the sliver, each by its name and in the list's order,
        and the scroll by their pitches is what the dumps show; rows put back (archived)
        further on, which the line does not name, need lines of their own
        (``tests/core/truth/scroll_truth.py`` holds the JSON entry to the same; the archive
        mirror accepted as the undo's was, by the slivers helper: with no gesture told, two
        dumps tell neither apart). A hedge that names no rows ("…, or its 3 rows beside the
        sliver its edge cuts were removed") is not accepted: it does not say which rows
        the truth took out. The hedge of rows removed at a list's top names its rows the
        same way (``…, or its row "Ken" was removed``, ``grown.removed_rows``) and is held
        to the same: where the rows the line counts match a clamp the grader allows
        (:func:`clamped_lists`), the names are no rows said to come in but the rows the
        hedge takes out, checked here (issue 18, the archive helper's: ``bench_truth
        --no-gesture`` seed 1203 step 78, a row swiped away at the top, was missed when the
        hedge named no row, and read as "names rows that did not come in" when it named
        it)."""
        came = re.search(rf", or its {HEDGED_ROWS} came in new$", line)
        said = came or re.search(rf", or its {HEDGED_ROWS} (?:was|were) removed$", line)
        b, a = self.before.state.inbox, self.after.state.inbox
        back, went = b.archived - a.archived, a.archived - b.archived
        moved = back if came else went
        # Nothing else moved the list: a page loaded at its end (its footer came into view)
        # appends rows after its last item, which the line's rows out at the bottom count.
        same = (b.mail, b.anchored, b.offset) == (a.mail, a.anchored, a.offset) and (
            b.pages <= a.pages
        )
        if said is None or not moved or (went if came else back) or not same:
            return "no (unreported) scroll of that container"
        names = [_value(q) for q in re.findall(r'"(?:[^"\\]|\\.)*"', said[1])]
        way, shown, other = (
            ("up", self.after, self.before) if came else ("down", self.before, self.after)
        )
        for key, view in shown.views.items():
            if view.view.swipe != "v:inbox" or key not in other.views:
                continue
            new = [k for k in shown.children[key] if k not in other.children[key]]
            rows = [
                k
                for k in new
                if shown.views[k].view.action.startswith("open:")
                and int(shown.views[k].view.action.partition(":")[2]) in moved
            ]
            rows.sort(key=lambda k: shown.views[k].view.bounds[1])
            if len(rows) > len(names) and _named(names[0], shown.views[rows[-1]].names):
                rows.reverse()  # from a sliver at the bottom edge, up
            named, others = rows[: len(names)], rows[len(names) :]
            px = exact_px(self.after.profile, ROW_H * len(names), axis=1)
            numbers = [int(p.replace(",", "")) for p in re.findall(r"(\d[\d,]*)\s*px", line)]
            if not (
                names
                and len(named) == len(names)
                and all(_named(n, shown.views[k].names) for n, k in zip(names, named, strict=True))
                and way in words
                and any(abs(p - px) <= 1 for p in numbers)
            ):
                verb = "put back" if came else "taken out"
                return f"{len(moved)} row(s) {verb}: {px:.0f}px {way}, or those rows {verb}"
            for f in self.facts:  # the line's scroll moves them: the rows pushed or pulled
                at = f.data.get("key", ("",))
                if f.kind in "+-" and _under(at, [key]) and not _under(at, others):
                    f.met = True  # a row taken out (put back) the line does not name: its own
            return ""
        return "no (unreported) scroll of that container"

    @staticmethod
    def _counts(line: str, s: Scroll, f: Fact) -> bool:
        plus = re.search(r"\+(\d+) rows?", line)
        minus = re.search(r"-(\d+) rows?", line)
        bad = []
        if plus and not len(s.entered_min) <= int(plus[1]) <= len(s.entered_max):
            bad.append(f"came in {len(s.entered_min)}..{len(s.entered_max)}, says +{plus[1]}")
        if minus and not len(s.left_min) <= int(minus[1]) <= len(s.left_max):
            bad.append(f"left {len(s.left_min)}..{len(s.left_max)}, says -{minus[1]}")
        f.why = "; ".join(bad)
        return not bad

    def _change(self, body: str) -> str:
        head = body.split(":", 1)[0]
        if head in ("app", "activity", "package"):
            return "" if self._facts("screen") else "no screen change"
        if head in MOVE_PROPS:
            return self._moved(MOVE_PROPS[head], body.split(":", 1)[1])
        if head == "rotation":
            return "the phone does not rotate"
        if re.search(r"\bkeyboard\b|\bime\b", body.lower()):
            return "" if self._facts("keyboard") else "the keyboard did not change"
        quoted = list(QUOTED.finditer(body))
        if UNLABELLED.fullmatch(body):
            return "" if self._unlabelled() else "no unlabelled view came or went"
        if not quoted:
            return "names no element"
        name = _value(quoted[0].group())
        rest = body[quoted[0].end() :].strip()
        if rest.startswith("→") and rest.endswith(EITHER_ROW):  # a row's label, or another row
            return self._either_row(name, _value(rest[1 : -len(EITHER_ROW)]))
        if rest.startswith("→"):  # ~ [i] role "old"→"new"
            return self._text_change(name, _value(rest[1:]))
        pairs = re.findall(
            r'([\w-]+): ("(?:[^"\\]|\\.)*"|[^,→()]+)→("(?:[^"\\]|\\.)*"|[^,)]+)', rest
        )
        was = re.match(r'\(was ("(?:[^"\\]|\\.)*")', rest)
        if not pairs and not was:
            return "says no change"
        reasons = [self._attr(name, attr, _value(old), _value(new)) for attr, old, new in pairs]
        if was:
            reasons.insert(0, self._renamed(_value(was.group(1)), name))
        return "; ".join(r for r in reasons if r)

    def _either_row(self, old: Any, new: Any) -> str:
        """``~ [6] button "A"→"B", or its row was taken out and another came into its box``
        (:data:`EITHER_ROW`, :mod:`deltarec.core.render.folded`): a row at its list's edge
        that shows none of what it showed, its names before and after (its texts joined by
        " · "). True when its labels went from A's to B's, or when a row called A went and
        one called B came (the row beyond the edge come into its box, cut alike): then it
        reports both rows.
        Grader decision (issue 18, the slivers helper's): the line names both readings and
        both rows, as a scroll's hedged line (``…, or its row "Phone" was removed``) does;
        two dumps fit either node for node, and neither one is stated as fact."""
        was, now = _parts(str(old)) or [old], _parts(str(new)) or [new]
        edits = [(a, b) for a, b in zip(was, now, strict=False) if a != b]
        if len(was) == len(now) and edits:  # its labels edited (a row's name: its texts)
            facts = self._unmet_first()
            if all(
                any(f.prop == "text" and (f.old, f.new) == (a, b) for f in facts) for a, b in edits
            ):
                return "".join(self._text_change(a, b) for a, b in edits)
        gone = [f for f in self._facts("-") if not f.met and _named(str(old), f.names)]
        came = [f for f in self._facts("+") if not f.met and _named(str(new), f.names)]
        if not (gone and came):
            return "no view's text went from that to that, nor a row showing it for another"
        gone[0].met = came[0].met = True
        return ""

    def _unlabelled(self, came: bool = True, went: bool = True) -> bool:
        """Whether a view that shows nothing (named by nothing, or by its id alone) came
        (``came``) or went (``went``): a SwipeRefreshLayout's circle, the Inbox's "load
        more" footer cut to a sliver."""
        before, after = self.before.views, self.after.views
        return any(
            not snap[k].names or not _texts(snap[k].view)  # shows nothing, whatever its id
            for snap, keys in (
                (after, after.keys() - before.keys() if came else set()),
                (before, before.keys() - after.keys() if went else set()),
            )
            for k in keys
        )

    def _unmet_first(self) -> list[Fact]:
        """The change facts, those no line met yet first: two lines stating one change of two
        alike views (two "Like" buttons unliked) meet one fact each, not the first twice."""
        return sorted(self._facts("change"), key=lambda f: f.met)

    def _text_change(self, old: Any, new: Any) -> str:
        for f in self._unmet_first():
            if f.prop == "text" and f.old == old and f.new == new:
                f.met = True
                return "a clock or counter (volatile)" if f.volatile else ""
        return "no view's text went from that to that"

    def _attr(self, name: str, attr: str, old: Any, new: Any) -> str:
        if attr == "name":
            return self._renamed(str(old), str(new))
        prop = ATTR_PROPS.get(attr)
        if prop is None:
            return f"{attr}: not a change an agent reads"
        for f in self._unmet_first():
            if (
                f.prop == prop
                and f.new == new
                and (_named(str(name), f.names) or self._blank(name, f))
            ):
                f.met = True
                return "a clock or counter (volatile)" if f.volatile else ""
        return f"no {attr} change to {new!r} on {name!r}"

    def _renamed(self, old: str, name: str) -> str:
        """``(was "…Off", …)``: an element renamed by the labels inside it
        (``render/change_lines.renamed``, stop 60), ``name`` the line's new name. True when
        every part the old name had and the new one lacks is a text or description some view
        changed from (the parts both names share at either end are left out, marked ``…``; what
        the new one gained is its line's name, graded as that). It meets no fact: it restates
        the labels' own edits, which other lines may state too."""
        was = _parts(old.strip("…")) or [old.strip("…")]
        now = set(_parts(name) or [name])
        facts = [f for f in self._facts("change") if f.prop in ("text", "desc")]
        if all(any(f.old == a for f in facts) for a in was if a not in now):
            return ""
        return f"name: no label went from {old!r} on {name!r}"

    def _blank(self, name: str, f: Fact) -> bool:
        """Whether a line naming nothing (``""``) may state ``f``: its element shows nothing on
        screen (a row an edge cut to a sliver, no id), so nothing can name it
        (``tests/core/truth/test_long_press_rows.py``: an ad row's sliver long-pressed)."""
        info = self.after.views.get(f.data.get("element"))
        return not name and info is not None and not _texts(info.view)

    def _moved(self, prop: str, body: str) -> str:
        """``~ focus: A → B``: ``prop`` left A (if named) and went to B (if named)."""
        parts = body.split("→")
        explained = False
        for side, part in zip((False, True), (parts[0], parts[-1]), strict=True):
            for q in _quoted(part):
                for f in self._facts("change"):
                    if f.prop == prop and f.new is side and _named(q, f.names):
                        f.met = explained = True
        return "" if explained else f"no {prop} change of those elements"

    def _listed(self, line: str, full: bool) -> str:
        sign = line[0] if line[0] in "+-" else "="
        quoted = _quoted(line)
        if not quoted:  # "- (3 elements behind the dialog)"
            return "" if self._facts("dialog") else "names nothing that changed"
        name = quoted[0]
        flags = re.search(r"\(([a-z, -]+)\)\s*$", line)
        stated = {w for w in (flags[1].split(", ") if flags else []) if w in FLAG_WORDS}
        if sign == "-" and line.rstrip().endswith("closed"):
            for f in self._facts("dialog"):
                if _named(name, f.names) and f.prop in ("close", "replace"):
                    f.met = f.prop == "close" or f.met
                    return ""
        if sign == "+":
            for f in self._facts("dialog"):
                if f.prop == "open" and _named(name, f.names):
                    f.met = True
        if sign == "=":
            pool, snap = set(self.after.views), self.after
        elif sign == "+":
            pool, snap = self.appeared, self.after
        else:
            pool, snap = self.gone, self.before
        candidates = [k for k in pool if _named(name, snap.views[k].names)]
        if not name:  # a view that shows nothing to be named by: an ad's sliver at an edge
            candidates = [
                k for k in pool if not (_texts(snap.views[k].view) or snap.views[k].view.rid)
            ]
        if not candidates:
            where = (
                "on screen" if sign == "=" else ("that appeared" if sign == "+" else "that went")
            )
            return f"no view of that name {where}"
        own = [k for k in candidates if name in (snap.views[k].view.text, snap.views[k].view.desc)]
        fit = [k for k in candidates if self._flags_fit(snap.views[k], stated)]
        fitting = [k for k in own if k in fit] or fit
        if not fitting:
            return f"wrong state {sorted(stated)}"
        if not self._claim(sign, sorted(fitting)):
            return "listed twice"
        for f in self.facts:
            if f.kind == sign and _named(name, f.names):
                f.met = True
        return ""

    def _claim(self, sign: str, candidates: list[Key]) -> bool:
        """Give a line one view of ``candidates`` no other line of ``sign`` holds, moving
        the lines before it to other views they may name where that frees one (an
        augmenting path): a line is listed twice only when no assignment of the lines
        so far gives each its own view, whatever their order or the keys' sort order.
        O(lines x candidates) per line."""
        seen: set[Key] = set()

        def take(names: list[Key]) -> bool:
            for k in names:
                if k in seen:
                    continue
                seen.add(k)
                holder = self.held.get((sign, k))
                if holder is None or take(holder):
                    self.held[sign, k] = names
                    return True
            return False

        return take(candidates)

    @staticmethod
    def _flags_fit(info: ViewInfo, stated: set[str]) -> bool:
        v = info.view
        checkable = [x for x in v.walk() if x.checkable]
        checked = any(x.checked for x in checkable)
        rules = {
            "checked": bool(checkable) and checked,
            "unchecked": bool(checkable) and not checked,
            "disabled": not v.enabled,
            "selected": v.selected,
            "focused": v.focused,
        }
        return all(rules[w] for w in stated)


# ------------------------------------------------------------------------------ the run


def run(script: list[Step]) -> list[dict[str, Any]]:
    """Run ``script`` on a fresh phone through a Session; one graded record per step."""
    phone_clock = ManualClock()
    pg = Playground(phone_clock)
    session_clock = ManualClock(0)
    # The MCP server's Session (``deltarec mcp``): default budgets, policy "all".
    session = Session(VirtualDevice(pg), clock=session_clock, sleep=session_clock.advance)
    records = []
    for number, (name, params) in enumerate(script, 1):
        before = snapshot(pg)  # what the agent was last shown (the clock ticks after it)
        phone_clock.advance(THINK_SECONDS)
        envelope = session.call(name, params)
        after = snapshot(pg)
        text = envelope["observation"] or ""
        seen = session.seen
        full_text = render_frame(seen, tree=False, max_tokens=session.max_tokens) if seen else ""
        grade = Grader(before, after).grade(text)
        records.append(
            {
                "step": number,
                "command": name,
                "params": params,
                "ok": envelope["ok"],
                "error": envelope.get("error"),
                "delta_tokens": count_tokens(text),
                "full_tokens": count_tokens(full_text),
                "missed": grade.missed,
                "false": grade.false,
                "expected": [f.what for f in grade.facts if f.required],
                "observation": text,
            }
        )
    return records


def _short(name: str, params: Mapping[str, Any]) -> str:
    sel = params.get("selector")
    if sel:
        arg = json.dumps(next(iter(sel.values())), ensure_ascii=False)
        extra = (
            " " + params["direction"] + f" {params.get('distance', '')}".rstrip()
            if "direction" in params
            else ""
        )
        return f"{name[3:]} {arg}{extra}"
    if "x1" in params:
        return f"{name[3:]} ({params['x1']},{params['y1']})→({params['x2']},{params['y2']})"
    if "x" in params:
        return f"{name[3:]} ({params['x']},{params['y']})"
    rest = " ".join(str(v) for v in params.values())
    return f"{name[3:]} {rest}".strip()


def table(records: list[dict[str, Any]]) -> str:
    """The per-step table with the lines judged missed / false, and the totals."""
    out = [
        f"{'#':>2}  {'command':44s} {'delta':>6} {'full':>6} {'ratio':>6} {'miss':>5} {'false':>5}"
    ]
    for r in records:
        ratio = r["delta_tokens"] / r["full_tokens"] if r["full_tokens"] else 0.0
        failed = "" if r["ok"] else "  FAILED: " + str(r["error"])
        out.append(
            f"{r['step']:>2}  {_short(r['command'], r['params'])[:44]:44s} {r['delta_tokens']:>6}"
            f" {r['full_tokens']:>6} {ratio:>6.2f} {len(r['missed']):>5} {len(r['false']):>5}{failed}"
        )
        out += [f"      missed: {m}" for m in r["missed"]]
        out += [f"      false:  {f}" for f in r["false"]]
    t = totals(records)
    out.append(
        f"total: {t['delta_tokens']} delta / {t['full_tokens']} full-frame tokens ="
        f" {t['ratio']:.3f} (target ≤ {TARGET_RATIO}); missed {t['missed']}, false {t['false']}"
        f" (target 0 each); {t['steps']} steps"
    )
    return "\n".join(out)


def totals(records: list[dict[str, Any]]) -> dict[str, Any]:
    delta = sum(r["delta_tokens"] for r in records)
    full = sum(r["full_tokens"] for r in records)
    ratio = delta / full if full else 0.0
    missed = sum(len(r["missed"]) for r in records)
    false = sum(len(r["false"]) for r in records)
    return {
        "steps": len(records),
        "delta_tokens": delta,
        "full_tokens": full,
        "ratio": round(ratio, 4),
        "missed": missed,
        "false": false,
        "met": ratio <= TARGET_RATIO and missed == 0 and false == 0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--quick", action="store_true", help=f"the first {QUICK_STEPS} steps; writes nothing"
    )
    parser.add_argument(
        "--json", default=str(HERE / "results.json"), help="results file (key 'session')"
    )
    parser.add_argument("--show", action="store_true", help="print every reply the agent read")
    args = parser.parse_args(argv)
    script = session_script()
    script = script[:QUICK_STEPS] if args.quick else script
    start = time.perf_counter()
    records = run(script)
    seconds = time.perf_counter() - start
    if args.show:
        for r in records:
            print(f"--- {r['step']} {_short(r['command'], r['params'])}\n{r['observation']}\n")
    print(table(records))
    print(f"({seconds:.1f} s)")
    if args.quick:
        return 0
    dirty = git("status", "--porcelain", "--", "core")
    result = {
        "meta": {
            "git_head": git("rev-parse", "--short", "HEAD"),
            "core_uncommitted_changes": bool(dirty) if dirty is not None else None,
            "seconds": round(seconds, 2),
            "phone_activities": list(ACTIVITIES),
            "session": "Session(VirtualDevice(Playground)), MCP defaults (max_lines=40)",
        },
        "totals": totals(records),
        "steps": records,
    }
    path = Path(args.json)
    data = json.loads(path.read_text()) if path.exists() else {}
    data["session"] = result
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {path} (key 'session')", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
