"""Ground truth at scale: a seeded random walk over the virtual phone, graded by its state.

:func:`walk` drives a fresh :class:`~deltarec.core.devices.virtual.Playground` across its
screens with random gestures — drags of 50–4,000 px in any direction from any start point,
flings (short durations), taps on what is on screen, back, home, typing, launches — and
after each step diffs the two dumps through an :class:`~deltarec.core.observer.Observer`
(the session's numbering), then grades the delta with :func:`check`:

- **text**: the session benchmark's oracle (:class:`benchmarks.bench_session.Grader`,
  built from the phone's own state, never from deltarec's diff): a line nothing explains is
  *false*, a fact no line reports is *missed*; a line listing a view twice is *duplicate*;
  a scroll line with the wrong direction or px is *wrong-scroll*.
- **pairs** (:func:`tests.core.truth.evidence.unexplained`): every pair the delta calls
  changed shares identity evidence (an id, a role and name, overlap, a child) — a pair on
  its slot alone is *false*.
- **JSON** (:mod:`tests.core.truth.scroll_truth`): when the phone's only change was one
  scroll offset, the ObservationDiff must hold exactly one scroll entry, whose offset is
  the phone's (±2 px) — or, when no row stayed on screen, a page entry; when no offset
  changed, no scroll entry. Each key is listed once across added / removed / changed.

On another screen size (``profile``) the gestures are in its px, anywhere on its screen,
and the oracles convert the phone's layout-unit truth to its px
(:mod:`benchmarks.profile_units`).

Violations carry a class (``false``, ``missed``, ``wrong-scroll``, ``duplicate``), the
screen and the gesture class, so :mod:`benchmarks.bench_truth` can count them.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from benchmarks.bench_session import Grader, Key, Snapshot, relaid_lists, snapshot
from deltarec.core.devices.settle import settle
from deltarec.core.devices.virtual import ManualClock, Playground, VirtualDevice
from deltarec.core.devices.virtual.fling import TOUCH_SLOP_LU
from deltarec.core.devices.virtual.layout import ACTIVITIES, APP_PACKAGE, CONTACTS, MESSAGE
from deltarec.core.devices.virtual.profile import DEFAULT_PROFILE, Profile, _map
from deltarec.core.devices.virtual.state import PhoneState
from deltarec.core.devices.virtual.views import View
from deltarec.core.diff.gesture import Gesture as Touch
from deltarec.core.observe.model import Observation
from deltarec.core.observer import DeltaResult, Observer
from tests.core.truth.evidence import unexplained
from tests.core.truth.kept_called import kept_called
from tests.core.truth.scroll_truth import offsets, rounded_apart, scroll_truth

BACK_TO = re.compile(r"^» back to .*\(as after step (\d+)\)", re.M)
CLASSES = ("false", "missed", "wrong-scroll", "duplicate")


@dataclass(frozen=True, slots=True)
class Gesture:
    """One step: what the walk did (``kind``), its parameters and its class for the counts."""

    kind: str
    args: tuple[Any, ...]
    klass: str

    def __str__(self) -> str:
        return f"{self.kind}{self.args}"


@dataclass(slots=True)
class Violation:
    klass: str
    screen: str
    gesture: str
    detail: str


@dataclass(slots=True)
class Step:
    number: int
    gesture: Gesture
    screen: str
    text: str
    violations: list[Violation] = field(default_factory=list)
    rounded: bool = False
    """Views the step moved together moved by two px amounts a px apart (a scaled profile
    rounds each web box on its own: :func:`tests.core.truth.scroll_truth.rounded_apart`)."""


def _clickables(pg: Playground) -> list[View]:
    out = []
    for window in pg.windows():
        if window.kind in ("status", "ime"):
            continue
        for v in window.root.walk():
            if v.clickable and v.enabled and v.action:
                out.append(v)
    return out


def _swipe_class(dx: int, dy: int, ms: int) -> str:
    length = abs(dx) + abs(dy)
    if ms < 150:
        return "fling"
    if abs(dx) > abs(dy):
        return "drag-horizontal"
    if length <= 300:
        return "drag-short"
    if length <= 1200:
        return "drag-medium"
    return "drag-long"


SLOP_TAPS = 5
"""About one tap in this many (those whose point's coordinates sum to a multiple) slides by
the touch slop: the phone takes it as a tap, told to the diff as the drag it was. Chosen
from the point, not the walk's random stream, so every walk keeps its steps."""


def slid(g: Gesture, pg: Playground) -> Gesture:
    """About one tap in :data:`SLOP_TAPS` as a drag by the touch slop down from its point (the
    phone takes it as the tap; the diff is told the drag)."""
    if g.kind != "tap" or sum(g.args) % SLOP_TAPS:
        return g
    x, y = g.args
    slop = pg.profile.px(TOUCH_SLOP_LU)
    return Gesture("swipe", (x, y, x, y + slop, 100), "tap-slop")


MAIL_PUSHES = 9
"""About one step on the Inbox in this many (those whose gesture's numbers sum to 1 past a
multiple), the server pushes 1-3 new messages first: they come in at the step's own input
(:meth:`~deltarec.core.devices.virtual.Playground.push_mail`), at the list's top or above a
list scrolled down (issue 18). Chosen from the gesture, not the walk's random stream."""


def push_mail(g: Gesture, pg: Playground) -> None:
    """New mail for the step about to be made, one Inbox step in :data:`MAIL_PUSHES`."""
    total = sum(a for a in g.args if isinstance(a, int))
    if pg.state.screen == "InboxActivity" and total % MAIL_PUSHES == 1:
        pg.push_mail(1 + total % 3)


def random_gesture(rng: random.Random, pg: Playground, *, swipes_only: bool = False) -> Gesture:
    """The next step of the walk, weighted towards the scrollable screens' gestures. A drag
    starts anywhere on the phone's own screen, in its px, clear of the bars (y from 1/8 to
    11/12 of its height: 300..2200 on the default 2400 px). On the Inbox, one step in 20
    is a fling up the whole screen, so walks reach its end (where it loads more) as well
    as its top (where a drag down pulls it to refresh)."""
    width, height = pg.window_size()
    r = 0.0 if swipes_only else rng.random()
    screen = pg.state.screen
    scrolls = screen in ("InboxActivity", "FeedActivity", "ArticleActivity", "ClockActivity")
    if screen == "InboxActivity" and 0 < r < 0.05:
        # A fling to the far end, as one reading a mailbox does: the list loads more there.
        x, ms = width // 2, 40
        y1, y2 = _map(2200, height, 2400), _map(300, height, 2400)
        return Gesture("swipe", (x, y1, x, y2, ms), _swipe_class(0, y2 - y1, ms))
    if r < (0.62 if scrolls else 0.25):
        length = int(50 * (80 ** rng.random()))  # 50..4000, log-uniform
        vertical = rng.random() < 0.85
        sign = rng.choice((-1, 1))
        drift = rng.randint(-40, 40)
        x1 = rng.randint(20, width - 20)
        y1 = rng.randint(_map(300, height, 2400), _map(2200, height, 2400))
        if vertical:
            x2, y2 = x1 + drift, y1 + sign * length
        else:
            x2, y2 = x1 + sign * length, y1 + drift
        x2 = max(0, min(width - 1, x2))
        y2 = max(0, min(height - 1, y2))
        ms = rng.choice((40, 80, 120)) if rng.random() < 0.25 else rng.choice((200, 300, 600))
        return Gesture("swipe", (x1, y1, x2, y2, ms), _swipe_class(x2 - x1, y2 - y1, ms))
    if r < 0.8:
        views = _clickables(pg)
        if views:
            v = rng.choice(views)
            x = (v.bounds[0] + v.bounds[2]) // 2
            y = (v.bounds[1] + v.bounds[3]) // 2
            return Gesture("tap", (x, y), "tap")
        return Gesture("key", ("back",), "back")
    if r < 0.86:
        return Gesture("key", ("back",), "back")
    if r < 0.91:
        return Gesture("type", (rng.choice(("zr", "a", "hello", "42")),), "type")
    if r < 0.97:
        # Contacts (added at stop 56) left out: each seeded walk stays the walk it was (pinned
        # steps, the counts); it has walks of its own (test_contacts_search, --start).
        choices = [a for a in ACTIVITIES if a not in (MESSAGE, CONTACTS)]
        return Gesture("launch", ("." + rng.choice(choices),), "launch")
    return Gesture("key", ("home",), "home")


def perform(pg: Playground, g: Gesture) -> None:
    if g.kind == "swipe":
        pg.swipe(*g.args)
    elif g.kind == "tap":
        pg.tap(*g.args)
    elif g.kind == "long":
        pg.long_press(*g.args)
    elif g.kind == "key":
        pg.press_key(g.args[0])
    elif g.kind == "type":
        pg.type_text(g.args[0])
    elif g.kind == "launch":
        pg.launch_app(APP_PACKAGE, g.args[0])


def touch(g: Gesture) -> Touch | None:
    """What the executor tells the diff about a step: the touch, for swipes and taps."""
    if g.kind == "swipe":
        return Touch(*g.args)
    if g.kind == "tap":
        return Touch(*g.args, *g.args, 50)
    return None


def _settled(
    device: VirtualDevice, clock: ManualClock, observer: Observer, since: Observation | None
) -> Observation:
    """What the executor's Session sees after a step: :func:`settle` on the device (the
    injected clock, no real wait), learning what churns into the observer's volatile set.
    ``since`` None: the session's first look (two captures, so a counter that ticks on every
    dump is known from the start)."""
    got = settle(device, volatile=observer.volatile, clock=clock, sleep=clock.advance, since=since)
    observer.volatile = got.volatile
    return got.observation


def _shown_as(snap: Snapshot) -> Snapshot:
    """``snap`` as the screen shows it: the activity on top and its titles, not the back
    stack behind it (home, then home again, is the same launcher whatever the stack; the
    Settings launched again is the Settings screen seen before)."""
    if not snap.state.in_app:  # the launcher: no app title (the app behind it names one)
        return dataclasses.replace(snap, screen=(False, (), frozenset()))
    top = tuple(snap.state.stack[-1:])
    return dataclasses.replace(snap, screen=(True, top, snap.titles))


def _keyboard_lines(
    text: str, step_before: PhoneState, before: PhoneState, after: PhoneState
) -> tuple[str, list[str]]:
    """``text`` less its keyboard lines that the phone's keyboard state explains, and those
    it does not (false). The session oracle leaves the keyboard to the ``~`` lines. Lines
    above a ``» back to`` line speak of the step (from ``step_before``), lines below it of
    the remembered screen (``before``)."""
    kept, false = [], []
    since = step_before
    for line in text.splitlines():
        if line.startswith("» back to"):
            since = before
        opened, closed = line.startswith("+ keyboard opened"), line == "- keyboard closed"
        if not (opened or closed):
            kept.append(line)
        elif (opened and (since.keyboard, after.keyboard) != (False, True)) or (
            closed and (since.keyboard, after.keyboard) != (True, False)
        ):
            false.append(f"{line}   ← the keyboard did not do that")
    return "\n".join(kept) or "no change", false


def _duplicates(result: DeltaResult) -> list[str]:
    """Keys listed twice across the JSON's added / removed / changed, and ``[i]`` twice."""
    diff = result.diff
    out = []
    added = Counter(e["key"] for e in diff["added"])
    removed = Counter(e["key"] for e in diff["removed"])
    changed = Counter(e["key"] for e in diff["changed"])
    for name, counts in (("added", added), ("removed", removed), ("changed", changed)):
        out += [f"{name} twice: {k}" for k, n in counts.items() if n > 1]
    out += [f"added and changed: {k}" for k in added.keys() & changed.keys()]
    seen: Counter[tuple[str, str]] = Counter()
    for line in result.text.splitlines():
        line = line.strip()
        if line[:1] in "+~" and line[1:3] == " [":
            seen[(line[0], line[2 : line.index("]") + 1])] += 1
    out += [f"line {sign} {i} twice" for (sign, i), n in seen.items() if n > 1]
    return out


def _classify(line: str, kind: str) -> str:
    if "listed twice" in line:
        return "duplicate"
    if kind == "false" and ("wrong direction" in line or line.lstrip().startswith("↕")):
        return "wrong-scroll"
    if kind == "missed" and ("direction is" in line or "line says" in line):
        return "wrong-scroll"
    return kind


def _oracle_blind(line: str, after_snap: Any, text: str) -> bool:
    """What the session oracle cannot grade: a volatile counter listed on a new screen, and
    the launcher (no activity name, no title) named by its package."""
    if line.startswith("+") and any(
        info.volatile and info.view.text and f'"{info.view.text}"' in line
        for info in after_snap.views.values()
    ):
        return True
    return line.startswith("screen → Launcher") and "» new screen dev.deltarec.launcher" in text


TICK = re.compile(
    r'^~ .*?"((?:[^"\\]|\\.)*)"→"((?:[^"\\]|\\.)*)".*← a clock or counter \(volatile\)$'
)


def _ticked(line: str, before: Snapshot, after: Snapshot) -> bool:
    """Whether ``line``, refuted as a volatile view's change, states a tick the phone made:
    one view (by key) showed exactly its old text then and its new text now. A clock is
    volatile, so no line about it is required; one stating it with the phone's own values
    is true (``walk(0, 1000)`` step 753: the launcher's clock went 9:41→9:42 while the walk
    was away, and was stated as it ticked: :mod:`tests.core.truth.test_clock_ticks`)."""
    m = TICK.match(line)
    if m is None:
        return False
    old, new = m[1], m[2]
    return any(
        info.volatile
        and info.view.text == new
        and key in before.views
        and before.views[key].view.text == old
        for key, info in after.views.items()
    )


def recalled(then: Snapshot, now: Snapshot) -> Snapshot:
    """``then``, a screen the caller was shown, keyed as ``now`` keys the same activity.

    A ``» back to X (as after step N)`` line speaks of the screen shown at step N (its
    activity and title) and states what differs since: the grader keys an app's views by
    its activity *stack* (a new instance is a new screen), so a screen recalled on another
    stack, or as a new instance of its activity (a relaunch starts it fresh: a form
    emptied, a switch back off), is graded view by view against what step N showed. Views
    are still known by their content (actions, ids, texts), so a line pairing two views
    that are not one is still false.
    """
    a, b = then.state, now.state
    if not (a.in_app and b.in_app and a.stack[-1:] == b.stack[-1:]) or a.stack == b.stack:
        return then
    cut = 2 + len(a.stack)

    def moved(key: Key) -> Key:
        if key[:1] == ("app",) and key[2:cut] == tuple(a.stack):
            return (*key[:2], *b.stack, *key[cut:])
        return key

    def maybe(key: Key | None) -> Key | None:
        return None if key is None else moved(key)

    views = {
        moved(k): dataclasses.replace(
            i, key=moved(i.key), parent=maybe(i.parent), element=maybe(i.element)
        )
        for k, i in then.views.items()
    }
    children = {moved(k): tuple(moved(c) for c in kids) for k, kids in then.children.items()}
    return dataclasses.replace(then, views=views, children=children)


def _split_back_to(text: str) -> tuple[list[str], str]:
    """The lines above a ``» back to`` line (they speak of the step) and the rest (of the
    remembered screen, from the ``»`` line on)."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("» back to"):
            return lines[:i], "\n".join(lines[i:])
    return [], text


def check(
    before_snap: Snapshot,
    after_snap: Snapshot,
    result: DeltaResult,
    screen: str,
    gesture: Gesture,
    *,
    back_to: bool = False,
    step_before: Snapshot | None = None,
    told: bool = True,
) -> list[Violation]:
    """Every violation of one step (module docstring). ``back_to``: ``before_snap`` is the
    remembered screen the delta is taken from (:func:`recalled`; its ``» back to`` line is
    not graded here); ``step_before``: the phone just before this step, by default
    ``before_snap`` — the lines above the ``» back to`` line (a dialog that closed, the
    keyboard) speak of the step and are graded against it; ``told``: the diff was told the
    gesture (:class:`~benchmarks.bench_session.Grader`)."""
    step_snap = step_before or before_snap
    out: list[Violation] = []
    text = result.text
    still = [x for x in text.splitlines() if x.startswith("↕ nothing scrolled")]
    if still:  # the swipe moved nothing: true when no offset changed
        profile = after_snap.profile
        a, b = offsets(before_snap.state, profile), offsets(after_snap.state, profile)
        for name in relaid_lists(before_snap.state, after_snap.state):  # rows taken out
            a.pop(f"{name}.offset"), b.pop(f"{name}.offset")
        if a != b and before_snap.state.stack == after_snap.state.stack:
            out.append(Violation("wrong-scroll", screen, gesture.klass, f"{still[0]} (moved)"))
        text = "\n".join(x for x in text.splitlines() if x not in still) or "no change"
    said = text
    text, keyboard = _keyboard_lines(text, step_snap.state, before_snap.state, after_snap.state)
    head: list[str] = []
    if back_to:
        head, text = _split_back_to(text)
        text = "\n".join(x for x in text.splitlines() if not x.startswith("» back to"))
        text = text or "no change"
    false = keyboard
    if head:  # what the step itself closed, before the screen it came back to
        false += Grader(step_snap, after_snap).grade("\n".join(head)).false
    grader = Grader(before_snap, after_snap, told=told)
    grade = grader.grade(text)
    false += [
        f
        for f in grade.false
        if not (_oracle_blind(f, after_snap, result.text) or _ticked(f, before_snap, after_snap))
    ]
    missed = [m for m in grade.missed if not _oracle_blind(m, after_snap, result.text)]
    if (back_to or said != text or still) and text == "no change":  # it said something
        missed = [m for m in missed if not m.startswith("'no change'")]
    out += [Violation(_classify(f, "false"), screen, gesture.klass, f) for f in false]
    out += [Violation(_classify(m, "missed"), screen, gesture.klass, m) for m in missed]
    near = None
    if grader.scrolls:
        near = any(s.near for s in grader.scrolls)
    truth = scroll_truth(before_snap.state, after_snap.state, result, near, after_snap.profile)
    for problem in truth:
        out.append(Violation("wrong-scroll", screen, gesture.klass, problem))
    for problem in _duplicates(result):
        out.append(Violation("duplicate", screen, gesture.klass, problem))
    for pair in unexplained(result.delta):  # a ~ pair on its slot alone
        out.append(Violation("false", screen, gesture.klass, f"paired without evidence: {pair}"))
    return out


class Stepper:
    """A phone driven step by step and graded after each (the body of :func:`walk`): what
    the executor's session does (settle, tell the observer the gesture), then :func:`check`.
    Focused generators (:mod:`tests.core.truth.test_archive`) drive it with their own
    gestures from a phone they set up."""

    def __init__(self, pg: Playground, clock: ManualClock, *, gesture: bool = True) -> None:
        self.pg, self.clock, self.gesture = pg, clock, gesture
        self.device = VirtualDevice(pg)
        self.observer = Observer()
        self.latest = _settled(self.device, clock, self.observer, None)  # the first look
        self.observer.reset(self.latest)
        self.called: dict[Key, frozenset[str]] = {}  # names a view had (kept_called)
        # what the caller was shown after each step (all: the observer remembers screens, not
        # frames, so "as after step 3" can come late)
        self.shown = {0: kept_called(_shown_as(snapshot(pg)), self.called)}
        self.number = 0
        self.result: DeltaResult | None = None
        """The last step's delta (what the numbers oracles read its hedges from)."""

    def step(self, gesture: Gesture, *, mail: bool = False) -> Step:
        """Perform ``gesture`` and grade the delta the session shows for it; ``mail``: new
        mail may come in with it (:func:`push_mail`)."""
        pg = self.pg
        self.number += 1
        number = self.number
        screen = pg.state.screen
        before = step_before = self.shown[number - 1]
        if mail:
            push_mail(gesture, pg)
        perform(pg, gesture)
        now = self.latest = _settled(self.device, self.clock, self.observer, self.latest)
        after = _shown_as(snapshot(pg))  # after the dumps: "Refreshed N times" agrees
        after = kept_called(after, self.called)
        told = touch(gesture) if self.gesture else None
        launched = gesture.kind == "launch"  # what the executor says of AC_launch_app
        result = self.result = self.observer.step(
            now, max_lines=None, gesture=told, launched=launched
        )
        self.shown[number] = after
        back = BACK_TO.search(result.text)
        if back and int(back[1]) in self.shown:
            # The delta is taken from a remembered frame: grade it against that one, its views
            # called by every name the caller saw them show since (a row cut at the list's
            # edge then, whole later: the observer names it by all it showed, large seed 60103)
            before = recalled(kept_called(self.shown[int(back[1])], self.called), after)
        step = Step(number, gesture, screen, result.text)
        step.violations = check(
            before,
            after,
            result,
            screen,
            gesture,
            back_to=bool(back),
            step_before=step_before,
            told=self.gesture,
        )
        step.rounded = bool(step.violations) and rounded_apart(step_before, after)
        return step


def walk(
    seed: int,
    steps: int,
    *,
    start: str = "",
    gesture: bool = True,
    swipes_only: bool = False,
    profile: Profile = DEFAULT_PROFILE,
) -> Iterator[Step]:
    """``steps`` graded steps of the walk from ``seed`` (optionally starting on ``start``),
    on a phone of ``profile``'s screen (default: the 1080x2400 phone at 420 dpi).

    ``gesture``: tell the observer what the step did, as the executor does (else it diffs
    the two dumps alone, as ``deltarec delta A B`` does); ``swipes_only``: every step a
    drag or a fling (the scroll truth of one screen).
    """
    return driven(
        seed,
        steps,
        lambda rng, pg: slid(random_gesture(rng, pg, swipes_only=swipes_only), pg),
        start=start,
        gesture=gesture,
        profile=profile,
    )


def driven(
    seed: int,
    steps: int,
    draw: Callable[[random.Random, Playground], Gesture],
    *,
    start: str = "",
    gesture: bool = True,
    profile: Profile = DEFAULT_PROFILE,
) -> Iterator[Step]:
    """``steps`` graded steps on a fresh phone of ``profile`` (started on ``start``), each the
    gesture ``draw`` makes of the seeded generator and the phone (new mail on the Inbox too):
    :func:`walk`'s and the widened walk's (:mod:`tests.core.truth.wide`) one loop."""
    rng = random.Random(seed)
    clock = ManualClock()
    pg = Playground(clock, profile=profile)
    if start:
        pg.launch_app(APP_PACKAGE, "." + start)
    stepper = Stepper(pg, clock, gesture=gesture)
    for _ in range(steps):
        yield stepper.step(draw(rng, pg), mail=True)
