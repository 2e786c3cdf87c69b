"""Whether the input focus moved between two frames, as far as the dumps can tell.

A dump lists only the views on the screen. A focused field that its list or form scrolls
out of view keeps its focus (the keyboard stays up; the phone's focus does not follow the
scroll), so its absence from the next dump says nothing of the focus; nor does its
return, focused, say that the focus came to it. A field whose window went (a dialog
opened over it, the screen changed) is another matter: the focus left with the window.
"""

from __future__ import annotations

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import scrolls_by_nature


def focus_moved(prev: Frame, curr: Frame, pairs: dict[int, int]) -> bool:
    """Whether the focus moved from ``prev``'s focused node to ``curr``'s (``pairs``:
    ``{curr_pos: prev_pos}``): they are not one element, and neither side is a field that
    scrolled out of view (or back in) inside a scroller on the screen in both frames
    (:func:`_scrolled_out`). O(depth) plus, where a field left the dump, O(pairs).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*fields):
    ...     kids = "".join(f'<node class="EditText" text="{t}" focused="{str(f).lower()}"'
    ...                    f' bounds="[0,{10 * i}][9,{10 * i + 9}]"/>'
    ...                    for i, (t, f) in enumerate(fields))
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="ScrollView" scrollable="true"'
    ...                                    f' bounds="[0,0][9,30]">{kids}</node></hierarchy>'))
    >>> focus_moved(shot(("Name", True), ("Email", False)), shot(("Email", False),), {0: 0, 1: 2})
    False
    >>> focus_moved(shot(("Name", True), ("Email", False)), shot(("Email", True),), {0: 0, 1: 2})
    True
    """
    pf, cf = prev.focused, curr.focused
    if (pf < 0 and cf < 0) or (cf >= 0 and pairs.get(cf) == pf):
        return False
    if cf < 0 and pf not in pairs.values():
        return not _scrolled_out(prev, pf, set(pairs.values()))
    if pf < 0 and cf not in pairs:
        return not _scrolled_out(curr, cf, set(pairs))
    return True


def _scrolled_out(frame: Frame, pos: int, paired: set[int]) -> bool:
    """Whether ``pos``, on one side only, sits in a scroller of ``frame`` that is ``paired``
    (on the screen in both frames): it scrolled out of view, or back in."""
    return any(scrolls_by_nature(frame.nodes[a]) and a in paired for a in frame.ancestors(pos))


__all__ = ["focus_moved"]
