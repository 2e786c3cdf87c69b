"""Property: the line of Python exported for any valid step sends exactly that step.

A stub phone records what each API call would run instead of running it, so
every command and parameter combination is checked without a device.
"""

from __future__ import annotations

from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st

from deltarec.core.api import Phone, expect
from deltarec.core.devices.virtual import make_virtual_device
from deltarec.core.errors import ScriptValidationError
from deltarec.core.executor import Script, Step
from deltarec.core.recorder.export_code import step_lines
from tests.core.recorder.test_exports import expected_commands, ran_commands

TEXT = st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=()),
               min_size=1, max_size=8)  # fmt: skip
FIELD = st.sampled_from(["text", "resource_id", "content_desc", "name", "role", "key"])


class StubPhone(Phone):
    def run(self, command: str, params: Any = None, *, check: bool = False) -> dict[str, Any]:
        self.steps.append(Step(command, dict(params or {})))
        return {}


def optional(name: str, values: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    return st.one_of(st.just({}), values.map(lambda v: {name: v}))


selectors = st.builds(
    lambda primary, index, alternates: {**primary, **index, **alternates},
    st.dictionaries(FIELD, TEXT, min_size=1, max_size=2),
    optional("index", st.integers(0, 99)),
    optional(
        "alternates",
        st.lists(st.dictionaries(FIELD, TEXT, min_size=1, max_size=2), min_size=1, max_size=2),
    ),
)
timeouts = optional("timeout", st.one_of(st.integers(0, 600), st.floats(0, 600)))
durations = optional("duration_ms", st.integers(1, 60_000))


def merged(*parts: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    return st.tuples(*parts).map(lambda ds: {k: v for d in ds for k, v in d.items()})


points = st.fixed_dictionaries({"x": st.integers(0, 3000), "y": st.integers(0, 3000)})
fractions = st.fixed_dictionaries({"rel_x": st.floats(0, 1), "rel_y": st.floats(0, 1)})
scrolled = st.builds(
    lambda s, within, more: {"selector": s, "scroll_in": within, **more},
    selectors,
    selectors,
    merged(optional("scroll_direction", st.sampled_from(["up", "down", "left", "right"])),
           optional("max_swipes", st.integers(1, 100))),
)  # fmt: skip
where = st.one_of(selectors.map(lambda s: {"selector": s}), points, fractions, scrolled)
facts = st.one_of(
    st.fixed_dictionaries({"exists": st.booleans()}),
    st.fixed_dictionaries({"gone": st.booleans()}),
    st.fixed_dictionaries({"text": st.text(max_size=5)}),
    st.sampled_from(["checked", "enabled", "selected"]).flatmap(
        lambda state: st.fixed_dictionaries({state: st.booleans()})
    ),
)


steps = st.one_of(
    st.tuples(st.just("AC_tap"), merged(where, timeouts)),
    st.tuples(st.just("AC_long_press"), merged(where, timeouts, durations)),
    st.tuples(st.just("AC_swipe"), merged(
        st.fixed_dictionaries({"direction": st.sampled_from(["up", "down", "left", "right"])}),
        optional("selector", selectors), optional("distance", st.integers(1, 5000)),
        optional("percent", st.floats(0.01, 100)), durations, timeouts)),
    st.tuples(st.just("AC_swipe"), merged(st.fixed_dictionaries(
        {k: st.integers(0, 3000) for k in ("x1", "y1", "x2", "y2")}), durations)),
    st.tuples(st.just("AC_swipe"), merged(st.fixed_dictionaries(
        {k: st.lists(st.floats(0, 1), min_size=2, max_size=2) for k in ("start", "end")}),
        durations)),
    st.tuples(st.just("AC_type_text"), merged(st.fixed_dictionaries({"text": TEXT}),
        optional("selector", selectors), optional("clear", st.booleans()), timeouts)),
    st.tuples(st.just("AC_press_key"), st.fixed_dictionaries(
        {"key": st.sampled_from(["enter", "del", "back", "move_end"])})),
    st.tuples(st.sampled_from(["AC_back", "AC_home"]), st.just({})),
    st.tuples(st.just("AC_launch_app"), merged(st.just({"package": "dev.app"}),
        optional("activity", st.sampled_from(["", ".Main"])))),
    st.tuples(st.just("AC_assert"), merged(st.builds(lambda s: {"selector": s}, selectors),
        facts, timeouts)),
    st.tuples(st.just("AC_wait_for"), merged(st.builds(lambda s: {"selector": s}, selectors),
        optional("state", st.sampled_from(["visible", "gone", "checked"])), timeouts)),
    st.tuples(st.just("AC_observe"), optional("tree", st.booleans())),
)  # fmt: skip


@given(step=steps, checks=st.lists(merged(st.builds(lambda s: {"selector": s}, selectors),
                                          facts, timeouts), max_size=2))  # fmt: skip
def test_the_exported_line_sends_exactly_the_step(step: tuple[str, Any], checks: Any) -> None:
    command, params = step
    script = Script((Step(command, params, checks=tuple(checks)),))
    try:
        wanted = expected_commands(script)
    except ScriptValidationError:
        assume(False)
    phone = StubPhone(make_virtual_device())
    exec("\n".join(step_lines(script.steps[0])), {"phone": phone, "expect": expect})
    assert ran_commands(phone.steps) == wanted
