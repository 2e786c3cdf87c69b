"""Hostile input on every input kind: a uiautomator dump, an Appium page source, element
dicts (as text and as the Python objects the API takes) and AutoMobile's observe JSON.

The generator draws odd, broken, huge and mixed inputs of each kind (bounds inverted, out of
range or not numbers, NaN and huge numbers, duplicate ids and attributes, deep nesting,
many siblings, invalid UTF-8, byte-order marks, CRLF, a file cut short, one format inside
another, an empty hierarchy, a window list without nodes). Each must either read, and then
pass every later stage (the frame, its text, a delta against a plain screen and against
itself, observation JSON), or fail with the typed error (:class:`InputError`, one line,
naming the input and where in it), in bounded time: never another exception, never a hang.
"""

from __future__ import annotations

import json
import math
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deltarec.core.capture.boundary import MAX_DEPTH
from deltarec.core.capture.jsonio import load_capture, observation_to_json
from deltarec.core.elements import delta_observation, observation_index
from deltarec.core.errors import InputError
from deltarec.core.observe.model import Observation
from deltarec.core.observer import observe_delta, observe_frame
from tests.core.test_hostile_input_2 import within

SOURCE = "hostile.in"
PLAIN = load_capture(
    '<hierarchy rotation="0"><node class="android.widget.FrameLayout" bounds="[0,0][1080,2400]">'
    '<node class="android.widget.Button" text="OK" clickable="true" bounds="[0,0][100,50]"/>'
    "</node></hierarchy>"
)

BOUNDS = [
    "[0,0][100,50]",
    "[100,50][0,0]",  # inverted
    "[-50,-50][10,10]",
    "[0,0][2147483647,2147483647]",
    "[0,0][2147483648,5]",  # beyond 32 bits
    "[0,0][" + "9" * 30 + ",5]",
    "[a,b][c,d]",
    "[0,0][1e3,5]",
    "",
    " [0,0][10,10] ",
    "[0,0][10,10][5,5]",
    "[０,0][10,10]",  # a fullwidth digit
]
FLAGS = ["true", "false", "TRUE", "1", "", "maybe", "nan"]
TEXTS = ["", "OK", "Send", "a&amp;b", "&#10;line", "&#0;", "&#xD800;", "&lt;node/&gt;", '"q"']
CLASSES = [
    "android.widget.Button",
    "android.widget.TextView",
    "android.widget.FrameLayout",
    "androidx.recyclerview.widget.RecyclerView",
    "android.widget.EditText",
    "",
    "Outer$Inner",
]


@st.composite
def xml_node(draw: st.DrawFn, depth: int, page: bool) -> str:
    """One element (and a few children) of a dump or, with ``page``, a page source."""
    cls = draw(st.sampled_from(CLASSES))
    attrs = [
        ("class", cls),
        ("text", draw(st.sampled_from(TEXTS))),
        ("resource-id", draw(st.sampled_from(["", "app:id/row", "app:id/row"]))),  # twins
        ("clickable", draw(st.sampled_from(FLAGS))),
        ("bounds", draw(st.sampled_from(BOUNDS))),
    ]
    if page:
        attrs.append(("displayed", draw(st.sampled_from(["true", "false", "maybe"]))))
    if draw(st.booleans()):
        attrs.append(attrs[draw(st.integers(0, len(attrs) - 1))])  # a duplicate attribute
    body = " ".join(f'{k}="{v}"' for k, v in attrs)
    tag = "node"
    if page:
        tag = (
            "node"
            if draw(st.integers(0, 9)) == 0
            else (cls.replace("$", ".") or "android.view.View")
        )
    kids = draw(st.lists(xml_node(depth + 1, page), max_size=3)) if depth < 3 else []
    if not kids:
        return f"<{tag} {body}/>"
    return f"<{tag} {body}>{''.join(kids)}</{tag}>"


@st.composite
def xml_capture(draw: st.DrawFn, page: bool) -> str:
    root = draw(
        st.sampled_from(
            [
                '<hierarchy rotation="0">',
                '<hierarchy index="0" class="hierarchy" rotation="1" width="1080" height="2400">',
                '<hierarchy rotation="7">',
                "<hierarchy>",
            ]
        )
    )
    shape = draw(st.sampled_from(["tree", "empty", "deep", "wide", "json-inside"]))
    tag = "android.widget.FrameLayout" if page else "node"
    box = 'bounds="[0,0][1080,2400]"'
    if shape == "empty":
        body = ""
    elif shape == "deep":
        levels = draw(st.sampled_from([MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, 3 * MAX_DEPTH]))
        body = f"<{tag} {box}>" * levels + f"</{tag}>" * levels
    elif shape == "wide":
        count = draw(st.sampled_from([1_000, 5_000]))
        body = f"<{tag} {box}>" + f'<{tag} text="x" {box}/>' * count + f"</{tag}>"
    elif shape == "json-inside":
        body = '[{"role": "button", "name": "OK"}]'
    else:
        body = "".join(draw(st.lists(xml_node(0, page), min_size=1, max_size=2)))
    prolog = draw(
        st.sampled_from(["", "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n"])
    )
    return f"{prolog}{root}{body}</hierarchy>"


NUMBERS: list[Any] = [
    0,
    10,
    -10,
    2**31,
    10**30,
    1.5,
    1e308,
    -0.0,
    "12",
    "١٢",
    "nan",
    True,
    None,
    [],
    {},
]


@st.composite
def element(draw: st.DrawFn, depth: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "role": draw(st.sampled_from(["button", "textbox", "list", "", 5, None])),
        "name": draw(st.sampled_from(["OK", "", "OK", None, 7])),  # twins on purpose
    }
    if draw(st.booleans()):
        out["bounds"] = draw(
            st.sampled_from(
                [[0, 0, 10, 10], [10, 10, 0, 0], [0, 0, 10], "0,0,10,10", [0, 0, 1e308, 5]]
            )
        )
    else:
        for key in ("x", "y", "width", "height"):
            out[key] = draw(st.sampled_from(NUMBERS))
    if draw(st.booleans()):
        out["id"] = draw(st.sampled_from([1, 1, "1", -1, 10**30]))  # duplicate ids
    for key in ("enabled", "checked", "value"):
        if draw(st.booleans()):
            out[key] = draw(st.sampled_from(["false", "0", 1, None, [], "x"]))
    if depth < 3 and draw(st.booleans()):
        out["children"] = draw(
            st.one_of(st.lists(element(depth + 1), max_size=3), st.sampled_from([5, "x", {}]))
        )
    return out


@st.composite
def elements_json(draw: st.DrawFn) -> str:
    shape = draw(st.sampled_from(["list", "wrapped", "deep", "wide", "literal"]))
    if shape == "literal":
        return draw(
            st.sampled_from(
                [
                    '[{"role": "button", "x": NaN}]',
                    '[{"role": "button", "x": Infinity}]',
                    '[{"role": "button", "x": 1e400}]',
                    '[{"role": "button", "x": ' + "9" * 400 + "}]",
                    '{"elements": 5}',
                    "[]",
                    "[5, null, []]",
                    '{"elements": [{"role": "button", "role": "text"}]}',  # a duplicate key
                ]
            )
        )
    if shape == "deep":
        levels = draw(st.sampled_from([MAX_DEPTH - 3, MAX_DEPTH - 1, MAX_DEPTH + 5]))
        tree: dict[str, Any] = {"role": "button", "x": 0, "y": 0, "width": 5, "height": 5}
        for _ in range(levels):
            tree = {"role": "list", "x": 0, "y": 0, "width": 5, "height": 5, "children": [tree]}
        return json.dumps([tree])
    if shape == "wide":
        one = {"role": "button", "name": "OK", "x": 0, "y": 0, "width": 5, "height": 5}
        return json.dumps([one] * draw(st.sampled_from([1_000, 5_000])))
    items = draw(st.lists(element(0), max_size=4))
    return json.dumps({"elements": items} if shape == "wrapped" else items)


@st.composite
def automobile_json(draw: st.DrawFn) -> str:
    def node(depth: int) -> dict[str, Any]:
        out: dict[str, Any] = {
            "className": draw(st.sampled_from([*CLASSES, None, 5])),
            "text": draw(st.sampled_from(["OK", "", None, 3])),
            "clickable": draw(st.sampled_from(["true", "false", True, "yes", None])),
            "bounds": draw(
                st.sampled_from(
                    [
                        {"left": 0, "top": 0, "right": 100, "bottom": 50},
                        {"left": 100, "top": 50, "right": 0, "bottom": 0},
                        {"left": 0, "top": 0, "right": 1.5e300, "bottom": 5},
                        {"left": 0, "top": 0},
                        [0, 0, 10, 10],
                        [0, 0, "10", 10],
                        None,
                    ]
                )
            ),
        }
        if draw(st.booleans()):
            out["resource-id"] = "app:id/twin"
        if depth < 3 and draw(st.booleans()):
            kids = [node(depth + 1) for _ in range(draw(st.integers(0, 3)))]
            out["node"] = kids[0] if len(kids) == 1 and draw(st.booleans()) else kids
        return out

    windows = draw(
        st.sampled_from(["none", "empty-list", "null", "one", "several", "not-a-node", "deep"])
    )
    hierarchy: dict[str, Any] = {}
    if windows == "deep":
        chain: dict[str, Any] = {"className": "android.widget.Button", "text": "OK"}
        for _ in range(draw(st.sampled_from([MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1]))):
            chain = {"className": "android.widget.FrameLayout", "node": [chain]}
        hierarchy["node"] = chain
    elif windows == "empty-list":
        hierarchy["node"] = []
    elif windows == "null":
        hierarchy["node"] = None
    elif windows == "one":
        hierarchy["node"] = node(0)
    elif windows == "several":
        hierarchy["node"] = [node(0) for _ in range(3)]
    elif windows == "not-a-node":
        hierarchy["node"] = draw(st.sampled_from([5, "x", [5, "x"]]))
    doc: dict[str, Any] = {"viewHierarchy": {"hierarchy": hierarchy}}
    extra = draw(
        st.sampled_from(
            [
                {},
                {"screenSize": {"width": 1080, "height": 2400}},
                {"screenSize": {"width": -1, "height": 10**30}},
                {"rotation": 9},
                {"updatedAt": 1e308},
                {"focusedElement": {"resource-id": "app:id/twin"}},
                {"activeWindow": {"appId": 5, "activityName": None}},
            ]
        )
    )
    doc.update(extra)
    return json.dumps(doc)


@st.composite
def observation_json(draw: st.DrawFn) -> str:
    """deltarec's own observation JSON, its fields odd or its nodes nested deep."""
    doc = observation_to_json(PLAIN)
    how = draw(st.sampled_from(["deep", "width", "bounds", "flag", "windows", "keyboard"]))
    if how == "deep":
        node: dict[str, Any] = {"attributes": {"class": "B"}, "children": []}
        for _ in range(draw(st.sampled_from([MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1]))):
            node = {"attributes": {"class": "L"}, "children": [node]}
        doc["windows"] = [node]
    elif how == "width":
        doc["width"] = draw(st.sampled_from([-1, 10**30, 1.5, "9", None]))
    elif how == "bounds":
        doc["windows"][0]["attributes"]["bounds"] = draw(
            st.sampled_from([[9, 9, 0, 0], [0, 0, 2**31, 5], [0, 0, 1], [0.5, 0, 1, 1], None])
        )
    elif how == "flag":
        doc["windows"][0]["attributes"]["clickable"] = draw(st.sampled_from(["true", 1, None]))
    elif how == "windows":
        doc["windows"] = draw(st.sampled_from([None, {}, [5], [[]]]))
    else:
        doc["keyboard"] = draw(st.sampled_from([[0, 0, 1], [0, 0, 10**30, 1], "x"]))
    return json.dumps(doc)


@st.composite
def wrapped(draw: st.DrawFn, text: str) -> bytes:
    """``text`` as the bytes of a file, perhaps damaged on the way."""
    data = text.encode("utf-8")
    how = draw(
        st.sampled_from(
            ["plain", "bom", "utf16-bom", "crlf", "cut", "bad-utf8", "nul", "trailing", "padded"]
        )
    )
    if how == "bom":
        return b"\xef\xbb\xbf" + data
    if how == "utf16-bom":
        return b"\xff\xfe" + text.encode("utf-16-le")
    if how == "crlf":
        return data.replace(b">", b">\r\n").replace(b",", b",\r\n")
    if how == "cut":
        return data[: draw(st.integers(0, max(0, len(data) - 1)))]
    if how == "bad-utf8":
        at = draw(st.integers(0, len(data)))
        return data[:at] + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80"])) + data[at:]
    if how == "nul":
        at = draw(st.integers(0, len(data)))
        return data[:at] + b"\x00" + data[at:]
    if how == "trailing":
        return data + draw(st.sampled_from([b"<node/>", b"garbage", b"{}", b"\n\n"]))
    if how == "padded":
        return b"   \n\t" + data
    return data


@st.composite
def hostile_input(draw: st.DrawFn) -> tuple[str, bytes]:
    kinds = ["dump", "page-source", "element-dicts", "automobile", "observation-json"]
    kind = draw(st.sampled_from(kinds))
    if kind in ("dump", "page-source"):
        text = draw(xml_capture(kind == "page-source"))
    elif kind == "element-dicts":
        text = draw(elements_json())
    elif kind == "observation-json":
        text = draw(observation_json())
    else:
        text = draw(automobile_json())
    return kind, draw(wrapped(text))


def every_stage(obs: Observation) -> None:
    """What a read capture must pass: its frame and text, deltas, its JSON."""
    texts = [observe_frame(obs)]
    texts += [observe_delta(a, b).text for a, b in ((PLAIN, obs), (obs, PLAIN), (obs, obs))]
    texts.append(json.dumps(observation_to_json(obs)))
    assert all(isinstance(text, str) for text in texts)


def read_or_refuse(data: bytes) -> Observation | None:
    try:
        obs = load_capture(data, source=SOURCE)
    except InputError as exc:
        message = str(exc)
        assert "\n" not in message, message
        assert f"(at {SOURCE}" in message, message  # what, and where
        return None
    every_stage(obs)
    return obs


@settings(
    max_examples=250,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(hostile_input())
def test_every_input_kind_reads_or_is_refused_in_one_typed_line(case: tuple[str, bytes]) -> None:
    _, data = case
    with within(30):
        read_or_refuse(data)


@settings(
    max_examples=100,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.lists(element(0), max_size=4), st.lists(element(0), max_size=4))
def test_element_dicts_as_python_objects_read_or_are_refused(
    prev: list[dict[str, Any]], curr: list[dict[str, Any]]
) -> None:
    """The Python API takes element dicts as objects, where JSON's limits never applied:
    ``float("nan")``, ``math.inf`` and ints of any size come in as they are."""
    for odd in (math.nan, math.inf, -math.inf, 10**400):
        if prev:
            prev[0]["x"] = odd
        with within(30):
            try:
                delta_observation(prev, curr)
                observation_index(curr)
            except InputError as exc:
                assert "\n" not in str(exc)
