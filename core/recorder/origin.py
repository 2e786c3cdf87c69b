"""Where a recording started: the app it was made in, and whether it began on the home screen.

Exports need it to start a replay where the recording did: a Maestro flow launches that
app (or presses Home), a pytest module names it for the plugin's reset (force-stop, or
clear, before each test), so every test starts from a known state.

    >>> is_home("dev.deltarec.launcher"), is_home("com.android.settings")
    (True, False)
"""

from __future__ import annotations

from collections.abc import Iterable

from deltarec.core.bundle import Bundle
from deltarec.core.errors import DeltarecError
from deltarec.core.executor import Script


def is_home(package: str) -> bool:
    """Whether ``package`` is a home screen (a launcher), not an app a flow could launch."""
    return "launcher" in package.lower() or package in ("com.android.systemui", "android")


def started_in(bundle: Bundle, screens: Iterable[int]) -> tuple[str | None, bool]:
    """The app a recording was made in and whether it started on the home screen.

    ``screens`` are the bundle's observation numbers the steps started on and left, in
    step order. The app is the package of the first screen, or when that is a launcher,
    the first other app a screen showed (None when none did). Unreadable observations
    are skipped.
    """
    first: str | None = None
    for number in dict.fromkeys(screens):  # in order, each screen once
        try:
            package = bundle.observation(number).package
        except DeltarecError:
            continue
        first = package if first is None else first
        if package and not is_home(package):
            return package, is_home(first)
    return None, first is not None and is_home(first)


FIRST_STEPS = ("AC_clear_app", "AC_stop_app")
"""What a clean start may do to its app before launching it (clear its data, or stop it)."""


def clean_start(script: Script, *, legacy_clear: bool = False) -> tuple[str, bool] | None:
    """``(package, clear)`` when the script starts by launching an app (the Script Builder's
    "Launch app…"), optionally after clearing or stopping it; None when it starts otherwise.

    ``clear`` is True when it clears the app's data first (``AC_clear_app``: "clear its
    state first"), or stops it first and ``legacy_clear`` says the recording meant a clear
    (a Script Builder before ``AC_clear_app`` recorded "clear" as a stop, and its manifest
    kept ``clear_start``).

    >>> from deltarec.core.executor import Step
    >>> app = {"package": "com.example"}
    >>> clean_start(Script((Step("AC_clear_app", app), Step("AC_launch_app", app))))
    ('com.example', True)
    >>> stop = Script((Step("AC_stop_app", app), Step("AC_launch_app", app)))
    >>> clean_start(stop), clean_start(stop, legacy_clear=True)
    (('com.example', False), ('com.example', True))
    >>> clean_start(Script((Step("AC_launch_app", app),))), clean_start(Script())
    (('com.example', False), None)
    """
    steps = script.steps
    if steps and steps[0].command == "AC_launch_app" and not steps[0].params.get("activity"):
        return str(steps[0].params["package"]), False
    if len(steps) > 1 and steps[0].command in FIRST_STEPS and steps[1].command == "AC_launch_app":
        package = steps[0].params.get("package")
        if package == steps[1].params.get("package") and not steps[1].params.get("activity"):
            clear = steps[0].command == "AC_clear_app" or legacy_clear
            return str(package), clear
    return None


__all__ = ["FIRST_STEPS", "clean_start", "is_home", "started_in"]
