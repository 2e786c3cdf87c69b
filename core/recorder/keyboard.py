"""The on-screen keyboard and the focused field, as a dump shows them.

A real ``uiautomator dump`` usually leaves the input method's window out; the
tree shows the keyboard indirectly: the app's content (the tallest child of its
window, not the system bars' backdrops) is resized to end above it.
:func:`ime_area` takes the frame the backend read from the window manager
(``Observation.keyboard``) when there is one; otherwise it infers it — an input-method window in the
dump (a ``*inputmethod*`` package or ``android.inputmethodservice`` views),
else a focused text field and app content that ends in the top
:data:`RESIZED_BELOW` of the screen. The recorder uses it so a click on the
keyboard's keys is never recorded as ``tap x=104, y=1813``.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> xml = ('<hierarchy><node class="android.widget.FrameLayout" package="a"'
    ...        ' bounds="[0,0][1080,2400]"><node class="android.view.ViewGroup" package="a"'
    ...        ' bounds="[0,0][1080,1530]"><node class="android.widget.EditText" package="a"'
    ...        ' focused="true" bounds="[0,300][1080,400]"/></node></node></hierarchy>')
    >>> obs = parse_uiautomator(xml)
    >>> ime_area(obs), focused_field(obs) is not None
    (Bounds(left=0, top=1530, right=1080, bottom=2400), True)
"""

from __future__ import annotations

from dataclasses import dataclass

from deltarec.core.observe.model import Bounds, Node, Observation

RESIZED_BELOW = 0.8
"""App content ending above this fraction of the screen height, with a field focused,
means the keyboard covers the rest (a navigation bar alone takes far less)."""


def _is_ime(node: Node) -> bool:
    return "inputmethod" in node.package or node.class_name.startswith("android.inputmethodservice")


def focused_field(obs: Observation) -> Node | None:
    """The focused text field, or None (typing would go nowhere)."""
    return next((n for n in obs.walk() if n.focused and n.editable), None)


def ime_area(obs: Observation) -> Bounds | None:
    """Where the on-screen keyboard is, or None when it is not up (see the module docstring)."""
    if obs.keyboard is not None:  # the backend read it from the window manager
        return obs.keyboard
    for window in obs.windows:
        if _is_ime(window) or any(_is_ime(child) for child in window.children):
            return window.bounds
    if focused_field(obs) is None or not obs.height:
        return None
    for window in obs.windows:
        if window.package != (obs.package or window.package) or not window.children:
            continue
        content = max(window.children, key=lambda c: c.bounds.height)  # not the bars' backdrops
        bottom = content.bounds.bottom
        if window.bounds.bottom >= obs.height and bottom < obs.height * RESIZED_BELOW:
            return Bounds(window.bounds.left, bottom, window.bounds.right, window.bounds.bottom)
    return None


def on_keyboard(obs: Observation, x: int, y: int) -> bool:
    """Whether the point is on the on-screen keyboard."""
    area = ime_area(obs)
    return area is not None and area.left <= x < area.right and area.top <= y < area.bottom


@dataclass(frozen=True, slots=True)
class Keystroke:
    """What one key on the on-screen keyboard did to the focused field's text.

    ``kind``: ``none`` | ``append`` (``text`` went in at the end) | ``delete``
    (``count`` characters went from the end; ``text``: what the field holds now,
    "" when it shows its hint) | ``replace`` (the field now holds ``text``: a
    suggestion or autocorrect rewrote it, or what it did cannot be told).
    """

    kind: str
    text: str = ""
    count: int = 0


def keystroke(before: str, after: str, *, typing: bool) -> Keystroke:
    """Read a key's effect from the field's text before and after it.

    ``typing``: ``before`` is text the recording typed (not, possibly, the hint an
    empty field shows as its text). A key adds or removes one character, so a
    field of one character that now reads something unrelated was emptied and
    shows its hint. Whatever stays ambiguous is a ``replace``: replaying it
    leaves the field holding exactly ``after`` either way.

    >>> keystroke("Ad", "Ada", typing=True)
    Keystroke(kind='append', text='a', count=0)
    >>> keystroke("Ada", "Ad", typing=True)
    Keystroke(kind='delete', text='Ad', count=1)
    >>> keystroke("a", "Name", typing=True)  # emptied: the hint shows again
    Keystroke(kind='delete', text='', count=1)
    >>> keystroke("Name", "N", typing=False)  # the hint went: one key adds one letter
    Keystroke(kind='append', text='N', count=0)
    >>> keystroke("ab", "a", typing=False)  # "ab" lost a letter, or the hint "ab" went
    Keystroke(kind='replace', text='a', count=0)
    """
    if after == before:
        return Keystroke("none")
    if after.startswith(before):
        return Keystroke("append", after[len(before) :])
    if typing and before.startswith(after):
        return Keystroke("delete", after, len(before) - len(after))
    if not typing and len(after) == 1 and len(before) > 2:  # one key cannot delete two
        return Keystroke("append", after)  # the field was empty: it showed its hint
    if len(before) == 1 and len(after) > 1:
        return Keystroke("delete", count=1)
    return Keystroke("replace", after)


@dataclass(frozen=True, slots=True)
class Typed:
    """A typing step's text and whether it replaces the field's text (``clear``)."""

    text: str = ""
    clear: bool = False

    def then(self, key: Keystroke) -> Typed:
        """The typing after ``key`` (a key that undid more than this typing added
        makes it replace the field's text with what is left).

        >>> Typed("Ad").then(Keystroke("append", "a"))
        Typed(text='Ada', clear=False)
        >>> Typed("A").then(Keystroke("delete", "", 1))
        Typed(text='', clear=False)
        >>> Typed().then(keystroke("Bob", "Bo", typing=False))  # "Bob" was there before
        Typed(text='Bo', clear=True)
        """
        if key.kind == "append":
            return Typed(self.text + key.text, self.clear)
        if key.kind == "delete" and len(self.text) >= key.count:
            return Typed(self.text[: len(self.text) - key.count], self.clear)
        if key.kind in ("delete", "replace"):  # what the field holds now, replacing its text
            return Typed(key.text, True)
        return self
