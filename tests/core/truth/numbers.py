"""One number per element for a whole session, graded by the PHONE's identity.

A seeded walk drives a real executor :class:`~deltarec.core.executor.session.Session` over
the virtual phone (drags and flings of any length, taps by ``{index: N}`` and ``{name: …}``
taken from the last reply, back, home, relaunches, typing, whole frames) and names every
element deltarec numbers by what the phone itself knows of it — never by deltarec's own
stable keys (:func:`phone_identities`): its screen (the activity, and the message the
MessageActivity shows), then per level of the view tree the view's action (an Inbox row is
``open:7``, a Feed card's Like button ``like:5``), its resource id, or, for the items of a
scroller, its place in the scroller's *content* (a Feed card is where it sits in the feed,
whatever is on screen); dialogs by their title, fixed chrome by resource id.

After every step, :meth:`NumbersWalk.grade` checks, over the whole session:

- **reuse**: a number is never given to two different phone elements;
- **renumbered**: an element that stays on screen from one step to the next on the same
  screen, or that comes back in a ``» back to … (as after step N)`` reply, keeps the
  number it had (but a row a page turned that the dumps cannot keep:
  :mod:`tests.core.truth.page_rows`, a grader decision);
- **wrong target**: ``tap {index: N}`` / ``tap {name: …}`` taken from the last reply taps
  the element that reply showed with that number or name (a stale number is refused,
  never acted on elsewhere);
- **refused**: such a tap fails although the element it meant is still on screen under
  that number (a name the reply printed that ``name=`` cannot find).

Violations carry their class, the step and the gesture, so tests and
``benchmarks/bench_numbers.py`` can count them.
"""

from __future__ import annotations

import bisect
import json
import random
import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from benchmarks.bench_session import _unarchived, content_offsets
from deltarec.core.devices.virtual import ManualClock, Playground, VirtualDevice
from deltarec.core.devices.virtual.layout import APP_PACKAGE, MESSAGE, TOOLBAR_BOTTOM
from deltarec.core.devices.virtual.profile import scale_traced
from deltarec.core.devices.virtual.views import Rect, View
from deltarec.core.executor.context import numbers_in
from deltarec.core.executor.session import Session
from deltarec.core.observe.index import ElementIndex
from tests.core.truth.page_rows import unproven
from tests.core.truth.walk import random_gesture, slid

CLASSES = ("reuse", "renumbered", "wrong-target", "refused", "misnamed")
BACK_TO = re.compile(r"^» back to .*\(as after step (\d+)\)", re.M)
NAMED = re.compile(r'\[(\d+)\] (?:([a-z][\w-]*) )?("(?:[^"\\]|\\.)*")(→)?')
"""``[i] role "name"`` (or ``[i] "name"`` in a group) in a reply line; not a ``"old"→"new"``
change: no name there."""
Ident = tuple[str, ...]


def phone_identities(pg: Playground) -> list[Ident]:
    """The phone's name of every node a dump of ``pg`` holds, in document order (module
    docstring)."""
    return [ident for ident, _ in phone_views(pg)]


def phone_views(pg: Playground) -> list[tuple[Ident, Rect]]:
    """:func:`phone_identities` with each node's bounds (one layout of the phone)."""
    state = pg.state
    offsets = {**content_offsets(state), "pager": PAGE * state.clock.tab}
    screen = state.screen
    if screen == MESSAGE:
        screen = f"{screen}:{state.message}"  # another message is another screen
    out: list[Ident] = []
    bounds: list[Rect] = []
    # On a scaled profile the views are named where their layout (lu) puts them: the
    # offsets are in lu, and px rounding must not make one view two.
    windows, origins = scale_traced(pg.layout_windows(), pg.profile)
    for window in windows:
        if not window.in_dump:
            continue
        bounds += [v.bounds for v in window.root.walk()]
        if window.kind == "dialog":
            prefix: Ident = ("dialog", _dialog_title(window.root))
        elif window.kind == "status":
            prefix = ("status",)
        else:
            prefix = ("app", window.package, screen)
        place = Place(offsets, _unarchived(state))
        _name(window.root, (*prefix, "root"), place, out, origins)
    return list(zip(out, bounds, strict=True))


_CONTENT_TOP = TOOLBAR_BOTTOM
"""Where the Inbox list's content starts on screen (its items' tops count from there)."""

PAGE = 100_000
"""The Clock's pager as a scroller: each tab's page sits this far from the last."""


@dataclass(frozen=True, slots=True)
class Place:
    """Where a subtree's views sit: the offsets of the scrollers they move with."""

    offsets: dict[str, int]
    moved: Mapping[str, tuple[tuple[int, ...], tuple[int, ...]]] = field(default_factory=dict)
    """Per list some of whose rows were archived: its items' tops and how far each is from
    where it sits with them in (:func:`benchmarks.bench_session._unarchived`)."""
    pending: tuple[tuple[str, View], ...] = ()
    """Scrollers above whose content this subtree is not yet in (a fixed frame)."""
    moving: tuple[str, ...] = ()
    """The targets whose offsets apply to this subtree (its views move with them)."""

    def under(self, view: View) -> Place:
        """The place of ``view``'s children."""
        target = view.swipe.partition(":")[2]
        if target and target not in self.moving:  # the innermost view scrolling it
            others = tuple(p for p in self.pending if p[0] != target)
            return Place(self.offsets, self.moved, ((target, view), *others), self.moving)
        return self

    def of(self, child: View) -> Place:
        """The place of ``child`` itself: it joins the content of each pending scroller
        unless it is that scroller's fixed frame (it holds the scroller's nested twin, it
        is painted at the scroller's own bounds, or it is a fixed web header)."""
        if not self.pending:
            return self
        if child.opaque:
            return Place(self.offsets, self.moved, (), self.moving)
        keep, join = [], []
        for target, scroller in self.pending:
            fixed = target != "pager" and (
                any(v.swipe == scroller.swipe for v in child.walk())
                or (child.drawn is None and child.bounds == scroller.bounds)
            )
            (keep if fixed else join).append((target, scroller))
        moving = (*self.moving, *(t for t, _ in join))
        return Place(self.offsets, self.moved, tuple(keep), moving)

    def at(self, view: View) -> str:
        """``view``'s place in the content it moves with ("" when it moves with none)."""
        if not self.moving:
            return ""
        x, y = (view.drawn or view.bounds)[:2]
        for target in self.moving:
            axis = _AXES.get(target, "v")
            offset = self.offsets.get(target, 0)
            x, y = (x + offset, y) if axis == "h" else (x, y + offset)
            if target in self.moved:  # rows archived above: its place with them in
                tops, shifts = self.moved[target]
                y += shifts[max(0, bisect.bisect_right(tops, y - _CONTENT_TOP) - 1)]
        return f"@{x},{y}"


_AXES = {"chips": "h", "pager": "h"}


def _name(
    view: View, ident: Ident, place: Place, out: list[Ident], origins: Mapping[int, View]
) -> None:
    out.append(ident)
    inner = place.under(view)
    seen: Counter[str] = Counter()
    for child in view.children:
        here = inner.of(child)
        base = f"act:{child.action}" if child.action else (child.rid or child.cls)
        if not child.action:
            base += here.at(origins.get(id(child), child))
        part = base if not seen[base] else f"{base}#{seen[base]}"
        seen[base] += 1
        _name(child, (*ident, part), here, out, origins)


def _dialog_title(root: View) -> str:
    texts = [v for v in root.walk() if v.text]
    titled = [v for v in texts if v.rid.endswith(":id/alertTitle")]
    return (titled or texts or [root])[0].text


def aligned(index: ElementIndex, idents: list[Ident]) -> bool:
    """The frame ``index`` numbers is the dump the identities were read from."""
    return len(index.frame.nodes) == len(idents)


@dataclass(slots=True)
class Violation:
    klass: str
    step: int
    gesture: str
    detail: str


@dataclass(slots=True)
class Shown:
    """What one reply showed: the index, each number's phone element, the names printed."""

    step: int
    index: ElementIndex
    idents: list[Ident]
    text: str
    screen: str
    new_screen: bool

    def ident_of(self, number: int) -> Ident | None:
        for e in self.index.elements:
            if e.index == number:
                return self.idents[e.pos]
        return None

    def numbers(self) -> dict[Ident, int]:
        return {self.idents[e.pos]: e.index for e in self.index.elements}


class TapLog(VirtualDevice):
    """The virtual phone, noting where each tap landed (what the executor acted on)."""

    def __init__(self, pg: Playground) -> None:
        super().__init__(pg)
        self.taps: list[tuple[int, int]] = []

    def tap(self, x: int, y: int) -> None:
        self.taps.append((x, y))
        super().tap(x, y)


@dataclass(slots=True)
class NumbersWalk:
    """A session on a fresh phone, graded step by step (module docstring)."""

    seed: int
    start: str = ""
    slop: bool = False
    """Slide about one point tap in :data:`~tests.core.truth.walk.SLOP_TAPS` by the touch
    slop (:func:`~tests.core.truth.walk.slid`): the phone takes it as a tap, the executor
    sends the drag. Another session path from the same seed."""
    rng: random.Random = field(init=False)
    pg: Playground = field(init=False)
    device: TapLog = field(init=False)
    session: Session = field(init=False)
    owner: dict[int, Ident] = field(default_factory=dict)
    history: dict[int, Shown] = field(default_factory=dict)
    last: Shown | None = None
    steps: int = 0
    tried: Counter[str] = field(default_factory=Counter)
    """How the taps by a number or a name from the last reply went (acted, or the error)."""
    seen_views: list[tuple[Ident, Rect]] | None = None
    meant_from: Shown | None = None
    """The older reply an ``{index: N}`` tap takes its number from (None: the last)."""
    meant_name: int = -1
    """The number the last reply printed with the name a ``name=`` tap uses."""

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        clock = ManualClock()
        self.pg = Playground(clock)
        self.device = TapLog(self.pg)
        self.session = Session(self.device, clock=clock, sleep=clock.advance)
        if self.start:
            self.pg.launch_app(APP_PACKAGE, "." + self.start)

    # ------------------------------------------------------------ the steps
    def next_call(self) -> tuple[str, dict[str, Any], str]:
        """The next command, its parameters and its gesture class."""
        if self.last is None or self.rng.random() < 0.04:
            return "AC_observe", {}, "observe"
        g = random_gesture(self.rng, self.pg)
        if self.slop:
            g = slid(g, self.pg)
        if g.kind == "swipe":
            x1, y1, x2, y2, ms = g.args
            params = {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "duration_ms": ms}
            return "AC_swipe", params, g.klass
        if g.kind == "tap":
            return self._tap(g.args)
        if g.kind == "key":
            return ("AC_back", {}, "back") if g.args[0] == "back" else ("AC_home", {}, "home")
        if g.kind == "type":
            return "AC_type_text", {"text": g.args[0]}, "type"
        if g.kind == "launch":
            return "AC_launch_app", {"package": APP_PACKAGE, "activity": g.args[0]}, "launch"
        return "AC_observe", {}, "observe"

    def _tap(self, point: tuple[int, int]) -> tuple[str, dict[str, Any], str]:
        """A tap by a number or a name the last reply printed (else at the point)."""
        assert self.last is not None
        last = self.last
        shown = sorted(numbers_in(last.text) & {e.index for e in last.index.elements})
        named = [(n, name) for n, name in _names(last.text) if name]
        roll = self.rng.random()
        if named and roll < 0.3:
            number, name = self.rng.choice(named)
            self.meant_name = number
            return "AC_tap", {"selector": {"name": name}}, "tap-name"
        if shown and roll < 0.65:
            return "AC_tap", {"selector": {"index": self.rng.choice(shown)}}, "tap-index"
        older = [h for h in self.history.values() if h is not last and numbers_in(h.text)]
        if older and roll < 0.8:  # a number an older reply showed: the same element, or refused
            self.meant_from = self.rng.choice(older)
            number = self.rng.choice(sorted(numbers_in(self.meant_from.text)))
            return "AC_tap", {"selector": {"index": number}, "timeout": 0.25}, "tap-old-index"
        return "AC_tap", {"x": point[0], "y": point[1]}, "tap"

    def run(self, steps: int) -> Iterator[list[Violation]]:
        for _ in range(steps):
            yield self.step()

    def step(self) -> list[Violation]:
        name, params, klass = self.next_call()
        self.steps += 1
        before = self.last
        views = self.seen_views if self.seen_views is not None else phone_views(self.pg)
        prior = [ident for ident, _ in views]
        taps = len(self.device.taps)
        out = self.session.call(name, params)
        text = out["observation"] or (out.get("result") or {}).get("text") or ""
        index = self.session.seen
        found: list[Violation] = []
        gesture = f"{klass}: {name} {params}"
        if name == "AC_tap" and "selector" in params and before is not None:
            old, self.meant_from = self.meant_from, None
            reply = old or before
            found += self._target(params["selector"], out, reply, prior, views, taps, gesture)
            if old is not None:  # a number that left may be refused, never acted elsewhere
                found = [v for v in found if v.klass != "refused"]
        self.seen_views = phone_views(self.pg)  # the phone as it stays until the next step
        if index is None:
            return found
        idents = [ident for ident, _ in self.seen_views]
        assert aligned(index, idents), (gesture, len(index.frame.nodes), len(idents))
        delta = self.session._delta
        new_screen = bool(delta is not None and delta.new_screen and name != "AC_observe")
        shown = Shown(self.steps, index, idents, text, self.pg.state.screen, new_screen)
        fresh = delta is not None and delta.index is index and name != "AC_observe"
        scrolls = delta.diff["scrolls"] if delta is not None and fresh else []
        found += self._grade(shown, before, gesture, scrolls)
        self.history[out["step"] + 1] = shown
        self.last = shown
        return found

    # ------------------------------------------------------------ the grades
    def _grade(
        self, now: Shown, before: Shown | None, gesture: str, scrolls: Sequence[Any] = ()
    ) -> list[Violation]:
        """``scrolls``: the step's JSON scroll entries (a page turned excuses the rows the
        dumps cannot keep: :func:`~tests.core.truth.page_rows.unproven`)."""
        step = now.step
        found = [Violation("misnamed", step, gesture, m) for m in misnamed(now.text, now.index)]
        for e in now.index.elements:
            ident = now.idents[e.pos]
            had = self.owner.setdefault(e.index, ident)
            if had != ident:
                found.append(
                    Violation(
                        "reuse",
                        step,
                        gesture,
                        f"[{e.index}] {now.index.names[e.pos]!r} is {_show(ident)},"
                        f" was given to {_show(had)}",
                    )
                )
                self.owner[e.index] = ident
        then = None
        back = BACK_TO.search(now.text)
        if back and int(back[1]) in self.history:
            then = self.history[int(back[1])]
        elif before is not None and not now.new_screen and before.screen == now.screen:
            then = before
        if then is not None:
            had_numbers = then.numbers()
            excused: dict[Ident, str] = {}
            if then is before:
                frame, old_frame = now.index.frame, then.index.frame
                excused = unproven(scrolls, frame, now.idents, old_frame, then.idents)
            for ident, number in now.numbers().items():
                old = had_numbers.get(ident)
                if old is not None and old != number and ident not in excused:
                    where = "back to" if back else "stayed"
                    found.append(
                        Violation(
                            "renumbered",
                            step,
                            gesture,
                            f"{where}: {_show(ident)} was [{old}], now [{number}]",
                        )
                    )
        return found

    def _target(
        self,
        selector: dict[str, Any],
        out: Any,
        before: Shown,
        prior: list[Ident],
        views: list[tuple[Ident, Rect]],
        taps: int,
        gesture: str,
    ) -> list[Violation]:
        """The tap acted on what ``before`` (the last reply) showed under that selector."""
        step = self.steps
        if "index" in selector:
            meant = before.ident_of(selector["index"])
            meant_all = {meant} if meant is not None else set()
        else:  # the element printed with that name, and any other the frame calls so
            meant_all = {
                before.idents[e.pos]
                for e in before.index.elements
                if e.index == self.meant_name or before.index.names[e.pos] == selector["name"]
            }
        tapped = self.device.taps[taps:]
        error = str(out.get("error", ""))
        kind = gesture.split(":", 1)[0]
        self.tried[f"{kind} {_error_type(error) if not out['ok'] else 'acted'}"] += 1
        if not out["ok"]:  # the error names what it saw as the frame does
            last = self.last.index if self.last is not None else before.index
            found = [
                Violation("misnamed", step, gesture, f"error: {m}") for m in misnamed(error, last)
            ]
            on_screen = set(prior)
            if "name" in selector and not meant_all:
                found.append(Violation("refused", step, gesture, f"the reply's name: {error}"))
            elif meant_all & on_screen and ("index" in selector or "matches" not in error):
                found.append(Violation("refused", step, gesture, f"{_show(*meant_all)}: {error}"))
            return found
        if not tapped:
            return []
        x, y = tapped[0]
        hit = [i for i, b in views if i in meant_all and b[0] <= x < b[2] and b[1] <= y < b[3]]
        if hit:
            return []
        under = [_show(i) for i, b in views if b[0] <= x < b[2] and b[1] <= y < b[3]][-1:]
        return [
            Violation(
                "wrong-target",
                step,
                gesture,
                f"meant {sorted(map(_show, meant_all))}, tapped ({x},{y}) on {under}",
            )
        ]


def _error_type(error: str) -> str:
    """What a failed tap's message says: ambiguous, stale, not found (or another error)."""
    if re.search(r"matches \d+ elements", error):
        return "ambiguous"
    if re.search(r"\] meant .*; now \[", error):
        return "stale"
    return "not found" if "no element matches" in error else "error"


def _names(text: str) -> list[tuple[int, str]]:
    """Every ``([i], name)`` a reply or a message prints, removal lines aside (the
    element they name is gone)."""
    out = []
    for line in text.splitlines():
        if not line.startswith("-"):
            out += [(int(m[1]), json.loads(m[3])) for m in NAMED.finditer(line) if not m[4]]
    return out


def misnamed(text: str, index: ElementIndex) -> list[str]:
    """The names ``text`` prints for the numbers of ``index`` that are not the frame's."""
    names = {e.index: index.names[e.pos] for e in index.elements}
    return [
        f"[{n}] printed {said!r}, the frame calls it {names[n]!r}"
        for n, said in _names(text)
        if n in names and names[n] != said
    ]


def _show(*idents: Ident) -> str:
    return " | ".join("/".join(i) for i in idents)
