"""Every row of a real capture's list shows a relative time, and every one ticks, with a
known truth.

:func:`stamped` gives each row of a list (the lists of :func:`.insertions.lists`) a time,
appended to its last text ("Hi" → "Hi · 5 min ago", "Camera · 9:41"): the row keeps its
words, as a row keeps its sender and subject beside its time.
Rows show times that repeat ("5 min ago" in two rows: messages sent in the same minute)
or that all read alike ("9:41"). :func:`derive` stamps the capture twice, the second
time each minute one on ("5 min ago" → "6 min ago", "9:41" → "9:42", "3m" → "4m"): a
step in which nothing but the clock moved.

The truth (:func:`check`): each stamped label is one ``~`` of that node (its text), and
nothing else: no scroll, no ``+`` / ``-``, no ``~`` of another node. Rule 2 of the
real-capture oracle (a text A→B where A still shows or B already did is a false pairing)
is exactly what a tick of every row contradicts ("5 min ago" → "6 min ago" while the row
below goes "6" → "7"), and so is its rule 1 on the stamped labels (a label unique in both
frames is one node: "didi · 6 min ago" was the second row's, and is the first row's after);
its rule 1 on every other label, and its rule 3, are asked.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from deltarec.core.observe.model import Node, Observation
from tests.core.dict_truth import in_input
from tests.core.real_scrolls.grading import Violation, changed_besides, no_scroll, stayed_listed
from tests.core.real_scrolls.insertions import lists
from tests.core.real_scrolls.transforms import (
    Path_,
    _at,
    _positions,
    _replace,
    captures,
    graded,
)

FORMATS = ("{} min ago", "9:{:02d}", "{}m", "{} hours ago", "({})", "{} new")
"""How a row says when (or how many): a minute count, a clock, a short count, a count in
brackets ("(3)" → "(4)": unread messages), a count of news."""

SENDER = "didi"
"""The one sender of every row of a :attr:`Tick.sender` case."""


@dataclass(frozen=True, slots=True)
class Tick:
    """The rows of the list at ``where`` stamped with the minutes ``ages`` (one a row) in
    format ``style`` (an index of :data:`FORMATS`), then each one minute on."""

    capture: str
    where: Path_
    ages: tuple[int, ...]
    style: int
    sender: bool = False
    """Every stamped label reads as one sender's ("didi · 5 min ago"): a chat whose rows all
    come from one person, or a log of one app's notifications. The rows keep the rest of
    what they show (their avatar, a letter that heads a group)."""


def _label_paths(row: Node, at: Path_) -> list[Path_]:
    """Paths (from ``at``) of the nodes of ``row`` that show a text, in document order."""
    out: list[Path_] = []
    stack: list[tuple[Path_, Node]] = [(at, row)]
    while stack:
        path, node = stack.pop()
        if node.text and "EditText" not in node.class_name and node.bounds.area:
            out.append(path)
        stack.extend(((*path, k), c) for k, c in reversed(list(enumerate(node.children))))
    return out


def stamps(obs: Observation, where: Path_) -> list[Path_]:
    """The label stamped in each row of the list at ``where`` that shows a text: its last."""
    out: list[Path_] = []
    for k, row in enumerate(_at(obs, where).children):
        labels = _label_paths(row, (*where, k))
        if labels:
            out.append(labels[-1])
    return out


def stamped(obs: Observation, case: Tick, later: int) -> Observation:
    """``obs`` with every row of the list stamped with its age plus ``later`` minutes."""
    style = FORMATS[case.style]
    for path, age in zip(stamps(obs, case.where), case.ages, strict=False):
        node = _at(obs, path)
        text = f"{SENDER if case.sender else node.text} · {style.format(age + later)}"
        obs = _replace(obs, path, dataclasses.replace(node, text=text))
    return obs


STEPS = ((0, 1, 2, 5), (1,), (0, 1))
"""How far apart the ages of two rows in a row may be: any, a burst of one a minute (every
row's time meets the next row's after the tick), one or two a minute."""


def cases(rng: random.Random, per_capture: int) -> list[Tick]:
    """``per_capture`` lists of each real capture with three stamped rows or more, their
    ages rising down the list (by steps of one of :data:`STEPS`), some repeating; a third
    of them all from one sender, where rows whose times meet read alike."""
    out: list[Tick] = []
    for name, obs in captures():
        where = sorted({w for w, _ in lists(obs) if len(stamps(obs, w)) >= 3})
        for _ in range(per_capture if where else 0):
            path = rng.choice(where)
            steps = rng.choice(STEPS)
            ages, age = [], rng.randint(1, 5)
            for _ in stamps(obs, path):
                ages.append(age)
                age += rng.choice(steps)
            style, sender = rng.randrange(len(FORMATS)), rng.random() < 1 / 3
            out.append(Tick(name, path, tuple(ages), style, sender))
    return out


def derive(case: Tick) -> tuple[Observation, Observation]:
    obs = dict(captures())[case.capture]
    return stamped(obs, case, 0), stamped(obs, case, 1)


def check(case: Tick) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    said = {repr(_at(curr, path).text) for path in stamps(curr, case.where)}

    def moot(v: str) -> bool:
        # Rule 1 (a label unique in both frames is one node) is what rows whose times meet
        # contradict: "didi · 9 min ago" was the second row's, and is now the first row's.
        return v.startswith("text ") or (
            v.startswith("persisted ") and any(f" {t} reported" in v for t in said)
        )

    _, fc, d, out = graded(prev, curr, moot)
    out += no_scroll(d, "a clock tick")
    out += stayed_listed(d)
    ticked = {_positions(fc, curr, path).start for path in stamps(curr, case.where)}
    out += changed_besides(d, ticked)
    missed = [t for t in ticked if "text" not in d.changed.get(t, {}) and in_input(fc, t, "text")]
    if missed:
        out.append(("missed", f"{len(missed)} of {len(ticked)} ticks not ~"))
    return out


def kind(case: Tick) -> str:
    return "tick"
