"""Issue 11 item 1: a corrupt autosave never stops the Studio; the healthy one is still offered."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.app.conftest import WindowFactory
from tests.app.helpers import FakeAsk
from tests.app.test_restore_and_settings import crashed_recording

CORRUPT = {
    "bad-utf8": b'{"format": "deltarec.bundle/1", "info": {"state": "recording"}, "x": "\xff"}',
    "huge": b'{"format": "deltarec.bundle/1", "info": {"state": "recording"}, "observations": 1e400}',
    "types": b'{"format": "deltarec.bundle/1", "info": {"state": "recording"}, "steps": [{"after": []}]}',
}


def test_corrupt_bundles_are_skipped_with_a_warning(
    open_window: WindowFactory, ask: FakeAsk, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    root = tmp_path / "recordings"
    healthy = crashed_recording(root)
    for name, data in CORRUPT.items():
        (root / name).mkdir()
        (root / name / "manifest.json").write_bytes(data)
    ask.answers.append(True)
    with caplog.at_level(logging.WARNING):
        window = open_window()
    assert ask.asked == ["Restore the unfinished recording with 2 steps?"]
    assert window.studio.view is not None and window.studio.view.bundle == healthy
    skipped = sorted(r.getMessage().split(": ")[0] for r in caplog.records)
    assert skipped == [f"skipping unreadable recording {root / n}" for n in sorted(CORRUPT)]
