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


__all__ = ["is_home", "started_in"]
