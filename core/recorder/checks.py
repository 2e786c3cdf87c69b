"""The assertions a recorded step keeps: chosen from its suggestions, replayed as ``checks``.

A recorded delta says what *kind* of change a step made; replay checks it
loosely (:mod:`deltarec.core.executor.effect`), so typing "Bob" where "Ada" was
recorded still passes. The recorder therefore keeps a few of the step's
suggested assertions (:func:`deltarec.core.recorder.suggest.suggest_assertions`) as the
step's ``checks``; replay runs them (:mod:`deltarec.core.executor.checks`) and exports
write them as ``expect(...)`` lines.

Which ones, in this order, at most :data:`MAX_CHECKS`:

1. a text that changed (the value typed: what the effect check cannot see);
2. a checked / selected / enabled state that flipped;
3. something that appeared (a dialog first, as suggest orders it);
4. something that disappeared.

Only suggestions whose selector a person can read and that means the same
thing on a later screen are kept: no stable ``key`` or ``[i]`` ``index``
(the first is opaque, the second only valid for the frame it was taken on).
A text that changed only in its numbers ("Refreshed 7 times"→"Refreshed 16
times", a clock) is a counter: its value at replay is not the recording's, so
it is never a check (given the step's delta, :func:`counters` finds them).
Duplicates (same selector and fact) are kept once.

    >>> from deltarec.core.recorder.suggest import Suggestion
    >>> s = [Suggestion('"Save" appeared', {"selector": {"text": "Save"}, "exists": True}),
    ...      Suggestion('"Name" reads "Ada"', {"selector": {"resource_id": "a:id/name"},
    ...                                        "text": "Ada"}),
    ...      Suggestion('"x" appeared', {"selector": {"key": "5b05"}, "exists": True})]
    >>> for check in choose_checks(s):
    ...     print(check)
    {'selector': {'resource_id': 'a:id/name'}, 'text': 'Ada'}
    {'selector': {'text': 'Save'}, 'exists': True}
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from deltarec.core.diff.volatile import is_counter
from deltarec.core.errors import DeltarecError
from deltarec.core.executor.selectors import Selector
from deltarec.core.observer import DeltaResult
from deltarec.core.recorder.suggest import Suggestion

MAX_CHECKS = 2
_ORDER = ("text", "checked", "selected", "enabled", "exists", "gone")
_OPAQUE = ("key", "index")


def _fact(params: dict[str, Any]) -> str | None:
    return next((fact for fact in _ORDER if fact in params), None)


def _readable(params: dict[str, Any]) -> bool:
    selector = params.get("selector")
    return isinstance(selector, dict) and not any(k in selector for k in _OPAQUE)


def counters(result: DeltaResult | None) -> set[str]:
    """New texts of the step that differ from the old ones only in their numbers
    (:func:`deltarec.core.diff.volatile.is_counter`)."""
    if result is None:
        return set()
    out = set()
    for changes in result.delta.changed.values():
        text = changes.get("text")
        if text is not None and is_counter(str(text["from"]), str(text["to"])):
            out.add(str(text["to"]))
    return out


def choose_checks(
    suggestions: Iterable[Suggestion], result: DeltaResult | None = None, limit: int = MAX_CHECKS
) -> list[dict[str, Any]]:
    """The step's checks: ``AC_assert`` parameters, most telling first (module docstring).

    ``result`` is the step's delta (for :func:`counters`). Stable: suggestions
    of one kind keep their order. Cost: O(n log n).
    """
    skip = counters(result)
    kept: dict[str, tuple[int, int, dict[str, Any]]] = {}
    for position, suggestion in enumerate(suggestions):
        params = dict(suggestion.params)
        fact = _fact(params)
        if fact is None or not _readable(params) or params.get("text") in skip:
            continue
        params = as_check(params)  # replay and expect() share one default
        identity = _identity(params)
        kept.setdefault(identity, (_ORDER.index(fact), position, params))
    ranked = sorted(kept.values(), key=lambda item: (item[0], item[1]))
    return [params for _, _, params in ranked[:limit]]


def as_check(params: dict[str, Any]) -> dict[str, Any]:
    """``AC_assert`` parameters as a step's check: the timeout left to the one default wait."""
    out = dict(params)
    out.pop("timeout", None)
    return out


def same_check(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two assertions say the same thing (their timeouts aside)."""
    return _identity(as_check(a)) == _identity(as_check(b))


def _identity(params: dict[str, Any]) -> str:
    return json.dumps(params, sort_keys=True, ensure_ascii=True)


def check_label(check: dict[str, Any], suggestions: Iterable[Suggestion] = ()) -> str:
    """What a person reads for a check: its suggestion's label, else its selector and fact.

    >>> check_label({"selector": {"text": "Saved"}, "exists": True})
    '{text="Saved"} is visible'
    """
    for suggestion in suggestions:
        if same_check(suggestion.params, check):
            return suggestion.label
    selector = check.get("selector")
    try:
        shown = str(Selector.from_json(selector)) if selector is not None else "screen"
    except DeltarecError:
        shown = json.dumps(selector, ensure_ascii=False)
    if check.get("exists") is True:
        return f"{shown} is visible"
    if check.get("gone") is True:
        return f"{shown} is gone"
    facts = ", ".join(f"{k}={v!r}" for k, v in check.items() if k not in ("selector", "timeout"))
    return f"{shown} {facts}".strip()


__all__ = ["MAX_CHECKS", "as_check", "check_label", "choose_checks", "same_check"]
