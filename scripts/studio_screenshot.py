"""Render the README's picture of the Script Builder: a few steps recorded on the virtual phone,
from a clean start (Launch app…, its state cleared).

QT_QPA_PLATFORM=offscreen python scripts/studio_screenshot.py resources/studio.png
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication

from deltarec.app.dialogs import NoAsk
from deltarec.app.settings import Settings
from deltarec.app.studio import StudioConfig
from deltarec.app.window import MainWindow


def wait(signal: object, timeout_ms: int = 30_000) -> None:
    loop = QEventLoop()
    signal.connect(loop.quit)  # type: ignore[attr-defined]
    QTimer.singleShot(timeout_ms, loop.quit)  # a bound, not a guess: the signal ends it first
    loop.exec()


def wait_until(condition: object, timeout_ms: int = 30_000) -> None:
    """Process events until ``condition()`` holds (a script helper; tests use pytest-qt)."""
    waited = 0
    while not condition() and waited < timeout_ms:  # type: ignore[operator]
        loop = QEventLoop()
        QTimer.singleShot(20, loop.quit)
        loop.exec()
        waited += 20


def main(out: str) -> None:
    os.environ.setdefault("DELTAREC_HOME", tempfile.mkdtemp())
    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = MainWindow(StudioConfig(Path(tempfile.mkdtemp())), ask=NoAsk(), settings=Settings(),
                        restore_layout=False)  # fmt: skip
    window.errorShown.connect(lambda text: print("error:", text, file=sys.stderr))
    window.show()
    window.start("virtual")
    studio = window.studio
    wait_until(lambda: studio.view is not None and studio.view.index is not None)

    def element(name: str, role: str | None = None) -> tuple[int, int]:
        index = studio.view.index if studio.view else None
        assert index is not None
        hit = [e for e in index.elements if e.name == name and (role is None or e.role == role)]
        return hit[0].bounds.center

    for act in (
        lambda: studio.launch_app("dev.deltarec.playground", clear=True),  # a known start
        lambda: studio.tap(*element("Sign up")),
        lambda: studio.tap(*element("Name", "textbox")),
        lambda: studio.type_text("Ada Lovelace"),
        lambda: studio.tap(*element("Save", "button")),
    ):
        before = len(studio.view.steps) if studio.view else 0
        act()
        wait_until(lambda b=before: studio.view is not None and len(studio.view.steps) > b)
    window.steps_panel.select_row(len(studio.view.steps) - 1 if studio.view else 0)
    app.processEvents()
    window.grab().save(out, "PNG")
    window.close()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "studio.png")
