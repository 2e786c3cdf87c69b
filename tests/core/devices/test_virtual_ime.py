"""The sign-up form's ScrollView as the keyboard opens and closes: as a real one, never easier.

A real ScrollView re-clamps its offset at every layout pass (``onLayout`` ends with
``scrollTo(scrollX, scrollY)``): once the keyboard closes and the form fits, its offset is
0, and it stays 0 when the keyboard opens again (the phone used to keep the old offset and
"restore" it). When the window shrinks (``adjustResize``) or a field takes focus, the
ScrollView scrolls by the least that shows the focused field whole (``onSizeChanged``,
``requestChildFocus``, when the focus moves; a drag may still leave it cut). Generated: any realistic profile (and the small phone, whose form
scrolls only under the keyboard), any walk of taps on fields, drags on the form, back and
enter; checked after every step against what the screen shows.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual import PRESETS, Playground, Profile
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.views import View
from tests.core.devices.test_virtual_reflow import profiles

FORM = f"{APP_PACKAGE}:id/form_scroll"

Action = tuple[str, str]
actions = st.lists(
    st.sampled_from(("name", "email", "password")).map(lambda f: ("tap", f))
    | st.sampled_from(("up", "down", "far up", "far down")).map(lambda d: ("drag", d))
    | st.sampled_from((("key", "back"), ("key", "enter"))),
    min_size=1,
    max_size=12,
)


def _form(pg: Playground) -> View:
    app = next(w for w in pg.layout_windows() if w.kind == "app")
    return next(v for v in app.root.walk() if v.rid == FORM)


def _seen(pg: Playground) -> tuple[int, bool, View | None, tuple[int, int, int, int]]:
    """(the offset the form shows, whether the keyboard shows, the focused field, the form's
    box), all in layout units as the screen shows them."""
    form = _form(pg)
    focused = next((v for v in form.walk() if v.focused), None)
    return form.offset, pg.state.keyboard, focused, form.bounds


def _act(pg: Playground, action: Action) -> None:
    verb, arg = action
    if verb == "key":
        pg.press_key(arg)
        return
    windows = pg.windows()
    form = next(v for w in windows if w.kind == "app" for v in w.root.walk() if v.rid == FORM)
    left, top, right, bottom = form.bounds
    x = (left + right) // 2
    if verb == "tap":
        rid = f"{APP_PACKAGE}:id/{arg}"
        field = next((v for v in form.walk() if v.rid == rid), None)
        if field is not None:  # a field scrolled out of view cannot be tapped
            fl, ft, fr, fb = field.bounds
            pg.tap((fl + fr) // 2, (ft + fb) // 2)
        return
    reach = (bottom - top) // (1 if "far" in arg else 4)
    y0, y1 = (bottom - 2, bottom - 2 - reach) if "up" in arg else (top + 2, top + 2 + reach)
    pg.swipe(x, y0, x, y1, 2000)  # slow: the form moves by the finger's travel


def violations(profile: Profile, walk: list[Action]) -> list[str]:
    """What the form did that a real ScrollView does not, step by step."""
    pg = Playground(profile=profile)
    pg.launch_app(APP_PACKAGE, ".SignUpActivity")
    found: list[str] = []
    before = _seen(pg)
    for i, action in enumerate(walk):
        _act(pg, action)
        if pg.state.screen != "SignUpActivity":  # back with the keyboard down left the form
            break
        after = _seen(pg)
        (was, had_keys, shown, _), (now, has_keys, focused, box) = before, after
        where = f"step {i} {action}: offset {was} -> {now}"
        resized = had_keys != has_keys and shown is not None  # it showed in the old window
        moved = focused is not None and (shown is None or shown.rid != focused.rid)
        if (moved or resized) and focused is not None and focused.drawn is not None:
            found.append(f"{where}: the focused field shows cut, {focused.bounds} in {box}")
        elif has_keys and not had_keys and now > was and focused and focused.bounds[3] != box[3]:
            # the least move shows the field flush with the bottom; the form moved further
            found.append(f"{where}: the keyboard opened, the form moved more than it needs")
        before = after
    return found


@settings(max_examples=40, deadline=None)
@given(profiles() | st.sampled_from([PRESETS["small"]]), actions)
def test_the_form_scrolls_as_a_real_scroll_view_under_the_keyboard(
    profile: Profile, walk: list[Action]
) -> None:
    assert violations(profile, walk) == [], (profile.name, walk)


def test_the_small_phones_form_does_not_restore_its_offset() -> None:
    """The issue's case: scrolled under the keyboard, the keyboard closed (the form fits: it
    moves to its top) and opened again: the form stays at its top."""
    pg = Playground(profile=PRESETS["small"])
    pg.launch_app(APP_PACKAGE, ".SignUpActivity")
    _act(pg, ("tap", "name"))
    _act(pg, ("drag", "far up"))
    assert _seen(pg)[0] == 122  # as far as it scrolls with the keyboard up
    pg.press_key("back")
    assert _seen(pg)[0] == 0
    _act(pg, ("tap", "name"))
    assert _seen(pg)[:2] == (0, True)
