"""The doctests of the API, the exports and the plugin run with the suite (testpaths is tests/)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "core.api",
    "core.api.phone",
    "core.api.locator",
    "core.api.expect",
    "core.executor.checks",
    "core.recorder.checks",
    "core.recorder.export",
    "core.recorder.export_code",
    "core.recorder.export_python",
    "core.recorder.export_maestro",
    "core.devices.open",
    "deltarec",
    "deltarec.pytest_plugin",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(
        importlib.import_module(name), optionflags=doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    assert result.attempted > 0 and result.failed == 0
