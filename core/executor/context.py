"""What a command sees while it runs: the device, the live screen, waits, and a call log.

A :class:`Context` lives for one step. Commands act through it so that the
session can keep its books: every capture becomes the session's latest known
screen, ``[i]`` numbers stay those the caller was shown, and ``tried`` records
what was attempted (selectors and their fallbacks) for
:class:`~deltarec.core.errors.StepFailedError`, like Playwright's call log.

:class:`ShownNumbers` is the session's memory of what each ``[i]`` it showed
meant, so that a stale number fails instead of acting on whatever holds it now.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable, Sequence, Set
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, NoReturn

from deltarec.core.diff.match import match_frames
from deltarec.core.errors import (
    AmbiguousSelectorError,
    ElementNotFoundError,
    SelectorError,
    StaleIndexError,
    StepFailedError,
)
from deltarec.core.executor.selectors import (
    Match,
    Resolution,
    Selector,
    holder,
    resolve,
    wait_for,
)
from deltarec.core.render.lines import quote

if TYPE_CHECKING:
    from deltarec.core.devices.base import Device
    from deltarec.core.executor.session import Session
    from deltarec.core.observe.index import ElementIndex, IndexedElement
    from deltarec.core.observe.model import Observation

MAX_REMEMBERED = 512
"""How many ``[i]`` numbers a session remembers the meaning of (the newest shown win)."""

_QUOTED = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_NUMBER = re.compile(r"\[(\d+)\]")


def numbers_in(text: str) -> set[int]:
    """The ``[i]`` numbers an observation text shows: names (quoted) and removals aside.

    A removal line (``- …``) names an element that is gone, not a number in use.

    >>> sorted(numbers_in('+ [12] switch "[3] x"\\n- [5] button "Gone"\\n~ [4] text "a\\\\"[7]"'))
    [4, 12]
    """
    found: set[int] = set()
    for line in text.splitlines():
        if not line.startswith("-"):
            found.update(int(n) for n in _NUMBER.findall(_QUOTED.sub('""', line)))
    return found


@dataclass(frozen=True, slots=True)
class Meaning:
    """What an ``[i]`` meant when the caller was shown it.

    ``key`` follows the element while it keeps the number (a label whose text
    changed has a new key but is still the element that was meant);
    ``label`` (``switch "Airplane mode"``) and ``when`` (``shown after step 3``)
    are as shown.
    """

    key: str
    label: str
    when: str


def _by_number(index: ElementIndex | None) -> dict[int, IndexedElement]:
    return {} if index is None else {e.index: e for e in index.elements}


class ShownNumbers:
    """The ``[i]`` numbers a caller was shown, and the element each one meant.

    :meth:`show` is told every frame shown and the text the caller read: the
    numbers in that text (all of them when there is no text: a person looking
    at numbered boxes) now mean the elements that carry them, newest first, at
    most ``limit`` numbers. A number the text did not show keeps its meaning;
    while the element it meant keeps the number from frame to frame (by
    :func:`~deltarec.core.diff.match.match_frames`, as numbering does) its key is followed.

    :meth:`verify` (the ``verify`` of :func:`~deltarec.core.executor.selectors.resolve`)
    checks a resolved ``index`` selector. The element now holding ``[n]`` is
    the one ``[n]`` meant when it has the key the meaning follows, or when
    matching carries it over from the last frame shown, where ``[n]`` still
    held the meant element (a label whose text changed since). Otherwise it
    raises :class:`~deltarec.core.errors.StaleIndexError`, saying where the meant
    element is now if it is numbered on screen. A number never shown, and an
    index given with a ``name`` or ``key`` (it says itself what it means),
    are not checked. Cost: O(n) per frame shown; a matching of two frames only
    when a key differs.
    """

    def __init__(self, limit: int = MAX_REMEMBERED) -> None:
        self.limit = limit
        self.seen: ElementIndex | None = None
        """The last frame shown: its numbers are the ones new captures keep."""
        self._meant: OrderedDict[int, Meaning] = OrderedDict()
        self._named: OrderedDict[str, tuple[tuple[str, int], ...]] = OrderedDict()
        """name -> (role, number) of each element last shown under it, newest last (at most
        8; :meth:`renamed`): a number shown under another name since leaves the old one."""
        self._name_of: dict[int, str] = {}
        """number -> the name it was last shown under."""

    def meaning(self, number: int) -> Meaning | None:
        """What ``[number]`` meant when last shown, or None."""
        return self._meant.get(number)

    def __len__(self) -> int:
        return len(self._meant)

    def show(
        self,
        index: ElementIndex | None,
        text: str | None,
        *,
        step: int | None,
        since: Sequence[ElementIndex] = (),
    ) -> None:
        """The caller was shown ``index`` (as ``text``; None: every number) after ``step``;
        ``since``: the frame it was numbered from when not the last one shown (a remembered
        screen, ``» back to``: its elements' meanings follow from there, also those the
        reply did not print, a row renamed as new mail pushed it onto the list's edge),
        last, after the frames they follow through to it (a recalled entry frame took its
        numbers from its screen's latest frame, where the caller learned them: a twin's key
        there is not its key at entry, ``bench_agent`` small seed 16016 step 78).

        ``None`` for ``index`` forgets everything (cleanup).
        """
        if index is None:
            self.seen = None
            self._meant.clear()
            self._named.clear()
            self._name_of.clear()
            return
        old, self.seen = self.seen, index
        now = _by_number(index)
        shown = now.keys() if text is None else numbers_in(text) & now.keys()
        chain = [f for f in since if f is not old and f is not index]
        if chain:
            for was, then in zip(chain, [*chain[1:], index], strict=True):
                if then is index:  # ``» back to … (as after step N)``: its numbers, its elements
                    self._adopt(was)
                self._follow(was, then, _by_number(then), shown)
        elif old is not None and old is not index:
            self._follow(old, index, now, shown)
        self._learn(now, shown, step)

    def learn(self, index: ElementIndex, text: str, *, step: int | None) -> None:
        """The caller read ``text`` about ``index`` (a live screen numbered against the frame
        shown, as AC_observe prints it): its numbers mean what they show, the frame stays."""
        now = _by_number(index)
        self._learn(now, numbers_in(text) & now.keys(), step)

    def _learn(self, now: dict[int, IndexedElement], shown: Set[int], step: int | None) -> None:
        when = "shown at the start" if step is None else f"shown after step {step + 1}"
        named, name_of = self._named, self._name_of
        for number in sorted(shown):
            element = now[number]
            self._meant[number] = Meaning(element.key, _describe(element), when)
            self._meant.move_to_end(number)
            old = name_of.get(number)
            if old is not None and old != element.name and old in named:
                # the caller read its new name: the old one no longer means it
                named[old] = tuple(h for h in named[old] if h[1] != number)
            name_of[number] = element.name
            was = named.pop(element.name, ())
            held = (element.role, number)
            named[element.name] = was if held in was else (*was[-7:], held)
        while len(self._meant) > self.limit:
            name_of.pop(self._meant.popitem(last=False)[0], None)
        while len(named) > self.limit:
            named.popitem(last=False)

    def _adopt(self, recalled: ElementIndex) -> None:
        """A reply recalled ``recalled`` (``» back to … (as after step N)``): each number it
        holds means its element there, as at that step, also one the caller last saw changed
        since (a like undone by a fresh instance of the Feed: ``[32]`` read "4 likes", is "3
        likes" as after step N). A number names one element for a session, so this never
        points a meaning at another element."""
        held = _by_number(recalled)
        for number, meant in list(self._meant.items()):
            element = held.get(number)
            if element is not None and element.key != meant.key:
                self._meant[number] = replace(meant, key=element.key, label=_describe(element))

    def _follow(
        self, old: ElementIndex, new: ElementIndex, now: dict[int, IndexedElement], shown: Set[int]
    ) -> None:
        """Move each meaning's key to the element it became when that kept its number
        (numbers ``shown`` again are about to mean what they show: left alone)."""
        before = _by_number(old)
        pairs: dict[int, int] | None = None
        for number, meant in list(self._meant.items()):
            if number in shown:
                continue
            was, held = before.get(number), now.get(number)
            if was is None or held is None or was.key != meant.key or held.key == meant.key:
                continue
            if pairs is None:
                pairs = match_frames(old.frame, new.frame)
            if pairs.get(held.pos) == was.pos:
                self._meant[number] = replace(meant, key=held.key)

    def renamed(self, selector: Selector, screen: ElementIndex) -> list[tuple[Match, str]]:
        """The elements ``selector``'s name was shown for that carry another name now: each
        ``(element, name it was shown under)``, where the number shown with that name is on
        ``screen`` and still holds the element it meant (:meth:`verify`). Only a selector of a
        name (and a role) alone, as an agent writes one from a reply. O(n) per number.

        One name per element for a session: a row named by its labels (``"Vibrate · Off"``)
        is renamed by a toggle (``"Vibrate · On"``) that the reply says as its checkbox's and
        its label's lines, not the row's; the name a reply printed still means the element
        it was printed for until a reply shows that element under another name, found by the
        number printed with it — never by a part of the name (a title every row of another
        sender shares)."""
        name = selector.name
        if name is None or _more_than_name(selector):
            return []
        out: list[tuple[Match, str]] = []
        for role, number in self._named.get(name, ()):
            if selector.role not in (None, role):
                continue
            now = holder(screen, number)
            if now is None or now.name == name or now.role != role:
                continue
            try:
                self.verify(Selector(index=number), now, screen)
            except StaleIndexError:
                continue  # the number holds another element now (not the one it meant)
            out.append((now, name))
        return out

    def verify(self, selector: Selector, element: Match, screen: ElementIndex) -> None:
        """Raise StaleIndexError unless ``element`` is what ``selector.index`` meant."""
        number = selector.index
        if number is None or selector.name is not None or selector.key is not None:
            return
        meant = self._meant.get(number)
        if meant is None or element.key == meant.key:
            return
        seen = self.seen
        was = _by_number(seen).get(number)
        pairs: dict[int, int] = {}
        if seen is not None and was is not None and was.key == meant.key:
            pairs = match_frames(seen.frame, screen.frame)
            if pairs.get(element.pos) == was.pos:
                return  # carried over from the frame shown: the same element, changed
        pos = screen.frame.pos_of.get(meant.key)
        if pos is None and was is not None and was.key == meant.key:
            pos = next((p for p, q in pairs.items() if q == was.pos), None)
        moved = screen.number_of.get(pos) if pos is not None else None
        raise StaleIndexError(number, meant.label, meant.when, _describe(element), moved)


def _more_than_name(selector: Selector) -> bool:
    """Whether ``selector`` gives more than a name and a role (or has fallbacks: a recorded
    script's selector, which says itself what it means)."""
    given = selector.given()
    return bool(selector.alternates) or any(k not in ("name", "role") for k in given)


def _describe(element: IndexedElement | Match) -> str:
    return f"{element.role} {quote(element.name)}"


class Context:
    """One step's view of the session (see the module docstring)."""

    def __init__(self, session: Session, step: int, command: str) -> None:
        self.session = session
        self.step = step
        self.command = command
        self.tried: list[str] = []
        """What was attempted, in order (for StepFailedError.tried)."""
        self.resolution: Resolution | None = None
        """The last selector resolution, for the result and effect messages."""
        self.shown: ElementIndex | None = None
        """A frame whose numbers the command showed the caller (discovery)."""
        self.screened: ElementIndex | None = None
        """The last live screen :meth:`screen` numbered (what AC_observe prints)."""
        self.warnings: list[str] = []

    @property
    def device(self) -> Device:
        return self.session.device

    @property
    def clock(self) -> Callable[[], float]:
        return self.session.clock

    @property
    def sleep(self) -> Callable[[float], None]:
        return self.session.sleep

    def capture(self) -> Observation:
        """One capture of the device (it becomes the session's latest known screen)."""
        return self.session.capture()

    def screen(self) -> ElementIndex:
        """Capture and number the screen with the numbers the caller was last shown."""
        self.screened = self.session.screen()
        return self.screened

    def settle(self) -> Observation:
        """Wait until the screen stops changing (no observation is produced)."""
        return self.session.settle()

    def resolve(self, selector: Selector, screen: ElementIndex) -> Resolution:
        """:func:`~.selectors.resolve` with the session's check of ``[i]`` numbers
        (a stale one raises StaleIndexError) and of names it showed
        (:meth:`ShownNumbers.renamed`): a name that finds nothing means the element it was
        shown for, when exactly one such element is on screen under another name (a
        warning says so), and is ambiguous, each listed, when several are; a name that
        finds an element while another it was shown for carries another name now, unseen,
        is ambiguous, both listed (a stale name never acts on another element)."""
        numbers = self.session.numbers
        try:
            found = resolve(selector, screen, verify=numbers.verify)
        except AmbiguousSelectorError as exc:
            renamed = numbers.renamed(selector, screen)
            if not renamed:
                raise
            shown = [f"{m} (shown as {quote(was)})" for m, was in renamed]
            raise AmbiguousSelectorError(exc.selector, [*shown, *exc.candidates]) from None
        except ElementNotFoundError:
            renamed = numbers.renamed(selector, screen)
            if not renamed:
                raise
            if len(renamed) > 1:  # shown for several, each renamed since: any can be meant
                shown = [f"{m} (shown as {quote(was)})" for m, was in renamed]
                raise AmbiguousSelectorError(selector.describe(), shown) from None
            element, was = renamed[0]
            self.warnings.append(
                f"name {quote(was)} was shown for [{element.index}], which reads "
                f"{quote(element.name)} now: acted on [{element.index}]"
            )
            return Resolution(element, selector, None, ())
        renamed = numbers.renamed(selector, screen) if found.alternate is None else []
        meant = [m for m, _ in renamed if m.pos != found.element.pos]
        if meant:
            shown = [f"{m} (shown as {quote(was)})" for m, was in renamed]
            raise AmbiguousSelectorError(selector.describe(), [str(found.element), *shown])
        return found

    def find(self, selector: Selector, *, timeout: float) -> Match:
        """Resolve ``selector`` on the live screen, retrying until ``timeout`` seconds.

        Raises ElementNotFoundError (naming what the last capture saw) on timeout,
        AmbiguousSelectorError or StaleIndexError at once. Records what was tried,
        with the reason when it is more than "not found".
        """
        chain = (selector, *selector.alternates)
        try:
            found = wait_for(
                lambda: self.resolve(selector, self.screen()),
                timeout=timeout,
                clock=self.clock,
                sleep=self.sleep,
                interval=self.session.poll_interval,
            )
        except SelectorError as exc:
            for i, sel in enumerate(chain):  # the primary's reason is the error itself
                reason = exc.reasons[i] if 0 < i < len(exc.reasons) else "not found"
                self.tried.append(_label(sel, i) + ("" if reason == "not found" else f": {reason}"))
            raise
        self.tried.extend(found.tried)
        if found.alternate is not None:
            self.tried.append(f"{_label(found.selector, found.alternate + 1)}: resolved")
            self.warnings.append(
                f"selector {selector.describe()} failed; alternate {found.selector.describe()}"
                f" resolved to {found.element}"
            )
        self.resolution = found
        return found.element

    def keyboard_covers(self, x: int, y: int) -> str | None:
        """Why a tap at (x, y) on the element just found would hit the keyboard, else None.

        Only targets found by selector count (a bare x/y on the keyboard may mean a key).
        The keyboard's frame is the one the last capture saw (``Observation.keyboard``).
        """
        latest = self.session.latest
        keyboard = latest.keyboard if latest is not None else None
        found = self.resolution
        if keyboard is None or found is None or not keyboard.contains_point(x, y):
            return None
        return (
            f"{found.element} lies under the keyboard (y {keyboard.top}–{keyboard.bottom}): "
            "not tapped, it would have typed a key; press Back to close the keyboard "
            "or scroll the element into view"
        )

    def point(
        self, selector: Selector | None, x: int | None, y: int | None, *, timeout: float
    ) -> tuple[int, int]:
        """The point to act on: the centre of the element ``selector`` finds, else (x, y).

        An element whose centre is off screen is an error (acting there would hit
        something else).
        """
        if selector is None:
            assert x is not None and y is not None  # guaranteed by the command's check()
            return x, y
        element = self.find(selector, timeout=timeout)
        cx, cy = element.bounds.center
        screen = self.session.latest.screen if self.session.latest is not None else None
        if element.bounds.area == 0 or (
            screen is not None and screen.area > 0 and not screen.contains_point(cx, cy)
        ):
            self.fail(f"{element} is not on screen (bounds {element.bounds.as_list()})")
        return cx, cy

    def element_result(self) -> dict[str, Any]:
        """The last resolution as JSON: element, key, bounds, and the selector that found it."""
        found = self.resolution
        if found is None:
            return {}
        out: dict[str, Any] = {
            "element": str(found.element),
            "key": found.element.key,
            "bounds": found.element.bounds.as_list(),
            "selector": found.selector.describe(),
        }
        if found.element.index is not None:
            out["index"] = found.element.index
        if found.alternate is not None:
            out["alternate"] = found.alternate
        return out

    def show(self, index: ElementIndex) -> None:
        """Record that the caller was shown ``index`` (its numbers become the session's)."""
        self.shown = index

    def fail(self, reason: str) -> NoReturn:
        """Fail the step: StepFailedError naming the step, the command and what was tried."""
        raise StepFailedError(self.step, self.command, reason, self.tried)


def _label(selector: Selector, position: int) -> str:
    kind = "selector" if position == 0 else f"alternate {position - 1}"
    return f"{kind} {selector.describe()}"
