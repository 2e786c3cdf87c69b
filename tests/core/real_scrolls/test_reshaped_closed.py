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
  paired with the copies' by place (:func:`deltarec.core.diff.match._measured_pages`).
"""

from __future__ import annotations

import dataclasses

import pytest

from deltarec.core.capture import frame_cache
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls.reshaped import Reshaped, check
from tests.core.real_scrolls.transforms import captures

CLOSED: list[tuple[str, Reshaped]] = [
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-15-55_3.xml",
            "pinned",
            host=(0, 0, 0, 0, 1, 0),
            d=-644,
            g=64,
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-15-55_3.xml",
            "pinned",
            host=(0, 0, 0, 0, 1, 0),
            d=644,
            g=96,
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-15-55_4.xml",
            "pinned",
            host=(0, 0, 0, 0, 1, 0),
            d=644,
            g=48,
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-15-55_4.xml",
            "pinned",
            host=(0, 0, 0, 0, 1, 0),
            d=644,
            g=64,
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-20-47_3.xml",
            "pinned",
            host=(0, 0, 0, 0, 1, 0),
            d=-1564,
            g=48,
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-20-47_3.xml",
            "pinned",
            host=(0, 0, 0, 0, 1, 0),
            d=-1564,
            g=96,
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-20-47_3.xml",
            "pinned",
            host=(0, 0, 0, 0, 1, 0),
            d=1564,
            g=48,
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-20-47_3.xml",
            "pinned",
            host=(0, 0, 0, 0, 1, 0),
            d=1564,
            g=96,
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-22-32_3.xml",
            "pinned",
            host=(0, 0, 0, 0, 1, 0),
            d=644,
            g=96,
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-22-32_4.xml",
            "pinned",
            host=(0, 0, 0, 0, 1, 0),
            d=-644,
            g=64,
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-22-32_4.xml",
            "pinned",
            host=(0, 0, 0, 0, 1, 0),
            d=-644,
            g=96,
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-22-32_8.xml",
            "pinned",
            host=(0, 0, 0, 0, 1, 0),
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
            "demo_Youtube_2026-02-28_22-03-39_2.xml",
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
        Reshaped(
            "task_Calendar_2025-08-14_14-20-47_3.xml", "unsheet", host=(0, 0, 0, 0, 1, 0), g=101
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-20-47_3.xml", "unsheet", host=(0, 0, 0, 0, 1, 0), g=127
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-20-47_3.xml", "unsheet", host=(0, 0, 0, 0, 1, 0), g=99
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-22-32_6.xml", "unsheet", host=(0, 0, 0, 0, 1, 0), g=114
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-22-32_6.xml", "unsheet", host=(0, 0, 0, 0, 1, 0), g=155
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-22-32_6.xml", "unsheet", host=(0, 0, 0, 0, 1, 0), g=157
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-22-32_8.xml", "unsheet", host=(0, 0, 0, 0, 1, 0), g=101
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-22-32_8.xml", "unsheet", host=(0, 0, 0, 0, 1, 0), g=114
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-22-32_8.xml", "unsheet", host=(0, 0, 0, 0, 1, 0), g=133
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-22-32_8.xml", "unsheet", host=(0, 0, 0, 0, 1, 0), g=138
        ),
    ),
    (
        "dicts",
        Reshaped(
            "task_Calendar_2025-08-14_14-22-32_8.xml", "unsheet", host=(0, 0, 0, 0, 1, 0), g=168
        ),
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
            "demo_Youtube_2026-02-28_22-03-39_2.xml",
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
    }
