"""The on-screen keyboard and the focused field, read from the virtual phone's dumps."""

from __future__ import annotations

from pathlib import Path

from deltarec.core import parse_uiautomator
from deltarec.core.observe.model import Observation
from deltarec.core.recorder.keyboard import focused_field, ime_area, on_keyboard

FIXTURES = Path(__file__).parents[3] / "fixtures" / "virtual"


def screen(name: str) -> Observation:
    return parse_uiautomator((FIXTURES / name).read_text(encoding="utf-8"))


def test_the_keyboard_is_found_where_the_app_was_resized_above_it() -> None:
    up = screen("SignUpActivity-keyboard.xml")
    area = ime_area(up)
    assert area is not None and area.top == 1530 and area.bottom == 2400
    assert on_keyboard(up, 104, 1813) and not on_keyboard(up, 104, 450)
    field = focused_field(up)
    assert field is not None and field.text == "Ada"


def test_no_keyboard_and_no_focused_field_on_other_screens() -> None:
    for name in ("SignUpActivity.xml", "MainActivity.xml", "launcher.xml", "InboxActivity.xml"):
        obs = screen(name)
        assert ime_area(obs) is None, name
        assert not on_keyboard(obs, 104, 1813), name
    assert focused_field(screen("launcher.xml")) is None
