"""A capture file saved in another encoding, or empty, is refused with an error that says so.

Windows PowerShell's ``>`` writes UTF-16 with a byte-order mark, so ``adb exec-out
uiautomator dump /dev/tty > screen.xml`` there gives a file no UTF-8 parser reads; an
empty file is what a failed pull leaves. Every real capture, in each encoding with its
mark, and empty or blank files, must be refused with an error that names the encoding
(or the emptiness) and where, never "not a uiautomator dump"."""

from __future__ import annotations

from pathlib import Path

import pytest

from deltarec.core.capture.jsonio import load_capture
from deltarec.core.errors import InputError
from tests.conftest import REAL_DUMPS

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures"
CAPTURES = sorted(REAL_DUMPS.rglob("*.xml"))[::7] + sorted((FIXTURES / "ext").rglob("*.xml"))[::5]
ENCODINGS = {
    "utf-16-le": (b"\xff\xfe", "UTF-16"),
    "utf-16-be": (b"\xfe\xff", "UTF-16"),
    "utf-32-le": (b"\xff\xfe\x00\x00", "UTF-32"),
    "utf-32-be": (b"\x00\x00\xfe\xff", "UTF-32"),
}


@pytest.mark.parametrize("encoding", sorted(ENCODINGS))
def test_a_capture_saved_in_another_encoding_is_refused_by_name(encoding: str) -> None:
    mark, name = ENCODINGS[encoding]
    assert CAPTURES
    for path in CAPTURES:
        data = mark + path.read_text("utf-8").encode(encoding)
        with pytest.raises(InputError) as err:
            load_capture(data, source=path.name)
        message = str(err.value)
        assert name in message and "UTF-8" in message and path.name in message, message


@pytest.mark.parametrize("content", [b"", b"   \n\t", b"\xef\xbb\xbf", b"\xef\xbb\xbf\r\n"])
def test_an_empty_file_is_refused_as_empty(content: bytes) -> None:
    with pytest.raises(InputError) as err:
        load_capture(content, source="screen.xml")
    assert "empty" in str(err.value) and "screen.xml" in str(err.value)


@pytest.mark.parametrize(
    "content",
    [
        "ERROR: could not get idle state.\n",
        "Killed\n",
        "error: no devices/emulators found\n",
        "java.lang.SecurityException: Permission Denial\n\tat android.os.Parcel\n",
        "UI hierchary dumped to: /sdcard/window_dump.xml\n",
        "x" * 5000,
        "\x1b[31mred\x1b[0m",
    ],
    ids=["idle", "killed", "no-device", "exception", "notice-only", "long-run", "escapes"],
)
def test_text_that_is_no_capture_is_quoted_in_the_refusal(content: str) -> None:
    """What a failed ``uiautomator dump`` or adb printed instead of a capture is shown (its
    first line, cut, control characters escaped), so the caller sees why."""
    with pytest.raises(InputError) as err:
        load_capture(content, source="screen.xml")
    message = str(err.value)
    first = content.splitlines()[0]
    assert repr(first[:60])[1:-1] in message, message
    assert len(message) < 300 and "\x1b" not in message and "screen.xml" in message
