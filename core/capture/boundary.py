"""The one input boundary: every file deltarec reads passes here before it is parsed.

Dumps, observation and element JSON, scripts, bundles and device baselines all
come in through these functions, so each holds the same promises:

- **Regular files, bounded reads.** :func:`read_bounded` opens without blocking and
  refuses anything but a regular file (a FIFO, ``/dev/zero``, a socket, a folder)
  before reading a byte, then reads at most ``limit + 1`` bytes and refuses more,
  before anything is parsed, so a hostile file costs at most its limit in time and
  memory and never hangs a reader.
- **Images** are checked by their header before they are decoded
  (:func:`deltarec.core.capture.images.open_image`).
- **Text.** UTF-8, strict; a leading byte-order mark is dropped. No unpaired
  surrogate survives (JSON's ``"\\ud800"`` escape included): later stages
  write what they read back out as UTF-8.
- **Numbers** go through one checked function, :func:`number`: ASCII digits
  only, at most :data:`MAX_DIGITS` of them, finite, and within
  ±:data:`MAX_MAGNITUDE`. JSON ``NaN``/``Infinity`` are refused.
- **Nesting.** One limit, :data:`MAX_DEPTH` node levels. A JSON document may
  nest :data:`MAX_JSON_NESTING` containers deep: a node is an object inside a
  ``children`` list, two JSON levels a node level, plus the document's own
  wrapping. Deeper input is refused before any recursive stage sees it.

Every refusal is an :class:`~deltarec.core.errors.InputError` naming what and where: a
:class:`~deltarec.core.errors.CaptureParseError` unless the reader passes its own
``error`` factory (scripts raise :class:`~deltarec.core.errors.ScriptValidationError`).

    >>> loads_json(b'\\xef\\xbb\\xbf{"x": [1, 2.5]}', where="a.json")
    {'x': [1, 2.5]}
    >>> loads_json('{"x": 1e400}', where="a.json")
    Traceback (most recent call last):
    ...
    deltarec.CaptureParseError: number 1e400 is out of range (at a.json, $.x)
    >>> number("\u0661\u0660", where="bounds")
    Traceback (most recent call last):
    ...
    deltarec.CaptureParseError: '١٠' is not a number (ASCII digits only) (at bounds)
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Callable
from typing import Any, NoReturn

from deltarec.core.errors import CaptureParseError

MAX_DEPTH = 200
"""Deepest node nesting any capture may have (a dump's ``<hierarchy>`` root is not counted).

Real Android trees stay well under 100 levels. 200 is what every later stage
can take: ``==``, ``hash`` and ``repr`` of a :class:`~deltarec.core.observe.model.Node` recurse,
several interpreter frames a level (``==`` fails near 250 levels under the
default recursion limit), and so do the JSON writers of autosaves and
baselines. It is also under libxml2's own limit without ``huge_tree`` (256),
so the lxml and expat parsers refuse at the same element.
"""

MAX_JSON_NESTING = 2 * MAX_DEPTH + 8
"""Deepest JSON container nesting: two levels a node (object, ``children`` list) plus wrapping."""

MAX_OBJECT_VALUES = 500_000
"""Most values :func:`check_tree` reaches in an object handed by a Python caller (a script's
step, a command's parameters), each time it reaches one: 50,000 element dicts of ten values
each, walked in about a second. Decoded text is bounded by its size instead."""

MAX_BYTES = 64 * 1024 * 1024
"""Larger input than this is refused before parsing (readers may pass a smaller limit)."""

MAX_DIGITS = 20
"""Longest number, in digits: 64-bit integers fit; a 5,000-digit one is refused unconverted."""

MAX_MAGNITUDE = 2**63
"""Largest absolute value of any number read (a pixel, a timestamp, a timeout)."""

ErrorFactory = Callable[[str, str], Exception]
"""``(problem, where)`` → the typed error a reader raises."""


def capture_error(problem: str, where: str) -> Exception:
    return CaptureParseError(problem, where=where)


def fail(error: ErrorFactory, problem: str, where: str) -> NoReturn:
    raise error(problem, where)


# ---------------------------------------------------------------------- bytes


def read_bounded(
    path: str | os.PathLike[str],
    *,
    limit: int = MAX_BYTES,
    error: ErrorFactory = capture_error,
    what: str = "file",
) -> bytes:
    """The bytes of the regular file ``path``, refusing more than ``limit`` without reading them.

    Anything but a regular file (a FIFO, a socket, a device such as ``/dev/zero``, a
    folder) is refused before a byte is read; the file is opened without blocking
    (``O_NONBLOCK``), so a FIFO nobody writes to cannot hang the open either. A symlink
    is followed and its target judged. At most ``limit + 1`` bytes are read, so a file
    that grows while read costs at most its limit. A missing or unreadable file is an
    error of the same type.
    """
    where = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | _CLOEXEC | _NOCTTY)
    except OSError as exc:
        fail(error, f"cannot read {what}: {exc.strerror or exc}", where)
    except ValueError as exc:  # an embedded NUL in the name
        fail(error, f"cannot read {what}: {exc}", where)
    try:
        status = os.fstat(fd)
        kind = file_kind(status.st_mode)
        if kind != "regular file":
            fail(error, f"cannot read {what}: it is {kind}, not a regular file", where)
        if status.st_size > limit:  # refused unread
            fail(error, f"{what} is over the {limit}-byte limit", where)
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(status.st_size + 1)  # its size, so no limit-sized buffer
            if len(data) > status.st_size:  # it grew while read: the limit still holds
                data += handle.read(limit + 1 - len(data))
    except OSError as exc:
        fail(error, f"cannot read {what}: {exc.strerror or exc}", where)
    finally:
        os.close(fd)
    if len(data) > limit:
        fail(error, f"{what} is over the {limit}-byte limit", where)
    return data


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOCTTY = getattr(os, "O_NOCTTY", 0)

_KINDS = (
    (stat.S_ISREG, "regular file"),
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def file_kind(mode: int) -> str:
    """What a file of ``mode`` is, as an error names it (``"a FIFO (named pipe)"``).

    >>> file_kind(stat.S_IFIFO | 0o644), file_kind(stat.S_IFREG | 0o644)
    ('a FIFO (named pipe)', 'regular file')
    """
    return next((name for test, name in _KINDS if test(mode)), "not a file")


def check_regular(
    path: str | os.PathLike[str], *, error: ErrorFactory = capture_error, what: str = "file"
) -> None:
    """Refuse ``path`` unless it is a regular file (or a symlink to one), without opening it.

    For readers that hand a path to a library that opens it itself.
    """
    where = str(path)
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        fail(error, f"cannot read {what}: {exc.strerror or exc}", where)
    except ValueError as exc:
        fail(error, f"cannot read {what}: {exc}", where)
    kind = file_kind(mode)
    if kind != "regular file":
        fail(error, f"cannot read {what}: it is {kind}, not a regular file", where)


def short_reason(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:120] or type(exc).__name__


def decode_text(
    data: str | bytes, *, where: str, error: ErrorFactory = capture_error, limit: int = MAX_BYTES
) -> str:
    """UTF-8 text without a byte-order mark; bad UTF-8 and lone surrogates are refused."""
    if len(data) > limit:
        fail(error, f"input is over the {limit}-byte limit", where)
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            fail(error, f"not UTF-8 (byte {exc.start}: {exc.reason})", where)
    else:
        text = data
        check_text(text, where=where, error=error)
    return text.removeprefix("\ufeff")


def check_text(text: str, *, where: str, error: ErrorFactory = capture_error) -> str:
    """``text`` unless it holds an unpaired surrogate (which no UTF-8 writer can write)."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            fail(error, f"unpaired surrogate U+{ord(text[exc.start]):04X} in text", where)
    return text


# -------------------------------------------------------------------- numbers

_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?", re.ASCII)
_INTEGER = re.compile(r"[-+]?[0-9]+", re.ASCII)


def number(
    text: str, *, where: str, error: ErrorFactory = capture_error, integer: bool = False
) -> int | float:
    """The one checked conversion of text to a number.

    ASCII digits only (``"١٠"`` and ``"²"`` are refused, though Python's ``int``
    takes them), at most :data:`MAX_DIGITS` digits in the mantissa, finite, and
    no larger than :data:`MAX_MAGNITUDE`. ``integer`` asks for an integer.

    >>> number("12", where="$"), number("-2.5e2", where="$")
    (12, -250.0)
    """
    stripped = text.strip()
    pattern = _INTEGER if integer else _NUMBER
    if not stripped.isascii() or pattern.fullmatch(stripped) is None:
        shown = stripped[:40]
        kind = "an integer" if integer else "a number"
        fail(error, f"{shown!r} is not {kind} (ASCII digits only)", where)
    mantissa = re.split(r"[eE]", stripped, maxsplit=1)[0]
    if sum(c.isdigit() for c in mantissa) > MAX_DIGITS:
        fail(error, f"number is out of range (over {MAX_DIGITS} digits)", where)
    if _INTEGER.fullmatch(stripped):
        value: int | float = int(stripped)
    else:
        value = float(stripped)
        if not math.isfinite(value) or abs(value) > MAX_MAGNITUDE:
            fail(error, f"number {stripped[:40]} is out of range", where)
    if abs(value) > MAX_MAGNITUDE:
        fail(error, f"number {stripped[:40]} is out of range", where)
    return value


# ----------------------------------------------------------------------- JSON


def loads_json(
    data: str | bytes,
    *,
    where: str,
    error: ErrorFactory = capture_error,
    limit: int = MAX_BYTES,
    nesting: int = MAX_JSON_NESTING,
    object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None,
) -> Any:
    """Strict JSON: bounded size, checked numbers, no NaN, no lone surrogate, bounded nesting."""
    text = decode_text(data, where=where, error=error, limit=limit)

    def refuse_constant(name: str) -> NoReturn:
        fail(error, f"{name} is not valid JSON", where)

    refused: list[_Refused] = []  # numbers out of range, in document order

    def checked(literal: str, integer: bool) -> Any:
        try:
            return number(literal, where="", error=_Refused.make, integer=integer)
        except _Refused as bad:
            refused.append(bad)
            return bad  # located below, so the error names its JSON path

    def parse_float(literal: str) -> Any:
        value = checked(literal, False)
        return float(value) if isinstance(value, int) else value

    def parse_int(literal: str) -> Any:
        if len(literal) < 19:  # JSON's grammar: ASCII digits; this short, always in range
            return int(literal)
        return checked(literal, True)

    try:
        value = json.loads(
            text,
            parse_constant=refuse_constant,
            parse_float=parse_float,
            parse_int=parse_int,
            object_pairs_hook=object_pairs_hook,
        )
    except RecursionError:
        fail(error, f"JSON nests deeper than {nesting} levels", where)
    except json.JSONDecodeError as exc:
        fail(error, f"malformed JSON: {exc.msg} (line {exc.lineno} column {exc.colno})", where)
    if refused:
        fail(error, refused[0].problem, _at(where, _path_to(value, refused[0])))
    # The hooks checked every number. Decoded UTF-8 holds no surrogate, so only a
    # "\udXXX" escape can make one: without any, only the nesting is left to check.
    strings = _SURROGATE_ESCAPE.search(text) is not None
    check_tree(value, where=where, error=error, nesting=nesting, numbers=False, strings=strings,
               most=None)  # fmt: skip
    return value


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def check_tree(
    value: Any,
    *,
    where: str,
    error: ErrorFactory = capture_error,
    nesting: int = MAX_JSON_NESTING,
    numbers: bool = True,
    strings: bool = True,
    most: int | None = MAX_OBJECT_VALUES,
) -> None:
    """Nesting, and unless told not to, strings and numbers of decoded JSON.

    Iterative, so no recursion limit is reached on the way. Used by
    :func:`loads_json` (whose parse hooks have checked the numbers already), and
    by readers handed objects rather than text (MCP calls, scripts built in Python).
    ``most``: at most that many values reached, a value reached again counted again: a
    Python caller's object may share a part (``{"children": [x, x]}`` forty levels deep
    reaches 2 ** 40 values); ``None`` for decoded text, which its size bounds.
    """
    kinds: tuple[type, ...] = (dict, list)
    kinds += (str,) if strings else ()
    kinds += (int, float) if numbers else ()

    def refuse(item: Any, problem: str) -> NoReturn:  # the failure path only: locate the item
        fail(error, problem, _at(where, _path_to(value, item)))

    def text(item: str) -> None:
        try:
            check_text(item, where="", error=_Refused.make)
        except _Refused as bad:
            refuse(item, bad.problem)

    stack: list[tuple[Any, int]] = [(value, 0)]
    reached, limit = 0, most if most is not None else math.inf
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            text(item)
        elif isinstance(item, float) and not (math.isfinite(item) and abs(item) <= MAX_MAGNITUDE):
            refuse(item, f"number {item!r} is out of range")
        elif isinstance(item, int) and abs(item) > MAX_MAGNITUDE:
            refuse(item, "integer is out of range")
        elif isinstance(item, dict | list):
            if depth >= nesting:  # no path: it would be hundreds of levels long
                fail(error, f"JSON nests deeper than {nesting} levels", where)
            reached += len(item)
            if reached > limit:
                problem = f"over {most:,} values (a part shared or repeated counts each time)"
                fail(error, problem, where)
            if isinstance(item, dict):
                for key, sub in item.items():
                    if strings:
                        text(key)
                    if isinstance(sub, kinds):
                        stack.append((sub, depth + 1))
            else:
                stack.extend((sub, depth + 1) for sub in item if isinstance(sub, kinds))


class _Refused(Exception):
    """A problem found while decoding, held until its JSON path is known."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem

    @classmethod
    def make(cls, problem: str, where: str) -> _Refused:
        return cls(problem)


def _step(path: str, key: str) -> str:
    return f"{path}.{key}" if key.isidentifier() else f"{path}[{json.dumps(key)}]"


def _path_to(root: Any, target: Any) -> str:
    """The JSON path (``.a[3].b``) from ``root`` to ``target`` — by identity, the first in
    document order; a key's path when ``target`` is a key. Iterative (any depth)."""
    stack: list[tuple[Any, str]] = [(root, "")]
    while stack:
        item, path = stack.pop()
        if item is target:
            return path
        if isinstance(item, dict):
            for key, sub in reversed(list(item.items())):
                if key is target:
                    return _step(path, key)
                stack.append((sub, _step(path, key)))
        elif isinstance(item, list):
            stack.extend((sub, f"{path}[{i}]") for i, sub in reversed(list(enumerate(item))))
    return ""


def _at(where: str, path: str) -> str:
    """``where`` (a file or a JSON path, or "") and the path inside it."""
    if not path:
        return where
    if not where or where.startswith("$"):
        return f"{where or '$'}{path}"
    return f"{where}, ${path}"


def read_json(
    path: str | os.PathLike[str],
    *,
    error: ErrorFactory = capture_error,
    limit: int = MAX_BYTES,
    what: str = "file",
) -> Any:
    """:func:`read_bounded` then :func:`loads_json`, errors naming ``path``."""
    data = read_bounded(path, limit=limit, error=error, what=what)
    return loads_json(data, where=str(path), error=error, limit=limit)


__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_JSON_NESTING",
    "MAX_MAGNITUDE",
    "MAX_OBJECT_VALUES",
    "ErrorFactory",
    "capture_error",
    "check_regular",
    "check_text",
    "check_tree",
    "decode_text",
    "fail",
    "file_kind",
    "loads_json",
    "number",
    "read_bounded",
    "read_json",
    "short_reason",
]
