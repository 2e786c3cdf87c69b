"""The reshaped sweep's cases closed by i-reshaped, each failing on 0834fba (issue 18).

Every case below is one that ``bench_real_reshaped.py --per 10 --seed 2`` found with a
violation on main at 0834fba, on the path named, and that states the truth now: the
generator found them first; these keep them closed, whatever the seeded sample of
:mod:`.test_real_reshaped` happens to draw. The classes, and what closed them:

- **tab** (XML): a list's page replaced whole, its one switch row kept by the switch's id
  (:func:`deltarec.core.diff.row_content.unpair_other_rows`);
- **refresh+edit** (both paths): a label edited in a row pushed down by a row put in at
  the list's top, by more than its height, or the one label of a dropdown pushed down with
  its form's row (:mod:`deltarec.core.diff.pushed_edit`);
- **unsheet** (element dicts): the calendar form's twin dates and times, paired crosswise as
  the form moved with its sheet's edge (:func:`deltarec.core.diff.match._align`);
- **pinned** (element dicts): the calendar form scrolled by a page, its name-less text boxes
  paired with the copies' by place (:func:`deltarec.core.diff.match._measured_pages`);
- **reorder+scroll** (both paths; seed 2, and Settings' Wi-Fi list of seed 3): a row the
  dragged row passed, cut to a sliver by the list's top edge, its parts ``-`` / ``+``
  (:func:`deltarec.core.diff.reordered.in_dragged_row`, ``Motion.passed``).
"""

from __future__ import annotations

import dataclasses

import pytest

from deltarec.core.capture import frame_cache
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls.reshaped import Reshaped, check
from tests.core.real_scrolls.transforms import captures

_CAL, _YT = "task_Calendar_2025-08-14_", "demo_Youtube_2026-02-28_22-03-39_"
_FORM = (0, 0, 0, 0, 1, 0)
"""The calendar form's scroll view."""
_SUGGESTIONS = (0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0)
"""YouTube's search suggestions (a RecyclerView)."""

CLOSED: list[tuple[str, Reshaped]] = [
    (
        "xml",
        Reshaped(
            "settings-wifi/05.xml",
            "reorder+scroll",
            (0, 0, 0, 0, 1, 0, 0, 0, 1, 0),
            (0, 0, 0, 0, 1, 0, 0, 0, 1, 0),
            1,
            4,
            325,
        ),
    ),
    (
        "dicts",
        Reshaped(
            "settings-wifi/05.xml",
            "reorder+scroll",
            (0, 0, 0, 0, 1, 0, 0, 0, 1, 0),
            (0, 0, 0, 0, 1, 0, 0, 0, 1, 0),
            1,
            4,
            325,
        ),
    ),
    (
        "xml",
        Reshaped(
            _YT + "2.xml",
            "reorder+scroll",
            _SUGGESTIONS,
            _SUGGESTIONS,
            1,
            7,
            680,
        ),
    ),
    (
        "xml",
        Reshaped(
            _YT + "3.xml",
            "reorder+scroll",
            _SUGGESTIONS,
            _SUGGESTIONS,
            1,
            5,
            285,
        ),
    ),
    (
        "dicts",
        Reshaped(
            _YT + "2.xml",
            "reorder+scroll",
            _SUGGESTIONS,
            _SUGGESTIONS,
            1,
            7,
            680,
        ),
    ),
    (
        "dicts",
        Reshaped(
            _YT + "3.xml",
            "reorder+scroll",
            _SUGGESTIONS,
            _SUGGESTIONS,
            1,
            5,
            285,
        ),
    ),
    (
        "dicts",
        Reshaped(
            _CAL + "14-15-55_3.xml",
            "pinned",
            host=_FORM,
            d=-644,
            g=64,
        ),
    ),
    (
        "dicts",
        Reshaped(
            _CAL + "14-15-55_3.xml",
            "pinned",
            host=_FORM,
            d=644,
            g=96,
        ),
    ),
    (
        "dicts",
        Reshaped(
            _CAL + "14-15-55_4.xml",
            "pinned",
            host=_FORM,
            d=644,
            g=48,
        ),
    ),
    (
        "dicts",
        Reshaped(
            _CAL + "14-15-55_4.xml",
            "pinned",
            host=_FORM,
            d=644,
            g=64,
        ),
    ),
    (
        "dicts",
        Reshaped(
            _CAL + "14-20-47_3.xml",
            "pinned",
            host=_FORM,
            d=-1564,
            g=48,
        ),
    ),
    (
        "dicts",
        Reshaped(
            _CAL + "14-20-47_3.xml",
            "pinned",
            host=_FORM,
            d=-1564,
            g=96,
        ),
    ),
    (
        "dicts",
        Reshaped(
            _CAL + "14-20-47_3.xml",
            "pinned",
            host=_FORM,
            d=1564,
            g=48,
        ),
    ),
    (
        "dicts",
        Reshaped(
            _CAL + "14-20-47_3.xml",
            "pinned",
            host=_FORM,
            d=1564,
            g=96,
        ),
    ),
    (
        "dicts",
        Reshaped(
            _CAL + "14-22-32_3.xml",
            "pinned",
            host=_FORM,
            d=644,
            g=96,
        ),
    ),
    (
        "dicts",
        Reshaped(
            _CAL + "14-22-32_4.xml",
            "pinned",
            host=_FORM,
            d=-644,
            g=64,
        ),
    ),
    (
        "dicts",
        Reshaped(
            _CAL + "14-22-32_4.xml",
            "pinned",
            host=_FORM,
            d=-644,
            g=96,
        ),
    ),
    (
        "dicts",
        Reshaped(
            _CAL + "14-22-32_8.xml",
            "pinned",
            host=_FORM,
            d=1564,
            g=64,
        ),
    ),
    (
        "dicts",
        Reshaped(
            "contacts-agent/04.xml",
            "refresh+edit",
            where=(0, 0, 1, 0, 0, 0, 2),
            target=(0, 0, 1, 0, 0, 0, 2, 3, 1, 0, 0, 1, 0),
            what="text",
        ),
    ),
    (
        "dicts",
        Reshaped(
            "contacts-agent/05.xml",
            "refresh+edit",
            where=(0, 0, 1, 0, 0, 0, 2),
            target=(0, 0, 1, 0, 0, 0, 2, 3, 1, 0, 0, 1, 0),
            what="text",
        ),
    ),
    (
        "dicts",
        Reshaped(
            "contacts-agent/08.xml",
            "refresh+edit",
            where=(0, 0, 1, 0, 0, 0, 2),
            target=(0, 0, 1, 0, 0, 0, 2, 2, 1, 0, 0, 1, 0),
            what="text",
        ),
    ),
    (
        "dicts",
        Reshaped(
            "contacts-manual/04.xml",
            "refresh+edit",
            where=(0, 0, 1, 0, 0, 0, 2),
            target=(0, 0, 1, 0, 0, 0, 2, 2, 1, 0, 0, 1, 0),
            what="text",
        ),
    ),
    (
        "dicts",
        Reshaped(
            "contacts-manual/04.xml",
            "refresh+edit",
            where=(0, 0, 1, 0, 0, 0, 2),
            target=(0, 0, 1, 0, 0, 0, 2, 3, 1, 0, 0, 1, 0),
            what="text",
        ),
    ),
    (
        "dicts",
        Reshaped(
            "contacts-manual/08.xml",
            "refresh+edit",
            where=(0, 0, 1, 0, 0, 0, 2, 1, 1),
            target=(0, 0, 1, 0, 0, 0, 2, 1, 1, 1, 0, 1, 0),
            what="text",
        ),
    ),
    (
        "dicts",
        Reshaped(
            _YT + "2.xml",
            "refresh+edit",
            where=(0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0),
            target=(0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 2, 0, 0, 0, 0),
            what="text",
        ),
    ),
    (
        "dicts",
        Reshaped(
            "settings-wifi/05.xml",
            "refresh+edit",
            where=(0, 0, 0, 0, 1, 0, 0, 0, 1, 0),
            target=(0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 0),
            what="text",
        ),
    ),
    (
        "dicts",
        Reshaped(
            "settings-wifi/05.xml",
            "refresh+edit",
            where=(0, 0, 0, 0, 1, 0, 0, 0, 1, 0),
            target=(0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 4, 0, 0),
            what="text",
        ),
    ),
    (
        "dicts",
        Reshaped(_CAL + "14-20-47_3.xml", "unsheet", host=_FORM, g=101),
    ),
    (
        "dicts",
        Reshaped(_CAL + "14-20-47_3.xml", "unsheet", host=_FORM, g=127),
    ),
    (
        "dicts",
        Reshaped(_CAL + "14-20-47_3.xml", "unsheet", host=_FORM, g=99),
    ),
    (
        "dicts",
        Reshaped(_CAL + "14-22-32_6.xml", "unsheet", host=_FORM, g=114),
    ),
    (
        "dicts",
        Reshaped(_CAL + "14-22-32_6.xml", "unsheet", host=_FORM, g=155),
    ),
    (
        "dicts",
        Reshaped(_CAL + "14-22-32_6.xml", "unsheet", host=_FORM, g=157),
    ),
    (
        "dicts",
        Reshaped(_CAL + "14-22-32_8.xml", "unsheet", host=_FORM, g=101),
    ),
    (
        "dicts",
        Reshaped(_CAL + "14-22-32_8.xml", "unsheet", host=_FORM, g=114),
    ),
    (
        "dicts",
        Reshaped(_CAL + "14-22-32_8.xml", "unsheet", host=_FORM, g=133),
    ),
    (
        "dicts",
        Reshaped(_CAL + "14-22-32_8.xml", "unsheet", host=_FORM, g=138),
    ),
    (
        "dicts",
        Reshaped(_CAL + "14-22-32_8.xml", "unsheet", host=_FORM, g=168),
    ),
    (
        "xml",
        Reshaped(
            "contacts-agent/04.xml",
            "refresh+edit",
            where=(0, 0, 1, 0, 0, 0, 2),
            target=(0, 0, 1, 0, 0, 0, 2, 3, 1, 0, 0, 1, 0),
            what="text",
        ),
    ),
    (
        "xml",
        Reshaped(
            "contacts-agent/05.xml",
            "refresh+edit",
            where=(0, 0, 1, 0, 0, 0, 2),
            target=(0, 0, 1, 0, 0, 0, 2, 3, 1, 0, 0, 1, 0),
            what="text",
        ),
    ),
    (
        "xml",
        Reshaped(
            "contacts-agent/08.xml",
            "refresh+edit",
            where=(0, 0, 1, 0, 0, 0, 2),
            target=(0, 0, 1, 0, 0, 0, 2, 2, 1, 0, 0, 1, 0),
            what="text",
        ),
    ),
    (
        "xml",
        Reshaped(
            "contacts-manual/03.xml",
            "refresh+edit",
            where=(0, 0, 0, 0, 1, 0, 0, 0),
            target=(0, 0, 0, 0, 1, 0, 0, 0, 5, 1),
            what="text",
        ),
    ),
    (
        "xml",
        Reshaped(
            "contacts-manual/04.xml",
            "refresh+edit",
            where=(0, 0, 1, 0, 0, 0, 2),
            target=(0, 0, 1, 0, 0, 0, 2, 2, 1, 0, 0, 1, 0),
            what="text",
        ),
    ),
    (
        "xml",
        Reshaped(
            "contacts-manual/04.xml",
            "refresh+edit",
            where=(0, 0, 1, 0, 0, 0, 2),
            target=(0, 0, 1, 0, 0, 0, 2, 3, 1, 0, 0, 1, 0),
            what="text",
        ),
    ),
    (
        "xml",
        Reshaped(
            "contacts-manual/08.xml",
            "refresh+edit",
            where=(0, 0, 1, 0, 0, 0, 2, 1, 1),
            target=(0, 0, 1, 0, 0, 0, 2, 1, 1, 1, 0, 1, 0),
            what="text",
        ),
    ),
    (
        "xml",
        Reshaped(
            _YT + "2.xml",
            "refresh+edit",
            where=(0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0),
            target=(0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 2, 0, 0, 0, 0),
            what="text",
        ),
    ),
    (
        "xml",
        Reshaped(
            "settings-wifi/05.xml",
            "refresh+edit",
            where=(0, 0, 0, 0, 1, 0, 0, 0, 1, 0),
            target=(0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 4, 0, 0),
            what="text",
        ),
    ),
    ("xml", Reshaped("settings-wifi/04.xml", "tab", host=(0, 0, 0, 0, 1, 0, 0, 0, 0, 0))),
    ("xml", Reshaped("settings-wifi/05.xml", "tab", host=(0, 0, 0, 0, 1, 0, 0, 0, 1, 0))),
]
"""(path, case): the capture named by the end of its name under ``fixtures/real``."""


def _named(case: Reshaped) -> Reshaped:
    names = [n for n, _ in captures() if n == case.capture or n.endswith("__" + case.capture)]
    assert len(names) == 1, (case.capture, names)
    return dataclasses.replace(case, capture=names[0])


@pytest.mark.parametrize(("path", "case"), CLOSED)
def test_a_reshaped_case_closed_states_the_truth(path: str, case: Reshaped) -> None:
    frame_cache.clear()
    if path == "dicts":
        with graded_by_dicts():
            got = check(_named(case))
    else:
        got = check(_named(case))
    assert got == []


def test_every_class_closed_is_pinned() -> None:
    kinds = {(path, case.kind) for path, case in CLOSED}
    assert kinds == {
        ("xml", "tab"),
        ("xml", "refresh+edit"),
        ("dicts", "refresh+edit"),
        ("dicts", "unsheet"),
        ("dicts", "pinned"),
        ("xml", "reorder+scroll"),
        ("dicts", "reorder+scroll"),
    }
