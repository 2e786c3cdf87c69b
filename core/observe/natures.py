"""Which nodes are containers made to scroll, by their nature (a flag, a role or a class):
:func:`scrolls_by_nature` of one node, :func:`natures` of every node of a frame, kept in its
memo. Read by the labels (a row lies inside such a container), the pages, the scroll
estimate and the numbering; :mod:`~deltarec.core.observe.labels` re-exports these names."""

from __future__ import annotations

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node

_SCROLL_CLASSES = ("ScrollView", "RecyclerView", "ListView", "GridView", "ViewPager", "WebView")


SCROLLING_ROLES = ("list", "web")
"""Roles made to scroll, whatever the node's class."""


def scrolls_by_nature(node: Node) -> bool:
    """Whether ``node`` is a container made to scroll (flag, role or class)."""
    if node.scrollable or node.role in SCROLLING_ROLES:
        return True
    known = _SCROLLING_CLASS.get(node.class_name)
    if known is None:  # asked for every node by every stage: each class name is read once
        known = node.class_name.rsplit(".", 1)[-1].endswith(_SCROLL_CLASSES)
        if len(_SCROLLING_CLASS) < _CLASSES_KEPT:
            _SCROLLING_CLASS[node.class_name] = known
    return known


_SCROLLING_CLASS: dict[str, bool] = {}
_CLASSES_KEPT = 4096


def natures(frame: Frame) -> list[bool]:
    """Per position, :func:`scrolls_by_nature` of its node: one pass, kept in the frame's
    memo (the pages, the scroll estimate, the labels and the numbering each asked it of
    every node, four to five times a frame). Read only."""
    got = frame.memo.get(natures)
    if got is None:
        # scrolls_by_nature of every node, inline (a call a node was half of it): a class
        # is looked up (None: not read yet), then the classes not read yet, once each
        nodes, roles, get = frame.nodes, SCROLLING_ROLES, _SCROLLING_CLASS.get
        got = [n.scrollable or n.role in roles or get(n.class_name) for n in nodes]
        if None in got:
            for pos in [pos for pos, known in enumerate(got) if known is None]:
                got[pos] = class_scrolls(nodes[pos].class_name)
        frame.memo[natures] = got
    # No typing.cast: a Python call and a generic alias made each ask, some thirty a step
    return got  # type: ignore[return-value]


def class_scrolls(name: str) -> bool:
    """Whether nodes of the class ``name`` scroll by their class (:func:`scrolls_by_nature`'s
    last test, kept as it keeps it)."""
    known = _SCROLLING_CLASS.get(name)
    if known is None:
        known = name.rsplit(".", 1)[-1].endswith(_SCROLL_CLASSES)
        if len(_SCROLLING_CLASS) < _CLASSES_KEPT:
            _SCROLLING_CLASS[name] = known
    return known


def keep_natures(frame: Frame, natural: list[bool]) -> None:
    """Keep ``natural`` as :func:`natures` of ``frame``: a builder that read each node's
    nature as it made it (element dicts, :mod:`deltarec.core.capture.dict_frame`) vouches
    that it is :func:`scrolls_by_nature` of every node."""
    frame.memo[natures] = natural
