"""A real capture's app put into split screen (or taken out of it): its window laid out
again at about half the screen's height, with a known truth (issue 18, round 7).

:mod:`.screens` lays a capture out again at another width (split screen side by side, a
foldable) or turned; a phone held upright splits the other way: the app's window keeps its
width and loses about half its height, to the top half (the app that was open) or the
bottom half (the app opened beside it), the other app and the divider below or above it.
The window's content is laid out again as Android lays it out (:func:`.screens.laid`): a
list filling the rest of the window shows fewer rows from its top (its rows keep their
places), a bottom navigation and a FAB keep their distance from the window's new bottom
edge, a toolbar stays at its top, and what the new edges leave out of view is no longer
dumped.

The dump is the app's window alone (``uiautomator dump`` of the active window), as the
parser reads it: its screen's size inferred from the window (a window from the top reads
as a shorter screen; one at the bottom, whose top margin the parser mirrors as a floating
window's, as a taller one: the dump gives no other size).

The kinds (:class:`Split`; ``share``: the window's share of the screen's height, split
screen's halves and its 1/3–2/3 snap):

- **top** / **untop**: the app's window from the screen's top edge to ``share`` of its
  height, and the same pair read backwards (the app made full screen again);
- **bottom** / **unbottom**: the same at the screen's bottom edge.

The truth (:func:`check`): :func:`.screens.grade`'s: every element the new layout kept is
the element it was (never ``+`` / ``-``, never paired with another, its label never
``~``), nothing scrolled, no ``~ layout:`` line listing the moves, and the change of the
window's size said once (``~ screen: …``, JSON ``fields``); and no screen said larger than
the screen is (``false-size``). **Grader decisions** (``bottom`` / ``unbottom``): the
window moved on a screen of the same size, which the dump shows as it is (the window ends
at the screen's bottom edge), so no change of the screen's size is asked to be said, and
the oracle's rule 3 (nodes that moved together in a container that did not move
scrolled) is moot: every node moved with the window (:func:`.screens.grade`'s ``moved``).
A whole frame sent instead of the delta (cheaper) whose header names the new size says the
change too (:func:`.screens.grade`, for every kind of both sweeps).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from deltarec.core.capture.uiautomator import _infer_screen
from deltarec.core.diff.observation_diff import to_json
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Observation
from tests.core.real_scrolls import transforms
from tests.core.real_scrolls.grading import Violation
from tests.core.real_scrolls.screens import _size, _spanned, grade, kept, laid
from tests.core.real_scrolls.transforms import captures

KINDS = ("top", "untop", "bottom", "unbottom")
SHARES = (0.5, 0.4, 0.6)
"""The window's share of the screen's height (halves, the 1/3–2/3 snap less the divider)."""


@dataclass(frozen=True, slots=True)
class Split:
    """``capture`` full screen and in split screen (``kind``: :data:`KINDS`)."""

    capture: str
    kind: str
    share: float


def _window(obs: Observation, case: Split) -> tuple[int, int, int]:
    """(width, bottom, top) of the app's window in split screen."""
    w, h = _size(obs)
    high = round(h * case.share)
    return (w, high, 0) if case.kind in ("top", "untop") else (w, h, h - high)


def _inferred(obs: Observation) -> Observation:
    """``obs`` with the screen's size the parser infers from its windows
    (:func:`deltarec.core.capture.uiautomator._infer_screen`: a dump names no size)."""
    width, height = _infer_screen(obs.windows)
    return dataclasses.replace(obs, width=width, height=height)


def derive(case: Split) -> tuple[Observation, Observation]:
    """The pair in the kind's direction: full screen → split (``top``, ``bottom``), or back."""
    obs = dict(captures())[case.capture]
    w, bottom, top = _window(obs, case)
    other = _inferred(laid(obs, w, bottom, obs.rotation, top))
    return (obs, other) if case.kind in ("top", "bottom") else (other, obs)


def pairs(case: Split) -> dict[int, int]:
    """The truth's pairs, prev position → curr position: every node the new layout kept."""
    obs = dict(captures())[case.capture]
    there = kept(obs, *_window(obs, case))
    return there if case.kind in ("top", "bottom") else {c: p for p, c in there.items()}


def cases(rng: random.Random, per_capture: int) -> list[Split]:
    """``per_capture`` pairs of each real capture, kinds dealt in turn from a random start,
    the share drawn from :data:`SHARES`."""
    out: list[Split] = []
    for name, obs in captures():
        if not _spanned(obs):  # a dialog's window alone: no app window to split
            continue
        start = rng.randrange(len(KINDS))
        for k in range(per_capture):
            out.append(Split(name, KINDS[(start + k) % len(KINDS)], rng.choice(SHARES)))
    return out


def kind(case: Split) -> str:
    return case.kind


def check(case: Split) -> list[Violation]:
    """The violations of the delta of ``case`` (module docstring), text and JSON; and a
    screen's size said larger than the screen is (the window at the bottom read as a
    floating one: a false fact of the parser's inference)."""
    prev, curr = derive(case)
    try:
        out = grade(prev, curr, pairs(case), moved=case.kind in ("bottom", "unbottom"))
    except AssertionError as e:  # tests.core.dict_truth.on_xml: a scroll of the dicts' root
        return [("false-scroll", str(e))]
    w, h = _size(dict(captures())[case.capture])
    said = (
        to_json(transforms.compute_delta(Frame(prev), Frame(curr))).get("fields", {}).get("screen")
    )
    if said and any(x > w or y > h for x, y in (said["from"], said["to"])):
        out.append(("false-size", f"the screen {w}x{h} said {said['from']} → {said['to']}"))
    return out
