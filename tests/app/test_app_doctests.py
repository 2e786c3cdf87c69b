"""The Script Builder's own examples run too (the library's run in tests/core/api)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = (
    "deltarec.app.launch",
    "deltarec.app.studio_edits",
    "deltarec.app.undo_batch",
    "deltarec.app.wheel",
)


@pytest.mark.parametrize("name", MODULES)
def test_examples(name: str) -> None:
    module = importlib.import_module(name)
    failed, tried = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tried > 0 and failed == 0
