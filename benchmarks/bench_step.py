"""Step latency on the virtual phone: tap → settled capture → delta.

Two paths, measured alternately in one run: the Playground phone in process
(``VirtualDevice``) and the same phone behind the fake adb server, driven by
``AdbDevice`` through real adbutils. Settling polls without waiting
(interval 0), so the figures are the pipeline's own cost. Prints medians.

    python benchmarks/bench_step.py
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")

from core.delta import Observer
from core.devices.adb import AdbDevice
from core.devices.base import Device
from core.devices.fakeadb import FakeAdbServer
from core.devices.settle import settle
from core.devices.virtual import ManualClock, Playground, VirtualShell, make_virtual_device

ROUNDS = 15


def _switch_center(device: Device) -> tuple[int, int]:
    obs = device.capture()
    node = next(n for n in obs.walk() if n.role in ("switch", "checkbox"))
    return node.bounds.center


def step(device: Device, observer: Observer, x: int, y: int) -> float:
    start = time.perf_counter()
    device.tap(x, y)
    settled = settle(device, timeout=5, interval=0, sleep=lambda _s: None)
    result = observer.step(settled.observation)
    assert result.text and settled.settled
    return (time.perf_counter() - start) * 1000


def prepare(device: Device) -> tuple[Observer, int, int]:
    device.launch_app("dev.deltarec.playground", ".SettingsActivity")
    observer = Observer()
    observer.reset(device.capture())
    x, y = _switch_center(device)
    return observer, x, y


def main() -> None:
    local = make_virtual_device(clock=ManualClock())
    shell = VirtualShell(Playground(ManualClock()), serial="emulator-5554")
    with FakeAdbServer([shell]) as server:
        remote = AdbDevice("emulator-5554", host="127.0.0.1", port=server.port)
        paths: dict[str, tuple[Device, Observer, int, int]] = {
            "in process": (local, *prepare(local)),
            "fake adb server + adbutils": (remote, *prepare(remote)),
        }
        times: dict[str, list[float]] = {name: [] for name in paths}
        runners: list[tuple[str, Callable[[], float]]] = [
            (name, lambda d=d, o=o, x=x, y=y: step(d, o, x, y))
            for name, (d, o, x, y) in paths.items()
        ]
        for _ in range(ROUNDS):
            for name, run in runners:  # alternate the two paths
                times[name].append(run())
    print(f"step latency (tap → settled capture → delta), median of {ROUNDS}:")
    for name, values in times.items():
        print(
            f"  {name:28s} {statistics.median(values):7.1f} ms  (min {min(values):.1f}, max {max(values):.1f})"
        )


if __name__ == "__main__":
    main()
