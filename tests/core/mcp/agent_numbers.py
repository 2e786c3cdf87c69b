"""One number and one name per element for a whole agent session: the three classes
:mod:`tests.core.mcp.agent_walk` counts beside its seven (issue 18), graded by the PHONE's
identity of every element (:func:`tests.core.truth.numbers.phone_identities`: its window,
screen, action, resource id, place in its scroller's content), never by the reply under check:

- ``bar``: an element of the system bars (the phone's status window: they persist across
  screens) shown under another number than the one it first had in the session.
- ``relaunch``: a screen entered again (``» new screen`` / ``» back to``: a relaunch, back,
  home) gives an element it showed at the last reply on that screen — the same phone element,
  the same role and name, that name held by no other element of either frame: the evidence
  a relaunched list gives — another number; or gives a number another phone element had.
- ``stale``: ``tap {name: N}`` with a name a reply printed for ``[i]`` that ``[i]`` no longer
  carries (its label changed since: ``"Vibrate · Off"`` → ``"Vibrate · On"``) while ``[i]``
  still holds that very element, refused, or acting on another element.
- ``said``: the issue's smaller items, on every reply: a ``» new screen …: N elements`` header
  (uncut) listing other than N elements, an element added under an empty name (``+ [32]
  container ""``), a ``~ layout:`` line naming no element (``24 moved or resized``).

:class:`Numbers` keeps what each number and name meant; :meth:`Numbers.check` runs after each
reply, :meth:`Numbers.stale_tap` is the agent's tap by a name it was shown earlier (its own
generator, so the walks' other choices stay as they were: a seed's session is the same until
the first stale name it taps).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deltarec.core.observe.index import ElementIndex
from tests.core.truth.numbers import Ident, phone_identities

if TYPE_CHECKING:
    from tests.core.mcp.agent_walk import Walk

CLASSES = ("bar", "relaunch", "stale", "said")
STALE_SHARE = 0.2
"""How often the agent, holding a name that went stale, taps by it (its own generator)."""
_FACTS = re.compile(r'^\[(\d+)\] (\S+) "((?:[^"\\]|\\.)*)"', re.M)
_COUNTED = re.compile(r"^» new screen .*?: (\d+) elements")
_EMPTY = re.compile(r'^\+ .*\[\d+\] [a-z]+ ""')

Visit = dict[Ident, tuple[int, str, str]]
"""A screen's elements at the last reply on it: phone identity -> (number, role, name), only
those whose (role, name) no other element of the frame has."""


@dataclass
class Numbers:
    """What the agent was shown, by the phone's identities (module docstring)."""

    seed: int
    rng: random.Random = field(init=False)
    bar: dict[Ident, int] = field(default_factory=dict)
    """Each system-bar element's last number."""
    owner: dict[int, Ident] = field(default_factory=dict)
    """Each number's phone element at the last reply that showed it (a number another step
    gave to another element is that step's class, not the entry's)."""
    names: dict[int, str] = field(default_factory=dict)
    """Each number's name at the last reply that showed it."""
    visits: dict[Ident, Visit] = field(default_factory=dict)
    """Per screen (the identity's window and screen part), its last reply's elements."""
    printed: dict[int, dict[tuple[str, str], Ident]] = field(default_factory=dict)
    """``[i]`` -> the (role, name) a reply last printed for it -> the phone element it was (a
    name the agent was since shown changed is no stale name of it: a choice of the agent)."""
    tapped: set[tuple[int, str]] = field(default_factory=set)
    """The stale names tapped (each once: a refused one leaves the phone as it was)."""

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed * 7919 + 18)

    def idents(self, walk: Walk) -> list[Ident] | None:
        """The phone's identity of every node of the frame the agent saw last (None when the
        phone moved on since: a frame not of the phone as it is now)."""
        seen = walk.session.seen
        if seen is None:
            return None
        device: Any = walk.session.device
        idents = phone_identities(device.playground)
        return idents if len(idents) == len(seen.frame.nodes) else None

    # ------------------------------------------------------------------ grading
    def check(self, walk: Walk, text: str, error: bool) -> None:
        """Grade one reply (its main text) against the server's session and the phone."""
        seen, idents = walk.session.seen, self.idents(walk)
        if seen is None or idents is None:
            return
        from tests.core.mcp.agent_walk import numbered

        for _, i, role, name, new in numbered(text):
            held = _holder(seen, i)
            if held is not None and held[:2] == (role, new if new is not None else name):
                self.printed[i] = {held[:2]: idents[held[2]]}  # the old names: told changed
        for e in seen.elements:
            ident = idents[e.pos]
            if ident[0] == "status":
                last = self.bar.setdefault(ident, e.index)
                if last != e.index:  # counted once per renumbering
                    walk.flag("bar", f"{'/'.join(ident[1:])} was [{last}], now [{e.index}]")
                    self.bar[ident] = e.index
        if error:
            return
        self.check_said(walk, text)
        entered = text.startswith(("» new screen", "» back to"))
        now = _visit(seen, idents)
        by_screen: dict[Ident, Visit] = {}
        for ident, held_now in now.items():
            by_screen.setdefault(ident[:3], {})[ident] = held_now
        for screen, elements in by_screen.items():
            before = self.visits.get(screen)
            if entered and before:
                moved = [
                    f"{name!r} [{before[ident][0]}]→[{number}]"
                    for ident, (number, role, name) in elements.items()
                    if ident in before and before[ident] != (number, role, name)
                    and before[ident][1:] == (role, name)
                ]  # fmt: skip
                if moved:
                    walk.flag("relaunch", f"{screen[-1]} renumbered: {', '.join(moved[:4])}")
            self.visits[screen] = elements
        for e in seen.elements:
            ident = idents[e.pos]
            last_owner = self.owner.setdefault(e.index, ident)
            role = seen.frame.nodes[e.pos].role
            if entered and not _same(
                last_owner, ident, self.names.get(e.index), seen.names[e.pos], role
            ):
                walk.flag("relaunch", f"[{e.index}] was {'/'.join(last_owner[-2:])}, "
                          f"given to {'/'.join(ident[-2:])}")  # fmt: skip
            self.owner[e.index], self.names[e.index] = ident, seen.names[e.pos]

    def check_said(self, walk: Walk, text: str) -> None:
        """The ``said`` class (module docstring)."""
        lines = text.split("\n")
        counted = _COUNTED.match(lines[0])
        if counted and not any(line.startswith("… (+") for line in lines):
            listed = sum(len(re.findall(r"\[\d+\]", ln)) for ln in lines[1:] if ln[:2] == "+ ")
            titled = re.match(r"^» new screen \S+ \[\d+\]", lines[0]) is not None
            if listed + titled != int(counted[1]):
                walk.flag("said", f"{lines[0]!r} lists {listed + titled}")
        for line in lines:
            if _EMPTY.match(line) or (line.startswith("~ layout:") and "[" not in line):
                walk.flag("said", line)

    # ------------------------------------------------------------------ acting
    def stale_names(self, walk: Walk) -> list[tuple[int, str, str]]:
        """``(i, role, name)``: names printed for ``[i]`` it no longer carries, while it holds
        the element they were printed for (a text box's name is its text: left out)."""
        seen, idents = walk.session.seen, self.idents(walk)
        if seen is None or idents is None:
            return []
        out = []
        for e in seen.elements:
            role, name = seen.frame.nodes[e.pos].role, seen.names[e.pos]
            for (was_role, was), ident in self.printed.get(e.index, {}).items():
                if (
                    was != name
                    and was_role == role != "textbox"
                    and ident == idents[e.pos]
                    and (e.index, was) not in self.tapped
                ):
                    out.append((e.index, role, was))
        return sorted(out)

    async def stale_tap(self, walk: Walk) -> bool:
        """Maybe tap by a stale name (module docstring); whether a call was made."""
        stale = self.stale_names(walk)
        if not stale or self.rng.random() >= STALE_SHARE:
            return False
        i, role, name = self.rng.choice(stale)
        self.tapped.add((i, name))
        selector = {"name": name, "role": role} if self.rng.random() < 0.5 else {"name": name}
        text = await walk.call("ac_tap", {"selector": selector})
        last = walk.agent.last
        assert last is not None
        if last.isError:
            if "under the keyboard" in text or "covers" in text:
                return True
            if "matches" in text and f"[{i}]" in text:
                return True  # the name is another element's now too: ambiguous, listing [i]
            walk.flag("stale", f"{selector} (printed for [{i}]) → {text.splitlines()[0][:200]}")
            return True
        facts = _FACTS.findall(text.rsplit("\n", 1)[-1])
        if facts and int(facts[0][0]) != i:
            walk.flag("stale", f"{selector} (printed for [{i}]) acted on [{facts[0][0]}]")
        return True


def _holder(seen: ElementIndex, i: int) -> tuple[str, str, int] | None:
    for e in seen.elements:
        if e.index == i:
            return seen.frame.nodes[e.pos].role, seen.names[e.pos], e.pos
    return None


def _same(was: Ident, now: Ident, was_name: str | None, name: str, role: str) -> bool:
    """Whether two phone identities name one element: equal, or of the same views but for
    their place in a content that started or stopped scrolling (a form the keyboard made
    scroll), under the same name (a text box's is its text). Only app elements are asked."""
    if was == now or was[:1] != ("app",) or now[:1] != ("app",):
        return True
    unplaced = [tuple(part.partition("@")[0] for part in ident) for ident in (was, now)]
    return unplaced[0] == unplaced[1] and (was_name == name or role == "textbox")


def _visit(seen: ElementIndex, idents: list[Ident]) -> Visit:
    names = Counter((seen.frame.nodes[e.pos].role, seen.names[e.pos]) for e in seen.elements)
    out: Visit = {}
    for e in seen.elements:
        ident = idents[e.pos]
        role, name = seen.frame.nodes[e.pos].role, seen.names[e.pos]
        if ident[0] == "app" and names[role, name] == 1 and name:
            out[ident] = (e.index, role, name)
    return out
