"""The pytest plugin: the phone fixture, --device / --device-pool, the failure report."""

from __future__ import annotations

from pathlib import Path

import pytest

from deltarec.pytest_plugin import device_for, device_pool

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
