"""A form scrolled under the keyboard: the scroll is the ScrollView's, on every screen size;
and a screen left scrolled and edited, started again at its top, is a scroll away.

On a screen too short for the sign-up form once the keyboard is up, the form scrolls; when
the keyboard closes the form fits again and its content moves down (the ScrollView clamps
its offset to 0), and when it opens again the form stays at its top, moving only as far as
shows the focused field whole (a real ScrollView's ``onLayout`` and ``onSizeChanged``; the
phone used to bring the old offset back). The content moved inside ``form_scroll``: the scroll entry is that
ScrollView's or its content wrapper's, never a container around it (was: the window's root
FrameLayout, whose action bar stayed put, "scrolled" by the form's offset — the rows inside
the ScrollView voted for it, and the ScrollView's deeper host then read no move at all).
Generated: any realistic profile where the form scrolls, any offset, any field focused;
both directions graded by the truth walk's oracle too.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual import PRESETS, Playground, Profile
from deltarec.core.devices.virtual.screen_forms import form_max_offset
from deltarec.core.diff.gesture import Gesture
from deltarec.core.observer import DeltaResult
from tests.core.devices.test_virtual_reflow import profiles
from tests.core.truth.steps import Steps, violations
from tests.core.truth.test_settings_rows import short_phones

FORM = "dev.deltarec.playground:id/form_scroll"


def _highest(profile: Profile) -> int:
    return form_max_offset(Playground(profile=profile).screen.keyboard_top)


def _outside_the_form(result: DeltaResult) -> list[str]:
    """Scroll entries on a container that is neither ``form_scroll`` nor inside it."""
    frame = result.delta.curr
    out = []
    for s in result.delta.scrolls:
        around = [s.curr, *frame.ancestors(s.curr)]
        if not any(frame.nodes[a].resource_id == FORM for a in around):
            node = frame.nodes[s.curr]
            out.append(f"{node.class_name} {node.resource_id!r} {node.bounds} ({s.dx}, {s.dy})")
    return out


def _toggle(profile: Profile, offset: int, field: str) -> list[str]:
    """Focus ``field``, scroll the form to ``offset``, close the keyboard, open it again:
    what the two keyboard steps' deltas got wrong."""
    form = Steps(".SignUpActivity", profile=profile)
    form.tap(f"focus:{field}")
    form.step()
    form.pg.state.form.offset = offset
    form.step()
    found: list[str] = []
    form.pg.press_key("back")  # the keyboard closes: the form fits, its content moves down
    closed = form.step()
    found += [f"closed: {p}" for p in _outside_the_form(closed) + violations(form, closed)]
    form.tap(f"focus:{field}")  # it opens: the form stays at its top, or shows the field
    view = next(v for w in form.pg.windows() for v in w.root.walk() if v.focused)
    x, y = (view.bounds[0] + view.bounds[2]) // 2, (view.bounds[1] + view.bounds[3]) // 2
    opened = form.step(Gesture(x, y, x, y, 50))
    found += [f"opened: {p}" for p in _outside_the_form(opened) + violations(form, opened)]
    assert closed.delta.scrolls, closed.text
    return found


@settings(max_examples=10, deadline=None)
@given(
    profiles() | st.sampled_from([PRESETS["small"]]),
    st.integers(1, 1000),
    st.sampled_from(("name", "email", "password")),
)
def test_the_form_scrolled_under_the_keyboard_is_the_scroll_views(
    profile: Profile, per_mille: int, field: str
) -> None:
    highest = _highest(profile)
    if highest < 4:  # 4 lu are a px at least at any density: a move the dumps show
        return
    offset = max(4, highest * per_mille // 1000)
    assert _toggle(profile, offset, field) == [], (profile.name, offset, field)


def test_the_small_phones_form_at_its_lowest() -> None:
    """The walk's case (seed 0 step 117 on the small phone): 122 lu, 93 px."""
    assert _highest(PRESETS["small"]) == 122
    assert _toggle(PRESETS["small"], 122, "name") == []


def _relaunched(profile: Profile, offset: int, typed: str, checked: bool) -> list[str]:
    """Type into the form scrolled under the keyboard, leave it, start it again from the
    home screen (a new instance: emptied, at its top, keyboard down): what the delta of
    that step (from the form as it was left, remembered) got wrong."""
    form = Steps(".SignUpActivity", profile=profile)
    form.tap("focus:name")
    form.step()
    form.pg.type_text(typed)
    form.pg.state.form.offset = offset
    if checked:
        form.pg.perform("check:newsletter")
    form.step()
    form.tap("up")
    form.step()
    form.tap("open:SignUpActivity")
    result = form.step()
    return _outside_the_form(result) + violations(form, result)


@settings(max_examples=10, deadline=None)
@given(
    profiles() | st.sampled_from([PRESETS["small"]]),
    st.integers(1, 1000),
    st.sampled_from(("", "zr", "hello")),
    st.booleans(),
)
def test_a_form_started_again_is_not_the_scrolled_one_edited(
    profile: Profile, per_mille: int, typed: str, checked: bool
) -> None:
    """Was: no scroll found between the form left scrolled and edited and the new one at
    its top (the typed name where "Name" shows now refuted the move), so the step read
    "» back to" that form, its content in place."""
    highest = _highest(profile)
    if highest < 4:
        return
    offset = max(4, highest * per_mille // 1000)
    assert _relaunched(profile, offset, typed, checked) == [], (profile.name, offset)


def test_the_small_phones_form_started_again() -> None:
    """The walk's case (seed 3 step 54 on the small phone)."""
    assert _relaunched(PRESETS["small"], 122, "hellozr", True) == []


def _feed_relaunched(profile: Profile, offset: int, liked: frozenset[int]) -> list[str]:
    """Like ``liked`` cards on the Feed scrolled to ``offset``, leave it, start it again from
    the home screen (a new instance: at its top, nothing liked): that step's violations."""
    feed = Steps(".FeedActivity", profile=profile)
    feed.pg.state.feed.offset = offset
    feed.pg.state.feed.liked = set(liked)
    feed.step()
    feed.tap("up")
    feed.step()
    feed.tap("open:FeedActivity")
    return violations(feed, feed.step())


@settings(max_examples=10, deadline=None)
@given(
    profiles() | st.sampled_from([PRESETS["large"], PRESETS["small"]]),
    st.integers(50, 700),
    st.frozensets(st.integers(0, 3), min_size=1),
)
def test_a_feed_started_again_is_not_the_scrolled_one_liked(
    profile: Profile, offset: int, liked: frozenset[int]
) -> None:
    """Was: "40 likes" where the liked card's "41 likes" was refuted the move (the card is
    the card: the pairing says so), so the step read "» back to" the Feed, nothing scrolled."""
    assert _feed_relaunched(profile, offset, liked) == [], (profile.name, offset, liked)


def test_the_large_phones_feed_started_again() -> None:
    """The walk's case (seed 100 step 148 on the large phone): 213 lu, card 1 liked."""
    assert _feed_relaunched(PRESETS["large"], 213, frozenset({1})) == []


def _focused_scrolled(profile: Profile, there: int, back: int, field: str) -> list[str]:
    """Focus ``field``, scroll the form to ``there`` (the field may leave the screen), then
    back to ``back``: what the two scroll steps' deltas got wrong about the focus. (Moves of
    a px or less between the two offsets are left to the scroll tests: 243x590@120, 52 → 50
    lu read no scroll and the oracle wants one, an open class.)"""
    form = Steps(".SignUpActivity", profile=profile)
    form.tap(f"focus:{field}")
    form.step()
    found: list[str] = []
    for offset in (there, back):
        form.pg.state.form.offset = offset
        found += [f"to {offset}: {p}" for p in violations(form, form.step()) if "focus" in p]
    return found


@settings(max_examples=25, deadline=None)
@given(
    short_phones() | st.sampled_from([PRESETS["small"], Profile(240, 495, 120)]),
    st.integers(0, 1000),
    st.integers(0, 1000),
    st.sampled_from(("name", "email", "password")),
)
def test_a_focused_field_scrolled_off_and_back_keeps_its_focus(
    profile: Profile, there: int, back: int, field: str
) -> None:
    """A focused field the form scrolls off the screen keeps its focus (the keyboard stays
    up; the dump just no longer lists it), and when it comes back it is still focused: no
    ``~ focus`` line either way. Was (``240x495@120``, seed 1 step 39): ``~ focus: textbox
    "Name" → none``, and ``~ focus: none → textbox "Name"`` when it came back."""
    highest = _highest(profile)
    if highest < 4:
        return
    offsets = (highest * there // 1000, highest * back // 1000)
    assert _focused_scrolled(profile, *offsets, field) == [], (profile.name, offsets, field)
