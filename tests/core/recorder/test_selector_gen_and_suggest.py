"""Recorder helpers on real captures: unique selectors with alternates, suggested assertions."""

from __future__ import annotations

from deltarec.core import observe_delta, parse_uiautomator
from deltarec.core.observe.frame import Frame
from deltarec.core.recorder.selector_gen import count_matches, selector_for
from deltarec.core.recorder.suggest import suggest_assertions
from tests.conftest import real_dump


def test_every_element_of_every_real_screen_gets_a_unique_selector() -> None:
    for name in ("settings-wifi/05.xml", "contacts-agent/04.xml", "contacts-manual/07.xml"):
        frame = Frame(parse_uiautomator(real_dump(name)))
        for pos in range(len(frame)):
            sel = selector_for(frame, pos)
            assert count_matches(frame, {k: v for k, v in sel.items() if k != "alternates"}) == 1
            for alt in sel.get("alternates", []):
                assert count_matches(frame, alt) == 1


def test_repeated_resource_ids_fall_back_to_text_then_key() -> None:
    frame = Frame(parse_uiautomator(real_dump("settings-airplane/03.xml")))
    titles = [p for p, n in enumerate(frame.nodes) if n.resource_id == "android:id/title"]
    sel = selector_for(frame, titles[0])
    assert set(sel) - {"alternates"} == {"text"} and "key" in sel["alternates"][-1]


def test_editable_text_is_never_a_selector() -> None:
    frame = Frame(parse_uiautomator(real_dump("contacts-agent/07.xml")))
    field = next(p for p, n in enumerate(frame.nodes) if n.text == "zr")
    sel = selector_for(frame, field)
    assert "text" not in sel and all("text" not in a for a in sel.get("alternates", []))


def test_suggestions_for_a_toggle_and_a_dialog() -> None:
    toggle = observe_delta(
        parse_uiautomator(real_dump("settings-airplane/03.xml")),
        parse_uiautomator(real_dump("settings-airplane/04.xml")),
    )
    labels = [s.label for s in suggest_assertions(toggle)]
    assert '"Airplane mode" checked is true' in labels
    assert '"SIMs · T-Mobile" enabled is false' in labels
    dialog = observe_delta(
        parse_uiautomator(real_dump("contacts-manual/06.xml")),
        parse_uiautomator(real_dump("contacts-manual/07.xml")),
    )
    first = suggest_assertions(dialog)[0]
    assert first.label.startswith('dialog "Switch to editing')
    assert first.step == [
        "AC_assert",
        {"selector": {"resource_id": "android:id/message"}, "exists": True},
    ]
