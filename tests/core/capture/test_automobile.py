"""AutoMobile's observe JSON as input: read as uiautomator XML is read (an oracle over
generated trees), and the real captures of fixtures/automobile/ as golden frames."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any
from xml.sax.saxutils import quoteattr

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.automobile import automobile_to_observation, is_automobile
from deltarec.core.capture.jsonio import (
    load_capture,
    observation_from_json,
    observation_to_json,
    read_capture,
)
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observe.model import FLAG_ATTRIBUTES, Bounds, Node, Observation
from deltarec.core.observer import observe_frame
from tests.conftest import ROOT
from tests.core.test_properties import CLASSES as PROPERTY_CLASSES

AUTOMOBILE = ROOT / "fixtures" / "automobile"
FLAGS = [name for name, _ in FLAG_ATTRIBUTES]
CLASSES = [*PROPERTY_CLASSES, "androidx.recyclerview.widget.RecyclerView"]


@st.composite
def dump_nodes(draw: st.DrawFn, depth: int = 0) -> dict[str, Any]:
    """One node as uiautomator attributes (strings) plus its children."""
    attrs: dict[str, Any] = {"class": draw(st.sampled_from(CLASSES))}
    for name in ("resource-id", "text", "content-desc"):
        value = draw(st.sampled_from(["", "OK", "app:id/a", 'say "hi"', "a\nb", "ü", "Row"]))
        if value:
            attrs[name] = value
    for flag in draw(st.sets(st.sampled_from(FLAGS))):
        attrs[flag] = draw(st.sampled_from(["true", "false"]))
    left, top = draw(st.integers(0, 1000)), draw(st.integers(0, 2000))
    attrs["bounds"] = (left, top, left + draw(st.integers(0, 500)), top + draw(st.integers(0, 500)))
    kids = draw(st.lists(dump_nodes(depth + 1), max_size=3)) if depth < 3 else []
    return {"attrs": attrs, "children": kids}


def as_xml(windows: list[dict[str, Any]]) -> str:
    def node(item: dict[str, Any]) -> str:
        attrs = dict(item["attrs"])
        left, top, right, bottom = attrs.pop("bounds")
        attrs["bounds"] = f"[{left},{top}][{right},{bottom}]"
        spelled = " ".join(f"{k}={quoteattr(str(v))}" for k, v in attrs.items())
        return f"<node {spelled}>{''.join(node(k) for k in item['children'])}</node>"

    return f'<hierarchy rotation="0">{"".join(node(w) for w in windows)}</hierarchy>'


@st.composite
def as_automobile(draw: st.DrawFn, windows: list[dict[str, Any]]) -> dict[str, Any]:
    """The same windows as AutoMobile writes them, in any of the spellings it uses."""

    def node(item: dict[str, Any]) -> dict[str, Any]:
        attrs = item["attrs"]
        out: dict[str, Any] = {"className": attrs["class"]}
        for name, value in attrs.items():
            if name in FLAGS:  # "true" as AutoMobile's Android reader writes it, or JSON true
                out[name] = draw(st.sampled_from([value, value == "true"]))
            elif name == "bounds":
                left, top, right, bottom = value
                out["bounds"] = draw(
                    st.sampled_from(
                        [
                            {"left": left, "top": top, "right": right, "bottom": bottom},
                            [left, top, right, bottom],
                            {"left": left + 0.25, "top": top, "right": right, "bottom": bottom},
                        ]
                    )
                )
            elif name != "class":
                out[name] = value
        kids = [node(k) for k in item["children"]]
        if len(kids) == 1 and draw(st.booleans()):
            out["node"] = kids[0]  # a single child is an object, not a list
        elif kids or draw(st.booleans()):
            out["node"] = kids
        return out

    listed = [node(w) for w in windows]
    hierarchy: Any = listed[0] if len(listed) == 1 and draw(st.booleans()) else listed
    return {"viewHierarchy": {"hierarchy": {"node": hierarchy}}}


def without_package(node: Node) -> Node:
    return replace(node, package="", children=tuple(without_package(k) for k in node.children))


@settings(max_examples=60, deadline=None)
@given(st.lists(dump_nodes(), min_size=1, max_size=3), st.data())
def test_automobile_json_reads_as_the_same_dump_reads(
    windows: list[dict[str, Any]], data: st.DataObject
) -> None:
    from_xml = parse_uiautomator(as_xml(windows))
    document = data.draw(as_automobile(windows))
    assert is_automobile(document)
    from_json = load_capture(json.dumps(document).encode())
    assert tuple(without_package(w) for w in from_json.windows) == from_xml.windows
    assert (from_json.width, from_json.height, from_json.rotation) == (
        from_xml.width,
        from_xml.height,
        from_xml.rotation,
    )


def test_the_real_capture_reads_as_its_frame() -> None:
    obs = read_capture(AUTOMOBILE / "text-input-empty.json")
    assert observe_frame(obs, tree=False) == "\n".join(
        [
            "screen dev.jasonpearson.automobile.playground/"
            "android.inputmethodservice.SoftInputWindow 1080x2400",
            '[0] text "8:54" @(63,31)',
            '[1] image "Google Play services notification: Account action required" @(144,31)',
            '[2] image "Wifi signal full." @(910,30)',
            '[3] text "Discover" @(167,210)',
            '[4] button "Tap" @(108,357)',
            '[5] button "Swipe" @(324,357)',
            '[6] button "Media" @(540,357)',
            '[7] text "Text" @(756,356)',
            '[8] button "Chat" @(972,357)',
            '[9] container "" @(540,1242)',
            '[10] container "" @(540,1242)',
            '[11] text "INPUT TEXT SCREEN" @(540,498)',
            '[12] text "Comprehensive text input and display components" @(540,640)',
            '[13] text "Basic Text Fields" @(273,818)',
            '[14] textbox "Basic Text Field" @(540,944) (focused)',
            '[15] text "Enter some text..." @(301,965)',
            '[16] textbox "Email" @(540,1123)',
            '[17] text "Password Field" @(253,1364)',
            '[18] textbox "Password" @(540,1501) (password)',
            '[19] button "Show password" @(934,1513)',  # and the icon button inside it, one
            '[20] text "Multiline Text Area" @(294,1742)',
            '[21] textbox "Comments" @(540,1940)',
            '[22] button "Demos" @(403,2232)',
            '[23] button "Slides" @(678,2232)',
            '[24] button "Settings" @(953,2232)',
            '[25] text "Discover" @(127,2274)',
        ]
    )


def test_the_frame_facts_come_from_the_capture() -> None:
    obs = read_capture(AUTOMOBILE / "text-input-typed.json")
    assert (obs.width, obs.height, obs.rotation) == (1080, 2400, 0)
    assert (obs.package, obs.activity) == (
        "dev.jasonpearson.automobile.playground",
        "android.inputmethodservice.SoftInputWindow",
    )
    assert obs.captured_at == 1783216461.567
    # The input method's window is no window of the frame (as in a uiautomator dump): its
    # keys are gone, its frame is the keyboard.
    assert obs.keyboard == Bounds(0, 1517, 1080, 2400)
    assert [w.package for w in obs.windows] == [
        "dev.jasonpearson.automobile.playground",
        "com.android.systemui",
    ]
    assert not any("inputmethod" in n.resource_id for n in obs.walk())
    [field] = [n for n in obs.walk() if n.focused]
    assert (field.role, field.text, field.extra("view-id")) == (
        "textbox",
        "SignOff3051",
        "763cf961-5e5b-fcd0-5e13-177303451c69",
    )
    extras = json.loads(field.extra("extras"))
    assert extras["android.view.accessibility.extra.EXTRA_DATA_TEST_TRAVERSALBEFORE_VAL"] == "354"
    # `observe --format json` keeps all of it: observation JSON reads back the same frame.
    assert observation_from_json(json.loads(json.dumps(observation_to_json(obs)))) == obs


def window(**node: Any) -> dict[str, Any]:
    return {"viewHierarchy": {"hierarchy": {"node": [node]}}}


def test_focused_and_accessibility_focused_elements_mark_their_nodes() -> None:
    field = {"view-id": "v1", "className": "android.widget.EditText", "bounds": [0, 0, 9, 9]}
    other = {"resource-id": "app:id/b", "className": "B", "bounds": [0, 10, 9, 19]}
    document = window(className="F", bounds=[0, 0, 9, 19], node=[field, other])
    document["focusedElement"] = dict(field)
    document["accessibilityFocusedElement"] = dict(other)
    obs = load_capture(json.dumps(document))
    a, b = obs.windows[0].children
    assert (a.focused, a.extra("accessibility-focused")) == (True, "")
    assert (b.focused, b.extra("accessibility-focused")) == (False, "true")
    # One found nowhere (another window, a stale copy) changes nothing.
    document["focusedElement"] = {"view-id": "elsewhere"}
    del document["accessibilityFocusedElement"]
    assert not any(n.focused for n in load_capture(json.dumps(document)).walk())


def test_a_classless_node_with_text_is_a_text_and_a_bare_hierarchy_is_read() -> None:
    bare = {"hierarchy": {"node": {"text": "Hi", "bounds": [0, 0, 5, 5]}}}
    obs: Observation = automobile_to_observation(bare)
    assert (obs.windows[0].role, obs.windows[0].class_name) == ("text", "")
    assert not is_automobile({"elements": []}) and not is_automobile([])
