"""Appium page sources (UiAutomator2's ``driver.page_source``) read as the dump they show.

Appium's UiAutomator2 server writes the screen as ``uiautomator dump`` does, but for the
shape: a root ``<hierarchy index="0" class="hierarchy" rotation= width= height=>``, then
one element per view whose *tag* is its class (``<android.widget.TextView …>``: ``$ @ # &``
made dots, a blank class ``android.view.View``), the uiautomator attributes (``index
package class text resource-id content-desc``, the ten flags, ``bounds``; ``resource-id``
and ``content-desc`` left out when the view has none; ``class`` left out by some server
versions), and attributes of its own (``displayed``, ``a11y-important``, ``hint``,
``selection-start``, ``drawing-order`` …: :data:`APPIUM_ONLY`).

:class:`PageSourceBuilder` turns such elements into the ``<node>`` events a
:class:`~deltarec.core.capture.dump_builder.DumpBuilder` takes, so a page source reads as
the dump of the same screen does, node for node:

- the class is the ``class`` attribute, else the tag (which a server's tag rule may have
  rewritten: ``Outer$Inner`` reads ``Outer.Inner`` then);
- Appium's own attributes are left out (:data:`APPIUM_ONLY`): the dump has none of them, and
  several churn while nothing changes for a person (``selection-start`` as the caret moves,
  ``displayed``, ``drawing-order``); any other attribute is kept in ``extras``, as a dump's;
- a view the server marks ``displayed="false"`` (written when ``allowInvisibleElements`` is
  on) is left out with its subtree, as ``uiautomator dump`` leaves out a view not visible to
  the user; a window root is kept whatever it says, as the dump keeps it;
- the root's ``width`` and ``height`` (the display's size less the system bars, by
  ``Display.getSize``) are not the screen's: the screen is inferred from the windows, as for
  a dump.

Which shape a dump has is read off its first element inside the root
(:func:`is_page_source`): a qualified class name (``android.widget.FrameLayout``: a view's
class always has its package, and a blank one is written ``android.view.View``) makes a page
source, anything else (``<node>``) a dump, whose parser refuses an element of another name
as before. Inside a page source any name but ``node`` is a class. A ``<node>``
inside a page source (formats mixed in one file), a nested ``<hierarchy>`` and everything a
dump refuses (depth, size, entities, bad bounds) are refused with the line, by the same
parsers (:mod:`~deltarec.core.capture.uiautomator`).

    >>> b = PageSourceBuilder()
    >>> b.start("hierarchy", {"class": "hierarchy", "rotation": "0", "width": "9"})
    >>> b.start("android.widget.Switch", {"checkable": "true", "displayed": "true"})
    >>> b.end("android.widget.Switch"); b.end("hierarchy")
    >>> b.windows[0].class_name, b.windows[0].role, b.windows[0].extras
    ('android.widget.Switch', 'switch', ())
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from deltarec.core.capture.boundary import MAX_DEPTH
from deltarec.core.capture.dump_builder import DumpBuilder, Refused

APPIUM_ONLY = frozenset(
    {
        *("displayed", "a11y-important", "screenReaderFocusable", "screen-reader-focusable"),
        *("input-type", "tooltip-text", "window-id"),
        *("drawing-order", "showing-hint", "text-entry-key", "multiline", "dismissable"),
        *("a11y-focused", "heading", "live-region", "context-clickable", "max-text-length"),
        *("content-invalid", "error", "pane-title", "actions", "extras", "hint"),
        *("selection-start", "selection-end", "original-text", "contentSize", "uiElementIndex"),
    }
)
"""The attributes Appium's UiAutomator2 server writes and ``uiautomator dump`` does not
(the server's ``Attribute`` names, both spellings where versions differ, ``window-id`` and
``tooltip-text`` of newer servers, ``uiElementIndex`` of its indexed sources)."""

_SKIPPED = rb"(?:[ \t\r\n]++|<!--(?:[^-]++|-(?!->))*+-->|<\?(?:[^?]++|\?(?!>))*+\?>)*+"
_FIRST_ELEMENT = re.compile(
    rb"(?:\xef\xbb\xbf)?" + _SKIPPED + rb"<hierarchy(?:[ \t\r\n][^>]*+)?>" + _SKIPPED
    + rb"<([^ \t\r\n/>!?]++)"
)  # fmt: skip
"""The name of the first element inside the root, past white space, comments and processing
instructions (the prolog is one); possessive, so a hostile head costs one pass."""


def is_page_source(data: bytes) -> bool:
    """Whether ``data`` is an Appium page source: its root's first element is named by a
    qualified class (a dotted name).

    >>> is_page_source(b'<hierarchy rotation="0"><node bounds="[0,0][1,1]"/></hierarchy>')
    False
    >>> is_page_source(b"<?xml version='1.0' ?>\\n<hierarchy>\\n  <android.view.View/>")
    True
    >>> is_page_source(b"<hierarchy><script/></hierarchy>")
    False
    """
    first = _FIRST_ELEMENT.match(data)
    return first is not None and b"." in first.group(1)


class PageSourceBuilder(DumpBuilder):
    """A :class:`~deltarec.core.capture.dump_builder.DumpBuilder` fed a page source's
    elements as the ``<node>`` elements of the dump they show (module docstring)."""

    __slots__ = ("_hidden",)

    def __init__(self) -> None:
        super().__init__()
        self._hidden = 0  # how deep inside a view left out (displayed="false") the parser is

    def start(self, name: str, attrs: Mapping[str, str]) -> None:
        if not self.seen_root:
            super().start(name, attrs)  # the root: <hierarchy>, its rotation
            return
        if self._hidden:
            if len(self._attrs) + self._hidden >= MAX_DEPTH:
                raise Refused(f"nesting deeper than {MAX_DEPTH} levels")
            self._hidden += 1
            return
        if name in ("node", "hierarchy"):
            raise Refused(
                f"unexpected element <{name}> in an Appium page source (its elements are "
                "named by their class: a uiautomator dump's elements mixed in)"
            )
        if self._attrs and attrs.get("displayed") == "false":
            self._hidden = 1  # uiautomator dump leaves a view not visible to the user out
            return
        super().start("node", as_dump_attributes(name, attrs))

    def end(self, name: str) -> None:
        if self._hidden:
            self._hidden -= 1
        elif self._attrs:
            super().end("node")
        else:
            super().end(name)  # the root


def as_dump_attributes(tag: str, attrs: Mapping[str, str]) -> Mapping[str, str]:
    """A page source element's attributes as a dump's ``<node>`` writes them.

    >>> as_dump_attributes("android.widget.Button", {"text": "OK", "displayed": "true"})
    {'text': 'OK', 'class': 'android.widget.Button', 'resource-id': '', 'content-desc': ''}
    """
    out = {k: v for k, v in attrs.items() if k not in APPIUM_ONLY}
    out.setdefault("class", tag)
    # What the server leaves out for a view without one, spelt as a dump spells it: empty,
    # as node_from_dump reads a missing one, and build_node's shortcut then takes the node.
    out.setdefault("resource-id", "")
    out.setdefault("content-desc", "")
    return out


__all__ = ["APPIUM_ONLY", "PageSourceBuilder", "as_dump_attributes", "is_page_source"]
