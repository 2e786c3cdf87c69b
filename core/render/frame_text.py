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
    if not tree:
        for e in index.elements:
            node = frame.nodes[e.pos]
            x, y = e.bounds.center
            lines.append(f"{element(e.index, node, e.name)} @({x},{y}){states(node)}")
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
        flags = states(node, all_flags=True)
        lines.append(f"{' ' * frame.depth[pos]}{head}{rid} [{box}]{flags}")
    return lines


def render_frame(
    index: ElementIndex,
    *,
    tree: bool = True,
    max_lines: int | None = None,
    max_tokens: int | None = None,
) -> str:
    """The frame's text within the given budgets."""
    return fit(frame_lines(index, tree=tree), max_lines=max_lines, max_tokens=max_tokens)
