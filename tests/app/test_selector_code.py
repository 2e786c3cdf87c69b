"""Copy selector as code and pick-on-screen, checked on every element of every real capture.

Oracles, over all of fixtures/real/ (hypothesis draws the point inside each element):

- the picked selector (not for a tap) names exactly the element under the point,
  strictly, as the executor resolves it; for a tap it is the one a recorded tap gets;
- the Python form, run against an object that notes the calls, rebuilds the selector
  (primary and alternates) exactly; the pytest form is that locator in ``expect(…)``;
- the Maestro form is YAML holding one ``tapOn`` whose ``id`` / ``text`` regex matches
  the element, or only comments saying why nothing maps;
- the JSON form loads back to the selector.
"""

from __future__ import annotations

import ast
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.app.inspecting import picked_selector
from deltarec.app.selector_code import FORMATS, selector_code
from deltarec.core.capture.jsonio import read_capture
from deltarec.core.errors import DeltarecError
from deltarec.core.executor.selectors import Selector, find_all
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex, element_at
from deltarec.core.observer import index_frame
from deltarec.core.recorder.targets import tap_params
from tests.conftest import REAL_DUMPS


@cache
def real_screens() -> tuple[ElementIndex, ...]:
    screens = []
    for path in sorted(REAL_DUMPS.rglob("*.xml")):
        try:
            screens.append(index_frame(Frame(read_capture(path))))
        except DeltarecError:
            continue  # a capture the boundary refuses has no elements to pick
    assert len(screens) >= 20, f"too few real captures under {REAL_DUMPS}"
    return tuple(screens)


@st.composite
def clicks(draw: st.DrawFn) -> tuple[ElementIndex, int, int]:
    """A real screen and a point inside one of its numbered elements."""
    screens = [s for s in real_screens() if s.elements]
    screen = draw(st.sampled_from(screens))
    element = draw(st.sampled_from(screen.elements))
    b = element.bounds
    x = draw(st.integers(b.left, max(b.left, b.right - 1)))
    y = draw(st.integers(b.top, max(b.top, b.bottom - 1)))
    return screen, x, y


class _Calls:
    """Stands for ``phone``: ``get(**f).or_(**g)`` becomes ``{**f, "alternates": [g]}``."""

    def __init__(self, fields: dict[str, Any] | None = None) -> None:
        self.fields = fields or {}

    def get(self, **fields: Any) -> _Calls:
        return _Calls(dict(fields))

    def or_(self, **fields: Any) -> _Calls:
        alternates = [*self.fields.get("alternates", []), fields]
        return _Calls({**self.fields, "alternates": alternates})


def _rebuilt(code: str) -> dict[str, Any]:
    tree = ast.parse(code, mode="eval")  # an expression, nothing else
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    assert names <= {"phone"}, code
    result = eval(compile(tree, "<copied>", "eval"), {"__builtins__": {}}, {"phone": _Calls()})
    assert isinstance(result, _Calls)
    return result.fields


@settings(max_examples=300, deadline=None)
@given(clicks())
def test_a_picked_selector_names_the_clicked_element_and_copies_exactly(
    click: tuple[ElementIndex, int, int],
) -> None:
    screen, x, y = click
    target = element_at(screen, x, y)
    assert target is not None
    selector = picked_selector(screen, x, y, tap=False)
    assert selector is not None
    parsed = Selector.from_json(selector)
    assert [m.pos for m in find_all(parsed, screen)] == [target.pos]
    # A tap's pick is what a recorded tap at that point writes.
    assert picked_selector(screen, x, y, tap=True) == tap_params(screen, x, y)["selector"]
    # Python (and pytest, the same locator) rebuilds the selector exactly.
    python = selector_code(selector, "Python")
    assert _rebuilt(python) == {k: v for k, v in selector.items()}
    assert selector_code(selector, "pytest") == f"expect({python}).to_be_visible()"
    assert json.loads(selector_code(selector, "JSON")) == selector
    flow = selector_code(selector, "Maestro")
    loaded = yaml.safe_load(flow)
    node = screen.frame.nodes[target.pos]
    if loaded is None:  # nothing maps: comments only, saying so
        assert all(line.startswith("# ") for line in flow.splitlines()), flow
        assert "no Maestro selector" in flow
        return
    assert isinstance(loaded, list) and len(loaded) == 1 and set(loaded[0]) == {"tapOn"}
    tap = loaded[0]["tapOn"]
    if "id" in tap:
        assert re.fullmatch(tap["id"], node.resource_id)
    else:
        label = tap["text"]
        assert any(re.fullmatch(label, v) for v in (node.text, node.content_desc,
                                                     screen.names[target.pos]) if v)  # fmt: skip


def test_every_format_is_offered_and_an_unknown_one_is_refused() -> None:
    assert FORMATS == ("Python", "pytest", "Maestro", "JSON")
    selector = {"resource_id": "app:id/save", "alternates": [{"text": "Save"}]}
    assert selector_code(selector, "Python") == (
        "phone.get(resource_id='app:id/save').or_(text='Save')"
    )
    assert selector_code(selector, "Maestro") == (
        '- tapOn:\n    id: app:id/save\n# alternates not exported: {text="Save"}'
    )
    with pytest.raises(ValueError, match="unknown format 'Ruby'"):
        selector_code(selector, "Ruby")
    with pytest.raises(DeltarecError):
        selector_code({}, "Python")  # not a selector: the executor's typed error


def test_real_captures_are_there() -> None:
    assert Path(REAL_DUMPS).is_dir() and real_screens()
