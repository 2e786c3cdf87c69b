"""The pytest plugin: the phone fixture, --device / --device-pool, the failure report."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from deltarec.core.devices.fakeadb import FakeAdbServer
from deltarec.core.devices.virtual import VirtualShell
from deltarec.pytest_plugin import POOL_LIMIT, device_for, device_pool

pytest_plugins = ["pytester"]


def test_device_option_env_and_pool_file(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DELTAREC_DEVICE", raising=False)
    assert device_pool(pytester.parseconfig()) == ["virtual"]
    monkeypatch.setenv("DELTAREC_DEVICE", "emulator-5554")
    assert device_pool(pytester.parseconfig()) == ["emulator-5554"]
    assert device_pool(pytester.parseconfig("--device", "a, b@10.0.0.2:5037,c")) == [
        "a",
        "b@10.0.0.2:5037",
        "c",
    ]
    pool = pytester.path / "farm.txt"
    pool.write_text("# the lab\nR58M123 \n\nR58M456  # second rack\n", encoding="utf-8")
    assert device_pool(pytester.parseconfig("--device-pool", str(pool))) == ["R58M123", "R58M456"]
    with pytest.raises(pytest.UsageError, match=r"--device-pool .*missing"):
        device_pool(pytester.parseconfig("--device-pool", str(pytester.path / "missing")))


def test_each_xdist_worker_takes_its_own_device_and_too_many_workers_is_an_error() -> None:
    pool = ["a", "b", "c"]
    assert [device_for(pool, w) for w in ("master", "gw0", "gw1", "gw2")] == ["a", "a", "b", "c"]
    with pytest.raises(pytest.UsageError, match="gw3 has no device: 3 in the pool"):
        device_for(pool, "gw3")


def test_a_failing_test_reports_the_last_delta_and_a_screenshot(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_signup="""
        from deltarec import Phone, expect

        def test_passes(phone: Phone) -> None:
            phone.get(text="Sign up").tap()
            expect(phone.get(resource_id="save")).to_be_enabled(enabled=False)

        def test_fails(phone: Phone) -> None:
            phone.get(text="Sign up").tap()
            phone.get(resource_id="name").fill("Bob")
            expect(phone.get(resource_id="name")).to_have_text("Ada", timeout=0)
        """
    )
    shots = pytester.path / "shots"
    result = pytester.runpytest("--device", "virtual", "--deltarec-artifacts", str(shots))
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*ExpectationError: step 2 (AC_assert) failed: assertion text='Ada' failed*",
            "*- deltarec: last delta -*",
            '~ [6] textbox "Bob" (text: "Name"→"Bob")',
            "*- deltarec: screenshot -*",
        ]
    )
    (png,) = shots.glob("*.png")
    assert png.name == "test_signup.py_test_fails.png" and png.read_bytes()[:4] == b"\x89PNG"


def test_virtual_gives_each_test_a_fresh_phone(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_twice="""
        import pytest
        from deltarec import Phone, expect

        @pytest.mark.parametrize("n", [1, 2])
        def test_types_into_an_empty_field(phone: Phone, n: int) -> None:
            phone.get(text="Sign up").tap()
            phone.get(resource_id="name").type("Ada")
            expect(phone.get(resource_id="name")).to_have_text("Ada", timeout=0)
        """
    )
    pytester.runpytest().assert_outcomes(passed=2)


def test_an_unusable_device_stops_the_run_with_exit_code_2(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_x(phone):\n    phone.back()\n")
    missing = Path(pytester.path / "no-bundle")
    result = pytester.runpytest("--device", f"replay:{missing}")
    assert result.ret == 2
    result.stdout.fnmatch_lines(["*cannot open device 'replay:*no-bundle'*"])


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def test_nothing_listening_is_one_line_naming_the_device_and_the_refusal(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile("def test_x(phone):\n    phone.back()\n")
    spec = f"phone-9@127.0.0.1:{_closed_port()}"
    result = pytester.runpytest("--device", spec)
    assert result.ret == 2
    out = result.stdout.str() + result.stderr.str()
    assert "INTERNALERROR" not in out and "KeyError" not in out
    result.stdout.fnmatch_lines([f"*cannot open device '{spec}'*Connection refused*"])


@pytest.mark.parametrize("workers", [[], ["-n", "2"]])
def test_a_serial_the_adb_server_does_not_know_is_one_line(
    pytester: pytest.Pytester, workers: list[str]
) -> None:
    pytester.makepyfile("def test_x(phone):\n    phone.back()\n")
    with FakeAdbServer([VirtualShell(serial="phone-0")]) as server:
        known = f"phone-0@127.0.0.1:{server.port}"
        spec = f"phone-7@127.0.0.1:{server.port}"
        pool = [spec] if not workers else [known, spec]
        args = ("--device", ",".join(pool), *workers, "-p", "no:cacheprovider")
        # with xdist the controller checks, before any worker starts
        result = pytester.runpytest_subprocess(*args, timeout=120)
    assert result.ret == 2
    text = result.stdout.str() + result.stderr.str()
    assert f"cannot open device '{spec}'" in text and "device 'phone-7' not found" in text
    assert "crashed" not in text and "INTERNALERROR" not in text


def test_more_workers_than_devices_fails_the_session_once(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_x(phone):\n    pass\n")
    result = pytester.runpytest_subprocess(
        "-n", "4", "--device", "a,b,c", "-p", "no:cacheprovider", timeout=120
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["ERROR: -n 4 starts 4 xdist workers but the pool has 3 device(s) (a, b, c);*"]
    )
    assert "test_x" not in result.stdout.str()  # no test ran, no test error


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"a\xffb\n", "not UTF-8"),
        (b"x" * (POOL_LIMIT + 1), "over the 1048576-byte limit"),
    ],
)
def test_a_bad_pool_file_is_a_usage_error(
    pytester: pytest.Pytester, content: bytes, problem: str
) -> None:
    pool = pytester.path / "pool.txt"
    pool.write_bytes(content)
    pytester.makepyfile("def test_x():\n    pass\n")
    result = pytester.runpytest("--device-pool", str(pool))
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"ERROR: --device-pool {pool}: *{problem}*"])


@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_a_pool_that_is_not_a_regular_file_is_refused_without_reading_it(
    pytester: pytest.Pytester, kind: str
) -> None:
    if kind == "fifo":
        path = pytester.path / "fifo"
        os.mkfifo(path)  # nobody writes it: opening it for reading would block forever
    else:
        path = Path("/dev/zero") if kind == "device" else pytester.path
    with pytest.raises(pytest.UsageError, match=r"not a regular file|Is a directory"):
        device_pool(pytester.parseconfig("--device-pool", str(path)))
