"""Seeded agent sessions over MCP: the SDK's own client drives the server on the virtual phone
as an agent does, acting on what each reply printed, and every reply is checked after its step.

An agent reads ``[i] role "name"`` in delta lines, describe and facts lines, then taps by that
``index`` or that ``name``, swipes by direction and distance (50–20,000 px, on the screen or on
an element) or by raw pixels, types, goes back and home, and relaunches apps. :func:`walk` runs
one seeded session and returns its :class:`Violation` s, one class each (:data:`CLASSES`):

- ``name``: a name a reply printed for an element on screen, given back as ``{"name": …}``
  (with its role), finds nothing, or acts on another element; an ambiguity error that does not
  list it; an error message that names an element otherwise than the replies did.
- ``index``: an ``[i]`` a reply printed acted on an element other than the one printed for it
  (its role, or its name where no reply since said it changed), or was refused while that very
  element was on screen under that number.
- ``reuse``: a reply printed an ``[i]`` for an element of another role than the one it was
  first printed for (numbers only grow; an element keeps its number).
- ``swipe``: a swipe whose finger moved less than asked without ``clamped``, or that started on
  no scrollable node (the topmost nodes under the start point hold none) without ``started
  outside every scrollable``, or that says so where it is not true.
- ``title``: a screen header's title is a status-bar text.
- ``return``: a screen reached again (the same activity, every text it showed at the last visit
  shown again) reads as a new screen, or gives an element it showed then another number.
- ``budget``: a delta over its line budget, a structuredContent over twice its text, or a delta
  dearer than the whole frame.
- ``bar``, ``relaunch``, ``stale``: one number and one name per element for the whole session
  (system bars across screens, rows of a screen entered again, a name gone stale), graded by
  the phone's identities: :mod:`tests.core.mcp.agent_numbers`.

Ground truth is the server's session read in process (the frame the agent last saw, the
phone's own nodes), never the reply being checked. ``benchmarks/bench_agent.py`` runs the whole
sweep; ``tests/core/mcp/test_agent_walk.py`` a dealt sample.
"""

from __future__ import annotations

import json
import random
import re
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import mcp.types as types

from deltarec.core.devices.virtual.layout import APP_PACKAGE, SYSTEMUI_PACKAGE
from deltarec.core.executor.session import Session
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observer import FULL_FRAME_MARK
from deltarec.core.render.frame_text import render_frame
from deltarec.core.render.tokens import count_tokens
from tests.core.mcp import agent_acts as acts
from tests.core.mcp import agent_labels as labels
from tests.core.mcp.agent import Agent, agent, new_session
from tests.core.mcp.agent_acts import WIDE_SHARE
from tests.core.mcp.agent_numbers import CLASSES as SESSION_CLASSES
from tests.core.mcp.agent_numbers import Numbers

CLASSES = ("name", "index", "reuse", "swipe", "title", "return", "budget", *SESSION_CLASSES)

LINE = re.compile(r'\[(\d+)\](?: ([a-z]\S*))? "((?:[^"\\]|\\.)*)"(→"(?:[^"\\]|\\.)*")?')
"""``[i] role "name"`` (with ``→"new"`` on a changed label's line) anywhere in a line; in a
row's line (``+ [19] text "6:30", [21] "Wake up"``) the role is left out where it repeats."""
HEADER = re.compile(r'^» (?:new screen|back to) (\S+)(?: \[\d+\])? "((?:[^"\\]|\\.)*)"')
ACTIVITIES = ("", ".InboxActivity", ".SignUpActivity", ".SettingsActivity", ".FeedActivity",
              ".ArticleActivity", ".ClockActivity")  # fmt: skip
TEXTS = ("Ada", "zr", "hello world", "42")


@dataclass(frozen=True, slots=True)
class Violation:
    kind: str
    seed: int
    step: int
    detail: str

    def __str__(self) -> str:
        return f"{self.kind} seed {self.seed} step {self.step}: {self.detail}"


@dataclass
class Shown:
    """What the agent was shown: each ``[i]``'s role and latest name, and the elements the
    last look printed (on screen now)."""

    role: dict[int, str] = field(default_factory=dict)
    name: dict[int, str] = field(default_factory=dict)
    now: dict[int, tuple[str, str]] = field(default_factory=dict)
    """``[i] -> (role, name)`` printed by replies since the screen was last seen whole."""
    rid: dict[int, str] = field(default_factory=dict)
    """``[i] -> resource id`` of the element it was first printed for, where it has one."""


def unquote(text: str) -> str:
    r"""A quoted name as printed back to the string (a JSON string's body: ``\"``, ``\n``)."""
    value: str = json.loads(f'"{text}"')
    return value


def numbered(text: str) -> list[tuple[str, int, str, str, str | None]]:
    """``(line, i, role, name, new name or None)`` for every numbered element a text prints
    (an element whose role a row's line leaves out has the role before it)."""
    out = []
    for line in text.splitlines():
        role = ""
        for m in LINE.finditer(line):
            role = m[2] or role
            if not role:
                continue  # a header's title: ``» new screen X [13] "Inbox"``
            new = unquote(m[4][2:-1]) if m[4] else None
            out.append((line, int(m[1]), role, unquote(m[3]), new))
    return out


def status_texts(frame: Frame) -> set[str]:
    """Every text and description the status bar shows in ``frame``."""
    return {
        t
        for n in frame.nodes
        if n.package == SYSTEMUI_PACKAGE and n.bounds.top < frame.obs.screen.height // 8
        for t in (n.text, n.content_desc)
        if t
    }


@dataclass
class Walk:
    """One seeded session (:func:`walk`)."""

    agent: Agent
    seed: int
    rng: random.Random
    shown: Shown = field(default_factory=Shown)
    violations: list[Violation] = field(default_factory=list)
    visits: dict[str, dict[tuple[str, str], int]] = field(default_factory=dict)
    """activity -> (role, name) -> [i] at the last visit (unique names only)."""
    step: int = 0
    steps_run: int = 0
    tool: str = ""
    numbers: Numbers = field(init=False)
    """The session-wide classes (:mod:`tests.core.mcp.agent_numbers`)."""
    wide: bool = False
    """Also what :data:`WIDE` lists, drawn by a generator of its own (:meth:`act_wide`)."""
    extra: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.numbers = Numbers(self.seed)
        self.extra = random.Random(f"wide:{self.seed}")

    @property
    def session(self) -> Session:
        return self.agent.session

    def flag(self, kind: str, detail: str) -> None:
        self.violations.append(Violation(kind, self.seed, self.step, detail[:400]))

    # ------------------------------------------------------------------ reading
    async def call(self, tool: str, args: dict[str, Any] | None = None) -> str:
        self.tool = tool
        text = await self.agent.call(tool, args)
        last = self.agent.last
        assert last is not None
        blocks = [c.text for c in last.content if isinstance(c, types.TextContent)]
        main = blocks[1 if last.isError else 0] if len(blocks) > last.isError else ""
        self.read(tool, main)
        self.numbers.check(self, main, last.isError)
        for other in blocks:  # facts and error lines: numbers too, but not on screen now
            if other is not main:
                self.check_reuse(other)
        seen = self.session.seen
        if last.isError and blocks and seen is not None:  # what it lists as on screen now
            listed = re.split(r"closest: |on screen: |elements: ", blocks[0], maxsplit=1)
            if len(listed) == 2:
                self.check_names(listed[1], seen)
        return text

    def check_reuse(self, text: str) -> None:
        for line, i, role, _, _ in numbered(text):
            known = self.shown.role.get(i)
            if known is not None and known != role:
                self.flag("reuse", f"[{i}] was {known} {self.shown.name[i]!r}, now: {line}")

    def read(self, tool: str, text: str) -> None:
        """Check what a reply's main text printed against what earlier replies printed
        (``reuse``), then keep it; check its title, budget and return."""
        last = self.agent.last
        assert last is not None
        whole = tool in ("ac_describe_screen", "ac_observe") or "» full frame" in text
        header = text.startswith("» new screen") or text.startswith("» back to") or whole
        if header:
            self.shown.now = {}
        seen = self.session.seen
        ids = (
            {e.index: seen.frame.nodes[e.pos].resource_id for e in seen.elements}
            if seen is not None
            else {}
        )  # what the element is, beyond its label (a button whose word toggled is one button)
        for line, i, role, name, new in numbered(text):
            if line.startswith("- "):
                continue
            known, rid = self.shown.role.get(i), ids.get(i, "")
            if known is not None and known != role:
                self.flag("reuse", f"[{i}] was {known} {self.shown.name[i]!r}, now: {line}")
            elif known is not None and rid and self.shown.rid.get(i, rid) != rid:
                self.flag("reuse", f"[{i}] was {self.shown.rid[i]}, now {rid}: {line}")
            elif (
                known not in (None, "textbox")
                and not rid
                and line.startswith("+ ")
                and (name != self.shown.name[i])
            ):  # a field shows its text or its hint: a form started again shows the hint
                self.flag("reuse", f"[{i}] was {known} {self.shown.name[i]!r}, added: {line}")
            if rid:
                self.shown.rid.setdefault(i, rid)
            was = self.shown.name.get(i) if line.startswith("~ ") else None
            self.shown.role[i] = role
            self.shown.name[i] = new if new is not None else name
            self.shown.now[i] = (role, self.shown.name[i])
            if new is not None:  # a row's name holds its labels: "Vibrate · Off" → "… · On"
                labels.relabel(self, i, name, new)
            elif was is not None and was != name:  # a row's line under its new name
                labels.unfold(self, i, was, name)
            elif line.startswith("+ ") and known is None:  # a label came into a row
                labels.grow(self, i, name)
        if not last.isError and seen is not None:
            self.check_names(text, seen)
        for line in text.splitlines():
            if line.startswith("- "):
                for _, i, _, _, _ in numbered(line):
                    self.shown.now.pop(i, None)
        if not last.isError:
            self.check_title(text)
            self.check_budget(tool, text)
            self.check_return(text)

    def check_names(self, text: str, seen: ElementIndex) -> None:
        """Every element a reply prints as on screen now has the name the frame gives it (the
        name describe prints, and ``name=`` finds)."""
        held = {e.index: (seen.frame.nodes[e.pos].role, seen.names[e.pos]) for e in seen.elements}
        for line, i, role, name, new in numbered(text):
            if line[:2] in ("- ", "» ") or line.startswith("~ selected:") or i not in held:
                continue
            said = (role, new if new is not None else name)
            if held[i] != said:
                self.flag("name", f"[{i}] printed {said}, the frame names it {held[i]}: {line}")

    def check_title(self, text: str) -> None:
        found = HEADER.match(text)
        seen = self.session.seen
        if found is None or seen is None:
            return
        title = unquote(found[2])
        if title and title in status_texts(seen.frame):
            body = {seen.names[e.pos] for e in seen.elements if e.pos not in _status(seen.frame)}
            if title not in body:  # only the status bar shows it
                self.flag("title", text.splitlines()[0])

    def check_budget(self, tool: str, text: str) -> None:
        last = self.agent.last
        seen = self.session.seen
        if last is None or seen is None:
            return
        body = text.split("\n")
        if not (text.startswith("» full frame") or tool in ("ac_describe_screen", "ac_observe")):
            deltas = [ln for ln in body if ln[:2] in ("+ ", "~ ", "- ", "↕ ")]
            limit = self.session.max_lines
            if limit is not None and len(deltas) > limit:
                self.flag("budget", f"{len(deltas)} delta lines over {limit}")
            main = "\n".join(c.text for c in last.content[:1] if hasattr(c, "text"))
            frame = render_frame(seen, tree=False, max_tokens=self.session.max_tokens)
            # what the reply would be instead: the frame under its mark (a delta that costs
            # as much is no dearer; bench_agent --wide phone 30016 step 48: 393 = 393)
            frame = f"{FULL_FRAME_MARK}\n{frame}"
            if count_tokens(main) > count_tokens(frame) + 2:
                self.flag("budget", f"delta {count_tokens(main)} > frame {count_tokens(frame)}")
        data = last.structuredContent
        if data is not None:
            cost = count_tokens(_compact(data))
            bare = count_tokens(_compact({k: data[k] for k in ("ok", "step", "ms")}))
            read = sum(
                count_tokens(c.text) for c in last.content if isinstance(c, types.TextContent)
            )
            if cost > max(2 * read, bare):
                self.flag("budget", f"structured {cost} > 2 × {read}")

    def check_return(self, text: str) -> None:
        seen = self.session.seen
        if seen is None:
            return
        activity = seen.frame.obs.activity
        status = _status(seen.frame)
        names = Counter(
            (seen.frame.nodes[e.pos].role, seen.names[e.pos])
            for e in seen.elements
            if e.pos not in status
        )
        now = {
            (seen.frame.nodes[e.pos].role, seen.names[e.pos]): e.index
            for e in seen.elements
            if e.pos not in status and names[seen.frame.nodes[e.pos].role, seen.names[e.pos]] == 1
        }
        before = self.visits.get(activity)
        entered = text.startswith("» new screen") or text.startswith("» back to")
        if self.tool == "ac_launch_app":  # a fresh instance may be a new screen (numbers grow)
            self.visits[activity] = now
            return
        if entered and before and set(before) == set(now) and len(now) >= 3:
            if text.startswith("» new screen"):
                self.flag("return", f"{activity}: every element back, read as {text[:120]!r}")
            moved = [f"{k[1]!r} {before[k]}→{now[k]}" for k in now if before[k] != now[k]]
            if moved:
                self.flag("return", f"{activity} renumbered: {', '.join(moved[:4])}")
        self.visits[activity] = now

    # ------------------------------------------------------------------ acting
    async def act(self) -> None:
        self.step += 1
        if await self.numbers.stale_tap(self):  # its own generator: this one's rolls stay
            self.steps_run += 1
            return
        if self.wide and self.extra.random() < WIDE_SHARE and await self.act_wide():
            self.steps_run += 1
            return
        roll = self.rng.random()
        if roll < 0.22:
            await self.tap_index()
        elif roll < 0.44:
            await self.tap_name()
        elif roll < 0.64:
            await acts.swipe(self)
        elif roll < 0.70:
            await acts.raw_swipe(self)
        elif roll < 0.76:
            await self.type_text()
        elif roll < 0.84:
            await self.call("ac_back")
        elif roll < 0.87:
            await self.call("ac_home")
        elif roll < 0.93:
            activity = self.rng.choice(ACTIVITIES)
            await self.call("ac_launch_app", {"package": APP_PACKAGE, "activity": activity})
        else:
            await self.call(self.rng.choice(("ac_describe_screen", "ac_observe")))
        self.steps_run += 1

    async def act_wide(self) -> bool:
        """:func:`tests.core.mcp.agent_acts.act_wide`."""
        return await acts.act_wide(self)

    async def tap_index(
        self, tool: str = "ac_tap", rng: random.Random | None = None, among: list[int] | None = None
    ) -> bool:
        rng = rng or self.rng
        pool = [
            i for i in (among if among is not None else self.shown.role) if i in self.shown.role
        ]
        if not pool:
            return False
        i = rng.choice(sorted(pool))
        role, name = self.shown.role[i], self.shown.name[i]
        seen = self.session.seen
        held = _holder(seen, i) if seen is not None else None
        quiet = seen is not None and any(  # the status bar changes with no delta line
            e.index == i and e.pos in _status(seen.frame) for e in seen.elements
        )
        text = await self.call(tool, {"selector": {"index": i}})
        last = self.agent.last
        assert last is not None
        if last.isError:
            if held is not None and held == (role, name):
                self.flag("index", f"[{i}] {role} {name!r} on screen, refused: {text[:160]}")
            return True
        hit = _facts_element(text)
        if hit is not None and (
            hit[0] != i or hit[1] != role or (not quiet and _renamed(name, hit[2], role))
        ):
            self.flag("index", f"[{i}] {role} {name!r} printed, {tool} acted on {hit}")
        return True

    async def tap_name(self) -> None:
        if not self.shown.now:
            await self.call("ac_describe_screen")
        candidates = acts.named(self)
        if not candidates:
            return
        i, role, name = self.rng.choice(candidates)
        selector = {"name": name, "role": role} if self.rng.random() < 0.5 else {"name": name}
        text = await self.call("ac_tap", {"selector": selector})
        last = self.agent.last
        assert last is not None
        if last.isError:
            if "matches" in text and (f"[{i}]" in text or "more)" in text):
                return  # ambiguous, and the error lists it (or says it lists some)
            if "under the keyboard" in text or "covers" in text:
                return
            self.flag("name", f"{selector} ([{i}] {role}) → {text.splitlines()[0][:200]}")
            return
        hit = _facts_element(text)
        renamed = f"was shown for [{i}], which reads" in text  # its label changed meanwhile
        if hit is not None and (hit[0] != i or (hit[2] != name and not renamed)):
            self.flag("name", f"{selector} ([{i}]) acted on {hit}")

    async def type_text(self) -> None:
        boxes = [(i, n) for i, (r, n) in self.shown.now.items() if r == "textbox"]
        word = self.rng.choice(TEXTS)
        if boxes and self.rng.random() < 0.7:
            i, _ = self.rng.choice(sorted(boxes))
            await self.call("ac_type_text", {"text": word, "selector": {"index": i}})
        else:
            await self.call("ac_type_text", {"text": word})


def _renamed(printed: str, now: str, role: str) -> bool:
    """Whether ``now`` is another element's name than ``printed`` was, as far as names tell: a
    field shows its text or its hint, and a count that ticked (``Refreshed 5 times``, a
    clock, a status-bar icon: no delta says these) is the same label. A row its list's edge
    cut keeps the name it was printed with (``bench_agent --wide`` tablet seed 35002 step 26:
    "Anna Ritchie · +1 555 0109", not "Anna Ritchie": :mod:`deltarec.core.observe.kept_names`),
    so a row's name cut to some of its labels is another name."""
    if role == "textbox" or printed == now:
        return False
    return re.sub(r"\d+", "#", printed) != re.sub(r"\d+", "#", now)


def _compact(data: dict[str, Any]) -> str:
    """``data`` as the SDK sends it: compact JSON, unescaped."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _status(frame: Frame) -> set[int]:
    return {
        pos
        for pos, n in enumerate(frame.nodes)
        if n.package == SYSTEMUI_PACKAGE and n.bounds.top < frame.obs.screen.height // 8
    }


def _holder(seen: Any, i: int) -> tuple[str, str] | None:
    """``(role, name)`` of the element numbered ``i`` on the screen the agent saw last."""
    for e in seen.elements:
        if e.index == i:
            return seen.frame.nodes[e.pos].role, seen.names[e.pos]
    return None


def _facts_element(text: str) -> tuple[int, str, str] | None:
    """``(i, role, name)`` the facts line (the reply's last block) opens with."""
    last = text.rsplit("\n", 1)[-1]
    found = re.match(r'\[(\d+)\] (\S+) "((?:[^"\\]|\\.)*)"', last)
    return (int(found[1]), found[2], unquote(found[3])) if found else None


@dataclass(frozen=True, slots=True)
class WalkResult:
    seed: int
    steps: int
    violations: tuple[Violation, ...]


async def walk(
    seed: int, steps: int = 40, profile: str = "phone", wide: bool = False
) -> WalkResult:
    """One seeded agent session of ``steps`` calls (module docstring); ``wide``: with
    :data:`WIDE` too (the same seed's session is another one)."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="deltarec-walk-") as tmp:
        async with agent(Path(tmp), session=new_session(profile)) as a:
            w = Walk(a, seed, rng, wide=wide)
            await w.call("ac_describe_screen")
            for _ in range(steps):
                await w.act()
    return WalkResult(seed, w.steps_run, tuple(w.violations))
