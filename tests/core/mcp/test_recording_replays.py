"""Generated agent sessions, saved as recordings, replay to the screen the agent left (issue 20).

The generator drives the real server through the SDK's client with random acting calls — taps
by ``[i]`` (of what describe lists), by ``x``/``y``, typing (into a field by ``[i]``, emptied
first), long presses, swipes by direction and by points, Back, Home — then saves the session
with ``save_recording`` and replays its script with the executor on a fresh phone. The oracle is the recorder's replay generator's
(:mod:`tests.core.recorder.test_carry_over`): the last screen is the same, and no step wrote
raw pixels. Calls that fail are part of the session too: they are not steps.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deltarec.core.executor import load_script
from tests.core.mcp.agent import Agent, agent
from tests.core.recorder.test_carry_over import RAW, STARTS, replay_json, screen

WIDTH, HEIGHT = 1080, 2400
Call = tuple[Any, ...]
fraction = st.floats(0.02, 0.98)
calls: st.SearchStrategy[Call] = st.one_of(
    st.tuples(st.just("element"), st.integers(0, 400)),  # a tap on the k-th [i] described
    st.tuples(st.just("point"), fraction, fraction),  # a tap by x/y
    st.tuples(
        st.just("swipe"), st.sampled_from(["up", "down", "left", "right"]), st.integers(10, 90)
    ),
    st.tuples(st.just("drag"), fraction, fraction, fraction, fraction),
    st.tuples(st.just("type"), st.sampled_from(["ada", "x y", "42"])),
    st.tuples(st.just("fill"), st.integers(0, 400), st.sampled_from(["ada", "x y"])),
    st.tuples(st.just("long"), st.integers(0, 400)),
    st.tuples(st.just("back")),
    st.tuples(st.just("home")),
)


async def perform(a: Agent, call: Call) -> None:
    kind = call[0]
    if kind == "element":
        numbers = await a.numbers()
        if numbers:
            await a.call("ac_tap", {"selector": {"index": numbers[call[1] % len(numbers)]}})
    elif kind == "point":
        await a.call("ac_tap", {"x": round(call[1] * WIDTH), "y": round(call[2] * HEIGHT)})
    elif kind == "swipe":
        await a.call("ac_swipe", {"direction": call[1], "percent": call[2]})
    elif kind == "drag":
        x1, y1, x2, y2 = (round(f * s) for f, s in zip(call[1:], (WIDTH, HEIGHT) * 2, strict=True))
        await a.call("ac_swipe", {"x1": x1, "y1": y1, "x2": x2, "y2": y2})
    elif kind == "type":
        await a.call("ac_type_text", {"text": call[1]})
    elif kind in ("fill", "long"):  # a field by [i], emptied first; a long press by [i]
        numbers = await a.numbers()
        if numbers:
            chosen = {"index": numbers[call[1] % len(numbers)]}
            if kind == "fill":
                await a.call("ac_type_text", {"selector": chosen, "text": call[2], "clear": True})
            else:
                await a.call("ac_long_press", {"selector": chosen})
    else:
        await a.call(f"ac_{kind}")


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(start=st.sampled_from(STARTS), plan=st.lists(calls, min_size=1, max_size=6))
def test_a_generated_agent_session_replays_to_the_screen_it_ended_on(
    tmp_path_factory: Any, start: tuple[str, ...], plan: list[Call]
) -> None:
    folder: Path = tmp_path_factory.mktemp("agent")
    ended: list[Any] = []

    async def session() -> None:
        async with agent(folder) as a:
            for name in start:  # open an app screen first: lists, pagers, forms
                await a.call("ac_tap", {"selector": {"index": await a.number(name)}})
            for call in plan:
                await perform(a, call)
            await a.call("save_recording", {"name": "agent"})
            assert a.last is not None and not a.last.isError
            ended.append(screen(a.session))

    anyio.run(session)
    script = load_script(folder / "agent" / "script.json")
    for step in script.steps:  # coordinates only as fractions, never raw pixels
        written = set(step.params)
        assert not written & RAW or (step.command == "AC_swipe" and "direction" not in written)
    assert screen(replay_json(script)) == ended[0]
