"""The doctests of the API, the exports and the plugin run with the suite (testpaths is tests/)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "deltarec.core.api",
    "deltarec.core.api.phone",
    "deltarec.core.api.locator",
    "deltarec.core.api.expect",
    "deltarec.core.executor.checks",
    "deltarec.core.recorder.checks",
    "deltarec.core.recorder.export",
    "deltarec.core.recorder.export_code",
    "deltarec.core.recorder.export_python",
    "deltarec.core.recorder.export_maestro",
    "deltarec.core.devices.open",
    "deltarec",
    "deltarec.pytest_plugin",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(
        importlib.import_module(name), optionflags=doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    assert result.attempted > 0 and result.failed == 0
