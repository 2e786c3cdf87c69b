"""Render one whole frame as text: the full observation a delta saves re-reading.

Two forms, both starting with a header line (app and screen size):

- **tree** (the default of ``deltarec observe``): every node in document
  order, indented one space per level, ``[i] role "name" #id [l,t,r,b] (states)``
  (``[i]`` only on indexed elements, ``#id`` the resource id; the states include
  every flag a delta can report a change of);
- **elements**: only the indexed elements in reading order,
  ``[i] role "name" @(x,y) (states)`` — what an agent acts on.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.observe.frame import Frame
    >>> from deltarec.core.observe.index import build_index
    >>> obs = parse_uiautomator('<hierarchy><node class="android.widget.FrameLayout"'
    ...     ' package="p" bounds="[0,0][100,40]"><node class="android.widget.Switch"'
    ...     ' resource-id="p:id/wifi" text="Wi-Fi" checkable="true" checked="true"'
    ...     ' bounds="[0,0][100,40]"/></node></hierarchy>')
    >>> print(render_frame(build_index(Frame(obs))))
    screen p 100x40
    FrameLayout [0,0,100,40]
     [0] switch "Wi-Fi" #p:id/wifi [0,0,100,40] (checked)
    >>> print(render_frame(build_index(Frame(obs)), tree=False))
    screen p 100x40
    [0] switch "Wi-Fi" @(50,20) (checked)
"""

from __future__ import annotations

from deltarec.core.observe.index import ElementIndex
from deltarec.core.observe.wrapped import shown_state, wrapped_labels
from deltarec.core.render.budget import fit
from deltarec.core.render.lines import element, quote, states


def _header(index: ElementIndex) -> str:
    obs = index.frame.obs
    app = f"{obs.package}/{obs.activity}".rstrip("/") or "?"
    rotation = f" rotation {obs.rotation}" if obs.rotation else ""
    return f"screen {app} {obs.width}x{obs.height}{rotation}"


def frame_lines(index: ElementIndex, *, tree: bool = True) -> list[str]:
    """The lines of :func:`render_frame`."""
    frame = index.frame
    lines = [_header(index)]
    folded = wrapped_labels(frame)  # a wrapper's states: what a tap on it reaches
    if not tree:
        for e in index.elements:
            node = frame.nodes[e.pos]
            x, y = e.bounds.center
            shown = shown_state(frame, e.pos) if e.pos in folded else node
            lines.append(f"{element(e.index, node, e.name)} @({x},{y}){states(shown)}")
        return lines
    for pos, node in enumerate(frame.nodes):
        number = index.number_of.get(pos)
        if number is not None:
            head = element(number, node, index.names[pos])
        else:
            name = node.text or node.content_desc
            # "container" says nothing; the layout class says what it is.
            kind = node.role
            if kind == "container" and node.class_name:
                kind = node.class_name.rsplit(".", 1)[-1]
            head = f"{kind} {quote(name)}" if name else kind
        rid = f" #{node.resource_id}" if node.resource_id else ""
        box = ",".join(str(v) for v in node.bounds.as_list())
        shown = shown_state(frame, pos) if number is not None and pos in folded else node
        flags = states(shown, all_flags=True)
        lines.append(f"{' ' * frame.depth[pos]}{head}{rid} [{box}]{flags}")
    return lines


LINE_PRETOKENS = 10
"""Pre-tokens every element line of the elements form holds whatever its role and name
(:func:`frame_tokens_floor`)."""


def frame_tokens_floor(index: ElementIndex, *, max_lines: int | None, marks: int = 2) -> int:
    """A lower bound of the tokens of ``fit([*marks, *frame_lines(index, tree=False)],
    max_lines=max_lines)`` — the elements form cut to ``max_lines`` under ``marks`` lines of
    its own (a mark and the header: 2) — read from the index alone, without rendering it.

    Every element line ``[i] role "name" @(x,y)(states)`` holds at least
    :data:`LINE_PRETOKENS` pre-tokens of cl100k_base, each of at least one token: ``[``; the
    digits of ``i``; ``]``; the role (stripped of spaces, never empty, between two spaces);
    what holds the quotes (one pre-token at least, both quotes in it when the name is only
    punctuation); `` @(`` (with a minus); the digits of ``x``; the comma (with a minus);
    the digits of ``y``; ``)`` (with the line break). Digits are only ever a pre-token of
    digits, a space ends a punctuation pre-token and starts the next, and nothing
    :func:`~deltarec.core.render.lines.safe` escapes crosses them.
    ``tests/core/test_frame_floor.py`` holds the bound against the pre-tokens of every real
    frame and of generated ones (roles and names of any characters, boxes anywhere). O(1).

        >>> from deltarec.core.capture.element_dicts import elements_to_observation
        >>> from deltarec.core.observe.frame import Frame
        >>> from deltarec.core.observe.index import build_index
        >>> index = build_index(Frame(elements_to_observation(
        ...     [{"role": "button", "name": "OK", "x": 0, "y": 0, "width": 9, "height": 9}])))
        >>> frame_tokens_floor(index, max_lines=40)
        10
    """
    shown = len(index.elements)
    if max_lines is not None:
        shown = min(shown, max(0, max_lines - marks))
    return LINE_PRETOKENS * shown


def render_frame(
    index: ElementIndex,
    *,
    tree: bool = True,
    max_lines: int | None = None,
    max_tokens: int | None = None,
) -> str:
    """The frame's text within the given budgets."""
    return fit(frame_lines(index, tree=tree), max_lines=max_lines, max_tokens=max_tokens)
