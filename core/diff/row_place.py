"""Which wrapper's page is its scroller's, for the page rule (issue 18).

:func:`~deltarec.core.diff.pages.turned` looks for a page turned on a scroller, then on the
wrappers inside it (paired, showing nothing of their own): a web page's ``body > main >
article`` beside a fixed header. A wrapper is "bare" when it has no text, description or
resource id, and element dicts carry no resource id: there every section of a form is bare,
the walk reached one, and a section whose field was replaced, inserted or pushed out (its
rows paired on the XML path only by their ids) read as "scrolled about a page" of the
form. A page found on a wrapper is the scroller's only where the wrapper :func:`spans` most
of it.

    >>> spans(Bounds(0, 140, 1080, 2274), Bounds(0, 0, 1080, 2274))
    True
"""

from __future__ import annotations

from operator import attrgetter

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


def spans(inner: Bounds, host: Bounds) -> bool:
    """Whether ``inner`` covers at least half of ``host`` (what of it shows there): a
    wrapper whose page is the host's, not one row of it. O(1).

        >>> spans(Bounds(0, 100, 10, 1000), Bounds(0, 0, 10, 1000))
        True
        >>> spans(Bounds(0, 860, 10, 1000), Bounds(0, 0, 10, 1000))
        False
    """
    return 2 * inner.intersection(host) >= host.area


def may_span(frame: Frame, pos: int, host: Bounds) -> bool:
    """Whether ``pos`` or a node inside it may :func:`spans` ``host``: the box around its
    whole subtree (every box in it: a subtree is one run of positions) does. The area two
    boxes share never shrinks as either grows, so where that box does not span ``host``, no
    node inside ``pos`` does (whatever the boxes, children outside their parent's too): a
    walk looking for the wrapper whose page is ``host``'s need not go below ``pos``
    (:func:`~deltarec.core.diff.pages.turned`: a form's sections under its scroller, walked
    down to every field by each estimate of a step; issue 19). The box is kept in the frame's
    memo, made the first time a walk reaches ``pos`` whose own box does not span ``host``
    (where it does, so does the box around it: the ScrollView's content, the form's sections
    that fill it, asked first). O(subtree) once, then O(1).

        >>> from deltarec.core.capture.element_dicts import elements_to_observation
        >>> row = {"role": "group", "x": 0, "y": 860, "width": 10, "height": 140,
        ...        "children": [{"role": "text", "x": 0, "y": 0, "width": 10, "height": 900}]}
        >>> frame = Frame(elements_to_observation([row]))
        >>> may_span(frame, 1, Bounds(0, 0, 10, 1000)), spans(frame.nodes[1].bounds,
        ...                                                  Bounds(0, 0, 10, 1000))
        (True, False)
    """
    if spans(frame.nodes[pos].bounds, host):
        return True  # its own box spans it, so does the box around its subtree (it holds it)
    kept: dict[int, Bounds] | None = frame.memo.get(may_span)  # type: ignore[assignment]
    if kept is None:
        kept = frame.memo[may_span] = {}
    box = kept.get(pos)
    if box is None:
        boxes = list(map(_BOX, frame.nodes[pos : frame.subtree_end(pos)]))  # at C speed
        box = kept[pos] = Bounds(
            min(map(_LEFT, boxes)),
            min(map(_TOP, boxes)),
            max(map(_RIGHT, boxes)),
            max(map(_BOTTOM, boxes)),
        )
    return spans(box, host)


_BOX = attrgetter("bounds")
_LEFT, _TOP, _RIGHT, _BOTTOM = map(attrgetter, ("left", "top", "right", "bottom"))
