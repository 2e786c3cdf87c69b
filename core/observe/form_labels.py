"""The label a form lays out beside a control that shows no text of its own.

Compose and Flutter draw a form's label as a node of its own next to the field it names: a
sign-in page's ``"Email"`` just above an ``EditText`` that has no text, hint or description, a
consent ``CheckBox`` with ``"I give my"`` to its right. Appium Inspector and TalkBack call such
a control by that label, and so does deltarec (:func:`label_beside`): the sibling just before
the control in its parent, a plain leaf (nothing a person acts on) that shows a text or a
description, laid out just above the control (overlapping it across, no further above it than
the control is tall, or :data:`NEAR` px) or on its line to its left (no further from it than
that). A checkbox, switch or radio button, whose label Android puts after the box, also takes
the sibling just after it on its line. Never a sibling further away: the form's title, the
button before the field, are not its label; nor is the text above the first of text boxes
laid one after another whose next one shows its hint (a sign-up form's ``Name``, ``Email``
and ``Password`` boxes under ``"Create your account"``: a form whose fields show their hints
as their texts names them so; the text above the first is the form's title, and a space
typed into ``Name`` is no reason to call it by the title).

It is asked only where the control borrows nothing else (:mod:`~deltarec.core.observe.borrowed`:
a row's title, an alarm's time beside its switch, comes first), or borrows that very label. The
label is then the control's name and no element of its own
(:func:`~deltarec.core.observe.labels.element_positions` folds it into the control, as it folds
a Settings row's title into its row): one element, one name, and a ``name="Email"`` selector
reaches the field.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.observe.frame import Frame
    >>> form = Frame(parse_uiautomator(
    ...     '<hierarchy><node class="android.view.View" bounds="[0,0][1080,900]">'
    ...     '<node class="android.view.View" content-desc="Welcome" bounds="[40,100][1040,200]"/>'
    ...     '<node class="android.view.View" content-desc="Email" bounds="[50,400][170,460]"/>'
    ...     '<node class="android.widget.EditText" clickable="true" bounds="[40,480][1040,630]"/>'
    ...     '</node></hierarchy>'))
    >>> label_beside(form, 3)
    2
    >>> label_beside(form, 2)
    -1
"""

from __future__ import annotations

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import INTERACTIVE_ROLES, Bounds, Node

LABELLED = frozenset({"textbox", "checkbox", "switch", "radio", "dropdown", "slider"})
"""Roles a form names by a label laid out beside them."""

BOXES = frozenset({"checkbox", "switch", "radio"})
"""Roles whose label may also follow them on their line (Android draws a box's text after it)."""

NEAR = 48
"""Px a label may sit from its control at least (a control's height where it is taller)."""


def _plain_label(node: Node) -> bool:
    """A leaf nobody acts on that shows a text or a description (whitespace is nothing)."""
    return (
        not node.children
        and not (
            node.clickable
            or node.long_clickable
            or node.checkable
            or node.scrollable
            or node.role in INTERACTIVE_ROLES
        )
        and bool((node.text or node.content_desc).strip())
    )


def _on_line(a: Bounds, b: Bounds) -> bool:
    return a.top < b.bottom and a.bottom > b.top


def _before(label: Bounds, box: Bounds, near: int) -> bool:
    """Just above ``box`` (overlapping it across), or on its line to its left."""
    if label.bottom <= box.top + 2 and label.left < box.right and label.right > box.left:
        return box.top - label.bottom <= near
    return _on_line(label, box) and label.right <= box.left + 2 and box.left - label.right <= near


def _titles_run(nodes: list[Node], siblings: list[int], k: int) -> bool:
    """Whether text box ``siblings[k]`` opens a run of text boxes whose next one shows a text
    of its own (its hint: an empty ``EditText`` dumps its hint as its text; or what was typed
    into it, a space too: a box typed into shows no hint), with no label between: a form
    that names its fields by their hints, under a title."""
    if nodes[siblings[k]].role != "textbox" or k + 1 >= len(siblings):
        return False
    after = nodes[siblings[k + 1]]
    return after.role == "textbox" and bool(after.text or after.content_desc)


def label_beside(frame: Frame, pos: int) -> int:
    """The position of the label laid out beside control ``pos`` (module docstring), or -1.
    O(siblings): the control's place among its parent's children."""
    parent = frame.parents[pos]
    node = frame.nodes[pos]
    if parent < 0 or node.role not in LABELLED:
        return -1
    siblings = frame.children[parent]
    k = siblings.index(pos)
    box = node.bounds
    near = max(NEAR, box.height)
    nodes = frame.nodes
    before = nodes[siblings[k - 1]] if k > 0 else None
    if (
        before is not None
        and _plain_label(before)
        and _before(before.bounds, box, near)
        and not _titles_run(nodes, siblings, k)
    ):
        return siblings[k - 1]
    if node.role in BOXES and k + 1 < len(siblings) and _plain_label(nodes[siblings[k + 1]]):
        after = nodes[siblings[k + 1]].bounds
        if _on_line(after, box) and after.left >= box.right - 2 and after.left - box.right <= near:
            return siblings[k + 1]
    return -1
