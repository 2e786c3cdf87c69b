"""Each test starts from a known state (issue 22): the phone fixture stops or clears the app.

A phone served over the adb protocol keeps its state between tests, as a real phone does:
two tests that each start by tapping "Sign up" on the launcher only both pass when the
fixture force-stops the app before each one. The shell's history shows what was sent.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings

from deltarec.core.devices.fakeadb import FakeAdbServer
from deltarec.core.devices.virtual import Playground, VirtualDevice, VirtualShell
from deltarec.pytest_plugin import reset_app
from tests.core.devices.test_clear_app import VISITS, Action, act, fresh_but_counter

pytest_plugins = ["pytester"]

APP = "dev.deltarec.playground"
TWICE = """
import pytest
from deltarec import Phone, expect

{marker}

@pytest.mark.parametrize("n", [1, 2])
def test_signs_up_from_the_launcher(phone: Phone, n: int) -> None:
    phone.get(content_desc="Sign up").or_(index=6, name="Sign up", role="button").tap(timeout=0)
    phone.get(resource_id="name").type("Ada")
    expect(phone.get(resource_id="name")).to_have_text("Ada", timeout=0)
"""


@pytest.fixture
def served() -> Iterator[tuple[str, VirtualShell]]:
    shell = VirtualShell(serial="phone-0")
    with FakeAdbServer([shell]) as server:
        yield f"phone-0@127.0.0.1:{server.port}", shell


def _run(pytester: pytest.Pytester, device: str, marker: str = "", *ini: str) -> pytest.RunResult:
    pytester.makepyfile(test_twice=TWICE.format(marker=marker))
    if ini:
        pytester.makeini("[pytest]\n" + "\n".join(ini) + "\n")
    return pytester.runpytest("--device", device, "-p", "no:cacheprovider")


def test_without_a_reset_the_second_test_starts_where_the_first_ended(
    pytester: pytest.Pytester, served: tuple[str, VirtualShell]
) -> None:
    device, shell = served
    _run(pytester, device).assert_outcomes(passed=1, failed=1)
    assert not any("force-stop" in c or "pm clear" in c for c in shell.history)


def test_the_ini_option_stops_the_app_before_each_test(
    pytester: pytest.Pytester, served: tuple[str, VirtualShell]
) -> None:
    device, shell = served
    _run(pytester, device, "", f"deltarec_app = {APP}").assert_outcomes(passed=2)
    assert [c for c in shell.history if "force-stop" in c] == [f"am force-stop {APP}"] * 2


@pytest.mark.parametrize(
    ("reset", "failed", "sent"),
    [("clear", 0, [f"pm clear {APP}"] * 2), ("stop", 0, [f"am force-stop {APP}"] * 2),
     ("none", 1, [])],
)  # fmt: skip
def test_the_marker_says_how_and_wins_over_the_ini(
    pytester: pytest.Pytester,
    served: tuple[str, VirtualShell],
    reset: str,
    failed: int,
    sent: list[str],
) -> None:
    device, shell = served
    marker = f'pytestmark = pytest.mark.deltarec_app("{APP}", reset="{reset}")'
    ini = ("deltarec_app = com.example.other", "deltarec_reset = none")
    _run(pytester, device, marker, *ini).assert_outcomes(passed=2 - failed, failed=failed)
    assert [c for c in shell.history if "force-stop" in c or "pm clear" in c] == sent


def test_a_reset_that_is_not_a_choice_is_a_usage_error(pytester: pytest.Pytester) -> None:
    marker = f'pytestmark = pytest.mark.deltarec_app("{APP}", reset="wipe")'
    result = _run(pytester, "virtual", marker)
    result.stdout.fnmatch_lines(["*deltarec reset 'wipe' is not one of stop, clear, none*"])
    assert result.ret != 0


@settings(max_examples=20, deadline=None)
@given(VISITS)
def test_a_clear_reset_clears_a_device_without_a_shell(actions: list[Action]) -> None:
    """The in-process virtual phone has no shell: ``reset='clear'`` used to only stop the
    app there, so a setting changed before the test survived it."""
    phone = VirtualDevice(Playground())
    act(phone, actions)
    phone.playground.state.settings.values["vibrate"] = True  # a preference: stop keeps it
    reset_app(phone, APP, "clear")
    assert phone.playground.state == fresh_but_counter(phone.playground.state)
