"""The one input boundary (issue 11): bounded reads, strict JSON, checked numbers, one depth.

Every reader is fuzzed with random bytes, random JSON and mutated real inputs
(the real captures in fixtures/real; bundles written by the
recorder's own Bundle); the only error allowed out is an InputError, and what
is accepted can be written back as UTF-8 JSON and compared without recursion
trouble (the stages after parsing hold the same depth limit).
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deltarec.core.bundle import Bundle, scan_recordings
from deltarec.core.capture.boundary import (
    MAX_DEPTH,
    MAX_JSON_NESTING,
    check_tree,
    loads_json,
    number,
    read_bounded,
)
from deltarec.core.capture.element_dicts import elements_to_observation
from deltarec.core.capture.jsonio import load_capture, observation_from_json, observation_to_json
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.cli import device_commands
from deltarec.core.errors import CaptureParseError, InputError
from deltarec.core.executor import load_script
from deltarec.core.observe.model import Observation
from tests.conftest import REAL_DUMPS

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SMALL_DUMPS = ("contacts-manual/07.xml", "launcher-reformatted/page.xml", "contacts-agent/10.xml")

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=30,
)
NODE_KEYS = st.sampled_from(
    ["text", "class", "bounds", "enabled", "checked", "resource-id", "package", "x", "y", "role"]
)
ATTRIBUTE_DICTS = st.dictionaries(NODE_KEYS, SCALARS | st.lists(SCALARS, max_size=4), max_size=6)


def _usable(obs: Observation) -> None:
    """What later stages do with an accepted capture: write it as UTF-8 JSON, compare it."""
    text = json.dumps(observation_to_json(obs), ensure_ascii=False)
    again = observation_from_json(loads_json(text.encode("utf-8"), where="again"))
    assert again == again and obs == obs


def _only_typed(read: Any, *args: Any) -> None:
    try:
        result = read(*args)
    except InputError:
        return
    if isinstance(result, Observation):
        _usable(result)


@st.composite
def mutated(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` with a few bytes replaced, inserted or deleted (a hand-edited or torn file)."""
    out = bytearray(data)
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, max(0, len(out) - 1)))
        kind = draw(st.sampled_from(["replace", "insert", "delete", "truncate"]))
        byte = draw(st.sampled_from([0x00, 0xFF, 0x22, 0x3C, 0x3E, 0x5B, 0x39, 0x2D, 0x26]))
        if kind == "replace" and out:
            out[at] = byte
        elif kind == "insert":
            out[at:at] = bytes([byte]) * draw(st.integers(1, 40))
        elif kind == "delete" and out:
            del out[at : at + draw(st.integers(1, 20))]
        else:
            del out[at:]
    return bytes(out)


def _real(name: str) -> bytes:
    return (REAL_DUMPS / name).read_bytes()


# ------------------------------------------------------------------ fuzz: every reader


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes_are_read_or_refused_with_a_typed_error(data: bytes) -> None:
    _only_typed(load_capture, data)
    _only_typed(load_capture, b"<hierarchy>" + data)
    _only_typed(load_capture, b"[" + data)
    with _typed_or_none():
        load_script(data)


class _typed_or_none:
    """Lets success or an InputError through; anything else fails the test."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> bool:
        return kind is None or issubclass(kind, InputError)


@FUZZ
@given(JSON_VALUES)
def test_random_json_in_every_json_reader(value: Any) -> None:
    text = json.dumps(value).encode()
    _only_typed(load_capture, text)
    _only_typed(elements_to_observation, value)
    _only_typed(observation_from_json, {"format": "deltarec.observation/1", "windows": value})
    with _typed_or_none():
        load_script(text)


@FUZZ
@given(st.lists(ATTRIBUTE_DICTS, max_size=4), st.sampled_from(["elements", "observation"]))
def test_plausible_nodes_with_random_values(attrs: list[dict[str, Any]], kind: str) -> None:
    if kind == "elements":
        _only_typed(elements_to_observation, attrs)
    else:
        windows = [{"attributes": a, "children": []} for a in attrs]
        _only_typed(observation_from_json, {"format": "deltarec.observation/1", "windows": windows})


@FUZZ
@given(st.sampled_from(SMALL_DUMPS).flatmap(lambda name: mutated(_real(name))))
def test_mutated_real_dumps(data: bytes) -> None:
    _only_typed(load_capture, data)


@settings(FUZZ, max_examples=60)  # each example writes a bundle
@given(st.data())
def test_mutated_bundles(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "rec"
        bundle = Bundle.create(root, {"serial": "virtual"})
        bundle.add_observation(parse_uiautomator(_real("contacts-manual/07.xml")))
        bundle.add_step({"command": "AC_tap", "params": {"x": 1, "y": 2}, "before": 0,
                         "after": 0, "actions": [{"kind": "tap", "x": 1, "y": 2}]})  # fmt: skip
        target = data.draw(st.sampled_from(["manifest.json", "observations/0000.json"]))
        path = root / target
        path.write_bytes(data.draw(mutated(path.read_bytes())))
        try:
            opened = Bundle.open(root)
            _usable(opened.observation(0))
        except InputError:
            pass
        readable, unreadable = scan_recordings(tmp)
        assert len(readable) + len(unreadable) == 1


@FUZZ
@given(st.binary(max_size=200) | st.sampled_from(SMALL_DUMPS).map(_real).flatmap(mutated))
def test_a_damaged_baseline_is_only_a_lost_cache(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["DELTAREC_HOME"] = tmp
        try:
            path = Path(tmp) / "baselines" / "s.json"
            path.parent.mkdir()
            path.write_bytes(data)
            assert device_commands.load_baseline("s") is None
        finally:
            del os.environ["DELTAREC_HOME"]


# ------------------------------------------------------------------ the pieces


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("1e400", "out of range"),
        ("-1e400", "out of range"),
        ("9" * 5000, "out of range (over 20 digits)"),
        ("\u0661\u0660", "not a number"),  # Arabic-Indic digits: int() takes them
        ("²", "not a number"),
        ("inf", "not a number"),
        ("NaN", "not a number"),
        ("0x10", "not a number"),
        ("", "not a number"),
    ],
)
def test_number_is_the_one_checked_conversion(text: str, problem: str) -> None:
    with pytest.raises(CaptureParseError, match=re.escape(problem)):
        number(text, where="$.x")


def test_number_accepts_plain_ascii() -> None:
    assert number("12", where="") == 12 and number("-3.5e1", where="") == -35.0
    assert number("99999999999999999", where="", integer=True) == 99999999999999999


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b'{"a": NaN}', "NaN is not valid JSON"),
        (b'{"a": -Infinity}', "-Infinity is not valid JSON"),
        (b'{"a": 1e400}', "1e400 is out of range"),
        (b'{"a": "\\ud800"}', "unpaired surrogate U+D800"),
        (b'{"\\udfff": 1}', "unpaired surrogate U+DFFF"),
        (b'{"a": "\xff"}', "not UTF-8"),
        (b'{"a": ', "malformed JSON"),
        (b"[" * (MAX_JSON_NESTING + 1) + b"]" * (MAX_JSON_NESTING + 1), "nests deeper"),
        (b"[" * 100_000 + b"]" * 100_000, "nests deeper"),
    ],
)
def test_strict_json(data: bytes, problem: str) -> None:
    with pytest.raises(CaptureParseError, match=re.escape(problem)):
        loads_json(data, where="x.json")


def test_json_accepts_a_byte_order_mark_and_paired_surrogates() -> None:
    assert loads_json(b'\xef\xbb\xbf{"a": "\\ud83d\\ude00"}', where="") == {"a": "😀"}
    assert loads_json(b"[" * MAX_JSON_NESTING + b"]" * MAX_JSON_NESTING, where="") is not None


def test_check_tree_covers_objects_built_in_python() -> None:
    for bad in ({"x": float("inf")}, ["\ud800"], {"x": 2**70}):
        with pytest.raises(CaptureParseError):
            check_tree(bad, where="$")


@pytest.mark.parametrize("source", ["/dev/zero", "fifo"])
def test_an_endless_source_is_refused_before_reading(source: str, tmp_path: Path) -> None:
    """Issue 11 item 3 bounded endless sources; issue 23 refuses them unread (not regular)."""
    if source == "fifo":
        path = tmp_path / "pipe"
        os.mkfifo(path)
        fd = os.open(path, os.O_RDWR | os.O_NONBLOCK)  # keeps the pipe open, never blocks
        os.write(fd, b"x" * 5000)
        source = str(path)
    with pytest.raises(CaptureParseError, match="not a regular file"):
        read_bounded(source, limit=4096)


def test_a_regular_file_over_the_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big"
    path.write_bytes(b"x" * 5000)
    with pytest.raises(CaptureParseError, match="over the 4096-byte limit"):
        read_bounded(path, limit=4096)
    assert read_bounded(path, limit=5000) == b"x" * 5000


def test_a_sparse_gigabyte_is_refused_without_reading_it(tmp_path: Path) -> None:
    big = tmp_path / "big.xml"
    with big.open("wb") as handle:
        handle.truncate(1 << 30)  # sparse: nothing is written
    from deltarec.core.capture.jsonio import read_capture

    with pytest.raises(CaptureParseError, match="over the"):
        read_capture(big)


def _deep_xml(levels: int) -> str:
    return (
        "<hierarchy>"
        + '<node class="a" bounds="[0,0][9,9]">' * levels
        + "</node>" * levels
        + "</hierarchy>"
    )


def test_one_depth_limit_through_every_stage(tmp_path: Path) -> None:
    """Item 5: MAX_DEPTH levels pass every stage (JSON, autosave, baseline); one more is refused
    by every reader."""
    obs = parse_uiautomator(_deep_xml(MAX_DEPTH))
    _usable(obs)
    bundle = Bundle.create(tmp_path / "b", {})
    assert bundle.observation(bundle.add_observation(obs)) == obs
    with pytest.raises(CaptureParseError, match=f"deeper than {MAX_DEPTH}"):
        parse_uiautomator(_deep_xml(MAX_DEPTH + 1))
    deeper = {"attributes": {}, "children": []}
    for _ in range(MAX_DEPTH):
        deeper = {"attributes": {}, "children": [deeper]}
    with pytest.raises(CaptureParseError, match=f"deeper than {MAX_DEPTH}"):
        observation_from_json({"format": "deltarec.observation/1", "windows": [deeper]})
    element: dict[str, Any] = {"role": "button"}
    for _ in range(MAX_DEPTH - 1):
        element = {"role": "group", "children": [element]}
    with pytest.raises(CaptureParseError, match="deeper than"):
        elements_to_observation([element])
    assert len(list(elements_to_observation(element["children"]).walk())) == MAX_DEPTH
