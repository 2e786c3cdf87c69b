"""A dump as a shell gives it: ``adb exec-out uiautomator dump /dev/tty`` writes the XML and
then its notice ``UI hierchary dumped to: /dev/tty`` (Android's spelling) to the same stream,
and people pipe it (``… | deltarec observe -``) or save it (``… > screen.xml``).

Every real capture with the notice after it (as exec-out gives it, as ``adb shell``'s
terminal gives it with CRLF, spelt either way) reads as the capture alone; ``-`` reads the
capture from standard input, through the real CLI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from deltarec.core.capture.jsonio import load_capture, observation_to_json
from deltarec.core.errors import CaptureParseError
from tests.conftest import REAL_DUMPS

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures"
CAPTURES = sorted(REAL_DUMPS.rglob("*.xml"))[::5] + sorted((FIXTURES / "ext").rglob("*.xml"))[::4]
NOTICES = (
    b"UI hierchary dumped to: /dev/tty\n",
    b"UI hierchary dumped to: /dev/tty\r\n",
    b"\r\nUI hierchary dumped to: /dev/tty\r\n",
    b"UI hierarchy dumped to: /dev/tty",
    b"\nUI hierchary dumped to: /sdcard/window_dump.xml\n",
)


@pytest.mark.parametrize("notice", NOTICES)
def test_a_dump_followed_by_its_notice_reads_as_the_dump(notice: bytes) -> None:
    assert CAPTURES
    for path in CAPTURES:
        data = path.read_bytes()
        alone = observation_to_json(load_capture(data, source=path.name))
        read = observation_to_json(load_capture(data.rstrip() + notice, source=path.name))
        assert read == alone, path


@pytest.mark.parametrize(
    "tail", [b"UI hierchary dumped to: /dev/tty\n<node/>", b"garbage\n", b"<hierarchy/>"]
)
def test_other_text_after_the_dump_is_still_refused(tail: bytes) -> None:
    data = (REAL_DUMPS / "settings-airplane/04.xml").read_bytes()
    with pytest.raises(CaptureParseError, match="junk after document element"):
        load_capture(data + tail, source="x.xml")


def _cli(*args: str, stdin: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "deltarec.core.cli.main", *args],
        input=stdin,
        capture_output=True,
        timeout=60,
    )


def test_observe_and_delta_read_a_dump_piped_on_standard_input() -> None:
    before = REAL_DUMPS / "settings-airplane/03.xml"
    after = REAL_DUMPS / "settings-airplane/04.xml"
    piped = after.read_bytes() + b"UI hierchary dumped to: /dev/tty\n"
    observed = _cli("observe", "-", stdin=piped)
    assert observed.returncode == 0, observed.stderr
    assert observed.stdout == _cli("observe", str(after), stdin=b"").stdout
    delta = _cli("delta", str(before), "-", stdin=piped)
    assert delta.returncode == 0, delta.stderr
    assert delta.stdout == _cli("delta", str(before), str(after), stdin=b"").stdout
    both = _cli("delta", "-", "-", stdin=piped)
    assert both.returncode == 2 and b"standard input" in both.stderr, both.stderr
    empty = _cli("observe", "-", stdin=b"")
    assert empty.returncode == 2 and b"empty" in empty.stderr and b"<stdin>" in empty.stderr
