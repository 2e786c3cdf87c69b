r"""Serialise windows as a ``uiautomator dump``, byte for byte in the real format.

Same header, attribute set and attribute order as a real dump (``index, text,
resource-id, class, package, content-desc, checkable, checked, clickable,
enabled, focusable, focused, scrollable, long-clickable, password, selected,
bounds``), no whitespace between elements, ``" />"`` for leaves. ``index`` is
the position among siblings. Text is escaped like Android's XmlSerializer
(``&amp; &lt; &gt; &quot;``, newline as ``&#10;``); characters XML 1.0 cannot
carry (control characters, lone surrogates) become U+FFFD so the dump always
parses.

    >>> from deltarec.core.devices.virtual.views import View, Window
    >>> render_dump((Window(View(cls="android.widget.TextView", bounds=(0, 0, 10, 10),
    ...     text='a "b" & <c>\n'), package="p"),))[80:152]
    '<node index="0" text="a &quot;b&quot; &amp; &lt;c&gt;&#10;" resource-id='
"""

from __future__ import annotations

import re

from deltarec.core.devices.virtual.views import View, Window

HEADER = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"

_ESCAPES = {
    "&": "&amp;",
    "<": "&lt;",
    ">": "&gt;",
    '"': "&quot;",
    "\n": "&#10;",
    "\r": "&#13;",
    "\t": "&#9;",
}
_SPECIAL = re.compile('[&<>"\n\r\t]')
_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def escape(value: str) -> str:
    """Escape an attribute value (see the module docstring)."""
    value = _INVALID.sub("\ufffd", value)
    return _SPECIAL.sub(lambda m: _ESCAPES[m.group()], value)


def _flag(value: bool) -> str:
    return "true" if value else "false"


def _node(view: View, index: int, package: str, out: list[str]) -> None:
    left, top, right, bottom = view.bounds
    out.append(
        f'<node index="{index}" text="{escape(view.text)}" resource-id="{escape(view.rid)}"'
        f' class="{escape(view.cls)}" package="{escape(package)}"'
        f' content-desc="{escape(view.desc)}" checkable="{_flag(view.checkable)}"'
        f' checked="{_flag(view.checked)}" clickable="{_flag(view.clickable)}"'
        f' enabled="{_flag(view.enabled)}" focusable="{_flag(view.focusable)}"'
        f' focused="{_flag(view.focused)}" scrollable="{_flag(view.scrollable)}"'
        f' long-clickable="{_flag(view.long_clickable)}" password="{_flag(view.password)}"'
        f' selected="{_flag(view.selected)}" bounds="[{left},{top}][{right},{bottom}]"'
    )
    if not view.children:
        out.append(" />")
        return
    out.append(">")
    for i, child in enumerate(view.children):
        _node(child, i, package, out)
    out.append("</node>")


def render_dump(windows: tuple[Window, ...], rotation: int = 0) -> str:
    """The dump of ``windows`` (bottom first), every node carrying its window's package.

    An empty ``windows`` gives ``<hierarchy rotation="0" />``, the "null root" dump.
    Cost: linear in the number of views.
    """
    if not windows:
        return f'{HEADER}<hierarchy rotation="{rotation}" />'
    out = [HEADER, f'<hierarchy rotation="{rotation}">']
    for window in windows:
        _node(window.root, 0, window.package, out)
    out.append("</hierarchy>")
    return "".join(out)
