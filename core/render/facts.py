"""A delta line and the facts it states: which element, and which of its changes, it says.

A delta line is text for a person; its facts are the same statement for code. The recorder
derives its suggested assertions from them and from nothing else
(:mod:`deltarec.core.recorder.suggest`), so a suggestion never asserts what the delta
left unsaid (a text in a disabled row whose row said "disabled" for it), and everything
it asserts, the person read.

A :class:`Fact` is one element and how the line speaks of it:

- ``ADDED``: it appeared (a ``+`` line, a dialog's control, a row that came into view, an
  element a new screen lists); ``pos`` is in the new frame;
- ``WINDOW_OPENED``: the window it roots opened (``+ [i] dialog``, ``» A → [i] B``);
- ``CHANGED`` with ``attribute``: that attribute of it changed, from and to the values of
  the diff's entry (``Delta.changed[pos][attribute]``); ``pos`` is in the new frame;
- ``REMOVED``: it went (a ``-`` line); ``pos`` is in the old frame.

    >>> Fact(ChangeKind.CHANGED, 18, "enabled")
    Fact(kind=<ChangeKind.CHANGED: 'changed'>, pos=18, attribute='enabled')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from deltarec.core.diff.types import ChangeKind


class Fact(NamedTuple):
    """One element a delta line speaks of, and how (module docstring)."""

    kind: ChangeKind
    pos: int
    attribute: str = ""


class Line(NamedTuple):
    """One delta line and the kind of change it reports."""

    kind: ChangeKind
    text: str
    facts: tuple[Fact, ...] = ()
    """What the line states, element by element (above)."""
    short: str = ""
    """The line without the names a hedge gives, when it gives some (a scroll's ``…, or its
    row "Ada" was removed`` reads ``…, or its top row was removed``): what a token budget
    keeps where the names would cost a line (:func:`deltarec.core.render.budget.fit`)."""


def added(positions: Iterable[int]) -> tuple[Fact, ...]:
    """``ADDED`` facts for ``positions`` of the new frame.

    >>> [f.pos for f in added([3, 5])]
    [3, 5]
    """
    return tuple(Fact(ChangeKind.ADDED, p) for p in positions)


def changed(pos: int, attributes: Iterable[str]) -> tuple[Fact, ...]:
    """``CHANGED`` facts, one per attribute of ``pos`` a line renders.

    >>> [f.attribute for f in changed(4, ["text", "enabled"])]
    ['enabled', 'text']
    """
    return tuple(Fact(ChangeKind.CHANGED, pos, a) for a in sorted(attributes))


def short_lines(lines: Sequence[Line]) -> list[str] | None:
    """The texts of ``lines``, each without a hedge's names (:attr:`Line.short`) where it
    gives some, for a token budget to fall back to (:func:`deltarec.core.render.budget.fit`);
    None when no line gives names. O(lines).

    >>> short_lines([Line(ChangeKind.ADDED, "+ a")]) is None
    True
    >>> short_lines([Line(ChangeKind.SCROLLED, '↕ … its row "A" was removed', (), "↕ … its top row "
    ...     "was removed"), Line(ChangeKind.ADDED, "+ a")])
    ['↕ … its top row was removed', '+ a']
    """
    if not any(line.short for line in lines):
        return None
    return [line.short or line.text for line in lines]


__all__ = ["Fact", "Line", "added", "changed", "short_lines"]
