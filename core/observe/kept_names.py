"""One name per element for a whole session: the name an element was shown under, kept by
its ``[i]`` number while nothing on screen names it any more.

:func:`~deltarec.core.observe.labels.labels` names the nodes of one frame. An element whose
name came from something that comes and goes while the element stays reads otherwise from
one step to the next: a tab that shows no label of its own is called by the label only the
selected tab shows, and reads with no name (or its resource id's last part) once another tab
is selected; a list's row cut down to a sliver that shows none of its texts reads as its
resource id, and one cut to some of its texts reads by those alone (``"Standup moved #1"``
for ``"Grace · Standup moved #1 · Mar 8"``). Its number is kept all along
(:mod:`deltarec.core.observe.index`), so the session's
:class:`~deltarec.core.observe.index.NumberBook` keeps each number's name too
(:func:`note_names`), and an element that now has no name of its own (:func:`nameless`) is
shown under the one its number had (:func:`kept_names`), and so is one flush with an edge of
the list around it that shows some of the labels that name held, in order, and no other
(:func:`cut_from`, :func:`at_edge`: its list's edge cut it): the frame, every delta line,
the ``name=`` a tap resolves and the error messages read it, all from the index's ``names``.

Never a name borrowed from another element: a number is one element for the session, so the
kept name is this element's own. Not a text box: what it showed was what was typed, and a
field cleared shows nothing. An element that shows a name again takes that one (a row whose
label was edited reads its new label). Cost: O(elements) per index, the names copied only
where one is kept.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.observe.frame import Frame
    >>> tab = Frame(parse_uiautomator('<hierarchy><node class="android.widget.FrameLayout"'
    ...     ' clickable="true" resource-id="app:id/tab_timer" bounds="[0,0][9,9]"/></hierarchy>'))
    >>> kept_names(tab, ["tab_timer"], {0: 4}, {4: "Timer"})
    ['Timer']
    >>> kept_names(tab, ["Timers"], {0: 4}, {4: "Timer"})
    ['Timers']
    >>> rows = Frame(parse_uiautomator('<hierarchy><node class="android.widget.ListView"'
    ...     ' scrollable="true" bounds="[0,0][9,90]"><node class="android.widget.LinearLayout"'
    ...     ' clickable="true" bounds="[0,0][9,20]"/></node></hierarchy>'))
    >>> kept_names(rows, ["ListView", "Standup"], {1: 7}, {7: "Grace · Standup · Mar 8"})
    ['ListView', 'Grace · Standup · Mar 8']
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress
from operator import ne

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import class_part
from deltarec.core.observe.model import Node


def nameless(node: Node, name: str) -> bool:
    """Whether ``name`` tells nothing of ``node``: nothing, or its resource id's last part or
    its class's short name (:func:`~deltarec.core.observe.labels.class_part`), the names it
    falls back on when nothing on screen names it.

        >>> from deltarec.core.observe.model import Node
        >>> nameless(Node(resource_id="app:id/tab_timer"), "tab_timer")
        True
        >>> nameless(Node(resource_id="app:id/ok", text="ok"), "ok")
        False
        >>> nameless(Node(class_name="android.widget.LinearLayout"), "LinearLayout")
        True
    """
    if not name:
        return True
    if name == node.text or name == node.content_desc:
        return False
    rid = node.resource_id
    if rid.endswith(name) and rid[-len(name) - 1 : -len(name)] in ("/", ""):
        return True
    return not rid and name == class_part(node)


def kept_names(
    frame: Frame, names: list[str], number_of: Mapping[int, int], kept: Mapping[int, str]
) -> list[str]:
    """``names`` with the name ``kept`` holds for its number given to every numbered element
    that is :func:`nameless` (not a text box); ``names`` itself when none is (module
    docstring)."""
    out = names
    if not kept:
        return out
    nodes = frame.nodes
    # only the elements whose name is not their number's: compared at C speed (most are)
    other = map(ne, map(kept.get, number_of.values()), map(names.__getitem__, number_of))
    for pos in compress(number_of, other):
        name, had = names[pos], kept.get(number_of[pos])
        if not had or nodes[pos].role == "textbox":
            continue
        if nameless(nodes[pos], name) or (cut_from(name, had) and at_edge(frame, pos)):
            if out is names:
                out = names.copy()
            out[pos] = had
        elif at_edge(frame, pos) and (edited := _edited_in_cut(name, had)):
            if out is names:
                out = names.copy()
            out[pos] = edited  # one label it shows edited: the rest kept
    return out


def _edited_in_cut(name: str, had: str) -> str:
    """``had`` with its last (or first) labels read as ``name``'s where exactly one of them
    differs: a row its list's edge cut to its last labels, one of them edited ("On" → "Off"
    of "Airplane mode · On"); "" where no such reading holds.

        >>> _edited_in_cut("Off", "Airplane mode · On")
        'Airplane mode · Off'
        >>> _edited_in_cut("Ken · Jan 2", "Ada · Photos #9 · Mar 8")
        ''
    """
    parts, whole = name.split(" · "), had.split(" · ")
    n = len(parts)
    if n >= len(whole):
        return ""
    for at in (len(whole) - n, 0):
        differ = [k for k in range(n) if whole[at + k] != parts[k]]
        if len(differ) == 1:
            return " · ".join([*whole[:at], *parts, *whole[at + n :]])
    return ""


def cut_from(name: str, had: str) -> bool:
    """Whether ``name``'s `` · ``-joined labels are fewer than ``had``'s and some of them, in
    order: what an edge that cut the element ``had`` names leaves of that name.

        >>> cut_from("Standup moved #1", "Grace · Standup moved #1 · Mar 8")
        True
        >>> cut_from("Grace · Mar 8", "Grace · Standup moved #1 · Mar 8")
        True
        >>> cut_from("Mar 8 · Grace", "Grace · Standup moved #1 · Mar 8")
        False
        >>> cut_from("Grace", "Grace")
        False
    """
    parts, whole = name.split(" · "), had.split(" · ")
    if len(parts) >= len(whole):
        return False
    labels = iter(whole)
    return all(p in labels for p in parts)


def at_edge(frame: Frame, pos: int) -> bool:
    """Whether the node at ``pos`` is flush with an edge of the nearest scrollable around it
    (where that edge cuts what it holds). O(depth)."""
    box = frame.nodes[pos].bounds
    for up in frame.ancestors(pos):
        node = frame.nodes[up]
        if node.scrollable:
            b = node.bounds
            return (
                box.top == b.top
                or box.bottom == b.bottom
                or (
                    box.right - box.left < b.right - b.left
                    and (box.left == b.left or box.right == b.right)
                )
            )
    return False


def note_names(kept: dict[int, str], names: list[str], number_of: Mapping[int, int]) -> None:
    """Keep, per number of ``number_of``, the name ``names`` gives it (its kept one where
    :func:`kept_names` gave it that). O(elements), at C speed."""
    kept.update(zip(number_of.values(), map(names.__getitem__, number_of), strict=True))
