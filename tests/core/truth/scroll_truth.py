"""The scroll truth of one step: the JSON's scroll entries against the phone's own offsets.

When the phone's only change was one scroll offset (the Inbox, the Feed, its carousel, the
Article's WebView, the form or the Settings list where they scroll), the ObservationDiff
must hold exactly one scroll entry, whose offset is the phone's — converted from layout
units to the profile's px (:mod:`benchmarks.profile_units`) — within :data:`SLACK` px (plus
the rounding of one layout unit off the reference profile); or, when no row stayed on
screen, a page entry; when no offset changed, no scroll entry.
"""

from __future__ import annotations

from typing import Any

from benchmarks.bench_session import Snapshot, clamped_lists, relaid_lists, scroll_offsets
from benchmarks.profile_units import exact_px, within
from deltarec.core.devices.virtual.layout import Screen
from deltarec.core.devices.virtual.profile import DEFAULT_PROFILE, Profile
from deltarec.core.devices.virtual.screen_forms import form_max_offset
from deltarec.core.devices.virtual.screen_inbox import ROW_H
from deltarec.core.devices.virtual.state import PhoneState
from deltarec.core.observer import DeltaResult
from tests.core.real_scrolls.grading import scroll_fits, twin_fits, two_readings_fit

SCROLLERS = (
    "inbox.offset",
    "feed.offset",
    "feed.chips_offset",
    "article.offset",
    "form.offset",
    "settings.offset",
    "contacts.offset",
)
"""The phone's scroll offsets (state paths): the ground truth of every scroll. The form and
the Settings list scroll only where they do not fit (a short screen, the keyboard up)."""
SLACK = 2
"""px a reported scroll offset may differ from the phone's (plus, off the reference
profile, the rounding of one layout unit: :func:`benchmarks.profile_units.within`)."""


def offsets(state: PhoneState, profile: Profile = DEFAULT_PROFILE) -> dict[str, int]:
    """The offsets the screens show: the form's is the state's as far as the form scrolls
    now (it keeps its offset while the keyboard is down and shows it again when it opens)."""
    got = scroll_offsets(state)  # by swipe target ("feed"), as the grader keys items
    screen = Screen(*profile.layout_size)
    got["form"] = min(got["form"], form_max_offset(screen.content_bottom(keyboard=state.keyboard)))
    names = ("inbox", "feed", "chips", "article", "form", "settings", "contacts")
    return dict(zip(SCROLLERS, (got[n] for n in names), strict=True))


ON_SCREEN = {
    "InboxActivity": ("inbox.offset",),
    "FeedActivity": ("feed.offset", "feed.chips_offset"),
    "ArticleActivity": ("article.offset",),
    "SignUpActivity": ("form.offset",),
    "SettingsActivity": ("settings.offset",),
    "ContactsActivity": ("contacts.offset",),
}
"""The offsets each screen shows."""


def scroll_truth(
    before: PhoneState,
    after: PhoneState,
    result: DeltaResult,
    near: bool | None,
    profile: Profile = DEFAULT_PROFILE,
) -> list[str]:
    """The JSON's scroll entries against the phone's offsets (module docstring).

    ``near``: some row stayed on screen (the offset is measurable), None when unknown.
    ``profile``: the phone's screen; its offsets (layout units) are converted to its px
    (:mod:`benchmarks.profile_units`).
    """
    if (
        before.screen != after.screen
        or before.in_app != after.in_app
        or before.stack != after.stack
        or before.dialog != after.dialog
    ):
        return []
    a, b = offsets(before, profile), offsets(after, profile)
    shown = ON_SCREEN.get(after.screen, ())
    relaid = {f"{name}.offset" for name in relaid_lists(before, after)}
    moved = {k: b[k] - a[k] for k in shown if a[k] != b[k] and k not in relaid}
    scrolls = result.diff["scrolls"]
    pushed = (after.inbox.mail - before.inbox.mail) * ROW_H
    pushed -= after.inbox.anchored - before.inbox.anchored
    if not moved:
        # New mail pushed the Inbox's rows down at its top: a scroll entry may say they
        # moved only when it says too that they may have come in new (issue 18).
        # Rows archived in the step (a sideways drag as the mail came) took their height back.
        taken = len(after.inbox.archived - before.inbox.archived) * ROW_H
        downs = {exact_px(profile, pushed, axis=1), exact_px(profile, pushed - taken, axis=1)}
        scrolls = [
            s
            for s in scrolls
            if not (
                s.get("orInserted")
                and pushed > 0
                and any(within(profile, s["dy"], down, slack=SLACK) for down in downs)
            )
        ]
        # Rows put back (an undo) below a sliver the top edge cuts: pixel for pixel a
        # scroll up by their pitches; an entry may state it when it names as many rows that
        # may have come in new (``orInserted`` k with ``orRows``: edge_sliver.beside_slivers;
        # the text grader, bench_session.Grader._put_back, checks the rows named are the
        # ones put back). Its mirror, rows archived there: a scroll down by their pitches,
        # named by ``orRemoved`` k with ``orRows``.
        back = len(before.inbox.archived - after.inbox.archived)
        went = len(after.inbox.archived - before.inbox.archived)
        # (The rows named may be the first of them beside the sliver, those further on
        # listed on their own: as many pitches as rows named.)
        if (back or went) and not (back and went):
            way = 1 if back else -1
            scrolls = [
                s
                for s in scrolls
                if not (
                    0 < (k := s.get("orInserted" if back else "orRemoved", 0)) <= back + went
                    and len(s.get("orRows", ())) == k
                    and within(
                        profile, s["dy"], way * exact_px(profile, ROW_H * k, axis=1), slack=SLACK
                    )
                )
            ]
        # A relaid list's end clamped its offset: that is a scroll an entry may state, its
        # px exactly (bench_session.clamped_lists, a grader decision).
        clamps = [-exact_px(profile, lu, axis=1) for lu in clamped_lists(before, after).values()]
        scrolls = [
            s
            for s in scrolls
            if not (
                s["dx"] == 0
                and not s.get("page")
                and any(within(profile, s["dy"], c, slack=SLACK) for c in clamps)
            )
        ]
        if scrolls and before.clock.tab == after.clock.tab:
            return [f"no offset changed, yet {len(scrolls)} scroll(s): {_brief(scrolls)}"]
        return []
    if len(moved) > 1:
        return []
    ((name, d),) = moved.items()
    axis = 0 if name == "feed.chips_offset" else 1
    content = -exact_px(profile, d, axis=axis)
    want = (content, 0) if axis == 0 else (0, content)
    unit = "px" if profile.is_reference else "lu"
    shown = tuple(
        round(w, 1) if isinstance(w, float) and not w.is_integer() else int(w) for w in want
    )
    if len(scrolls) != 1:
        return [f"{name} moved {d}{unit}; {len(scrolls)} scroll entries: {_brief(scrolls)}"]
    s = scrolls[0]
    if s.get("page"):
        return [f"{name} moved {d}{unit}, a row stayed, reported a page"] if near else []
    # New mail at the top of the Inbox in the same step: its rows moved by the scroll less
    # the new rows' height, and that is what the dumps measure (Scroll.also in the grader);
    # an entry that says its dy is the least the list moved (``atLeast``: no gesture told,
    # new rows scrolled past show in neither dump) may leave out whole new rows' height.
    wants = [want]
    if name == "inbox.offset" and pushed > 0:
        wants.append((0, content + exact_px(profile, pushed, axis=1)))
        if s.get("atLeast"):  # the least it moved: less new rows it went past, unseen
            row = exact_px(profile, ROW_H, axis=1)
            wants += [(0, content + k * row) for k in range(1, pushed // ROW_H + 1)]
    slack = 0 if profile.is_reference else 1
    if not any(
        within(profile, s["dx"], w[0], slack=SLACK) and within(profile, s["dy"], w[1], slack=SLACK)
        for w in wants
    ) and not (_further(result, s, want, slack) or _either(result, s, want, slack)):
        return [f"{name} moved {d}{unit} (content {shown}), reported ({s['dx']}, {s['dy']})"]
    return []


def _either(result: DeltaResult, s: Any, want: tuple[float, float], slack: int = 0) -> bool:
    """Whether an entry hedged with the other exact move (``orDy`` alone: one kept row beside
    its twin, :mod:`deltarec.core.diff.twin_sections`) names the phone's move as either
    reading, each fitting both frames node for node
    (:func:`tests.core.real_scrolls.grading.two_readings_fit`; the grader decision there)."""
    if s.get("atLeast") or s.get("inserted") or s["dx"] or want[0] or not s.get("orDy"):
        return False
    d = result.delta
    return any(
        two_readings_fit(d, m, round(want[1]), slack)
        for m in d.scrolls
        if d.curr.keys[m.curr] == s["key"]
    )


def _further(result: DeltaResult, s: Any, want: tuple[float, float], slack: int = 0) -> bool:
    """Whether a hedged entry, "D px or further" (``atLeast`` without ``inserted``: a page
    turned that kept a row whose twin may stand in its place,
    :func:`deltarec.core.diff.far_anchor.least`), names the phone's move: the content
    moved D's way and further than D, and the D reading fits both frames node for node
    (:func:`tests.core.real_scrolls.grading.scroll_fits`), the rows the delta lists as
    come in and gone left out: the row kept was its twin, further on. Grader decision
    (issue 18, the lead's): the hedge's twin is accepted only so; the phone's own move
    fits the frames, being what happened. (A D reading with rows put in or taken out
    beside the kept row is the composed sweep's truth, ``real_scrolls/composed.py``: the
    dumps tell the two apart no better than a twin from its row.) No gesture told, the entry
    names the other way too, ``orDy`` ("…, or down E px or further": a twin from beyond the
    other edge): the phone's move may be that way, at least E, and then E must fit as well,
    each row kept a twin and E the least move so (:func:`.grading.twin_fits`). Every
    reading the hedge names fits the frames, and the phone's move is one of them.
    ``slack``: 1 px on a scaled profile, which rounds each box on its own (a grader
    decision: the D reading of a row the phone itself kept shows that rounding too)."""
    if not s.get("atLeast") or s.get("inserted") or s["dx"] or want[0]:
        return False
    dy, true, other = s["dy"], want[1], s.get("orDy", 0)
    if not any(m * true > 0 and abs(true) >= abs(m) for m in (dy, other) if m):
        return False
    d = result.delta
    c = next((c for c in range(len(d.curr)) if d.curr.keys[c] == s["key"]), -1)
    p = d.pairs.get(c)
    if p is None or not scroll_fits(d.prev, p, d.curr, c, dy, set(d.removed), set(d.added), slack):
        return False
    return not other or (other * dy < 0 and twin_fits(d.prev, p, d.curr, c, d.pairs, other))


def _brief(scrolls: list[Any]) -> str:
    return ", ".join(
        f"{s['key']}:({s['dx']},{s['dy']}{',page' if s.get('page') else ''})" for s in scrolls
    )


def rounded_apart(before: Snapshot, after: Snapshot) -> bool:
    """Edges of views of the app that kept their size (within a px) moved along one axis by
    two amounts exactly 1 px apart: on a scaled profile a web page's boxes are rounded to a px
    each on their own (``scale_windows``; native scrollers move their content by one whole
    px offset), so the boxes of one web scroll move by the floor or the ceiling of its px, as
    Chrome's do. Always False on the reference profile."""
    if after.profile.is_reference:
        return False
    moves: list[set[int]] = [set(), set()]
    for key in before.views.keys() & after.views.keys():
        b, a = before.views[key], after.views[key]
        if a.window != "app":
            continue
        rb, ra = b.view.bounds, a.view.bounds
        if abs((ra[2] - ra[0]) - (rb[2] - rb[0])) > 1 or abs((ra[3] - ra[1]) - (rb[3] - rb[1])) > 1:
            continue  # clipped or resized (a size a px off is the rounding itself)
        for axis in (0, 1):
            if ra[axis] != rb[axis] and ra[1 - axis] == rb[1 - axis]:
                moves[axis] |= {ra[axis] - rb[axis], ra[axis + 2] - rb[axis + 2]}
    return any(m + 1 in found for found in moves for m in found)
