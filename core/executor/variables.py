"""Variables in a script's typed text: ``"text": "${PASSWORD}"`` types the value of the
environment variable ``PASSWORD``.

The recorder writes a password typed while recording this way
(:mod:`deltarec.core.recorder.secrets`), as Maestro flows write ``inputText: ${PASSWORD}``;
so a script made from a recording replays with ``PASSWORD=… deltarec run script.json``
and never holds the value. Only a text that is exactly one reference is a variable; any
other text is typed as given.

    >>> reference("PASSWORD"), referenced("${PASSWORD}"), referenced("hunter2")
    ('${PASSWORD}', 'PASSWORD', None)
    >>> referenced("${PASSWORD} and more"), value_of("${PIN}", {"PIN": "1234"})
    (None, '1234')
    >>> value_of("plain", {}), value_of("${PIN}", {})
    ('plain', None)
"""

from __future__ import annotations

import re
from collections.abc import Mapping

_REFERENCE = re.compile(r"^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$")


def reference(name: str) -> str:
    """``${NAME}``: how a script names the value of variable ``name``."""
    return "${" + name + "}"


def referenced(text: object) -> str | None:
    """The variable ``text`` refers to (``"${PASSWORD}"`` → ``"PASSWORD"``), else None."""
    if not isinstance(text, str):
        return None
    m = _REFERENCE.match(text)
    return m[1] if m else None


def value_of(text: str, environ: Mapping[str, str]) -> str | None:
    """What typing ``text`` types: ``text`` itself, or the value of the variable it refers
    to in ``environ`` (None when that variable is not set)."""
    name = referenced(text)
    return text if name is None else environ.get(name)


__all__ = ["reference", "referenced", "value_of"]
