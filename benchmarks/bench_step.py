"""Step latency: action → settled capture → delta, on the virtual phone.

Four measurements, each alternating its contenders round by round:

1. **pipeline** (no device latency): the Playground phone in process
   (``VirtualDevice``) and the same phone behind the fake adb server, driven by
   ``AdbDevice`` through real adbutils, each with the old and the new settle at
   the executor's 0.25 s interval (the old one always waits it once).
2. **settle on a realistic phone**: the fake adb server's phone takes
   ``--capture`` s (default 1.5) ± ``--jitter`` s per ``uiautomator dump`` and
   ``--probe`` s per ``dumpsys window`` (seeded, see ``deltarec.core.devices.latency``).
   One capture (the floor) vs today's two-capture settle (0.25 s interval, as the
   executor) vs the new settle (one capture when the window probe agrees).
   Target: the new settle within 1.3x one capture.
3. **activity**: a capture whose window probe runs on a second connection
   beside the dump (what ``AdbDevice.capture`` does) vs the dump followed by the
   probe (sequential; it reaches into ``AdbDevice._dump_once`` for the dump alone).
4. **u2 fake vs plain adb** (no device latency, so only the pipelines differ):
   ``U2Device`` (JSON-RPC over adb's ``tcp:`` stream to ``FakeU2Server``) vs
   ``AdbDevice`` (``uiautomator dump`` + sync pull), capture only.

Prints medians and ratios side by side.

    python benchmarks/bench_step.py [--rounds N] [--capture S] [--jitter S] [--probe S]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.adb import AdbDevice
from deltarec.core.devices.base import Device
from deltarec.core.devices.fakeadb import FakeAdbServer
from deltarec.core.devices.latency import Latency
from deltarec.core.devices.settle import settle
from deltarec.core.devices.virtual import (
    Faults,
    ManualClock,
    Playground,
    VirtualShell,
    make_virtual_device,
)
from deltarec.core.observe.model import Observation
from deltarec.core.observer import Observer

SERIAL = "emulator-5554"
APP = "dev.deltarec.playground"


def _switch_center(obs: Observation) -> tuple[int, int]:
    node = next(n for n in obs.walk() if n.role in ("switch", "checkbox"))
    return node.bounds.center


def _ms(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


class Stepper:
    """Toggles the first switch of Settings and settles, one way or another."""

    def __init__(self, device: Device, mode: str, interval: float = 0.0) -> None:
        self.device, self.mode, self.interval = device, mode, interval
        device.launch_app(APP, ".SettingsActivity")
        first = settle(device, interval=interval)  # learns the screen's churn
        self.latest = first.observation
        self.observer = Observer()
        self.observer.reset(self.latest)
        self.x, self.y = _switch_center(self.latest)
        self.captures: list[int] = []

    def step(self) -> float:
        start = time.perf_counter()
        self.device.tap(self.x, self.y)
        if self.mode == "one capture":
            obs, captures = self.device.capture(), 1
        else:
            since = self.latest if self.mode == "new settle" else None
            settled = settle(self.device, timeout=10, interval=self.interval, since=since)
            assert settled.settled
            obs, captures = settled.observation, settled.captures
        result = self.observer.step(obs)
        assert result.text
        self.latest = obs
        self.captures.append(captures)
        return (time.perf_counter() - start) * 1000


def alternate(rounds: int, runners: dict[str, Callable[[], float]]) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {name: [] for name in runners}
    for _ in range(rounds):
        for name, run in runners.items():
            times[name].append(run())
    return times


def report(title: str, times: dict[str, list[float]], notes: dict[str, str] | None = None) -> None:
    base = statistics.median(next(iter(times.values())))
    print(title)
    for name, values in times.items():
        med = statistics.median(values)
        note = f"  {notes[name]}" if notes and name in notes else ""
        print(
            f"  {name:34s} {med:8.1f} ms  {med / base:5.2f}x"
            f"  (min {min(values):.1f}, max {max(values):.1f}){note}"
        )


@contextmanager
def served(faults: Faults | None = None) -> Iterator[AdbDevice]:
    shell = VirtualShell(Playground(ManualClock()), serial=SERIAL, faults=faults)
    with FakeAdbServer([shell]) as server:
        device = AdbDevice(SERIAL, port=server.port)
        try:
            yield device
        finally:
            device.close()


def pipeline(rounds: int) -> None:
    local_old = make_virtual_device(clock=ManualClock())
    local_new = make_virtual_device(clock=ManualClock())
    with served() as remote_old, served() as remote_new:
        steppers = {
            "in process, old settle": Stepper(local_old, "old settle", interval=0.25),
            "in process, new settle": Stepper(local_new, "new settle", interval=0.25),
            "fake adb server, old settle": Stepper(remote_old, "old settle", interval=0.25),
            "fake adb server, new settle": Stepper(remote_new, "new settle", interval=0.25),
        }
        times = alternate(rounds, {k: s.step for k, s in steppers.items()})
    report(
        "1. pipeline: tap → settled capture → delta, no device latency, settle interval"
        f" 0.25 s (the executor's), median of {rounds}",
        times,
    )


def realistic(rounds: int, latency: Latency) -> None:
    faults = Faults(latency=latency)
    with served(faults) as a, served(faults) as b, served(faults) as c:
        steppers = {
            "one capture": Stepper(a, "one capture"),
            "old settle (two agreeing captures)": Stepper(b, "old settle", interval=0.25),
            "new settle (window probe)": Stepper(c, "new settle", interval=0.25),
        }
        times = alternate(rounds, {k: s.step for k, s in steppers.items()})
    notes = {k: f"captures/step {statistics.mean(s.captures):.1f}" for k, s in steppers.items()}
    report(
        f"2. settle, dump {latency.capture_s:g} s ± {latency.jitter_s:g} s, probe"
        f" {latency.probe_s:g} s (fake adb server), median of {rounds}",
        times,
        notes,
    )


def activity(rounds: int, latency: Latency) -> None:
    with served(Faults(latency=latency)) as device:
        device.launch_app(APP, ".SettingsActivity")

        def dump_then_probe() -> None:
            data, failure = device._dump_once()  # the dump alone, as before this change
            assert data is not None, failure
            parse_uiautomator(data)
            device.window_state()

        def sequential() -> float:
            return _ms(dump_then_probe)

        def concurrent() -> float:
            return _ms(device.capture)

        times = alternate(
            rounds,
            {
                "capture, probe beside the dump": concurrent,
                "dump, then the probe (sequential)": sequential,
            },
        )
    report(f"3. activity on every adb capture, median of {rounds}", times)


def u2_vs_adb(rounds: int) -> None:
    try:
        from deltarec.core.devices.u2 import U2Device
        from deltarec.testing.fakeu2 import FakeU2Server, U2Phone
    except ImportError:
        print("4. u2: skipped (pip install 'deltarec[u2]')")
        return
    playground = Playground(ManualClock())
    phone = U2Phone(VirtualShell(playground, serial=SERIAL), FakeU2Server(playground))
    with phone.server, FakeAdbServer([phone]) as server:
        u2 = U2Device(SERIAL, port=server.port)
        u2.launch_app(APP, ".SettingsActivity")
        u2.capture()  # starts the session: pushes the jar, pings
        with served() as adb:
            adb.launch_app(APP, ".SettingsActivity")
            times = alternate(
                rounds,
                {
                    "plain adb (uiautomator dump + pull)": lambda: _ms(adb.capture),
                    "u2 fake (JSON-RPC over tcp:9008)": lambda: _ms(u2.capture),
                },
            )
        u2.close()
    report(f"4. capture, u2 fake vs plain adb, no device latency, median of {rounds}", times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--capture", type=float, default=1.5, help="dump latency, s")
    parser.add_argument("--jitter", type=float, default=0.3, help="± jitter, s")
    parser.add_argument("--probe", type=float, default=0.08, help="dumpsys window latency, s")
    args = parser.parse_args()
    latency = Latency(capture_s=args.capture, probe_s=args.probe, jitter_s=args.jitter, seed=12)
    pipeline(max(args.rounds, 9))
    realistic(args.rounds, latency)
    activity(args.rounds, latency)
    u2_vs_adb(max(args.rounds, 15))


if __name__ == "__main__":
    main()
