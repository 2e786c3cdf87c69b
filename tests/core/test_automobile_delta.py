"""`deltarec delta --format json` with AutoMobile's meanings: golden output on AutoMobile's own
sign-off pairs (read from their JSON), and its invariants checked on every real pair of
fixtures/real/ and on generated ones.

Before: ``fromKey`` stood on every entry whose key changed — 80 entries over the 48 real pairs,
most of them a status-bar text or a typed field, none re-paired. Now 14 remain, each a node
whose content did not change (a contentless view, a twin renumbered)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.jsonio import read_capture
from deltarec.core.cli.main import main
from deltarec.core.diff.compute import Delta, compute_delta
from deltarec.core.diff.observation_diff import to_json
from deltarec.core.observe.model import FLAG_ATTRIBUTES, Observation
from deltarec.core.observer import observe_delta
from deltarec.core.render.diff_json import diff_json
from tests.conftest import REAL_DUMPS, ROOT
from tests.core.test_properties import mutated, screens

AUTOMOBILE = ROOT / "fixtures" / "automobile"


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out.rstrip("\n")


def test_typing_into_the_field_is_one_text_change(capsys: pytest.CaptureFixture[str]) -> None:
    empty, typed = AUTOMOBILE / "text-input-empty.json", AUTOMOBILE / "text-input-typed.json"
    assert cli(capsys, "delta", str(empty), str(typed)) == "\n".join(
        ['~ [14] textbox "SignOff3051" (text: ""→"SignOff3051")', '- text "Enter some text..."']
    )


def test_typing_into_the_field_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    empty, typed = AUTOMOBILE / "text-input-empty.json", AUTOMOBILE / "text-input-typed.json"
    diff = json.loads(cli(capsys, "delta", str(empty), str(typed), "--format", "json"))
    unset = {name: False for name, _ in FLAG_ATTRIBUTES} | {"enabled": True}
    app = "dev.jasonpearson.automobile.playground"
    assert diff == {
        "isDiff": True,
        "added": [],
        "removed": [
            {  # the placeholder's wrapper and the placeholder: state and bounds
                "key": "acdb53bbfe",
                "attributes": {
                    **{"role": "container", "class": "", "resource-id": "", "text": ""},
                    **{"content-desc": "", "package": app, **unset},
                    "bounds": [126, 903, 476, 1029],
                },
            },
            {
                "key": "f9640d180c",
                "attributes": {
                    **{"role": "text", "class": "", "resource-id": ""},
                    **{"text": "Enter some text...", "content-desc": "", "package": app, **unset},
                    "bounds": [126, 934, 476, 997],
                },
            },
        ],
        "changed": [
            {  # its key changed with its content (the typed text): not re-paired, no fromKey
                "key": "727450a759",
                "changes": {"text": {"from": "", "to": "SignOff3051"}},
                "selector": {"label": "SignOff3051", "index": 14},
            },
            {  # a view with no content, known by its place only: re-paired
                "key": "8d3710fe7a",
                "changes": {"bounds": {"from": [476, 934, 954, 997], "to": [126, 934, 954, 997]}},
                "fromKey": "a18b643214",
                "selector": {"bounds": [126, 934, 954, 997]},
            },
            {  # the status bar (the text leaves it out; the JSON carries everything)
                "key": "9e858a736b",
                "changes": {"content-desc": {"from": "Phone two bars.", "to": "Phone three bars."}},
                "selector": {
                    "elementId": "com.android.systemui:id/mobile_combo",
                    "label": "Phone three bars.",
                },
            },
        ],
        "scrolls": [],
        "windows": {"opened": [], "closed": []},
        "fields": {},
    }


def test_a_swipe_up_on_the_tap_screen_is_one_scroll(capsys: pytest.CaptureFixture[str]) -> None:
    before, after = AUTOMOBILE / "scroll-before.json", AUTOMOBILE / "scroll-after.json"
    # The content moved up 325 px: the progress card left at the top, the drag list came in at
    # the bottom: one row each way. Three contentless spacers that only moved with the content
    # sit where the measured offset puts them, so they are paired: not in entered/left.
    assert cli(capsys, "delta", str(before), str(after)) == "\n".join(
        [
            '↕ [10] container "tap_screen_content" scrolled down 325px (+1 rows, -1 rows)',
            '+ [31] container ""',  # [32] before a button and its label were one element
            '+ [32] text "Drag item 1"',
            '+ [33] text "Drag item 2"',
        ]
    )
    diff = json.loads(cli(capsys, "delta", str(before), str(after), "--format", "json"))
    assert diff["scrolls"] == [
        {
            "key": "096421cd8e",
            "dx": 0,
            "dy": -325,
            "entered": ["20c748fcdf"],
            "left": ["f94e49eff2"],
            "clipped": {
                "652fe96d13": [42, 420, 1038, 677],
                "1b0781a6a6": [84, 420, 611, 467],
                "8e4f93edeb": [42, 1716, 1038, 1779],
            },
        }
    ]
    assert [(e["attributes"]["text"], e["attributes"]["bounds"]) for e in diff["removed"][:2]] == [
        ("", [42, 420, 1038, 645]),
        ("Progress Indicators", [84, 420, 474, 440]),
    ]
    assert [e["attributes"]["text"] for e in diff["added"] if e["attributes"]["text"]] == [
        "Drag item 1",
        "Drag item 2",
    ]
    # The status bar's clock and signal: their keys changed with their texts, so no fromKey.
    assert diff["changed"] == [
        {
            "key": "803b0e55d2",
            "changes": {
                "content-desc": {"from": "9:02 PM", "to": "9:03 PM"},
                "text": {"from": "9:02", "to": "9:03"},
            },
            "selector": {"elementId": "com.android.systemui:id/clock", "label": "9:03", "index": 0},
        },
        {
            "key": "9e858a736b",
            "changes": {"content-desc": {"from": "Phone signal full.", "to": "Phone three bars."}},
            "selector": {
                "elementId": "com.android.systemui:id/mobile_combo",
                "label": "Phone three bars.",
            },
        },
    ]


def check_meanings(delta: Delta, out: dict[str, Any]) -> None:
    """The invariants of :func:`diff_json` against :func:`to_json` of the same delta."""
    base = to_json(delta)
    fp, fc = delta.prev, delta.curr
    for name in ("isDiff", "added", "windows", "fields"):
        assert out[name] == base[name]
    assert [e["key"] for e in out["removed"]] == [e["key"] for e in base["removed"]]
    flags = {name for name, _ in FLAG_ATTRIBUTES}
    for entry in out["removed"]:
        node = fp.nodes[fp.pos_of[entry["key"]]]
        assert flags | {"role", "class", "bounds"} <= entry["attributes"].keys()
        assert entry["attributes"]["bounds"] == node.bounds.as_list()
    assert len(out["changed"]) == len(base["changed"])
    for entry, old in zip(out["changed"], base["changed"], strict=True):
        assert (entry["key"], entry["changes"]) == (old["key"], old["changes"])
        c = fc.pos_of[entry["key"]]
        p = delta.pairs[c]
        same_content = fp.subtree_hashes[p] == fc.subtree_hashes[c]
        assert ("fromKey" in entry) == (fp.keys[p] != fc.keys[c] and same_content)
        if "fromKey" in entry:
            assert entry["fromKey"] == old["fromKey"] == fp.keys[p]
        selector = entry["selector"]
        assert selector and selector.keys() <= {"elementId", "label", "index", "bounds"}
        assert selector.get("elementId", fc.nodes[c].resource_id) == fc.nodes[c].resource_id
        assert ("bounds" in selector) == (selector.keys() == {"bounds"})
    for scroll, motion in zip(out["scrolls"], delta.scrolls, strict=True):
        moved_content = fp.subtree_hashes[motion.prev] != fc.subtree_hashes[motion.curr]
        keys_differ = fp.keys[motion.prev] != fc.keys[motion.curr]
        assert ("fromKey" in scroll) == (keys_differ and not moved_content)


def real_pairs() -> list[tuple[Path, Path]]:
    out = []
    for folder in sorted(p for p in REAL_DUMPS.rglob("*") if p.is_dir()):
        files = sorted(folder.glob("*.xml"))
        out.extend(itertools.pairwise(files))
    return out


@pytest.mark.parametrize(
    ("before", "after"), real_pairs(), ids=lambda p: p.relative_to(REAL_DUMPS).as_posix()
)
def test_every_real_pair_keeps_the_meanings(before: Path, after: Path) -> None:
    result = observe_delta(read_capture(before), read_capture(after))
    check_meanings(result.delta, diff_json(result.delta, result.index))
    for entry in diff_json(result.delta, result.index)["changed"]:
        number = result.index.number_of.get(result.delta.curr.pos_of[entry["key"]])
        assert entry["selector"].get("index") == number


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_generated_pairs_keep_the_meanings(data: st.DataObject) -> None:
    prev: Observation = data.draw(screens())
    curr: Observation = data.draw(mutated(prev))
    delta = compute_delta(prev, curr)
    check_meanings(delta, diff_json(delta))
