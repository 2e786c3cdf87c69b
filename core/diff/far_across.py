"""A carousel's item that crossed the view, kept by a label no other node shows: the far
anchor's reading (:mod:`~deltarec.core.diff.far_anchor`) along x.

:func:`~deltarec.core.diff.far_anchor.least` reads a page turned that kept a row by its
unique label along y only: a kept row that moved along x names no offset there, and the
page stood, "about a page or more". Turned a quarter, a list is a carousel and its rows
are items side by side (``tests/core/real_scrolls/turned.py``: a carousel's evidence is a
list's): Settings' Wi-Fi and Airplane lists in their ``ScrollView`` scrolled 1,615 px,
turned, read "right 1615px or further, or left 558px or further" upright's way only where
the same reading is asked of both frames turned across the diagonal
(:func:`~deltarec.core.diff.edge_across.turned_frame`, the same nodes at the same
positions, so pairs stay) and turned back: ``dx`` the least the content moved its way,
``other`` (``Scroll.other_dx``, JSON ``orDx``) the least it moved the other way, no swipe
told. Asked only where a kept row's labels all moved along x (:func:`_kept_across`), so
the turned frames are built only for such pages.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*items):
    ...     kids = "".join(f'<node class="Card" bounds="[{max(x, 0)},0][{min(x + 200, 1000)},100]">'
    ...                    f'<node class="T" text="{s}" bounds="[{x + 80},40][{x + 120},60]"/>'
    ...                    '</node>' for s, x in items)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][1000,100]">{kids}</node></hierarchy>'))
    >>> a = shot(("Wifi", -60), ("Calls", 140), ("SIMs", 340))  # "Wifi" cut by the left edge
    >>> b = shot(("Bbmmt", 450), ("TJNt", 650), ("Wifi", 850))  # and by the right one
    >>> least_across(a, 0, b, 0, {5: 1}, None)  # right 910 px or further, or left 150 or further
    (910, -150)
    >>> least_across(a, 0, b, 0, {5: 1}, Gesture(100, 50, 600, 50))  # the finger told the way
    (910, 0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from deltarec.core.diff.edge_across import turned_frame
from deltarec.core.diff.far_anchor import least, offsets
from deltarec.core.diff.gesture import Gesture
from deltarec.core.observe.frame import Frame


def least_across(
    prev: Frame,
    old_host: int,
    curr: Frame,
    host: int,
    pairs: Mapping[int, int],
    finger: Gesture | None,
) -> tuple[int, int] | None:
    """:func:`~deltarec.core.diff.far_anchor.least` along x: ``(dx, other)``, both px signed
    as ``dx``, for a page of ``host`` whose kept rows moved sideways (module docstring);
    None where no kept row's labels moved along x alone, or where the reading along x
    names nothing. O(nodes) to turn both frames the first time, then as ``least``."""
    if not _kept_across(prev, old_host, curr, host, pairs):
        return None
    turned = None if finger is None else _turned(finger)
    return least(turned_frame(prev), old_host, turned_frame(curr), host, pairs, turned)


def _kept_across(
    prev: Frame, old_host: int, curr: Frame, host: int, pairs: Mapping[int, int]
) -> bool:
    """Whether a paired row of ``host`` (under ``old_host`` before) shows unique labels all
    moved along x alone. O(labels of the list's paired rows)."""
    for k in curr.children[host]:
        q = pairs.get(k)
        if q is None or prev.parents[q] != old_host:
            continue
        got = offsets(prev, q, curr, k)
        if got and all(dx and not dy for dx, dy in got):
            return True
    return False


def _turned(finger: Gesture) -> Gesture:
    """The caller's gesture turned across the diagonal, as the frames are."""
    return dataclasses.replace(finger, x1=finger.y1, y1=finger.x1, x2=finger.y2, y2=finger.x2)
