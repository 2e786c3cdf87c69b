"""Strict fallbacks, oracle over every real capture (issue 22, issue 21 item 7).

For every pair of screens of one app in ``fixtures/real/`` and every element a person could
tap on the first, the selector the recorder writes (:func:`tap_params`) is resolved on the
second, numbered anew as a replay numbers it. Whenever a *fallback* resolves, it must be an
element of the recorded role and name: never another element that happens to share a text
or a resource id. On the screen it was recorded on, the primary resolves to the element.
(Without the strict check in ``resolve`` this fails on four of the seven folders.)
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from deltarec.core.capture.jsonio import read_capture
from deltarec.core.errors import SelectorError
from deltarec.core.executor.selectors import Selector, find_all, resolve
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex, element_at
from deltarec.core.observer import index_frame
from deltarec.core.recorder.targets import actionable, tap_params

REAL = Path(__file__).resolve().parents[3] / "fixtures" / "real"
FOLDERS = sorted({p.parent for p in REAL.rglob("*.xml")})


def _screens(folder: Path) -> list[ElementIndex]:
    return [index_frame(Frame(read_capture(p))) for p in sorted(folder.glob("*.xml"))]


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.relative_to(REAL).as_posix())
def test_a_fallback_resolves_only_to_the_recorded_element(folder: Path) -> None:
    screens = _screens(folder)
    for a, b in itertools.permutations(screens, 2) if len(screens) > 1 else []:
        for element in a.elements:
            point = element.bounds.center
            params = tap_params(a, *point)
            pointed = element_at(a, *point)  # the innermost element there: what was tapped
            if "selector" not in params or pointed is None:
                continue
            selector = Selector.from_json(params["selector"])
            pos = actionable(a.frame, pointed.pos)
            assert [m.pos for m in find_all(selector, a)] == [pos]  # unique where recorded
            role, name = a.frame.nodes[pos].role, a.names[pos]
            try:
                found = resolve(selector, b)
            except SelectorError:
                continue  # failing, naming what was tried, is what a fallback may do
            if found.alternate is None:
                continue
            assert found.element.role == role, (selector, found)
            assert found.element.name == name or role == "textbox", (selector, found)
