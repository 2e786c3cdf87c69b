"""Settle: capture until the screen stops changing, so nobody acts on a stale tree.

After an action a real phone's hierarchy can lag the screen by up to ~2 s.
:func:`settle` captures until two consecutive captures agree (ignoring
volatile attributes) or ``timeout`` passes, and reports how long it took and
whether it settled. The last two captures feed
:func:`~deltarec.core.diff.volatile.learn_volatile` when they differ only in what is
already known to churn. Two captures that differ only in what also differed
in the pair before, in texts only (a clock ticking on every capture), count as
agreeing, so a clock never keeps a screen from settling; moving boxes do.

**One capture when the window manager agrees.** A device with a cheap
``window_state()`` probe (:mod:`deltarec.core.devices.window_state`) settles at the cost
of one capture when the caller passes ``since`` (the last frame it saw) and

- the capture shows the same app and activity as ``since`` (a screen whose
  churn the two-capture rule has already learned), and
- the probe, taken right after the capture, agrees with it (same app,
  activity and keyboard: no window or activity transition was under way).

``uiautomator dump`` itself waits for the UI to idle first (and fails with
"could not get idle state" on a screen that never does), which covers
in-window animations. Anything else — a new screen, a disagreeing or failing
probe, a device without a probe — falls back to the two-capture rule below,
which also learns what churns on a screen seen for the first time.

Waiting uses the injected ``clock`` and ``sleep`` (tests pass fakes; nothing
sleeps for real there). Errors from the device propagate unchanged.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from deltarec.core.devices.base import Device
from deltarec.core.devices.window_state import WindowState
from deltarec.core.diff.match import match_frames
from deltarec.core.diff.volatile import DEFAULT_VOLATILE, Volatile, learn_volatile, without_volatile
from deltarec.core.errors import DeviceError
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Observation


@dataclass(frozen=True, slots=True)
class Settled:
    """The result of :func:`settle`."""

    observation: Observation
    settled: bool
    elapsed: float
    """Seconds from the first capture to the result, by the injected clock."""
    captures: int
    volatile: Volatile
    probed: bool = False
    """Whether the one-capture path decided (the window probe agreed)."""


def same_screen(a: Observation, b: Observation, volatile: Volatile) -> bool:
    """True when ``a`` and ``b`` differ only in volatile attributes."""
    if without_volatile(a, volatile) == without_volatile(b, volatile):
        return True
    fa, fb = Frame(a), Frame(b)
    pairs = match_frames(fa, fb)
    if len(pairs) != len(fa) or len(pairs) != len(fb):
        return False
    from deltarec.core.observe.model import node_attributes

    for c, p in pairs.items():
        attrs_a, attrs_b = node_attributes(fa.nodes[p]), node_attributes(fb.nodes[c])
        for name in attrs_a.keys() | attrs_b.keys():
            rid = fb.nodes[c].resource_id
            if attrs_a.get(name) != attrs_b.get(name) and not (
                volatile.is_volatile(fa.keys[p], name, rid)
                or volatile.is_volatile(fb.keys[c], name, rid)
            ):
                return False
    return True


TICKING = frozenset({"text", "content-desc"})
"""Only labels may tick (clocks, counters); moving boxes never count as settled."""


def _tickers(base: Volatile, learned: Volatile) -> Volatile:
    ticking = frozenset(e for e in learned.per_element if e[1] in TICKING)
    return Volatile(base.names, base.per_element | ticking)


def _probe_agrees(device: Device, since: Observation, capture: Observation) -> bool:
    probe = getattr(device, "window_state", None)
    if probe is None or not callable(probe):
        return False
    if not capture.activity or (capture.package, capture.activity) != (
        since.package,
        since.activity,
    ):
        return False
    try:
        state = probe()
    except DeviceError:
        return False  # no verdict: the two-capture rule decides
    return isinstance(state, WindowState) and state.agrees_with(capture)


def settle(
    device: Device,
    *,
    timeout: float = 3.0,
    interval: float = 0.25,
    volatile: Volatile = DEFAULT_VOLATILE,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
    since: Observation | None = None,
) -> Settled:
    """One capture when the window probe agrees (module docstring), else capture until
    two consecutive captures agree or ``timeout`` seconds pass.

    Returns the last capture; ``settled`` is False when the timeout ran out
    first (the caller decides whether a moving screen is an error).
    """
    start = clock()
    previous = device.capture()
    captures = 1
    if since is not None and _probe_agrees(device, since, previous):
        return Settled(previous, True, clock() - start, captures, volatile, probed=True)
    churn = volatile  # what the last pair of captures differed in
    while True:
        if clock() - start >= timeout:
            return Settled(previous, False, clock() - start, captures, volatile)
        sleep(interval)
        current = device.capture()
        captures += 1
        if same_screen(previous, current, churn):
            # Agreeing up to what also churned in the pair before (a ticking clock)
            # is settled: what churned twice in a row is volatile from now on.
            learned = churn.union(learn_volatile(previous, current, volatile))
            return Settled(current, True, clock() - start, captures, learned)
        churn = _tickers(volatile, learn_volatile(previous, current, volatile))
        previous = current
