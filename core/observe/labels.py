"""What to call an element, and which nodes are elements at all.

An *element* is a node a person would point at: something interactive, or
something that carries text or a description, or a dialog. Layout containers
without a label of their own are not elements. A text node whose text is
already the label of the interactive element around it (the title inside a
Settings row) is folded into that element rather than listed twice.

Labels: a node's own text, else its content description; then, for controls
only (not lists, not layouts), the first text found below it (a row is called
by its title), else the first text below one of its three nearest ancestors
(a Settings switch is called by its row's title); last, the final part of its
resource id. The walk up stops at a list: an empty row is never called by
another row's text.
"""

from __future__ import annotations

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node

_SCROLL_CLASSES = ("ScrollView", "RecyclerView", "ListView", "GridView", "ViewPager", "WebView")


def scrolls_by_nature(node: Node) -> bool:
    """Whether ``node`` is a container made to scroll (flag, role or class)."""
    if node.scrollable or node.role in ("list", "web"):
        return True
    simple = node.class_name.rsplit(".", 1)[-1]
    return simple.endswith(_SCROLL_CLASSES)


MAX_LABEL = 80
"""Labels longer than this are cut and end with "…"."""

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

ANCESTOR_LEVELS = 3


SCAN_LIMIT = 200
"""At most this many nodes are visited when looking below a node for a label."""


def _first_text_below(frame: Frame, pos: int) -> str:
    stack = list(reversed(frame.children[pos]))
    visited = 0
    while stack and visited < SCAN_LIMIT:
        visited += 1
        child = stack.pop()
        node = frame.nodes[child]
        if node.text or node.content_desc:
            return node.text or node.content_desc
        stack.extend(reversed(frame.children[child]))
    return ""


def _cut(text: str) -> str:
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


def labels(frame: Frame) -> list[str]:
    """The label of every node of ``frame`` (see the module docstring)."""
    out: list[str] = []
    for pos, node in enumerate(frame.nodes):
        label = node.text or node.content_desc
        if not label and node.role in _NAMED_BY_CONTENT:
            label = _first_text_below(frame, pos)
            for ancestor in frame.ancestors(pos)[:ANCESTOR_LEVELS]:
                if label or scrolls_by_nature(frame.nodes[ancestor]):
                    break  # a list's first text belongs to another row
                label = _first_text_below(frame, ancestor)
        if not label and node.resource_id:
            label = node.resource_id.rsplit("/", 1)[-1]
        out.append(_cut(label))
    return out


def element_positions(frame: Frame, names: list[str], *, interactive_only: bool) -> list[int]:
    """Positions of the nodes that count as elements, in document order.

    Interactive nodes and dialogs always count; a non-interactive node counts
    when it is a labelled leaf whose label is not already its host's (the
    nearest interactive or dialog ancestor) and that is not an icon inside a
    control. ``interactive_only`` keeps only
    interactive nodes and dialogs.
    """
    nodes = frame.nodes
    # Nearest interactive ancestor's label, to fold a row's title into the row.
    host_label: list[str] = [""] * len(nodes)
    in_control = [False] * len(nodes)
    for pos, parent in enumerate(frame.parents):
        if parent >= 0:
            host = nodes[parent].interactive or nodes[parent].role == "dialog"
            host_label[pos] = names[parent] if host else host_label[parent]
            in_control[pos] = nodes[parent].interactive or in_control[parent]
    out = []
    for pos, node in enumerate(nodes):
        if node.bounds.area == 0 and node.role != "dialog":
            continue
        if node.interactive or node.role == "dialog":
            out.append(pos)
        elif interactive_only:
            continue
        elif node.children or (node.role == "image" and in_control[pos]):
            continue  # layouts speak through their leaves; an icon through its button
        elif (node.text or node.content_desc) and names[pos] != host_label[pos]:
            out.append(pos)
    return out
