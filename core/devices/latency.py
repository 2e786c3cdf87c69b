"""How long a simulated phone takes to answer: capture latency with seeded jitter.

A real ``uiautomator dump`` takes 0.5–3 s; the virtual phone answers in
milliseconds, which would flatter anything that captures more than once.
:class:`Latency` gives the virtual phone (in process and behind the fake adb
server) a realistic, *deterministic* cost per kind of call::

    >>> lat = Latency(capture_s=1.5, jitter_s=0.2, seed=7)
    >>> a, b = lat.sampler(), lat.sampler()
    >>> [a.delay("capture") for _ in range(3)] == [b.delay("capture") for _ in range(3)]
    True
    >>> 1.3 <= a.delay("capture") <= 1.7
    True
    >>> Latency().sampler().delay("capture")
    0.0

Kinds: ``"capture"`` (a hierarchy dump), ``"probe"`` (a cheap window-state
query such as ``dumpsys window``), ``"screenshot"``. Jitter is uniform in
``±jitter_s`` around the base and never makes a delay negative; probes get a
tenth of the jitter (they are short and steady on phones).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

Kind = Literal["capture", "probe", "screenshot"]


@dataclass(frozen=True, slots=True)
class Latency:
    """Per-kind base latency in seconds, jitter and the seed that makes it repeatable."""

    capture_s: float = 0.0
    probe_s: float = 0.0
    screenshot_s: float = 0.0
    jitter_s: float = 0.0
    seed: int = 0

    def __post_init__(self) -> None:
        for name in ("capture_s", "probe_s", "screenshot_s", "jitter_s"):
            if getattr(self, name) < 0:
                raise ValueError(f"Latency.{name} must be >= 0, got {getattr(self, name)}")

    def sampler(self) -> LatencySampler:
        """A fresh sequence of delays (each device or shell owns one)."""
        return LatencySampler(self)


class LatencySampler:
    """Draws the delays of one :class:`Latency`, in call order, from its own seeded RNG."""

    def __init__(self, latency: Latency) -> None:
        self.latency = latency
        self._rng = random.Random(latency.seed)

    def delay(self, kind: Kind) -> float:
        """Seconds the next call of ``kind`` takes."""
        lat = self.latency
        base = {"capture": lat.capture_s, "probe": lat.probe_s, "screenshot": lat.screenshot_s}[
            kind
        ]
        if base <= 0:
            return 0.0
        jitter = lat.jitter_s if kind != "probe" else lat.jitter_s / 10
        return max(0.0, base + self._rng.uniform(-jitter, jitter))


def command_kind(command: str) -> Kind | None:
    """Which latency a shell command pays (None: answered at once).

    >>> command_kind("rm -f /x; uiautomator dump /x")
    'capture'
    >>> command_kind("dumpsys window windows")
    'probe'
    >>> command_kind("input tap 1 2") is None
    True
    """
    if "uiautomator dump" in command:
        return "capture"
    if "screencap" in command:
        return "screenshot"
    if command.startswith("dumpsys window"):
        return "probe"
    return None


__all__ = ["Kind", "Latency", "LatencySampler", "command_kind"]
