"""Script Builder latency: a click on the screen widget → the step's delta in the panel.

Records 50 steps on the virtual phone through the real window (offscreen),
clicking the screen widget at the mapped positions and typing through the
text box, as a person would. For every step it measures the time from the
click to the moment the delta panel shows that step's delta; over the whole
recording a 5 ms heartbeat timer on the GUI thread records the longest gap
between two ticks, i.e. the longest time the GUI thread was blocked.

Two runs:

- **as shipped**: the session's real clock, so every step includes the
  executor's settle wait (captures 0.25 s apart until two agree);
- **no settle wait**: a manual clock that ``sleep`` advances, so the figure is
  the pipeline's own cost (worker: action, captures, screenshot, diff,
  autosave; GUI: model, screen, panel).

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_gui.py [--steps 50]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QEventLoop, QPoint, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from deltarec.app.dialogs import NoAsk
from deltarec.app.settings import Settings
from deltarec.app.studio import StudioConfig
from deltarec.app.window import MainWindow
from deltarec.core.devices.base import Device
from deltarec.core.devices.virtual import ManualClock, make_virtual_device


class Heartbeat:
    """A 5 ms timer on the GUI thread; ``max_gap`` is the longest time between two ticks."""

    def __init__(self, interval_ms: int = 5) -> None:
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self._tick)
        self.last = 0.0
        self.gaps: list[float] = []

    def start(self) -> None:
        self.last = time.perf_counter()
        self.timer.start()

    def _tick(self) -> None:
        now = time.perf_counter()
        self.gaps.append(now - self.last)
        self.last = now

    def stop(self) -> None:
        self.timer.stop()

    @property
    def max_gap(self) -> float:
        return max(self.gaps, default=0.0)


def spin_until(app: QApplication, done: Callable[[], bool], timeout: float = 30.0) -> None:
    """Process events until ``done()``, sleeping in Qt's loop between them.

    (The two-argument ``processEvents(flags, ms)`` never waits: it would spin
    and fight the worker for the GIL. The heartbeat timer wakes this loop.)
    """
    end = time.perf_counter() + timeout
    while not done():
        if time.perf_counter() > end:
            raise TimeoutError("the window did not get there in time")
        app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)


Action = tuple[str, Any]


def plan(steps: int) -> Iterator[Action]:
    """A varied recording: settings toggles, the inbox list, the sign-up form."""
    cycle: list[Action] = [
        ("tap", ("Settings", None)),
        ("tap", ("Bluetooth", "switch")),
        ("tap", ("Dark theme", "switch")),
        ("tap", ("Vibrate", "checkbox")),
        ("key", "back"),
        ("tap", ("Inbox", None)),
        ("swipe", ((540, 1800), (540, 900))),
        ("swipe", ((540, 900), (540, 1800))),
        ("key", "back"),
        ("tap", ("Sign up", None)),
        ("tap", ("Name", "textbox")),
        ("type", "Ada"),
        ("key", "back"),
        ("key", "back"),
    ]
    for i in range(steps):
        yield cycle[i % len(cycle)]


def record(mode: str, steps: int) -> dict[str, Any]:
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    tmp = Path(tempfile.mkdtemp(prefix="bench-gui-"))
    options: dict[str, Any] = {}
    clock = ManualClock()
    if mode == "no settle wait":
        options = {"clock": clock, "sleep": clock.advance}

    def open_device(spec: str) -> Device:
        return make_virtual_device(serial=spec, clock=clock)

    config = StudioConfig(tmp / "recordings", open_device=open_device,
                          list_devices=lambda: [("virtual", "device")], session_options=options)  # fmt: skip
    window = MainWindow(config, ask=NoAsk(), settings=Settings(tmp / "studio.ini"))
    window.show()
    window.start("virtual")
    spin_until(app, lambda: window.studio.view is not None and not window.studio.runner.busy)
    view, panel = window.screen_view, window.delta_panel
    shown_at: dict[int, float] = {}

    def on_text() -> None:
        rows = window.model.rowCount()
        if rows and panel.title.text().startswith(f"Step {rows}:") and rows not in shown_at:
            shown_at[rows] = time.perf_counter()

    panel.delta_text.textChanged.connect(on_text)
    heartbeat = Heartbeat()
    heartbeat.start()
    latencies: list[float] = []
    started = time.perf_counter()
    for n, (kind, arg) in enumerate(plan(steps), start=1):
        t0 = time.perf_counter()
        if kind == "tap":
            name, role = arg
            index = view.index
            assert index is not None
            target = next(e for e in index.elements if e.name == name and role in (None, e.role))
            QTest.mouseClick(
                view, Qt.MouseButton.LeftButton, pos=view.to_widget(*target.bounds.center)
            )
        elif kind == "swipe":
            (x1, y1), (x2, y2) = arg
            start: QPoint = view.to_widget(x1, y1)
            QTest.mousePress(view, Qt.MouseButton.LeftButton, pos=start)
            QTest.mouseRelease(view, Qt.MouseButton.LeftButton, pos=view.to_widget(x2, y2))
        elif kind == "type":
            window.device_panel.text.setText(arg)
            window.device_panel.type_button.click()
        else:
            window.device_panel.key_buttons[arg].click()
        spin_until(app, lambda n=n: n in shown_at and not window.studio.runner.busy)
        latencies.append(shown_at[n] - t0)
    total = time.perf_counter() - started
    heartbeat.stop()
    window.mark_saved()  # no "unsaved steps" question at the end of a benchmark
    window.close()
    latencies.sort()
    return {
        "mode": mode,
        "steps": len(latencies),
        "median_ms": statistics.median(latencies) * 1000,
        "p90_ms": latencies[int(0.9 * (len(latencies) - 1))] * 1000,
        "max_ms": latencies[-1] * 1000,
        "gui_max_block_ms": heartbeat.max_gap * 1000,
        "gui_gaps_over_50ms": sum(1 for g in heartbeat.gaps if g > 0.05),
        "total_s": total,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=50)
    args = parser.parse_args(argv)
    print(f"Script Builder on the virtual phone, {args.steps} steps recorded through the window")
    print(f"{'run':<16} {'click→delta median':>19} {'p90':>8} {'max':>8} "
          f"{'GUI thread max block':>21} {'gaps>50ms':>10}")  # fmt: skip
    for mode in ("as shipped", "no settle wait"):
        r = record(mode, args.steps)
        print(f"{r['mode']:<16} {r['median_ms']:>16.1f} ms {r['p90_ms']:>5.0f} ms {r['max_ms']:>5.0f} ms"
              f" {r['gui_max_block_ms']:>18.1f} ms {r['gui_gaps_over_50ms']:>10}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
