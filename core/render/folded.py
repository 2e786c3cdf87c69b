"""Labels that came or went inside an element that stayed, where the element's name held
them.

A row's one visible label is folded into the row's name (:func:`~deltarec.core.observe.labels.
element_positions`: ``[7] button "Re: build is green #106"``), so it has no number of its
own and no ``+`` / ``-`` line of its own. When such a label leaves the screen while its row
stays — an edge of the list cut the row to a sliver too thin to show it (a px of rounding
on a scaled screen, rows closing up over an archived one), or a label was taken out of a
row — the row's line says nothing (its own attributes did not change): the label went
unsaid. :func:`folded_labels` finds them, and the delta lists them as it lists any label
that went or came: ``- text "Re: build is green #106"`` (no number: it had none).

Left to the scroll lines: labels inside a list that scrolled (its rows entered and left).
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from deltarec.core.diff.compute import Delta
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observe.labels import NAME_SEPARATOR


def folded_labels(
    d: Delta, prev_index: ElementIndex, curr_index: ElementIndex
) -> tuple[list[int], list[int]]:
    """The labels (nodes of their own text or description, numbered in neither index's
    element list) that came (positions of ``d.curr``) and went (of ``d.prev``) while the
    nearest numbered element holding them stayed (is paired), outside lists that scrolled.
    Empty when a dialog opened or closed (its lines say what is behind it). O(added +
    removed) × depth.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.diff.compute import compute_delta
    >>> from deltarec.core.observe.index import build_index
    >>> def shot(label):
    ...     text = f'<node class="android.widget.TextView" text="{label}" bounds="[0,0][90,1]"/>'
    ...     return Frame(parse_uiautomator('<hierarchy><node class="Row" clickable="true"'
    ...         f' resource-id="a:id/row" bounds="[0,0][90,9]">{text if label else ""}</node>'
    ...         '</hierarchy>'))
    >>> before, after = shot("Hi"), shot("")
    >>> d = compute_delta(before, after)
    >>> folded_labels(d, build_index(before), build_index(after))
    ([], [1])
    >>> folded_labels(compute_delta(after, before), build_index(after), build_index(before))
    ([1], [])
    """
    if any(d.curr.nodes[c].role == "dialog" for c in d.opened) or any(
        d.prev.nodes[p].role == "dialog" for p in d.closed
    ):
        return [], []
    owner = {p: c for c, p in d.pairs.items()}
    came = _unsaid(d.curr, d.added, curr_index, d.prev, d.pairs, d.quiet_curr, _lists(d, True))
    went = _unsaid(d.prev, d.removed, prev_index, d.curr, owner, d.quiet_prev, _lists(d, False))
    return came, went


def _lists(d: Delta, curr: bool) -> set[int]:
    """The lists that scrolled, as positions of one frame."""
    return {s.curr if curr else s.prev for s in d.scrolls}


def _unsaid(
    frame: Frame,
    positions: list[int],
    index: ElementIndex,
    other: Frame,
    stayed: Mapping[int, int],
    quiet: AbstractSet[int],
    scrolled: AbstractSet[int],
) -> list[int]:
    """The labels among ``positions`` (of ``frame``) that its host's name shows while the
    host stayed (``stayed``: its counterpart in ``other``), and that the counterpart's
    subtree does not show: a label whose twin is there was not paired, it did not go."""
    numbered = index.number_of
    out = []
    for pos in positions:
        node = frame.nodes[pos]
        label = node.text or node.content_desc
        if pos in numbered or pos in quiet or not label:
            continue
        up = frame.ancestors(pos)
        host = next((a for a in up if a in numbered), None)
        if host is None or host not in stayed or any(a in scrolled for a in up):
            continue
        parts = index.names[host].split(NAME_SEPARATOR)
        if not any(x == label or (x[-1:] == "…" and label.startswith(x[:-1])) for x in parts):
            continue  # not what its host is called by (an icon inside a control)
        twin = stayed[host]
        if any(
            label in (n.text, n.content_desc) for n in other.nodes[twin : other.subtree_end(twin)]
        ):
            continue
        out.append(pos)
    return out
