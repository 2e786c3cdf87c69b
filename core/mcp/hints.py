"""Errors an agent can act on: the nearest tool names, the closest on-screen matches.

Tool names rank with rapidfuzz's ``WRatio``, on-screen labels with
``token_set_ratio`` over lower-cased words ("Save" is close to "Save draft",
"Sgin up" to "Sign up", not to "Navigate up"); both keep candidates scoring at
least :data:`CUTOFF` and within :data:`MARGIN` of the best, best first, ties in
the order given (palette order, reading order). Cost: one score per candidate.

    >>> nearest_tools("ac_tapp", ["ac_tap", "ac_type_text", "ac_back"])
    ['ac_tap']
    >>> nearest_tools("ac_click", ["ac_tap", "ac_back"]), nearest_tools("ac_fly", ["ac_tap"])
    (['ac_tap'], [])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rapidfuzz import fuzz, process, utils

from deltarec.core.errors import (
    AmbiguousSelectorError,
    ElementNotFoundError,
    ScriptValidationError,
    SelectorError,
    StepFailedError,
)
from deltarec.core.executor.commands.base import Command
from deltarec.core.executor.context import Meaning
from deltarec.core.executor.selectors import Match, Selector, find_all, match
from deltarec.core.observe.index import ElementIndex
from deltarec.core.render.lines import quote

CUTOFF = 70.0
"""Lowest similarity (0-100) a suggestion may have."""
MARGIN = 8.0
"""A suggestion is made only within this many points of the best one."""
SHOWN = 3
"""How many suggestions a message lists."""
SYSTEM_UI = "com.android.systemui"
"""The status and navigation bars' package: never offered as a candidate."""
CANDIDATES_SHOWN = 5
"""How many candidates of an ambiguous selector a message lists."""
ROW_NAMES = 2
"""How many names of its row an ambiguous candidate is told by."""
SYNONYMS = {"click": "tap", "press": "tap", "scroll": "swipe", "fill": "type_text"}
"""Other tools' words for ours (``ac_click`` → ``ac_tap``)."""


def _bare(name: str) -> str:
    return name.lower().removeprefix("ac_")


def nearest_tools(name: str, names: Sequence[str], limit: int = 2) -> list[str]:
    """The tool names closest to ``name`` (at most ``limit``, best first), the ``ac_``
    prefix aside; a known synonym (``click``) suggests its tool first."""
    bare = {_bare(n): n for n in names}
    wanted = _bare(name[:100])
    synonym = bare.get(SYNONYMS.get(wanted, ""))
    found = process.extract(wanted, list(bare), scorer=fuzz.WRatio, limit=limit)
    best = found[0][1] if found else 0.0
    close = [bare[c] for c, score, _ in found if score >= max(CUTOFF, best - MARGIN)]
    if synonym is not None:
        close = [synonym, *(c for c in close if c != synonym)]
    return close[:limit]


def unknown_tool(name: str, names: Sequence[str]) -> str:
    """``unknown tool 'ac_tapp'; did you mean ac_tap?``"""
    close = nearest_tools(name, names)
    hint = f"; did you mean {' or '.join(close)}?" if close else ""
    return f"unknown tool {name[:80]!r}{hint}"


def _wanted(selector: Selector, meant: Meaning | None = None) -> list[str]:
    """The strings a selector looks for (text, name, description, resource id tail; for an
    ``[i]`` no longer on screen, the name it meant)."""
    rid = selector.resource_id.rpartition(":id/")[2] if selector.resource_id else None
    found = [v for v in (selector.text, selector.name, selector.content_desc, rid) if v]
    if meant is not None:
        found.append(meant.label.partition(" ")[2].strip('"'))
    return found


def _app_elements(screen: ElementIndex) -> list[int]:
    """Positions of the numbered elements that are not the status or navigation bar."""
    nodes = screen.frame.nodes
    return [e.pos for e in screen.elements if nodes[e.pos].package != SYSTEM_UI]


def closest_matches(
    selector: Selector, screen: ElementIndex, limit: int = SHOWN, meant: Meaning | None = None
) -> list[str]:
    """The numbered elements of ``screen`` most like what ``selector`` asks for, as
    ``[i] role "name"`` (its role first when it gave one); never the status bar. [] when it
    asks for no text or nothing is close."""
    wanted = " ".join(_wanted(selector, meant))
    if not wanted:
        return []
    frame = screen.frame
    choices: dict[int, str] = {}
    for pos in _app_elements(screen):
        node = frame.nodes[pos]
        rid = node.resource_id.rpartition(":id/")[2]
        choices[pos] = " ".join(v for v in (screen.names[pos], rid) if v)
    ranked = process.extract(
        wanted, choices, scorer=fuzz.token_set_ratio, processor=utils.default_process, limit=None
    )
    best = ranked[0][1] if ranked else 0.0
    good = [pos for _, score, pos in ranked if score >= max(CUTOFF, best - MARGIN)]
    if selector.role is not None:  # the role it asked for first, order kept otherwise
        good.sort(key=lambda pos: frame.nodes[pos].role != selector.role)
    return [str(match(screen, pos)) for pos in good[:limit]]


def actionable(
    selector: Selector, screen: ElementIndex, limit: int = SHOWN
) -> tuple[list[str], int]:
    """What ``screen`` offers when nothing is close: its elements of the role asked for,
    else its interactive ones, else any (never the status bar), in reading order; and how
    many more there are."""
    frame = screen.frame
    app = _app_elements(screen)
    role = [pos for pos in app if frame.nodes[pos].role == selector.role]
    interactive = [pos for pos in app if frame.nodes[pos].interactive]
    for chosen in (role, interactive, app):
        if chosen:
            return [str(match(screen, pos)) for pos in chosen[:limit]], len(chosen) - limit
    return [], 0


def _gone_index(selector: Selector, meant: Meaning | None) -> str | None:
    """``[8] button "Inbox" (shown after step 1) is not on screen`` for an ``[i]``-only
    selector whose number was shown; None otherwise."""
    if meant is None or list(selector.given()) != ["index"] or selector.alternates:
        return None
    return f"[{selector.index}] {meant.label} ({meant.when}) is not on screen"


def screen_offer(selector: Selector, screen: ElementIndex, meant: Meaning | None = None) -> str:
    """``closest: [6] button "Sign up"``, or when nothing is close what the screen offers to
    act on (``on screen: …``); never the status bar."""
    close = closest_matches(selector, screen, meant=meant)
    if close:
        return f"closest: {', '.join(close)}"
    offered, more = actionable(selector, screen)
    if not offered:
        return "the screen has no elements"
    tail = f" (+{more} more)" if more > 0 else ""
    return f"on screen: {', '.join(offered)}{tail}"


def not_found_message(
    exc: ElementNotFoundError,
    selector: Selector,
    screen: ElementIndex,
    meant: Meaning | None = None,
) -> str:
    """``no element matches {text="Sgin up"} within 2s; closest: [6] button "Sign up"``
    (:func:`screen_offer`); an ``[i]`` that was shown and left names what it was."""
    head = _gone_index(selector, meant) or f"no element matches {exc.selector}"
    return f"{head}; {screen_offer(selector, screen, meant)}"


def _row(screen: ElementIndex, pos: int, others: set[int]) -> str:
    """The row ``pos`` sits in (its highest ancestor holding no other candidate) as the
    replies name it: the outermost numbered element of it that holds ``pos``, ``[21] button
    "Vibrate · Off"`` (one name per element: never its labels joined anew); else ``row "…"``,
    the first :data:`ROW_NAMES` names of the numbered elements in it (not its own); "" none."""
    frame = screen.frame
    row = pos
    parent = frame.parents[pos]
    while parent >= 0 and not any(_inside(frame.parents, o, parent) for o in others):
        row, parent = parent, frame.parents[parent]
    holder, at = None, frame.parents[pos]
    while row != pos and at >= 0:
        if at in screen.number_of:
            holder = at
        if at == row:
            break
        at = frame.parents[at]
    if holder is not None:
        return element_label(
            frame.nodes[holder].role, screen.names[holder], screen.number_of[holder]
        )
    own = screen.names[pos]
    names: list[str] = []
    for element in screen.elements:
        name = screen.names[element.pos]
        if (
            element.pos != pos
            and _inside(frame.parents, element.pos, row)
            and len(name) > 2
            and name != own
            and name not in names
        ):
            names.append(_short(name))
        if len(names) == ROW_NAMES:
            break
    return f"row {quote(' · '.join(names))}" if names else ""


def _short(name: str, width: int = 30) -> str:
    """``name``, cut at a word to at most ``width`` characters (``…`` marks a cut).

    >>> _short("Travel: ten places to see this spring")
    'Travel: ten places to see…'
    """
    if len(name) <= width:
        return name
    cut = name[: width - 1].rsplit(" ", 1)[0] if " " in name[: width - 1] else name[: width - 1]
    return cut.rstrip(" ,.:;·-") + "…"


def _inside(parents: Sequence[int], pos: int, ancestor: int) -> bool:
    """``pos`` is ``ancestor`` or below it."""
    while pos >= 0:
        if pos == ancestor:
            return True
        pos = parents[pos]
    return False


def ambiguous_message(exc: AmbiguousSelectorError, selector: Selector, screen: ElementIndex) -> str:
    """The candidates of an ambiguous selector, each with the row it sits in when several
    carry the same label (``[19] button "Like" in row "Maya Chen · Travel: …"``), and a
    key to select one without a number."""
    found: list[Match] = find_all(selector, screen)
    labels = [f"{m.role} {m.name}" for m in found]
    if len(found) != len(exc.candidates) or len(set(labels)) == len(labels):
        return str(exc)
    positions = {m.pos for m in found}
    shown = []
    for m in found[:CANDIDATES_SHOWN]:
        row = _row(screen, m.pos, positions - {m.pos})
        where = f" in {row}" if row else ""
        pick = "" if m.index is not None else f' (select {{"key": "{m.key}"}})'
        shown.append(f"{m}{where}{pick}")
    more = len(found) - len(shown)
    tail = f" (+{more} more)" if more > 0 else ""
    return f"selector {exc.selector} matches {len(found)} elements: {'; '.join(shown)}{tail}"


def step_message(
    error: StepFailedError,
    selector: Selector | None,
    screen: ElementIndex | None,
    meaning: Callable[[int], Meaning | None] | None = None,
) -> str:
    """One line for a failed step: the reason (a selector's own message, with the closest
    matches or what the screen offers when nothing matched, the row of each candidate when
    several look alike), then what was tried when the selector had alternates. A failed
    assertion's ``tried`` only repeats it: left out, what the screen has said instead."""
    cause = error.__cause__
    reason = error.reason
    meant = None
    if selector is not None and selector.index is not None and meaning is not None:
        meant = meaning(selector.index)
    if isinstance(cause, ElementNotFoundError) and selector is not None and screen is not None:
        reason = not_found_message(cause, selector, screen, meant)
    elif isinstance(cause, AmbiguousSelectorError) and selector is not None and screen is not None:
        reason = ambiguous_message(cause, selector, screen)
    elif isinstance(cause, SelectorError):
        reason = str(cause)
    elif reason.endswith(": nothing matches") and selector is not None and screen is not None:
        reason = f"{reason}; {screen_offer(selector, screen, meant)}"
    tried = error.tried if len(error.tried) > 1 or not isinstance(cause, SelectorError) else ()
    tried = tuple(t for t in tried if not t.startswith("checked "))
    detail = f"; tried: {', '.join(tried)}" if tried else ""
    return " ".join(f"{reason}{detail}".split())


def argument_message(exc: ScriptValidationError) -> str:
    """A bad argument, named without the script path's ``$.``: ``x: expected an integer…``."""
    path = exc.path.removeprefix("$").removeprefix(".")
    return f"{path}: {exc.problem}" if path else exc.problem


def check_required(command: type[Command], arguments: dict[str, object]) -> None:
    """ScriptValidationError naming a missing required parameter and its expected type."""
    for name, spec in command.spec().items():
        if spec.required and arguments.get(name) is None:
            raise ScriptValidationError(
                "$", f"missing required parameter {name!r} ({spec.kind.label})"
            )


def element_label(role: str, name: str, index: int | None) -> str:
    """``[i] role "name"`` (no number when it has none)."""
    marker = f"[{index}] " if index is not None else ""
    return f"{marker}{role} {quote(name)}"
