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

from collections.abc import Sequence

from rapidfuzz import fuzz, process, utils

from deltarec.core.errors import (
    ElementNotFoundError,
    ScriptValidationError,
    SelectorError,
    StepFailedError,
)
from deltarec.core.executor.commands.base import Command
from deltarec.core.executor.selectors import Selector, match
from deltarec.core.observe.index import ElementIndex
from deltarec.core.render.lines import quote

CUTOFF = 70.0
"""Lowest similarity (0-100) a suggestion may have."""
MARGIN = 8.0
"""A suggestion is made only within this many points of the best one."""
SHOWN = 3
"""How many suggestions a message lists."""
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


def _wanted(selector: Selector) -> list[str]:
    """The strings a selector looks for (text, name, description, resource id tail)."""
    rid = selector.resource_id.rpartition(":id/")[2] if selector.resource_id else None
    return [v for v in (selector.text, selector.name, selector.content_desc, rid) if v]


def closest_matches(selector: Selector, screen: ElementIndex, limit: int = SHOWN) -> list[str]:
    """The numbered elements of ``screen`` most like what ``selector`` asks for, as
    ``[i] role "name"`` (its role first when it gave one). [] when it asks for no text."""
    wanted = " ".join(_wanted(selector))
    if not wanted:
        return []
    frame = screen.frame
    choices: dict[int, str] = {}
    for element in screen.elements:
        node = frame.nodes[element.pos]
        rid = node.resource_id.rpartition(":id/")[2]
        choices[element.pos] = " ".join(v for v in (element.name, rid) if v)
    ranked = process.extract(
        wanted, choices, scorer=fuzz.token_set_ratio, processor=utils.default_process, limit=None
    )
    best = ranked[0][1] if ranked else 0.0
    good = [pos for _, score, pos in ranked if score >= max(CUTOFF, best - MARGIN)]
    if selector.role is not None:  # the role it asked for first, order kept otherwise
        good.sort(key=lambda pos: frame.nodes[pos].role != selector.role)
    return [str(match(screen, pos)) for pos in good[:limit]]


def not_found_message(exc: ElementNotFoundError, selector: Selector, screen: ElementIndex) -> str:
    """``no element matches {text="Sgin up"} within 2s; closest: [6] button "Sign up"``
    (what was on screen, as before, when nothing is close)."""
    close = closest_matches(selector, screen)
    if not close:
        return str(exc)
    return f"no element matches {exc.selector}; closest: {', '.join(close)}"


def step_message(
    error: StepFailedError, selector: Selector | None, screen: ElementIndex | None
) -> str:
    """One line for a failed step: the reason (a selector's own message, with the closest
    matches when nothing matched), then what was tried when the selector had alternates."""
    cause = error.__cause__
    reason = error.reason
    if isinstance(cause, ElementNotFoundError) and selector is not None and screen is not None:
        reason = not_found_message(cause, selector, screen)
    elif isinstance(cause, SelectorError):
        reason = str(cause)
    tried = error.tried if len(error.tried) > 1 or not isinstance(cause, SelectorError) else ()
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
