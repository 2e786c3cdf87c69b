"""Every doctest of the shipped library runs with the suite (testpaths is tests/).

The modules are found by walking the packages, so a doctest added anywhere runs without
being listed; the Script Builder (``deltarec.app``) has none.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pkgutil
from pathlib import Path

import pytest

import deltarec
import deltarec.core
import deltarec.testing

OPTIONAL = {"deltarec.core.devices.u2": "uiautomator2"}
"""Modules that need an optional extra's package: skipped where it is not installed."""


def _modules_with_examples() -> list[str]:
    names = ["deltarec", "deltarec.pytest_plugin"]
    for package in (deltarec.core, deltarec.testing):
        names += [package.__name__]
        names += [m.name for m in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")]
    found = []
    for name in names:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, name
        if ">>>" in Path(spec.origin).read_text(encoding="utf-8"):
            found.append(name)
    return found


MODULES = _modules_with_examples()


def test_the_walk_finds_the_library_doctests() -> None:
    assert len(MODULES) >= 60
    assert {"deltarec", "deltarec.core.diff.scrolls", "deltarec.core.api.expect"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    extra = OPTIONAL.get(name)
    if extra and importlib.util.find_spec(extra) is None:
        pytest.skip(f"needs {extra}")
    result = doctest.testmod(
        importlib.import_module(name), optionflags=doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    assert result.attempted > 0 and result.failed == 0
