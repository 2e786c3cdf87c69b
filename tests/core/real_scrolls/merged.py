"""Real captures as a Flutter app's dump shows them: every row one node (issue 18, ext).

Flutter's accessibility bridge merges a tappable widget's semantics into one node: a list
tile's texts become the one ``content-desc`` of a clickable ``android.view.View`` with no
children, and no node carries a resource id (the ``termux-flutter-ide`` drawer of
``fixtures/ext``: ten such buttons, "Explorer" … "Settings", under a plain view). No
capture of ``fixtures/real`` has that shape, so :func:`merged` makes it of each: every
clickable node that holds labels becomes a leaf whose description is its labels in reading
order, joined by newlines; every text moves to the description (Flutter's views carry no
text but a text box's); every id is dropped. :func:`captures` is ``fixtures/real`` so
made, for the sweeps (:func:`.ext_shapes.captures_as`): ``bench_real_merged.py`` runs
:mod:`.insertions` on them, both paths.

    >>> from deltarec.core.observe.model import Bounds, Node, Observation
    >>> row = Node(class_name="android.widget.LinearLayout", clickable=True,
    ...     bounds=Bounds(0, 0, 90, 20), resource_id="app:id/row", children=(
    ...     Node(class_name="android.widget.TextView", text="Wi-Fi", bounds=Bounds(0, 0, 90, 9)),
    ...     Node(class_name="android.widget.TextView", text="Off", bounds=Bounds(0, 9, 90, 20))))
    >>> leaf = merged(Observation(windows=(row,))).windows[0]
    >>> (leaf.class_name, leaf.content_desc, leaf.text, leaf.resource_id, leaf.children)
    ('android.view.View', 'Wi-Fi\\nOff', '', '', ())
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from deltarec.core.observe.model import Node, Observation
from tests.core.real_scrolls import transforms

VIEW = "android.view.View"

_REAL = transforms.captures
"""``fixtures/real``'s captures (kept: :func:`.ext_shapes.captures_as` swaps the name)."""


def merged(obs: Observation, *, columns: bool = False) -> Observation:
    """``obs`` as Flutter's bridge would show it (the module docstring); ``columns``: every
    container a plain view not made to scroll too (a ``Column`` of tiles: a drawer's)."""
    made = tuple(map(_merged, obs.windows))
    if columns:
        made = tuple(map(_column, made))
    return dataclasses.replace(obs, windows=made)


def _column(node: Node) -> Node:
    if not node.children:
        return node
    return dataclasses.replace(
        node, class_name=VIEW, scrollable=False, children=tuple(map(_column, node.children))
    )


def _merged(node: Node) -> Node:
    said = _labels(node)
    if node.clickable and node.children and said:
        return dataclasses.replace(
            node,
            class_name=VIEW,
            resource_id="",
            text="",
            content_desc="\n".join(said),
            children=(),
        )
    text_box = node.class_name.endswith("EditText")
    return dataclasses.replace(
        node,
        class_name=node.class_name if text_box or not _label(node) else VIEW,
        resource_id="",
        text=node.text if text_box else "",
        content_desc=node.content_desc if text_box else _label(node),
        children=tuple(map(_merged, node.children)),
    )


def _label(node: Node) -> str:
    return node.content_desc or node.text


def _labels(node: Node) -> list[str]:
    """The labels of ``node``'s subtree in document order (a text box's text left out)."""
    out = [_label(node)] if _label(node) and not node.class_name.endswith("EditText") else []
    for k in node.children:
        out += _labels(k)
    return out


@lru_cache(maxsize=1)
def captures() -> tuple[tuple[str, Observation], ...]:
    """Every capture of ``fixtures/real`` merged (:func:`merged`), by its name, as it is
    and as columns (``columns/…``)."""
    real = _REAL()
    return tuple((f"merged/{name}", merged(obs)) for name, obs in real) + tuple(
        (f"columns/{name}", merged(obs, columns=True)) for name, obs in real
    )
