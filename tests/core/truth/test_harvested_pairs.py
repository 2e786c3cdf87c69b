"""Every consecutive pair of the harvested real captures (``fixtures/ext``, stop 55), both
ways, graded by the no-expectation oracle (:mod:`tests.core.truth.real_oracle`) and the
false-scroll oracle (:func:`tests.core.dict_truth.false_scrolls`), on the XML path and on
element dicts as ``delta_observation`` reads them (:func:`tests.core.dict_truth.dict_delta`).

The captures are agent runs on phones deltarec had never seen (a Pixel's launcher,
Settings, Gmail and Chrome, a vivo and a Xiaomi phone's Settings; ``fixtures/ext/README.md``
says per pair what was done and what a good delta says). Nothing here expects a text: only
facts two dumps prove (a node unique in both frames persisted; a stated scroll moved what it
says).
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from deltarec.core.capture import frame_cache
from deltarec.core.diff.compute import compute_delta
from tests.core.dict_truth import dict_delta, false_scrolls
from tests.core.truth.real_oracle import load, sequences, violations

EXT = Path(__file__).resolve().parents[3] / "fixtures" / "ext"


def _pairs() -> list[tuple[Path, Path]]:
    out = []
    for _, files in sequences(EXT):
        for a, b in itertools.pairwise(files):
            out += [(a, b), (b, a)]
    return out


def _graded(path: str) -> list[tuple[str, str, str]]:
    found = []
    pairs = _pairs()
    assert len(pairs) >= 24
    for a, b in pairs:
        fp, fc = load(a), load(b)
        frame_cache.clear()
        d = compute_delta(fp, fc) if path == "xml" else dict_delta(fp, fc)
        said = violations(fp, fc, d) + false_scrolls(d)
        found += [(str(a.relative_to(EXT)), str(b.relative_to(EXT)), v) for v in said]
    return found


def test_every_harvested_pair_on_the_xml_path() -> None:
    """Was 2 (pixel-internet 03<->04, "Internet" tapped in Settings > Network & internet):
    the new list under the same collapsing toolbar read as "scrolled up 0px or further, or
    up 2154px or further", the unmoved "Navigate up" the row that anchored it
    (:mod:`deltarec.core.diff.stayed_rows`: a row at a ``ScrollView``'s leading edge held in
    its very box by a label one node alone of each frame shows turns no page)."""
    assert _graded("xml") == []


def _dicts_open() -> list[tuple[str, str, str]]:
    out = []
    for a, b in (("03", "04"), ("04", "03")):
        pair = (f"pixel-internet/{a}.xml", f"pixel-internet/{b}.xml")
        out += [
            (*pair, "persisted ImageButton 'Navigate up' reported added and removed"),
            (
                *pair,
                "scroll of ScrollView '' (0, 0, page=True): 1 nodes stayed in view, in place:"
                " [\"ImageButton 'Navigate up'\"]",
            ),
        ]
    return out


def test_every_harvested_pair_through_the_dicts_but_the_open_case() -> None:
    """The dict path states nothing false on the harvested pairs but the open case below."""
    assert _graded("dicts") == _dicts_open()


@pytest.mark.xfail(
    strict=True,
    reason="open: element dicts carry no class, and Settings' ScrollView holds two children "
    "(its app bar and the content), the shape of a two-row recycled list, whose top row's twin "
    "could sit in its box: held_by_label is not asked there, so the page stands "
    "(pixel-internet 03<->04, 4 violations, _dicts_open)",
)
def test_every_harvested_pair_through_the_dicts() -> None:
    assert _graded("dicts") == []
