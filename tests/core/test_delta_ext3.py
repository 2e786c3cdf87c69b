"""Golden deltas of the round-3 harvest's pair (``fixtures/ext3/README.md`` lists what a good
delta says): the notification shade, a group expanded and collapsed again."""

from __future__ import annotations

from pathlib import Path

from deltarec.core import observe_delta
from deltarec.core.capture.jsonio import read_capture

EXT3 = Path(__file__).resolve().parents[2] / "fixtures" / "ext3"


def delta(a: str, b: str) -> str:
    return observe_delta(read_capture(EXT3 / a), read_capture(EXT3 / b)).text


def test_a_notification_group_expanded_is_no_scroll() -> None:
    """ "Expand" tapped on the group from "Shell": its button says "Collapse", its count and
    "Alerted" went, its two children were laid out anew as whole notifications (other ids,
    218 px each), and the screen-lock notification below it moved down 294 px. Read until
    stop 58 as ``↕ list "notification_stack_scroller" scrolled up 294px or further (+1 rows,
    -1 rows), or down 1234px or further`` with the button a ``+`` and the count, "Alerted"
    and the old children hidden among the rows the scroll took out: the group paired with
    nothing, so no row was seen to grow (:func:`deltarec.core.diff.growth.grew_apart`). The
    whole text now::

        + [15] button "Expand"
        + [16] text "Delta"
        + [17] text "•"
        + [18] text "now"
        + [19] text "delta body"
        + [20] button "Expand"
        + [21] text "Gamma"
        + [22] text "•"
        + [23] text "now"
        + [24] text "gamma body"
        ~ [4] button "Collapse" (content-desc: "Expand"→"Collapse")
        - image "Alerted"
        - text "2"
        - text "Delta"
        - text "delta body"
        - text "Gamma"
        - text "gamma body"
    """
    lines = delta("notif-shade/01.json", "notif-shade/02.json").splitlines()
    assert not any(line.startswith("↕") for line in lines), lines
    assert '~ [4] button "Collapse" (content-desc: "Expand"→"Collapse")' in lines
    assert '- image "Alerted"' in lines
    assert '- text "2"' in lines


def test_a_notification_group_collapsed_is_no_scroll() -> None:
    """The mirror: "Collapse" tapped. ``~ [3] button "Expand" (content-desc: "Collapse"→
    "Expand")``, ``+ [19] image "Alerted"``, ``+ [20] text "2"``, the children one line each
    again (``+`` their labels, ``-`` the whole notifications' labels), and no scroll line (it
    read ``scrolled down 294px or further …, or up 1234px or further`` until stop 58)."""
    lines = delta("notif-shade/02.json", "notif-shade/01.json").splitlines()
    assert not any(line.startswith("↕") for line in lines), lines
    assert '~ [3] button "Expand" (content-desc: "Collapse"→"Expand")' in lines
    assert '+ [19] image "Alerted"' in lines
    assert '+ [20] text "2"' in lines
