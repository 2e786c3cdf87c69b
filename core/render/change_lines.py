"""What a ``~`` line of one element says, and what it leaves to the line of the element it
is part of (a row and the switch and labels inside it).

A change an element shares with its nearest shown ancestor (a row and its title both
disabled) is said once, on the ancestor (:func:`not_said_by_ancestor`); a control or label
inside a row whose own line is shown joins that line or adds nothing to it
(:func:`join_changed`). A wrapper and the label folded into it say the states a tap on the
element reaches (:func:`tapped_changes`).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from deltarec.core.diff.compute import Delta
from deltarec.core.diff.new_rows import unnumbered
from deltarec.core.diff.types import FromToDict
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observe.labels import NAME_SEPARATOR, class_part
from deltarec.core.observe.model import Node
from deltarec.core.observe.wrapped import shown_state, wrapped_labels

TAPPED = ("enabled", "focused", "selected")
"""The states an element shows of what a tap on it reaches
(:func:`~deltarec.core.observe.wrapped.shown_state`), not of its wrapper alone."""

UNRENDERED = frozenset({"bounds", "parentKey", "position", "focused"})
"""Attributes a ``~`` line never shows (the JSON has them)."""


def join_changed(
    fc: Frame,
    curr_index: ElementIndex,
    c: int,
    own: dict[str, FromToDict],
    text: str,
    host: int,
) -> str | None:
    """What ``c``'s change adds to the line of ``host`` (the element it is part of, whose
    own line is shown), or None when it needs a line of its own.

    A label whose only change is its text, to one that the host's name shows, adds
    nothing: ``~ [131] button "Wi-Fi · Airplane mode is on" (enabled: true→false)`` says
    the row's summary now reads "Airplane mode is on" (its old text is what the caller
    read before). A control the host's name names (its switch) joins the host's line:
    ``, [132] switch (checked: true→false, enabled: true→false)``, as on a ``+`` row line.
    """
    node = fc.nodes[c]
    parts = curr_index.names[host].split(NAME_SEPARATOR)
    if node.role == "text" and set(own) - UNRENDERED == {"text"}:
        return "" if own["text"]["to"] in parts else None
    n = curr_index.number_of.get(c)
    if n is not None and node.interactive and not node.scrollable and curr_index.names[c] in parts:
        return f", [{n}] {node.role} ({text})"
    return None


NAME = "name"
"""The change a ``~`` line says first where an element was renamed by a label inside it (or
the label it borrows) while its own label stayed: ``(was "Stop", enabled: …)``."""


def renamed(
    d: Delta,
    prev_index: ElementIndex,
    curr_index: ElementIndex,
    c: int,
    own: dict[str, FromToDict],
) -> dict[str, FromToDict]:
    """``own`` with :data:`NAME` first where ``c`` (a numbered element of ``d.curr``) is called
    otherwise than its pair was, its own text and description unchanged: a send button whose
    icon turned "Stop" → "Send" as it was disabled, a Settings row whose summary changed as it
    greyed out (the parts of a row's name that changed: :func:`_edited_parts`). The line is
    named by the new name; without this its old name went unsaid (the
    label's own ``~ text`` line is left to a host with no line of its own:
    :func:`~deltarec.core.render.folded.folded_edits`). ``own`` itself otherwise (a text box's
    ``text:`` says its new name already), and where either name is no label the screen shows
    (:func:`_shown`: its resource id's last part, its class's).

        >>> from types import SimpleNamespace as N
        >>> button = Node(class_name="android.widget.Button", resource_id="app:id/send")
        >>> d = N(pairs={4: 3}, prev=N(nodes={3: button}), curr=N(nodes={4: button}))
        >>> i0, i1 = N(names={3: "Stop"}), N(names={4: "Send"}, number_of={4: 2})
        >>> list(renamed(d, i0, i1, 4, {"enabled": {"from": True, "to": False}}))
        ['name', 'enabled']
        >>> list(renamed(d, i0, i1, 4, {"text": {"from": "Stop", "to": "Send"}}))
        ['text']
        >>> list(renamed(d, N(names={3: "send"}), i1, 4, {"enabled": {"from": True, "to": False}}))
        ['enabled']
    """
    p = d.pairs.get(c)
    if p is None or c not in curr_index.number_of or _LABELS.intersection(own):
        return own
    old, new = prev_index.names[p], curr_index.names[c]
    if old == new or not (_shown(d.prev.nodes[p], old) and _shown(d.curr.nodes[c], new)):
        return own
    was, now = _edited_parts(old, new)
    return {NAME: {"from": was, "to": now}, **own}


def _edited_parts(old: str, new: str) -> tuple[str, str]:
    """The parts of two `` · ``-joined names that differ, the parts both share at either end
    left out and marked ``…`` (as :func:`~deltarec.core.render.lines.pair` cuts a long text
    around its edit): a row's line names the row whole already, and a Settings screen greys
    out three rows at once.

        >>> _edited_parts("Wi-Fi · Off", "Wi-Fi · Airplane mode is on")
        ('…Off', '…Airplane mode is on')
        >>> _edited_parts("Stop", "Send")
        ('Stop', 'Send')
        >>> _edited_parts("A · b · C", "A · B · C")
        ('…b…', '…B…')
    """
    a, b = old.split(NAME_SEPARATOR), new.split(NAME_SEPARATOR)
    head = 0
    while head < min(len(a), len(b)) - 1 and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head - 1 and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    lead, end = "…" if head else "", "…" if tail else ""
    return (
        lead + NAME_SEPARATOR.join(a[head : len(a) - tail]) + end,
        lead + NAME_SEPARATOR.join(b[head : len(b) - tail]) + end,
    )


def _shown(node: Node, name: str) -> bool:
    """Whether ``name`` is a label the screen shows, not what the dump says of a node nothing
    names (its resource id's last part, its class's: a switch whose row an edge cut to its
    summary was ``"switch_widget"``; that it borrows the summary now is no label edited)."""
    return bool(name) and name not in (node.resource_id.rsplit("/", 1)[-1], class_part(node))


_LABELS = frozenset({"text", "content-desc"})


def not_said_by_ancestor(
    d: Delta, c: int, shown: set[int], changes: dict[str, FromToDict]
) -> dict[str, FromToDict]:
    """``changes`` without what the nearest shown ancestor's line says already (a row and
    the switch inside it both disabled: the row says it), unless the element is a control
    whose line is there anyway."""
    for a in d.curr.ancestors(c):
        if a in shown:
            said = d.changed.get(a, {})
            own = {k: v for k, v in changes.items() if said.get(k) != v}
            # A control with a line of its own says all of it: the switch greyed out as it
            # turned off reads (checked: true→false, enabled: true→false), as it looks.
            return changes if d.curr.nodes[c].checkable and set(own) - UNRENDERED else own
    return changes


def tapped_changes(d: Delta) -> dict[int, dict[str, FromToDict]]:
    """``d.changed`` with each wrapper's :data:`TAPPED` states read off what a tap on it
    reaches, in both frames (:func:`~deltarec.core.observe.wrapped.shown_state`): the label's
    ``enabled: true→false`` is the element's (``~ [17] button "Settings" (enabled:
    true→false)``), the wrapper's alone is no change of the element, and the label keeps none
    of them (it has no line). ``d.changed`` itself where neither frame folds a label into a
    wrapper. O(folded wrappers) (an old frame's wrapper found by its key: one paired under
    another key, that folds no label any more, keeps its own states' changes)."""
    now, was = wrapped_labels(d.curr), wrapped_labels(d.prev)
    if not now and not was:
        return d.changed
    out = dict(d.changed)
    wrappers = set(now)
    if was:  # the old frame's wrappers, found by their keys (no O(pairs) pass a step)
        keys, pos_of, pairs = d.prev.keys, d.curr.pos_of, d.pairs
        for old_wrapper in was:
            c = pos_of.get(keys[old_wrapper], -1)
            if pairs.get(c) == old_wrapper:
                wrappers.add(c)
    for c in wrappers:
        p = d.pairs.get(c)
        if p is None:
            continue
        old, new = shown_state(d.prev, p), shown_state(d.curr, c)
        own = {k: v for k, v in out.get(c, {}).items() if k not in TAPPED}
        for name in TAPPED:
            a, b = getattr(old, name), getattr(new, name)
            if a != b:
                own[name] = {"from": a, "to": b}
        leaf = now.get(c)
        if leaf is not None and leaf in out:
            rest = {k: v for k, v in out[leaf].items() if k not in TAPPED}
            if rest:
                out[leaf] = rest
            else:
                del out[leaf]
        if own:
            out[c] = dict(sorted(own.items()))
        else:
            out.pop(c, None)
    return out


def listed_changes(d: Delta, in_dialog: AbstractSet[int]) -> dict[int, dict[str, FromToDict]]:
    """The changes ``~`` lines may say: outside the system bars and a dialog that opened, and not
    only in what a line never shows (:data:`UNRENDERED`: a row that only moved has no line, and
    :func:`~deltarec.core.render.selection.selection_moves` takes none). Left out before any pass
    over them: an insertion on a big screen moves thousands of nodes, each weighed by the selection
    and sorted into reading order for nothing. Nor a row a scroll's hedge gives two readings of
    (:func:`~deltarec.core.diff.new_rows.unnumbered`: the sliver paired with a row that may have
    been taken out, or a row that may have come in new paired with the sliver's place): it takes a
    number of its own, so no ``[i]`` was what it changed from (a selected row archived below a top
    sliver, read as scrolled up into it: ``selected: true→false``)."""
    quiet = d.quiet_curr | (unnumbered(d) if d.scrolls else frozenset())
    return {
        c: ch
        for c, ch in tapped_changes(d).items()
        if c not in quiet and c not in in_dialog and not UNRENDERED.issuperset(ch)
    }
