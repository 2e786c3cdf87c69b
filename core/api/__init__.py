"""The public Python API: a phone, strict locators and waiting assertions, over the executor.

Modelled on playwright-python's sync API (strict locators resolved at action
time, ``expect`` assertions with their own wait) and uiautomator2's brevity.
Every call is one ``AC_*`` step of the executor, so a program written with it
replays exactly what the equivalent JSON script does; exports are written in it
(:mod:`deltarec.core.recorder.export_python`). ``import deltarec`` re-exports it.

::

    phone.py    connect(), Phone: actions on the screen, delta(), run() for any AC_* command
    locator.py  Locator: tap, long_press, fill, type, swipe, wait_for, text, or_ (fallbacks)
    expect.py   expect(locator).to_be_visible() / to_have_text() / to_be_checked() / …

    >>> from deltarec.core.api import connect, expect
    >>> phone = connect("virtual")
    >>> phone.get(text="Settings").tap()
    >>> airplane = phone.get(role="switch", name="Airplane mode")
    >>> airplane.tap()
    >>> expect(airplane).to_be_checked()
    >>> print(phone.delta().splitlines()[:2])
    ['~ [6] switch "Airplane mode" (checked: false→true)', '~ [7] text "Off"→"On"']
"""

from __future__ import annotations

from deltarec.core.api.expect import ExpectationError, LocatorAssertions, expect
from deltarec.core.api.locator import Locator
from deltarec.core.api.phone import Phone, connect
from deltarec.core.errors import (
    AmbiguousSelectorError,
    DeltarecError,
    ElementNotFoundError,
    ScriptValidationError,
    StepFailedError,
)

__all__ = [
    "AmbiguousSelectorError",
    "DeltarecError",
    "ElementNotFoundError",
    "ExpectationError",
    "Locator",
    "LocatorAssertions",
    "Phone",
    "ScriptValidationError",
    "StepFailedError",
    "connect",
    "expect",
]
