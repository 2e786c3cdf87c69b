"""Screens: when a step moved to another screen, and what to call a screen.

:func:`is_new_screen` decides from evidence, in this order (first that holds):

1. the foreground **package** changed, or a known **activity** changed to
   another known one;
2. the app **window** was replaced: a window that is not a dialog or a system
   bar closed and another opened;
3. most of the **content** was replaced: of the elements on either frame —
   leaving out the system bars, dialogs that opened or closed, and the
   content scrolled containers brought into view or took out of it (a scroll is
   not a new screen; what it kept in view stayed: a list scrolled as the bars
   around it went, Chrome's new tab page as its toolbar turned into the address
   bar) — more than :data:`REPLACED_SHARE` did not stay. This also holds inside one app (an
   Inbox row opening its message), unless the activity is known, unchanged and
   the title is the same (a list flung past every row it showed).

A dump that holds only an opened dialog is never a new screen (the window
behind is hidden, not gone).

:func:`screen_name` and :func:`screen_title` name a screen for the
``» new screen`` / ``» back to`` headers: the activity's short name (or the
package when the activity is unknown) and its title — the text of the
toolbar, else the first text near the top. Cost: O(n).
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

from deltarec.core.diff.compute import Delta
from deltarec.core.diff.filtered import filtered_hosts
from deltarec.core.diff.volatile import system_bars
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex, Layout, order_of
from deltarec.core.observe.labels import scrolls_by_nature
from deltarec.core.observe.model import Node

REPLACED_SHARE = 0.6
"""A step that replaced more than this share of the elements on either frame is a new screen."""

MIN_ELEMENTS = 6
"""Fewer elements than this on both frames together: content alone never makes a new screen."""

TITLE_BAND = 0.3
"""Without a toolbar, the title is the first text in this top share of the screen."""

_TITLE_HOSTS = ("toolbar", "action_bar", "actionbar", "title", "header", "app_bar", "appbar")


def is_new_screen(
    d: Delta, prev_index: ElementIndex | Layout, curr_index: ElementIndex | Layout
) -> bool:
    """True when the step moved to another screen (see the module docstring). It reads no
    number: ``curr_index`` may be the frame's :class:`~deltarec.core.observe.index.Layout`
    (a caller that numbers the frame by the answer numbers it once)."""
    f = d.fields
    if "package" in f and f["package"]["to"]:
        return True
    if "activity" in f and f["activity"]["from"] and f["activity"]["to"]:
        return True
    fc, fp = d.curr, d.prev
    opened_dialogs = [c for c in d.opened if fc.nodes[c].role == "dialog"]
    closed_dialogs = [p for p in d.closed if fp.nodes[p].role == "dialog"]
    opened_app = [c for c in d.opened if c not in opened_dialogs and c not in d.quiet_curr]
    closed_app = [p for p in d.closed if p not in closed_dialogs and p not in d.quiet_prev]
    if opened_app and closed_app:
        return True
    skip_c = fc.under(opened_dialogs) | d.quiet_curr
    skip_p = fp.under(closed_dialogs) | d.quiet_prev
    used = set(d.pairs.values())
    for s in d.scrolls:  # the content of the scrolled container, or of the one around it
        c, p = _scroller(fc, s.curr), _scroller(fp, s.prev)  # (a web page's wrapper)
        # what came into view or left it; what the scroll kept in view stayed
        skip_c.update(x for x in range(c + 1, fc.subtree_end(c)) if x not in d.pairs)
        skip_p.update(x for x in range(p + 1, fp.subtree_end(p)) if x not in used)
    now = [c for c in curr_index.candidates if c not in skip_c]
    before = [p for p in prev_index.candidates if p not in skip_p]
    if opened_dialogs and not now:
        return False  # a dump of the dialog alone: the window behind is hidden, not gone
    if len(now) + len(before) < MIN_ELEMENTS:
        return False
    if before and all(p in used for p in before):
        return False  # nothing of the old screen went: it grew (a list's rows added below)
    if all(c in d.pairs for c in now) and _hid_under(d, [p for p in before if p not in used]):
        return False  # bars went as a list scrolled far, nothing came: they hid (immersive)
    pairs = d.pairs  # counted by comprehensions (a generator's turn an element)
    replaced = len([c for c in now if c not in pairs]) + len([p for p in before if p not in used])
    if replaced <= REPLACED_SHARE * (len(now) + len(before)):
        return False
    if lists := filtered_hosts(fp, fc, pairs, d.gesture):
        # A list a search filtered: its rows came and went with the query, as a scroll's do.
        for c, p in lists:
            skip_c.update(x for x in range(c + 1, fc.subtree_end(c)) if x not in pairs)
            skip_p.update(x for x in range(p + 1, fp.subtree_end(p)) if x not in used)
        now = [c for c in now if c not in skip_c]
        before = [p for p in before if p not in skip_p]
        gone = len([c for c in now if c not in pairs]) + len([p for p in before if p not in used])
        if len(now) + len(before) < MIN_ELEMENTS or gone <= REPLACED_SHARE * (
            len(now) + len(before)
        ):
            return False
    # The same activity under the same title is the same screen whose content moved on (a
    # list flung past every row it showed, a feed refreshed).
    if not (fp.obs.activity and fp.obs.activity == fc.obs.activity):
        return True  # no titles read: another activity, or none known (element dicts)
    title = screen_title(curr_index, frozenset(skip_c))
    return not (title and title == screen_title(prev_index, frozenset(skip_p)))


def _hid_under(d: Delta, gone: list[int]) -> bool:
    """Whether every element of ``gone`` (positions of ``d.prev``) lies where a list that
    scrolled grew over: outside its old box, inside its new one (bars that slid out as the
    list was flung past all it showed, the list taking their room: immersive mode)."""
    for s in d.scrolls:
        was, now = d.prev.nodes[s.prev].bounds, d.curr.nodes[s.curr].bounds
        if was == now or was.intersection(now) != was.area:
            continue
        if gone and all(
            now.intersection(b) == b.area and not was.intersection(b)
            for b in (d.prev.nodes[p].bounds for p in gone)
        ):
            return True
    return False


def _scroller(frame: Frame, host: int) -> int:
    """``host``, or the nearest container made to scroll around it when it is not one."""
    if scrolls_by_nature(frame.nodes[host]):
        return host
    return next((a for a in frame.ancestors(host) if scrolls_by_nature(frame.nodes[a])), host)


def screen_name(index: ElementIndex, *, with_package: bool = False) -> str:
    """The activity's short name (``InboxActivity``), or the package when it is unknown."""
    obs = index.frame.obs
    activity = obs.activity.rsplit(".", 1)[-1].rsplit("/", 1)[-1]
    if not activity:
        return obs.package or "?"
    return f"{obs.package}/{activity}" if with_package and obs.package else activity


_CLOCK = re.compile(r"^\d{1,2}:\d{2}(:\d{2})?(\s?[AaPp]\.?[Mm]\.?)?$")
"""A time of day as a status bar shows it ("9:41", "10:00 PM"): never a screen's title."""


def screen_title(index: ElementIndex | Layout, skip: frozenset[int] = frozenset()) -> str:
    """The screen's title: a toolbar's text or its title laid out as a control
    (:func:`_tapped_title`), the first in reading order, else the first text near the top,
    else "".

    Never a text of the system bars (:func:`~deltarec.core.diff.volatile.system_bars`) nor
    a bare time of day: the status bar's clock is no screen's title."""
    frame, names, nodes = index.frame, index.names, index.frame.nodes
    bars = system_bars(frame)
    texts = [
        p
        for p in order_of(index)
        if p not in skip
        and p not in bars
        and nodes[p].role == "text"
        and not _CLOCK.match(names[p])
    ]
    band = frame.obs.height * TITLE_BAND if frame.obs.height else None
    tapped = _first_tapped(index, skip | bars, band)
    if tapped is not None:  # the texts read before it (a toolbar's own text first)
        order, kept = list(order_of(index)), set(texts)
        texts = [p for p in order[: order.index(tapped)] if p in kept]
    for p in texts:
        if any(_hosts_title(nodes[a]) for a in frame.ancestors(p)[:3]):
            return names[p]
    if tapped is not None:
        return names[tapped]
    for p in texts:
        if band is None or nodes[p].bounds.top < band:
            return names[p]
    return ""


def _first_tapped(
    index: ElementIndex | Layout, skip: AbstractSet[int], band: float | None
) -> int | None:
    """The first element in reading order, in the top ``band`` px, that is an app bar's title
    laid out as a control (:func:`_tapped_title`), or None. Reading order runs down the
    screen, so the walk stops at the band's end."""
    frame, names, nodes = index.frame, index.names, index.frame.nodes
    for p in order_of(index):
        node = nodes[p]
        if band is not None and node.bounds.top >= band:
            return None
        if node.role == "button" and p not in skip and _tapped_title(frame, names, p):
            return p
    return None


def _hosts_title(node: Node) -> bool:
    """Whether ``node`` holds a screen's title: a toolbar, an action bar, or a layout whose
    resource id says it is one (:data:`_TITLE_HOSTS`)."""
    rid = node.resource_id.rpartition("/")[2].lower()
    simple = node.class_name.rsplit(".", 1)[-1].lower()
    return rid.endswith(_TITLE_HOSTS) or "toolbar" in simple or "actionbar" in simple


def _tapped_title(frame: Frame, names: list[str], pos: int) -> bool:
    """Whether ``pos`` is an app bar's title laid out as a control: a button called by a text
    it shows (its own, or its one labelled child's: vivo's "设置", MIUI's "Display", a
    ``TextView`` made clickable inside a clickable wrapper) that holds a letter, never by a
    description (an app bar's "Navigate up"), in a title host (:func:`_hosts_title`:
    itself or one of its three nearest ancestors)."""
    node, name = frame.nodes[pos], names[pos]
    if node.role != "button" or not any(map(str.isalpha, name)):
        return False  # a picker's tappable hour or year ("3", "2025") is a value, no title
    parent, nodes = frame.parents[pos], frame.nodes
    if parent >= 0 and any(
        s != pos and nodes[s].role == "button" and nodes[s].class_name == node.class_name
        for s in frame.children[parent]
    ):
        return False  # one of a row of alike controls: a tab ("FAVORITES", "ALL"), no title
    end = min(frame.subtree_end(pos), pos + _TITLE_SCAN)
    if not any(n.text == name for n in frame.nodes[pos:end]):
        return False
    return any(_hosts_title(frame.nodes[a]) for a in (pos, *frame.ancestors(pos)[:3]))


_TITLE_SCAN = 8
"""How many nodes of a control's subtree :func:`_tapped_title` reads for the text it is
called by (a title's wrapper holds one or two layers and the text)."""
