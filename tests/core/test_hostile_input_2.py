"""Issue 23, class by class: hostile files and faults, round two. No hang (every probe runs
under a time bound), no unbounded memory (an address-space limit or a traced peak), no
traceback (one typed line), nothing lost.

Inputs tried and their outcomes, before → after, are listed in the issue's note; each test
names its class.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import struct
import subprocess
import sys
import time
import tracemalloc
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from deltarec.core.bundle import Bundle, scan_recordings
from deltarec.core.capture.boundary import (
    read_bounded,
    read_json,
)
from deltarec.core.capture.images import MAX_IMAGE_PIXELS, open_image
from deltarec.core.capture.jsonio import load_capture, read_capture
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.virtual import make_virtual_device
from deltarec.core.errors import CaptureParseError, InputError
from deltarec.core.executor import load_script
from deltarec.core.recorder.session import RecordingSession, find_unfinished
from tests.core.test_hostile_input import healthy_recording

ROOT = Path(__file__).resolve().parents[2]
APP = "dev.deltarec.playground"
MEMORY = 1 << 30
"""Address space every CLI probe runs in: 1 GiB (the 13300×13300 screenshot took 1.46 GB)."""


class TooSlow(Exception):
    """A probe ran past its time bound."""


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """Fail (not hang) when the block runs over ``seconds``: a blocked ``open`` of a FIFO is
    interrupted by the timer signal, whose handler raises."""

    def expire(signum: int, frame: object) -> None:
        raise TooSlow(f"over {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def traced_peak(megabytes: float) -> Iterator[None]:
    """Fail when Python's allocations peak above ``megabytes`` inside the block."""
    tracemalloc.start()
    try:
        yield
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < megabytes * 2**20, f"peak {peak / 2**20:.1f} MB"


_LIMITED = (
    "import resource, runpy, sys; "
    f"resource.setrlimit(resource.RLIMIT_AS, ({MEMORY}, {MEMORY})); "
    "sys.argv = ['deltarec', *sys.argv[1:]]; "
    "runpy.run_module('deltarec.core.cli.main', run_name='__main__')"
)


def cli_bounded(
    *argv: str, home: Path, seconds: float = 60, cwd: Path | None = None
) -> tuple[int, str, str]:
    """The CLI in a child process under 1 GiB of address space and ``seconds`` of time."""
    env = dict(os.environ, DELTAREC_HOME=str(home), PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", _LIMITED, *argv],
        capture_output=True,
        text=True,
        timeout=seconds,
        env=env,
        cwd=cwd or home,
    )
    return done.returncode, done.stdout, done.stderr


def one_line(code: int, err: str) -> str:
    lines = err.splitlines()
    assert (code, len(lines)) == (2, 1), err
    assert lines[0].startswith("deltarec: error: "), err
    return lines[0]


def png_bomb(side: int) -> bytes:
    """A valid 1-bit PNG ``side`` × ``side`` px of zeros: a few hundred KB on disk."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    packer = zlib.compressobj(9)
    row = b"\0" * (1 + (side + 7) // 8)
    rows = 256
    body = b"".join(packer.compress(row * rows) for _ in range(side // rows))
    body += packer.compress(row * (side % rows)) + packer.flush()
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b"")
    )


# -- class 1: a FIFO hangs every reader ------------------------------------------------------


def test_a_fifo_baseline_is_a_note_not_a_hang(tmp_path: Path) -> None:
    (tmp_path / "baselines").mkdir()
    os.mkfifo(tmp_path / "baselines" / "virtual.json")
    started = time.monotonic()
    code, out, err = cli_bounded("delta", "--device", "virtual", home=tmp_path, seconds=60)
    assert code == 0, err
    assert "a FIFO (named pipe), not a regular file" in err and len(err.splitlines()) == 1
    assert out.startswith("» first capture of virtual")
    assert time.monotonic() - started < 60


def test_a_fifo_manifest_is_listed_unreadable_and_the_healthy_recording_offered(
    tmp_path: Path,
) -> None:
    healthy = healthy_recording(tmp_path)
    (tmp_path / "fifo").mkdir()
    os.mkfifo(tmp_path / "fifo" / "manifest.json")
    with within(10):
        readable, unreadable = scan_recordings(tmp_path)
        assert find_unfinished(tmp_path) == [healthy]
    assert [b.root for b in readable] == [healthy]
    assert [p.name for p, _ in unreadable] == ["fifo"]
    assert "a FIFO (named pipe), not a regular file" in str(unreadable[0][1])


def test_a_fifo_observation_in_a_replay_bundle_is_one_line(tmp_path: Path) -> None:
    bundle = healthy_recording(tmp_path)
    observation = bundle / "observations" / "0000.json"
    observation.unlink()
    os.mkfifo(observation)
    (tmp_path / "s.json").write_text('[["AC_observe"]]')
    code, _, err = cli_bounded(
        "run", str(tmp_path / "s.json"), "--device", f"replay:{bundle}", home=tmp_path
    )
    assert "0000.json" in one_line(code, err) and "not a regular file" in err


# -- class 2: images decoded without a size limit ---------------------------------------------


def test_a_decompression_bomb_screenshot_is_refused_and_the_report_written(
    tmp_path: Path,
) -> None:
    bundle = healthy_recording(tmp_path)
    (bundle / "screenshots").mkdir(exist_ok=True)
    bomb = png_bomb(30_000)
    assert len(bomb) < 1_000_000  # under a megabyte on disk, 900 M pixels decoded
    (bundle / "screenshots" / "0000.png").write_bytes(bomb)
    (tmp_path / "s.json").write_text('[["AC_observe"]]')
    report = tmp_path / "out.html"
    code, out, err = cli_bounded(
        "run", str(tmp_path / "s.json"), "--device", f"replay:{bundle}", "--report",
        str(report), home=tmp_path,
    )  # fmt: skip
    assert code == 0, err
    assert "Traceback" not in err and "1 passed" in out
    page = report.read_text(encoding="utf-8")
    assert "screenshot has 900000000 pixels, over the 40000000-pixel limit" in page


def test_an_image_is_refused_from_its_header_in_bounded_time_and_memory() -> None:
    bomb = png_bomb(13_300)  # 177 M pixels: took 1.46 GB to decode
    refused = pytest.raises(CaptureParseError, match="13300×13300, over the")
    with within(2), traced_peak(16), refused:
        open_image(bomb, where="shot.png")
    for bad in (b"", b"\x89PNG\r\n\x1a\n", png_bomb(16)[:45], b"GIF89a" + b"\0" * 20):
        with within(2), pytest.raises(CaptureParseError, match="is not an image"):
            open_image(bad, where="shot.png")
    small = png_bomb(64)
    assert open_image(small, where="shot.png").size == (64, 64)
    assert MAX_IMAGE_PIXELS > 1440 * 3200  # a phone's screenshot


# -- class 3: quadratic painting ---------------------------------------------------------------


def test_a_field_holding_100000_characters_paints_in_bounded_time() -> None:
    device = make_virtual_device()
    device.launch_app(APP, ".SignUpActivity")
    name = next(n for n in device.capture().walk() if n.resource_id == f"{APP}:id/name")
    device.tap(*name.bounds.center)
    device.type_text("w" * 100_000)  # 10,000 took 98 s before
    with within(20):
        started = time.perf_counter()
        image = device.screenshot()
        seconds = time.perf_counter() - started
    assert image.size == (1080, 2400) and seconds < 10


def test_fit_line_keeps_the_longest_prefix_that_fits() -> None:
    from deltarec.core.devices.virtual.paint import fit_line, font

    f = font(40)
    for text in ("", "a", "abcd", "Ada Lovelace", "W" * 50, "i" * 3000):
        for width in (0, 30, 200, 1000):
            line = fit_line(text, width, 40)
            if line == text:
                assert f.getlength(line) <= width or len(text) <= 3
                continue
            assert line.endswith("...") and text.startswith(line[:-3])
            longer = text[: len(line) - 2] + "..."  # one character more does not fit
            assert f.getlength(line) <= width or line == "..."
            assert f.getlength(longer) > width


# -- class 6: values accepted that should not be ----------------------------------------------


@pytest.mark.parametrize("rotation", ["90", "5", "-1", "4", "270"])
def test_a_rotation_other_than_0_to_3_is_refused(rotation: str) -> None:
    with pytest.raises(CaptureParseError, match=f"rotation {int(rotation)} is not 0, 1, 2 or 3"):
        parse_uiautomator(f'<hierarchy rotation="{rotation}"><node/></hierarchy>')
    observation = {"format": "deltarec.observation/1", "rotation": int(rotation), "windows": []}
    with pytest.raises(CaptureParseError, match=r"at \$\.rotation"):
        load_capture(json.dumps(observation))
    for good in "0123":
        assert parse_uiautomator(f'<hierarchy rotation="{good}"/>').rotation == int(good)


@pytest.mark.parametrize(
    "bounds", ["[0,0][2147483648,10]", "[-2147483649,0][5,5]", "[0,0][99999999999,1]"]
)
def test_a_coordinate_beyond_32_bits_is_refused(bounds: str) -> None:
    with pytest.raises(CaptureParseError, match=r"out of range \(±2\^31\)"):
        parse_uiautomator(f'<hierarchy><node bounds="{bounds}"/></hierarchy>')
    elements = [{"role": "button", "name": "x", "bounds": [0, 0, 2**31, 1]}]
    with pytest.raises(CaptureParseError, match=r"out of range"):
        load_capture(json.dumps(elements))
    assert parse_uiautomator('<hierarchy><node bounds="[0,0][2147483647,1]"/></hierarchy>')


def test_an_inverted_window_is_kept_as_written_and_never_a_dialog() -> None:
    obs = parse_uiautomator(
        '<hierarchy><node class="android.widget.FrameLayout" bounds="[0,0][1080,2400]"/>'
        '<node class="android.widget.FrameLayout" bounds="[900,900][100,100]"/></hierarchy>'
    )
    assert [w.role for w in obs.windows] == ["container", "container"]
    assert obs.windows[1].bounds.as_list() == [900, 900, 100, 100]
    assert (obs.width, obs.height) == (1080, 2400)


@pytest.mark.parametrize("encoding", ["ISO-8859-1", "UTF-16", "windows-1252", "ascii"])
def test_an_xml_declaration_of_another_encoding_is_refused(encoding: str) -> None:
    dump = f'<?xml version="1.0" encoding="{encoding}"?><hierarchy/>'
    with pytest.raises(CaptureParseError, match=f"names encoding '{encoding}'.*UTF-8"):
        parse_uiautomator(dump)
    with pytest.raises(CaptureParseError, match="UTF-16 or UTF-32 byte-order mark"):
        parse_uiautomator("<hierarchy/>".encode("utf-16"))
    assert parse_uiautomator('<?xml version="1.0" encoding="utf-8"?><hierarchy/>')


# -- the file readers, fuzzed: FIFOs, folders, symlinks, devices, images ----------------------


def _kinds(tmp: Path) -> dict[str, Path]:
    """One path per kind of file a reader may be handed."""
    tmp.mkdir(parents=True, exist_ok=True)
    made = {
        "fifo": tmp / "fifo",
        "folder": tmp / "folder",
        "to-dev-zero": tmp / "to-dev-zero",
        "to-folder": tmp / "to-folder",
        "dangling": tmp / "dangling",
        "loop": tmp / "loop",
        "socket": tmp / "socket",
        "png": tmp / "shot.png",
        "bomb": tmp / "bomb.png",
        "truncated-png": tmp / "truncated.png",
        "dump": tmp / "dump.xml",
        "empty": tmp / "empty",
        "to-fifo": tmp / "to-fifo",
    }
    if not made["fifo"].exists():
        os.mkfifo(made["fifo"])
        made["folder"].mkdir()
        made["to-dev-zero"].symlink_to("/dev/zero")
        made["to-folder"].symlink_to(made["folder"])
        made["dangling"].symlink_to(tmp / "nowhere")
        made["loop"].symlink_to(made["loop"])
        made["to-fifo"].symlink_to(made["fifo"])
        server = socket.socket(socket.AF_UNIX)
        try:
            server.bind(str(made["socket"]))
        except OSError:  # a folder path too long for AF_UNIX: a socket elsewhere
            made["socket"].symlink_to(_short_socket())
        server.close()
        made["png"].write_bytes(png_bomb(16))
        made["bomb"].write_bytes(png_bomb(20_000))
        made["truncated-png"].write_bytes(png_bomb(16)[:40])
        made["dump"].write_text('<hierarchy><node bounds="[0,0][5,5]"/></hierarchy>')
        made["empty"].write_bytes(b"")
    return made


def _short_socket() -> str:
    import tempfile

    path = Path(tempfile.mkdtemp(prefix="dr")) / "s"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()
    return str(path)


def _read_screenshot(path: Path) -> object:
    return open_image(read_bounded(path, what="screenshot"), where=str(path))


READERS = {
    "read_bounded": read_bounded,
    "read_json": read_json,
    "read_capture": read_capture,
    "load_script": load_script,
    "Bundle.open": lambda path: Bundle.open(path.parent if path.name == "manifest.json" else path),
    "screenshot": _read_screenshot,
}


@pytest.mark.parametrize("reader", sorted(READERS))
def test_every_reader_parses_or_refuses_every_kind_of_file_in_bounded_time(
    reader: str, tmp_path: Path
) -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    kinds = _kinds(tmp_path / "kinds")
    bundle = tmp_path / "bundle"

    @settings(max_examples=60, deadline=None, database=None)
    @given(st.sampled_from(sorted(kinds)), st.binary(max_size=64))
    def check(kind: str, noise: bytes) -> None:
        path = kinds[kind]
        if reader == "Bundle.open":  # the kind of file stands in for the manifest
            manifest = bundle / "manifest.json"
            bundle.mkdir(exist_ok=True)
            manifest.unlink(missing_ok=True)
            if manifest.is_dir():
                manifest.rmdir()
            manifest.symlink_to(path)
            path = manifest
        if kind == "empty":
            path.write_bytes(noise)
        with within(5), traced_peak(64):
            try:
                READERS[reader](path)
            except InputError as exc:
                assert "\n" not in str(exc)
                if reader != "load_script":  # a script's errors name the JSON path ("$")
                    assert str(path) in str(exc)

    check()


# -- class 5: output that can be misread ------------------------------------------------------

BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
BREAKS = {chr(c) for c in range(0x110000) if len(f"a{chr(c)}b".splitlines()) > 1}
_TRICKY = sorted(BREAKS | BIDI | set('\x00\x7f\x80\x9f\t"\\→»~+-[]'))


def _texts() -> object:
    from hypothesis import strategies as st

    return st.text(st.one_of(st.sampled_from(_TRICKY), st.characters(codec="utf-8")), max_size=12)


def test_no_rendered_line_splits_or_holds_a_bidi_control() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from deltarec.core.capture.element_dicts import elements_to_observation
    from deltarec.core.observer import observe_delta, observe_frame

    assert set("\n\x0b\x0c\r\x1c\x1d\x1e\x85\u2028\u2029") == BREAKS

    def screen(names: list[str]) -> list[dict[str, object]]:
        return [
            {"role": "button", "name": name, "bounds": [0, 100 * i, 500, 100 * i + 90]}
            for i, name in enumerate(names)
        ]

    @settings(max_examples=150, deadline=None, database=None)
    @given(st.lists(_texts(), min_size=1, max_size=4), st.lists(_texts(), min_size=1, max_size=4))
    def check(before: list[str], after: list[str]) -> None:
        a = elements_to_observation(screen(before))
        b = elements_to_observation(screen(after))
        for text in (observe_delta(a, b).text, observe_frame(b), observe_frame(b, tree=False)):
            for line in text.split("\n"):
                assert not (set(line) & (BREAKS | BIDI)), repr(line)
                assert len(line.splitlines()) <= 1

    check()


def test_a_fake_delta_line_in_a_label_stays_inside_its_quotes() -> None:
    from deltarec.core.capture.element_dicts import elements_to_observation
    from deltarec.core.observer import observe_delta

    label = "OK\u2028+ [9] button \u202eWithdraw all\x85- [1] text"
    a = elements_to_observation([{"role": "button", "name": "OK", "bounds": [0, 0, 9, 9]}])
    b = elements_to_observation([{"role": "button", "name": label, "bounds": [0, 0, 9, 9]}])
    text = observe_delta(a, b).text
    assert not any(line.startswith(("+ [9]", "- [1]")) for line in text.splitlines()), text
    assert "\\u2028+ [9] button \\u202eWithdraw all\\u0085- [1] text" in text


# -- class 4: tracebacks instead of one line --------------------------------------------------


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    from deltarec.core.cli.main import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "step",
    [
        ["AC_screenshot", {"path": "shot\u0000.png"}],
        ["AC_list_devices", {"host": "127.0.0.1\u0000evil"}],
    ],
)
def test_a_nul_in_a_path_or_host_is_a_validation_error(
    step: list[object], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "s.json"
    script.write_text(json.dumps([step]))
    line = one_line(*cli(capsys, "run", str(script), "--device", "virtual")[::2])
    assert "contains a NUL character" in line and "$[0][1]" in line


def test_a_symlink_loop_under_the_output_folder_fails_its_step_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    script = tmp_path / "s.json"
    script.write_text(json.dumps([["AC_screenshot", {"path": "loop/x.png"}]]))
    code, _, err = cli(capsys, "run", str(script), "--device", "virtual", "--output-dir",
                       str(tmp_path))  # fmt: skip
    assert code == 1 and "Traceback" not in err
    assert "cannot resolve it" in err


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DELTAREC_HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    return tmp_path / "home"


def _full_disk(*_: object, **__: object) -> None:
    raise OSError(28, "No space left on device")


@pytest.mark.parametrize(
    "store", ["disk full", "read-only", "baseline a folder", "baselines a file"]
)
def test_an_unusable_baseline_store_still_prints_the_delta_with_one_note(
    store: str, home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from deltarec.core.cli import device_commands

    if store == "baseline a folder":
        (home / "baselines" / "virtual.json").mkdir(parents=True)
    elif store == "baselines a file":
        (home / "baselines").write_text("x")
    elif store == "disk full":
        monkeypatch.setattr(device_commands, "write_atomic", _full_disk)
    else:

        def read_only(*_: object) -> None:
            raise OSError(30, "Read-only file system")

        monkeypatch.setattr(device_commands, "write_atomic", read_only)
    for command in ("observe", "delta"):
        code, out, err = cli(capsys, command, "--device", "virtual")
        assert code == 0 and "Traceback" not in err
        assert "1080x2400" in out and out.count("\n") > 3
        notes = [line for line in err.splitlines() if "baseline was not kept" in line]
        assert len(notes) == 1, err
        assert all(line.startswith("deltarec: note: ") for line in err.splitlines())


@pytest.mark.parametrize(
    "target,problem",
    [
        ("/proc/x.png", "cannot write it"),
        ("{tmp}/missing/x.png", "no folder"),
        ("{tmp}/x.unknown", "unknown image extension"),
        ("{tmp}", "unknown image extension"),
    ],
)
def test_observe_screenshot_to_an_unusable_path_is_one_line(
    target: str, problem: str, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = target.format(tmp=home)
    line = one_line(*cli(capsys, "observe", "--device", "virtual", "--screenshot", path)[::2])
    assert problem in line and path in line


def test_the_recorder_on_a_full_disk_says_in_one_line_that_the_saved_steps_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from deltarec.core import bundle as bundle_module
    from deltarec.core.errors import DeltarecError
    from deltarec.core.recorder import session as session_module

    root = healthy_recording(tmp_path)
    session = RecordingSession.restore(root, make_virtual_device(), screenshots=False)
    monkeypatch.setattr(bundle_module, "write_atomic", _full_disk)
    monkeypatch.setattr(session_module, "write_atomic", _full_disk)
    with pytest.raises(DeltarecError) as caught:
        session.record_key("back")
    message = str(caught.value)
    assert "\n" not in message and "No space left on device" in message
    assert "the 1 step saved before are kept" in message and str(root) in message
    monkeypatch.undo()
    assert len(Bundle.open(root).steps) == 1


# -- class 7: late failures --------------------------------------------------------------------


@pytest.mark.parametrize("where", ["missing/out.html", "file/out.html", "fifo"])
def test_an_unwritable_report_path_is_refused_before_any_step(
    where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "file").write_text("x")
    os.mkfifo(tmp_path / "fifo")
    script = tmp_path / "s.json"
    script.write_text(json.dumps([["AC_back"]] * 3))
    code, out, err = cli(capsys, "run", str(script), "--device", "virtual", "--report",
                         str(tmp_path / where))  # fmt: skip
    line = one_line(code, err)
    assert "--report" in line and out == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "file", "s.json"]
