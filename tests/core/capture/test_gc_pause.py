"""The collector is held while the element-dict pipeline builds its frames, and always given
back as it was: nested, concurrent, after an error."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks import synthetic
from deltarec.core.capture import frame_cache
from deltarec.core.capture.gc_pause import gc_paused
from deltarec.core.elements import delta_observation
from deltarec.core.errors import CaptureParseError


@pytest.fixture
def collector_state() -> Iterator[None]:
    was = gc.isenabled()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


@settings(max_examples=60, deadline=None)
@given(st.booleans(), st.lists(st.booleans(), max_size=12))
def test_nested_pauses_give_the_collector_back_as_it_was(enabled: bool, steps: list[bool]) -> None:
    """``steps``: True enters one more block, False leaves the innermost (when any)."""
    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        blocks = []
        for enter in steps:
            if enter:
                block = gc_paused()
                block.__enter__()
                blocks.append(block)
            elif blocks:
                blocks.pop().__exit__(None, None, None)
            assert gc.isenabled() == (enabled and not blocks)
        while blocks:
            blocks.pop().__exit__(None, None, None)
        assert gc.isenabled() == enabled
    finally:
        gc.enable() if was else gc.disable()


def test_two_threads_share_one_pause(collector_state: None) -> None:
    """The first in turns it off, the last out turns it on, whichever thread that is."""
    gc.enable()
    inside, release = threading.Event(), threading.Event()

    def other() -> None:
        with gc_paused():
            inside.set()
            assert release.wait(10)

    thread = threading.Thread(target=other)
    with gc_paused():
        thread.start()
        assert inside.wait(10)
    assert not gc.isenabled()  # the other thread is still inside
    release.set()
    thread.join(10)
    assert not thread.is_alive()
    assert gc.isenabled()


def test_an_error_gives_the_collector_back(collector_state: None) -> None:
    gc.enable()
    with pytest.raises(CaptureParseError):
        delta_observation([{"role": "button", "x": "wide"}], [])
    assert gc.isenabled()


def test_no_collection_runs_inside_a_delta(collector_state: None) -> None:
    """5,000 elements a side is tens of thousands of new objects: with the collector on,
    several collections would run inside the call (a full one at 50,000 elements visits
    every live object, which made the cost per element grow with the size)."""
    gc.enable()
    prev, curr = synthetic.element_pair(5_000)
    frame_cache.clear()
    runs: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            runs.append(info["generation"])

    gc.collect()
    gc.callbacks.append(note)
    try:
        text = delta_observation(prev, curr)
    finally:
        gc.callbacks.remove(note)
    assert text
    # At most the youngest generation, once, as the call returns (the allocations it made
    # while the collector was held count when it is given back); without the pause, dozens.
    assert runs in ([], [0])
    assert gc.isenabled()
