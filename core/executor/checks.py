"""Step checks: the assertions a recorded step carries, run right after the step on replay.

A step's metadata may hold ``checks``, a list of ``AC_assert`` parameter
objects the recorder chose (:mod:`deltarec.core.recorder.checks`), e.g.
``{"selector": {"resource_id": "app:id/name"}, "text": "Ada"}``. Where the
recorded ``expect`` delta only checks the *kind* of change (typing "Bob"
instead of "Ada" has the same shape), a check pins the value. Replay runs each
one as ``AC_assert`` with :data:`CHECK_TIMEOUT` seconds to come true (unless
the check gives its own ``timeout``); the first that fails fails the step.
The exported code writes the same checks as ``expect(...)`` lines with the
same timeout, so a JSON replay and an exported one assert the same facts.

    >>> parse_checks([{"selector": {"text": "Saved"}, "exists": True}], "$[0][2].checks")
    ({'selector': {'text': 'Saved'}, 'exists': True},)
    >>> parse_checks([{"selector": {"text": "Saved"}}], "$[0][2].checks")
    Traceback (most recent call last):
    ...
    deltarec.ScriptValidationError: $[0][2].checks[0]: what to assert: give exactly one of
    exists or gone or text or checked or enabled or selected
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deltarec.core.errors import ScriptValidationError
from deltarec.core.executor.commands.flow import Assert
from deltarec.core.executor.params import Kind, json_type

CHECK_TIMEOUT = 5.0
"""Seconds a check may take to come true (the API's ``expect`` default too)."""
MAX_CHECKS = 16


def parse_checks(value: object, path: str) -> tuple[Mapping[str, Any], ...]:
    """Validate a ``checks`` list: each item must be valid ``AC_assert`` parameters."""
    if not isinstance(value, list):
        raise ScriptValidationError(path, f"expected an array of checks, got {json_type(value)}")
    if len(value) > MAX_CHECKS:
        raise ScriptValidationError(path, f"at most {MAX_CHECKS} checks")
    for i, item in enumerate(value):
        Assert.parse(item, f"{path}[{i}]")
    return tuple(value)


def check_command(check: Mapping[str, Any]) -> Assert:
    """The ``AC_assert`` a check runs as (its own timeout, else :data:`CHECK_TIMEOUT`)."""
    return Assert.parse({"timeout": CHECK_TIMEOUT, **check}, "$")


class ChecksKind(Kind[tuple[Mapping[str, Any], ...]]):
    """The ``checks`` step metadata (see the module docstring)."""

    label = "an array of AC_assert parameter objects"

    def parse(self, value: object, path: str) -> tuple[Mapping[str, Any], ...]:
        return parse_checks(value, path)


CHECKS = ChecksKind()

__all__ = ["CHECKS", "CHECK_TIMEOUT", "check_command", "parse_checks"]
