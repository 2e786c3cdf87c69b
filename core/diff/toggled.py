"""A row whose button toggled in place, its numbers moved with it: an edit, not a page.

A stopwatch's page holds its time, "Reset" and "Pause". A tap on "Pause" stops it: the
button reads "Start" and the time, which ran since the last look, reads another number.
Two of the page's three labels changed, so the page is neither the same content nor one
label edited beside one kept (:func:`~deltarec.core.diff.scroll_edits.kept_edited`), and
the pager (its one row "came" and "left") read as turned about a page (issue 18: the truth
walk, seed 523 step 97; every toggle of the Clock's timer and stopwatch once time ran).

What the dumps show is the very same layout node for node (classes, ids and boxes), one
label kept, every other label's numbers alone changed (:func:`_numbers_moved`) and exactly one
clickable's own label swapped for another word: a toggle button ("Pause" → "Start",
"Follow" → "Following", "Play" → "Pause"). A page turned to another of one layout shows
other words in labels that are not buttons (an onboarding page's title and body, its
"Next" → "Done" beside them), or only numbers edited and no toggle (a gallery's "1/5" →
"2/5", "Photo 1" → "Photo 2"): those stay pages, as before.
"""

from __future__ import annotations

from deltarec.core.diff.label_edit import NUMBER
from deltarec.core.observe.frame import Frame


def toggled_in_place(prev: Frame, q: int, curr: Frame, k: int) -> bool:
    """Whether row ``k`` is row ``q`` (same box) with one clickable's label swapped, the
    other changed labels numbers edited and at least one label kept (module docstring).
    O(size of the rows); the layout compared node for node first.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def page(time, toggle, reset="Reset"):
    ...     return Frame(parse_uiautomator(
    ...         '<hierarchy><node class="L" bounds="[0,0][900,900]">'
    ...         f'<node class="T" resource-id="a:id/time" text="{time}" bounds="[0,0][900,200]"/>'
    ...         f'<node class="B" clickable="true" resource-id="a:id/reset" text="{reset}"'
    ...         ' bounds="[0,300][400,400]"/>'
    ...         f'<node class="B" clickable="true" resource-id="a:id/go" text="{toggle}"'
    ...         ' bounds="[500,300][900,400]"/></node></hierarchy>'))
    >>> toggled_in_place(page("0:03.50", "Pause"), 0, page("0:04.50", "Start"), 0)
    True
    >>> toggled_in_place(page("0:03.50", "Pause"), 0, page("0:04.50", "Pause"), 0)
    False
    >>> toggled_in_place(page("0:03.50", "Pause"), 0, page("0:04.50", "Start", "Lap"), 0)
    False
    """
    end_q, end_k = prev.subtree_end(q), curr.subtree_end(k)
    if end_q - q != end_k - k:
        return False
    kept = swapped = 0
    for a, b in zip(prev.nodes[q:end_q], curr.nodes[k:end_k], strict=True):
        if (a.class_name, a.resource_id, a.bounds) != (b.class_name, b.resource_id, b.bounds):
            return False
        if a.text == b.text and a.content_desc == b.content_desc:
            kept += bool(a.text or a.content_desc)
        elif _numbers_moved(a.text, b.text) and _numbers_moved(a.content_desc, b.content_desc):
            continue  # a number moved (the time ran)
        elif a.clickable and b.clickable and a.content_desc == b.content_desc and a.text and b.text:
            swapped += 1  # a button's own word for another
            if swapped > 1:
                return False
        else:
            return False
    return kept > 0 and swapped == 1


def _numbers_moved(was: str, now: str) -> bool:
    """Whether ``now`` is ``was`` with its numbers alone changed (or the same): "0:03.50" →
    "0:04.50", never a label come or gone.

    >>> _numbers_moved("0:03.50", "0:04.50"), _numbers_moved("", "3"), _numbers_moved("", "")
    (True, False, True)
    """
    return was == now or NUMBER.sub("0", was) == NUMBER.sub("0", now)
