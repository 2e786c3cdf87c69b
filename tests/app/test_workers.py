"""The Runner: jobs run off the GUI thread, in order; results, errors and progress come back."""

from __future__ import annotations

import threading

import pytest
from pytestqt.qtbot import QtBot

from deltarec.app.workers import Report, Runner


def test_jobs_run_in_order_on_one_worker_thread(qtbot: QtBot) -> None:
    runner = Runner()
    gui = threading.get_ident()
    ran: list[tuple[int, int]] = []
    results: list[int] = []
    for n in range(5):

        def job(_: Report, n: int = n) -> int:
            ran.append((n, threading.get_ident()))
            return n * n

        runner.submit(f"job {n}", job, on_done=lambda r: results.append(r))
    assert runner.busy and len(runner.pending) <= 5
    with qtbot.waitSignal(runner.idle):
        pass
    assert [n for n, _ in ran] == [0, 1, 2, 3, 4]
    assert len({t for _, t in ran}) == 1 and ran[0][1] != gui
    assert results == [0, 1, 4, 9, 16]
    assert not runner.busy


def test_callbacks_run_on_the_gui_thread(qtbot: QtBot) -> None:
    runner = Runner()
    where: dict[str, int] = {}

    def job(report: Report) -> str:
        report("half")
        return "done"

    def progress(_: object) -> None:
        where["progress"] = threading.get_ident()

    def done(_: object) -> None:
        where["done"] = threading.get_ident()

    with qtbot.waitSignal(runner.idle):
        runner.submit("job", job, on_done=done, on_progress=progress)
    assert where == {"progress": threading.get_ident(), "done": threading.get_ident()}


def test_an_error_reaches_its_callback_and_the_failed_signal(qtbot: QtBot) -> None:
    runner = Runner()
    errors: list[BaseException] = []

    def job(_: Report) -> None:
        raise ValueError("nope")

    with qtbot.waitSignal(runner.failed) as failed:
        runner.submit("bad job", job, on_error=errors.append)
    assert failed.args[0] == "bad job" and isinstance(failed.args[1], ValueError)
    assert [str(e) for e in errors] == ["nope"]
    with qtbot.waitSignal(runner.idle):
        runner.submit("next", lambda _: 1)  # the worker survives a failed job


def test_busy_changes_once_per_burst(qtbot: QtBot) -> None:
    runner = Runner()
    changes: list[bool] = []
    runner.busyChanged.connect(changes.append)
    gate = threading.Event()
    runner.submit("wait", lambda _: gate.wait(10))
    runner.submit("after", lambda _: None)
    assert changes == [True]
    gate.set()
    with qtbot.waitSignal(runner.idle):
        pass
    assert changes == [True, False]


@pytest.mark.parametrize("n", [0, 1])
def test_wait_returns_when_idle(qtbot: QtBot, n: int) -> None:
    runner = Runner()
    for _ in range(n):
        runner.submit("x", lambda _: None)
    assert runner.wait(5000)
    qtbot.waitUntil(lambda: not runner.busy)
