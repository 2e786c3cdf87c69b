"""deltarec: record Android steps and read what each one changed on the screen.

The package people import. Its names load on first use (PEP 562), so ``import
deltarec`` — which pytest does for the ``pytest11`` plugin in every run of an
environment where deltarec is installed — costs nothing and cannot fail::

    import deltarec
    phone = deltarec.connect("virtual")
    phone.get(text="Sign up").tap()
    deltarec.expect(phone.get(resource_id="save")).to_be_enabled(enabled=False)

Public surface (pinned by ``tests/test_public_names.py``):

- ``deltarec``: the Python API (:func:`connect`, :class:`Phone`, :class:`Locator`,
  :func:`expect`) and the whole error tree (``deltarec.StepFailedError`` …).
- ``deltarec.core``: the headless library (parse, diff, render, the element-dict
  API of the library that defined ``delta_observation``); no Qt.
- ``deltarec.testing``: test doubles (a scripted adb target, a fake uiautomator2 server).
- ``deltarec.app``: the Script Builder (``deltarec-studio``), with the ``gui`` extra.
- ``deltarec.pytest_plugin``: the ``phone`` fixture and ``--device``.

Every other module under ``deltarec.core`` is internal: its names may change
between releases.

    >>> import deltarec
    >>> deltarec.connect("virtual").serial
    'virtual'
    >>> deltarec.StepFailedError
    <class 'deltarec.StepFailedError'>
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deltarec.core.api import Locator, LocatorAssertions, Phone, connect, expect
    from deltarec.core.errors import (
        AmbiguousSelectorError,
        CaptureParseError,
        DeltarecError,
        DeviceDisconnected,
        DeviceError,
        DeviceTimeout,
        ElementNotFoundError,
        ExpectationError,
        InputError,
        ScriptValidationError,
        SelectorError,
        StaleIndexError,
        StepFailedError,
    )

__version__ = "0.1.0"

__all__ = [
    "AmbiguousSelectorError",
    "CaptureParseError",
    "DeltarecError",
    "DeviceDisconnected",
    "DeviceError",
    "DeviceTimeout",
    "ElementNotFoundError",
    "ExpectationError",
    "InputError",
    "Locator",
    "LocatorAssertions",
    "Phone",
    "ScriptValidationError",
    "SelectorError",
    "StaleIndexError",
    "StepFailedError",
    "connect",
    "expect",
]

_API = frozenset({"Locator", "LocatorAssertions", "Phone", "connect", "expect"})
_HOME = {name: "deltarec.core.api" if name in _API else "deltarec.core.errors" for name in __all__}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'deltarec' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
