"""What to call an element, and which nodes are elements at all.

An *element* is a node a person would point at: something interactive, or
something that carries text or a description, or a dialog. Layout containers
without a label of their own are not elements, nor is a nameless scrim under a
dialog. A text node whose text is already the label of the interactive element
around it (the title inside a Settings row) is folded into that element rather
than listed twice.

One name per element: :func:`labels` is the only place a name is made (for the session,
:mod:`~deltarec.core.observe.kept_names` keeps it per number), and the frame, every delta line,
the ``name=`` selector, error messages, MCP replies and the recorder's selectors all read it.

The rule: a node's own text, else its content description; a text of whitespace alone names
nothing (a Compose answer's bubble streaming in, ``" "``: a leaf that shows only that is no
element, and a control never borrows it). A *row* — a button (a clickable
container) with content inside, within content made to scroll (:func:`is_row`: an Inbox
message, a Settings row, a product tile) — is then called by the distinct texts it shows,
joined with ``" · "``: an Inbox row is ``"Grace · Standup moved #1 · Mar 8"``, as a reader
of the screen sees it, not ``"Grace avatar"``, the description of the icon it starts with
(rows repeat their first text — a sender, a title — so only all of it tells one from
another); a row that shows no text is called by the descriptions inside it. Any other
control (not a list, not a layout) is called by its *title*, the first text or description found
below it (a button by its caption, a dialog by its heading), else the first text below one of its
three nearest ancestors (a Settings switch is called by its row's title; never a control that covers
its whole window, a dialog's scrim; never a text another element is called by,
:mod:`~deltarec.core.observe.borrowed`); else, a form's field or box, the label laid out beside
it (:mod:`~deltarec.core.observe.form_labels`: ``"Email"`` above a Flutter ``EditText``; the label
is then no element of its own); a container made to scroll, its pane title (:data:`PANE_TITLE`:
what TalkBack announces, ``list "Recent apps"``, not ``"overview_panel"``); last, the final
part of its resource id; an element
still called by nothing, its class's short name (:func:`class_part`, given by
:func:`element_positions`: never ``""``; a list with no id, a spacer marked focusable). The walk
up stops at a list: an empty row is never called by another row's text (a row an edge cut to a
sliver that shows none of its texts, with no id, is a ``"LinearLayout"``); and at a tab strip
(controls of one class and role, one of them selected: a bottom bar, a rail, a top tab strip): a
tab that shows no label of its own is never called by the label the selected tab alone shows, and,
nothing else naming it, reads as its resource id's last part or its class rather
than another tab's. Names longer than :data:`MAX_LABEL` are cut.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> row = Frame(parse_uiautomator(
    ...     '<hierarchy><node class="android.widget.ListView" bounds="[0,0][100,50]">'
    ...     '<node class="android.widget.LinearLayout" clickable="true"'
    ...     ' bounds="[0,0][100,50]"><node class="android.widget.ImageView"'
    ...     ' content-desc="Grace avatar" bounds="[0,0][20,50]"/>'
    ...     '<node class="android.widget.TextView" text="Grace" bounds="[20,0][60,25]"/>'
    ...     '<node class="android.widget.TextView" text="Mar 8" bounds="[60,0][100,25]"/>'
    ...     '</node></node></hierarchy>'))
    >>> labels(row)[1:]
    ['Grace · Mar 8', 'Grace avatar', 'Grace', 'Mar 8']
"""

from __future__ import annotations

from itertools import compress, count
from operator import not_

from deltarec.core.observe.borrowed import ANCESTOR_LEVELS as ANCESTOR_LEVELS
from deltarec.core.observe.borrowed import SCAN_LIMIT as SCAN_LIMIT
from deltarec.core.observe.borrowed import borrowed_text, selected_parents, unshared
from deltarec.core.observe.form_labels import LABELLED, label_beside
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import INTERACTIVE_ROLES, Node
from deltarec.core.observe.natures import SCROLLING_ROLES as SCROLLING_ROLES
from deltarec.core.observe.natures import class_scrolls as class_scrolls
from deltarec.core.observe.natures import keep_natures as keep_natures
from deltarec.core.observe.natures import natures as natures
from deltarec.core.observe.natures import scrolls_by_nature as scrolls_by_nature
from deltarec.core.observe.wrapped import unwrapped

MAX_LABEL = 80
"""Labels longer than this are cut and end with "…"."""

PANE_TITLE = "pane-title"
"""The accessibility node's pane title (AutoMobile's observations carry it: the launcher's
overview list, ``"Recent apps"``): a container made to scroll that shows no label of its own
is called by it before its resource id."""

NAME_SEPARATOR = " · "
"""Between the texts a control without a label of its own is called by."""

_NAMED_BY_CONTENT = frozenset(
    {
        "button",
        "switch",
        "checkbox",
        "radio",
        "textbox",
        "dropdown",
        "image",
        "slider",
        "link",
        "dialog",
    }
)
"""Roles that may borrow a label from the text around them."""


def _first_text_below(frame: Frame, pos: int) -> str:
    # Document order below ``pos`` is positions pos+1 … subtree end: no stack needed.
    nodes = frame.nodes
    for child in range(pos + 1, min(frame.subtree_end(pos), pos + 1 + SCAN_LIMIT)):
        node = nodes[child]
        if node.text or node.content_desc:
            return node.text or node.content_desc
    return ""


def shown_texts(frame: Frame, pos: int) -> list[str]:
    """The distinct texts shown in ``pos``'s subtree, in document order, or its descriptions
    when it shows no text (at most :data:`SCAN_LIMIT` nodes are visited)."""
    found: list[str] = []
    descriptions: list[str] = []
    end = min(frame.subtree_ends[pos], pos + SCAN_LIMIT)  # subtree_end's, read (a call a row)
    for node in frame.nodes[pos:end]:
        if node.text:
            found.append(node.text)
        elif node.content_desc and not found:
            descriptions.append(node.content_desc)
    return list(dict.fromkeys(found or descriptions))


def _cut(text: str) -> str:
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


def in_scrolling(frame: Frame) -> list[bool]:
    """For every node, whether it lies inside a container made to scroll. O(n)."""
    natural = natures(frame)
    out = [False] * len(natural)
    for pos, parent in enumerate(frame.parents):
        if parent >= 0:
            out[pos] = out[parent] or natural[parent]
    return out


def is_row(frame: Frame, pos: int, inside: list[bool]) -> bool:
    """Whether ``pos`` is a row: a button (a clickable container reads as one; not a text box,
    not a list) with content inside, within content made to scroll (``inside``:
    :func:`in_scrolling`) — an Inbox message, a Settings row, a product tile of a web grid."""
    return inside[pos] and frame.nodes[pos].role == "button" and bool(frame.children[pos])


def _covers_window(frame: Frame, pos: int) -> bool:
    """Whether ``pos`` covers its whole window: a scrim under a dialog (a tap outside
    dismisses it), a bottom sheet's ``touch_outside``. It lies under everything its
    ancestors show, and none of it is its label: the screen's title, the sheet's first
    option."""
    b, w = frame.nodes[pos].bounds, frame.nodes[frame.window_of[pos]].bounds
    return (
        b.area > 0
        and b.left <= w.left
        and b.top <= w.top
        and b.right >= w.right
        and (b.bottom >= w.bottom)
    )


def _scrim(frame: Frame, pos: int) -> bool:
    """Whether ``pos`` is a scrim: it covers its whole window, and a sibling after it is
    drawn over it (the dialog it dims the screen for). Nameless, it is no element: an
    agent reads ``+ [i] button ""`` as a control with no name, and what it does (tap
    outside to dismiss) is what the dialog above it says."""
    parent = frame.parents[pos]
    return parent >= 0 and frame.children[parent][-1] != pos and _covers_window(frame, pos)


def labels(frame: Frame) -> list[str]:
    """The name of every node of ``frame`` (see the module docstring). O(n · SCAN_LIMIT)."""
    nodes, parents = frame.nodes, frame.parents
    # Most nodes are named by their own text or description: those in one pass at C speed,
    # then only the rest (and the names too long) one by one.
    titles = [node.text or node.content_desc for node in nodes]
    blank: frozenset[int] = frozenset()  # whitespace names nothing (read at C speed: rare)
    spaced = any(map(str.isspace, titles))
    if spaced:
        blank = frozenset(compress(count(), map(str.isspace, titles)))
        for pos in blank:
            node = nodes[pos]
            titles[pos] = node.content_desc if node.text and not node.content_desc.isspace() else ""
        blank = frozenset(pos for pos in blank if not titles[pos])  # shows nothing else
    untitled = list(compress(count(), map(not_, titles)))  # no text nor description
    names = titles.copy()
    natural = natures(frame)
    # Whether a position lies inside a container made to scroll (in_scrolling's answer), asked
    # only of the controls with children and no title: by their ancestors, each once.
    inside: dict[int, bool] = {}
    # The first text below a node, by position: a row's, asked again by each control in it.
    below: dict[int, str] = {}
    # Per parent, the kinds of control two of its children share (a tab strip's: borrowed_text),
    # asked only of the parents of a selected node (most frames: none)
    alike: dict[int, frozenset[tuple[str, str]]] = {}
    # A layout (no role that borrows a label) is called by its resource id's last part, or
    # nothing: one pass over them, then the controls one by one.
    named = _NAMED_BY_CONTENT
    controls = []
    for pos in untitled:
        node = nodes[pos]
        if node.role in named:
            controls.append(pos)
        elif node.resource_id:
            titles[pos] = names[pos] = node.resource_id.rsplit("/", 1)[-1]
    # A container made to scroll that shows no label of its own: its pane title, what TalkBack
    # announces, before its id (the natural positions found at C speed: a frame holds few)
    for pos in compress(count(), natural):
        node = nodes[pos]
        if not (node.text or node.content_desc or node.role in named) and (
            pane := node.extra(PANE_TITLE).strip()
        ):
            titles[pos] = names[pos] = pane
    children, ends = frame.children, frame.subtree_ends
    chosen = selected_parents(frame) if controls else frozenset()
    lent: dict[int, str] = {}  # per control that shows no text, what it borrows
    beside: dict[int, int] = {}  # per form control that shows no text, its label's position
    for pos in controls:
        node = nodes[pos]
        title = name = ""
        if children[pos]:
            # _first_text_below, inline (a call a control of both frames of a step)
            for child in range(pos + 1, min(ends[pos], pos + 1 + SCAN_LIMIT)):
                shown = nodes[child]
                if shown.text or shown.content_desc:
                    title = shown.text or shown.content_desc
                    break
            if spaced and title.isspace():
                title = ""  # whitespace names nothing
            below[pos] = title
            # is_row: a button inside a container made to scroll (_inside's answer; its
            # commonest case inline: a list's row, the list its parent)
            up = parents[pos]
            if node.role == "button" and (
                (up >= 0 and natural[up]) or _inside(parents, natural, pos, inside)
            ):
                # shown_texts, inline (a call a row of both frames of a step)
                found: list[str] = []
                descriptions: list[str] = []
                for shown in nodes[pos : min(ends[pos], pos + SCAN_LIMIT)]:
                    if shown.text:
                        found.append(shown.text)
                    elif shown.content_desc and not found:
                        descriptions.append(shown.content_desc)
                name = NAME_SEPARATOR.join(dict.fromkeys(found or descriptions))
        if not title:  # a title of its own: none borrowed (the walk up below stops at once)
            lent[pos] = borrowed_text(frame, pos, natural, below, alike, chosen)
            continue
        titles[pos] = title
        names[pos] = name or title
    # The borrowers (a row that shows no text has no name either): the text they borrowed but
    # one another element is called by (borrowed.unshared), else, a form's control, the label
    # laid out beside it (form_labels.py: no element of its own then, and never another's to
    # borrow), else their resource id's last part
    if lent:
        unshared(frame, names, lent)
        for pos, title in lent.items():
            if nodes[pos].role in LABELLED and (by := label_beside(frame, pos)) >= 0:
                label = nodes[by].text or nodes[by].content_desc
                if not title or title.isspace() or title == label:
                    beside[pos] = by
        if beside:
            said = {nodes[by].text or nodes[by].content_desc for by in beside.values()}
            for pos, title in lent.items():
                by = beside.get(pos, -1)
                lent[pos] = nodes[by].text or nodes[by].content_desc if by >= 0 else title
                if by < 0 and title in said:
                    lent[pos] = ""  # a form's control is called so
    # no elements of their own: a form's labels (their controls' names), whitespace
    frame.__dict__["_no_elements"] = blank.union(beside.values())
    for pos, title in lent.items():
        if spaced and title.isspace():
            title = ""  # whitespace names nothing
        if not title and nodes[pos].resource_id:
            title = nodes[pos].resource_id.rsplit("/", 1)[-1]
        titles[pos] = names[pos] = title
    for cut in (names, titles):  # the lengths read at C speed: most screens have none too long
        if max(map(len, cut), default=0) > MAX_LABEL:
            for pos in [pos for pos, n in enumerate(map(len, cut)) if n > MAX_LABEL]:
                cut[pos] = _cut(cut[pos])
    frame.__dict__["_label_titles"] = titles
    return names


def class_part(node: Node) -> str:
    """What a dump says of a node nothing names and that has no resource id: its class's short
    name (``"LinearLayout"``), the last resort of :func:`labels`, so that no element is
    called ``""`` (an agent reads ``+ [9] button ""`` as a control named by the empty
    string, and ``name=`` finds nothing). An element dict's class is its role: a name that
    repeats the role tells nothing, so there it stays ``""``.

        >>> class_part(Node(class_name="android.widget.LinearLayout"))
        'LinearLayout'
        >>> class_part(Node(class_name="button"))
        ''
    """
    head, dot, tail = node.class_name.rpartition(".")
    return tail if dot and head else ""


def _inside(parents: list[int], natural: list[bool], pos: int, known: dict[int, bool]) -> bool:
    """:func:`in_scrolling`'s answer for one position: whether an ancestor is a container
    made to scroll. The ancestors walked below the first natural one (or the first whose
    answer is known) share the answer and are noted in ``known``: the controls of one list
    walk up to it once. O(depth) the first time."""
    chain = []
    parent = parents[pos]
    got = False
    while parent >= 0:
        if natural[parent]:
            got = True
            break
        was = known.get(parent)
        if was is not None:
            got = was  # not natural itself: inside exactly when it is
            break
        chain.append(parent)
        parent = parents[parent]
    for a in chain:  # none of them natural: inside exactly when pos is
        known[a] = got
    return got


def marked_above(parents: list[int], marked: list[bool], pos: int, known: dict[int, int]) -> int:
    """The nearest ancestor of ``pos`` that is ``marked``, or -1. The unmarked ancestors walked
    on the way share the answer and are noted in ``known``. O(depth) the first time."""
    chain = []
    parent = parents[pos]
    while parent >= 0 and not marked[parent]:
        got = known.get(parent)
        if got is not None:
            parent = got
            break
        chain.append(parent)
        parent = parents[parent]
    for a in chain:
        known[a] = parent
    return parent


def element_positions(frame: Frame, names: list[str], *, interactive_only: bool) -> list[int]:
    """Positions of the nodes that count as elements, in document order.

    Interactive nodes and dialogs always count; a non-interactive node counts
    when it is a labelled leaf whose label is not already its host's (the
    nearest interactive or dialog ancestor) or its host's title (the first thing it
    shows: a Settings row's title) and that is not an icon inside a control.
    ``interactive_only`` keeps only interactive nodes and dialogs. Either way a plain button
    inside a button called by the same name is no element of its own
    (:func:`~deltarec.core.observe.wrapped.unwrapped`: MIUI's title in its clickable wrapper).

    An element ``names`` calls ``""`` (nothing names it, it has no resource id) is called by
    its class's short name there (:func:`class_part`; the module docstring): an element is
    never called ``""`` where the capture names a class.
    """
    nodes = frame.nodes
    if interactive_only:  # no host labels to compare with: one pass
        # Node.interactive and Bounds.area, inline (two property calls a node were half of it;
        # tests/core/test_reading_order.py holds it against them)
        roles = INTERACTIVE_ROLES
        listed = [
            pos
            for pos, node in enumerate(nodes)
            if (
                (
                    node.clickable
                    or node.long_clickable
                    or node.checkable
                    or node.scrollable
                    or node.role in roles
                )
                and (b := node.bounds).right > b.left
                and b.bottom > b.top
            )
            or node.role == "dialog"
        ]
        return unwrapped(frame, names, listed)  # a wrapper and its label: one element
    titles: list[str] = frame.__dict__.get("_label_titles") or []
    if len(titles) != len(nodes):
        labels(frame)
        titles = frame.__dict__["_label_titles"]
    # a form's labels (their controls' names) and texts of whitespace: no elements
    folded = frame.__dict__.get("_no_elements")
    # Nearest interactive ancestor's label, to fold a row's title into the row: one pass in
    # document order (a parent comes before its children).
    roles = INTERACTIVE_ROLES  # Node.interactive, inline (a property call a node)
    interactive = [
        node.clickable
        or node.long_clickable
        or node.checkable
        or node.scrollable
        or node.role in roles
        for node in nodes
    ]
    hosts = [i or node.role == "dialog" for i, node in zip(interactive, nodes, strict=True)]
    parents = frame.parents
    # The nearest host above a node (its label and title fold a row's title into the row),
    # and whether a control is above it (an icon speaks through its button): asked only of
    # the leaves that may count, each ancestor's answer kept on the way up (O(n) a frame,
    # however deep: the pass over every node it was walked each node's parent instead).
    host_above: dict[int, int] = {}
    control_above: dict[int, int] = {}
    out = []
    for pos, node in enumerate(nodes):
        b = node.bounds
        if (b.right <= b.left or b.bottom <= b.top) and node.role != "dialog":
            continue  # no area (Bounds.area, inline)
        if hosts[pos]:
            if not names[pos]:
                if not node.children and _scrim(frame, pos):
                    continue  # a dialog's scrim: what it does is the dialog's (tap outside)
                names[pos] = class_part(node)  # never "": what the dump says of it
            out.append(pos)
        elif node.children:
            continue  # layouts speak through their leaves
        else:
            # marked_above's answers, their commonest cases inline (the parent is the one
            # marked, or a sibling's walk noted the parent's): a call a leaf of both frames
            parent = parents[pos]
            if node.role == "image":  # an icon speaks through its button
                if parent < 0 or interactive[parent]:
                    control = parent
                else:
                    control = control_above.get(parent, -2)
                    if control == -2:
                        control = marked_above(parents, interactive, pos, control_above)
                if control >= 0:
                    continue
            if not (node.text or node.content_desc) or (folded and pos in folded):
                continue
            if parent < 0 or hosts[parent]:
                host = parent
            else:
                host = host_above.get(parent, -2)
                if host == -2:  # the grandparent (a row around a label's wrapper), noted
                    host = parents[parent]
                    if host >= 0 and not hosts[host]:
                        host = marked_above(parents, hosts, pos, host_above)
                    else:
                        host_above[parent] = host
            if host < 0:
                if names[pos] != "":
                    out.append(pos)
            elif names[pos] not in (names[host], titles[host]):
                out.append(pos)
    return unwrapped(frame, names, out)  # a wrapper and its label: one element
