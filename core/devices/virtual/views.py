"""The Playground's view tree: what a screen shows, before it becomes XML or pixels.

A :class:`View` is a frozen value close to an Android ``AccessibilityNodeInfo``:
class, resource id, text, description, screen bounds and state flags, plus
things uiautomator never sees: ``action`` (what a tap on it does, routed by
:class:`~.playground.Playground`), ``swipe`` (what a swipe starting on it
scrolls), ``opaque`` (it takes touches even where nothing in it is clickable),
``look`` and ``drawn`` (drawing hints for :mod:`.render_png`). A
:class:`Window` is one window root with its package; windows are ordered bottom
to top, like a ``uiautomator dump``.

Both renderers and hit testing read the same values, so the XML, the picture and
what a tap hits cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

Rect = tuple[int, int, int, int]
"""(left, top, right, bottom) in screen pixels, half-open like ``observe.model.Bounds``."""


@dataclass(frozen=True, slots=True)
class View:
    """One element. ``text`` is what the dump shows (an empty EditText shows its hint).

    ``hint`` marks text that is a hint (drawn grey). ``action``/``long_action`` name
    what a tap / long press does ("" = nothing); they only matter when the view is
    ``clickable`` / ``long_clickable``. ``swipe`` names what a swipe that starts on
    the view scrolls: "v:<target>" for vertical, "h:<target>" for horizontal
    swipes ("" = nothing); the innermost view handling the swipe's axis wins, as
    with Android's nested scrolling. ``opaque`` makes the view take every touch
    inside it (a fixed web header: the page's topmost element gets the touch even
    where nothing is clickable), so views below it are not hit. ``drawn`` is the
    unclipped rectangle the view is painted at when :func:`clip` cut it (None:
    ``bounds``); only the visible part, ``bounds``, is shown, dumped and hit.
    ``offset`` is how far a scroller's content is scrolled along its ``swipe`` axis
    (Android's ``scrollY`` / ``scrollX``): its children are laid out already moved by it,
    and the profile's px map (:func:`~.profile.scale_windows`) moves them by it as one
    whole number of px, as a real scroller does.
    """

    cls: str
    bounds: Rect
    text: str = ""
    rid: str = ""
    desc: str = ""
    checkable: bool = False
    checked: bool = False
    clickable: bool = False
    enabled: bool = True
    focusable: bool = False
    focused: bool = False
    scrollable: bool = False
    long_clickable: bool = False
    password: bool = False
    selected: bool = False
    children: tuple[View, ...] = ()
    action: str = ""
    long_action: str = ""
    look: str = ""
    hint: bool = False
    swipe: str = ""
    opaque: bool = False
    drawn: Rect | None = None
    offset: int = 0

    def walk(self) -> Iterator[View]:
        """This view and its descendants in document (pre-)order."""
        stack = [self]
        while stack:
            view = stack.pop()
            yield view
            stack.extend(reversed(view.children))


@dataclass(frozen=True, slots=True)
class Window:
    """A window root. ``kind`` is "status", "app", "dialog" or "ime".

    ``in_dump`` is False for windows a real ``uiautomator dump`` leaves out (the
    on-screen keyboard): they are drawn and hit-tested, never serialised.
    """

    root: View
    package: str
    kind: str = "app"
    in_dump: bool = True


def contains(rect: Rect, x: int, y: int) -> bool:
    """True when (x, y) lies inside the half-open ``rect``."""
    return rect[0] <= x < rect[2] and rect[1] <= y < rect[3]


def intersect(a: Rect, b: Rect) -> Rect | None:
    """The overlap of two rects, or None when they share no pixel."""
    left, top = max(a[0], b[0]), max(a[1], b[1])
    right, bottom = min(a[2], b[2]), min(a[3], b[3])
    if right <= left or bottom <= top:
        return None
    return (left, top, right, bottom)


def clip(view: View, rect: Rect) -> View | None:
    """Clip ``view`` and its subtree to ``rect``, as uiautomator reports visible bounds.

    A view with no visible pixel disappears with its subtree (Android leaves
    nodes that are not visible to the user out of the dump); partly visible
    views keep their visible part only.
    """
    visible = intersect(view.bounds, rect)
    if visible is None:
        return None
    kids = tuple(c for c in (clip(child, visible) for child in view.children) if c is not None)
    drawn = view.drawn if view.drawn is not None or visible == view.bounds else view.bounds
    return replace(view, bounds=visible, children=kids, drawn=drawn)


def clip_near(view: View, rect: Rect, slack: int) -> View | None:
    """:func:`clip` for the content of a native scroller on a profile whose px are not layout
    units: a view that misses ``rect`` by at most ``slack`` is kept too.

    A real list lays its rows out at integer px, and a row its edge cuts to 1 px is in the
    dump. Culling in layout units would lose the rows whose last px is left only by the
    rounding to px, so a view within ``slack`` of ``rect`` stays: its ``bounds`` clamped into
    ``rect`` (empty where no layout unit of it shows) and ``drawn`` its whole rectangle, from
    which :func:`~.profile.scale_windows` clips it in px to the scroller, where it either
    keeps a px or leaves. Children are clipped the same way against ``rect``. With
    ``slack`` 0 (layout units are px) it is :func:`clip`.

    >>> row = View(cls="row", bounds=(0, 96, 10, 100))
    >>> clip_near(row, (0, 100, 10, 200), 0) is None
    True
    >>> near = clip_near(row, (0, 100, 10, 200), 5)
    >>> near.bounds, near.drawn
    ((0, 100, 10, 100), (0, 96, 10, 100))
    """
    if slack == 0:
        return clip(view, rect)
    left, top, right, bottom = rect
    grown = (left - slack, top - slack, right + slack, bottom + slack)
    if intersect(view.bounds, grown) is None:
        return None
    vl, vt, vr, vb = view.bounds
    pinned = (
        min(max(vl, left), right),
        min(max(vt, top), bottom),
        max(min(vr, right), left),
        max(min(vb, bottom), top),
    )
    kids = tuple(c for c in (clip_near(k, rect, slack) for k in view.children) if c is not None)
    drawn = view.drawn if view.drawn is not None or pinned == view.bounds else view.bounds
    return replace(view, bounds=pinned, children=kids, drawn=drawn)


def _moved(rect: Rect, dx: int, dy: int) -> Rect:
    return (rect[0] + dx, rect[1] + dy, rect[2] + dx, rect[3] + dy)


def shift(view: View, dy: int, dx: int = 0) -> View:
    """``view`` and its subtree moved down by ``dy`` and right by ``dx`` pixels."""
    kids = tuple(shift(child, dy, dx) for child in view.children)
    drawn = None if view.drawn is None else _moved(view.drawn, dx, dy)
    return replace(view, bounds=_moved(view.bounds, dx, dy), children=kids, drawn=drawn)


def hit(view: View, x: int, y: int, *, long: bool = False) -> View | None:
    """The topmost view under (x, y) that takes the touch, or None.

    Later siblings are drawn over earlier ones, so they are tried first; a
    deeper view wins over its ancestors. With ``long`` the view must be
    long-clickable, otherwise clickable. A disabled view still takes the touch
    (and then does nothing), as on Android.
    """
    if not contains(view.bounds, x, y):
        return None
    for child in reversed(view.children):
        found = hit(child, x, y, long=long)
        if found is not None:
            return found
    wanted = view.long_clickable if long else view.clickable
    return view if wanted or view.opaque else None


def hit_windows(windows: tuple[Window, ...], x: int, y: int, *, long: bool = False) -> View | None:
    """Hit-test windows from the top one down; the first window that takes the touch wins."""
    for window in reversed(windows):
        found = hit(window.root, x, y, long=long)
        if found is not None:
            return found
    return None


def swipe_target(windows: tuple[Window, ...], x: int, y: int, axis: str) -> str:
    """What a swipe starting at (x, y) along ``axis`` ("v" or "h") scrolls, or "".

    The touch goes to the topmost window whose root holds the point (the app
    window covers the whole screen, so a swipe starting on the keyboard never
    reaches the app below it). Inside it, the deepest view under the point whose
    ``swipe`` handles ``axis`` wins (nested scrolling: a horizontal carousel inside
    a vertical list takes horizontal swipes, the list takes vertical ones); views
    painted later win over earlier siblings.
    """
    window = next((w for w in reversed(windows) if contains(w.root.bounds, x, y)), None)
    if window is None:
        return ""
    return _swipe_in(window.root, x, y, axis + ":") or ""


def _swipe_in(view: View, x: int, y: int, prefix: str) -> str | None:
    """The swipe target under (x, y) in ``view``'s subtree.

    None: nothing here is under the point; "": an opaque view covers the point
    (siblings below it are not reached, ancestors may still take the swipe).
    """
    if not contains(view.bounds, x, y):
        return None
    covered = view.opaque
    for child in reversed(view.children):
        found = _swipe_in(child, x, y, prefix)
        if found:
            return found
        if found == "":
            covered = True
            break
    if view.swipe.startswith(prefix):
        return view.swipe[len(prefix) :]
    return "" if covered else None
