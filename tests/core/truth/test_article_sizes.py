"""The Article's web page scrolled on the preset phone sizes, graded by the phone's state.

``bench_truth --steps 10000 --profile small --profile tablet`` (issue 18): every failing
step was on the Article, none on the default phone. :func:`failures` generates the class:
seeded drags and flings of any length from any page offset on the small phone (720x1600 at
320 dpi) and the tablet (2560x1600 at 320 dpi), with and without the gesture told, each
graded as the truth walk grades it (:func:`tests.core.truth.walk.check`).

Two classes found; both closed:

- **a nested wrapper's rounding**: on a scaled screen every edge is rounded on its own, so
  a label inside a tile moves 277 px at one edge and 278 at the other as the page moves 277.
  The tile (a wrapper inside the web page) was measured as a scroll of its own, of the
  page's 277 px again: a label whose size changed by that px read as cut by an edge, and
  its move was read off the old box against the *new* tile (:func:`~deltarec.core.diff.
  axis.cut_move`), a move of the page counted twice. Its label ("$49.99") and button were
  listed ``+`` (small, seed 19 step 161: ``swipe(157,808,154,531,300)`` from offset 734).
  Closed (:data:`OPEN_DRAGS` is empty): the old box is moved by the scrolls around the
  tile first, as every other vote is.
- **a box an edge cut, then whole**: on the tablet the grid's second row was cut by the top
  edge to its last 171 px; scrolled up 1,136 px it showed whole. Where the offset puts it,
  the old box overlaps the new one on 37% (IoU), so neither the section's grid wrapper nor
  its tiles paired, and their repeated prices and buttons ("$39.99", "Add to cart") were
  listed ``+`` (tablet, seed 33 step 48: ``swipe(1656,401,1672,1507,300)`` from 2,428; or
  cut by the top edge before and by the bottom one after, from 2,378). Two boxes the views
  cut are one when, both cut to what both views show, they are one box, along the
  scroll's axis (:data:`OPEN_GRID` is empty).

Far flings on the small phone, closed (:func:`test_a_page_flung_far_is_a_page_or_its_true_move_never_a_twins`):
a fling to the end measured off the strip of one "Add to cart" every tile shows (said
1,049 px for 6,379), and flings past the grid's section read as no scroll.

Long drags not told, closed (:data:`OPEN`, :data:`LONG_OPEN`, :data:`WIDE_OPEN`): drags of
600-1,400 px on the small phone read as "about a page" though a tile stayed: one tile's
name whole in both frames, the rest of its grid cut, looks the same as its twin would —
but no other node of either frame shows that name, so on a web page it is read as the
tile (:mod:`deltarec.core.diff.unique_labels`; a decision for web content, since a native
feed's ad and its twin look exactly so); its box, rounded a px taller or shorter on the
scaled screen, now votes for the move too. Six listed a repeated price twice; placed by
the name, none does. One drag on the tablet is left (:data:`WIDE_OPEN`): no label shown
once stays in view.
"""

from __future__ import annotations

import random

import pytest

from benchmarks.bench_session import Snapshot, snapshot
from deltarec.core.devices.virtual import ManualClock, Playground, VirtualDevice
from deltarec.core.devices.virtual.layout import HEIGHT, NAV_TOP
from deltarec.core.devices.virtual.profile import PRESETS
from deltarec.core.devices.virtual.screen_article import max_offset
from deltarec.core.diff.gesture import Gesture as Touch
from deltarec.core.observer import DeltaResult, Observer
from tests.core.truth.walk import Gesture, _settled, _shown_as, _swipe_class, check

APP = "dev.deltarec.playground"
ARTICLE = "ArticleActivity"
SWIPES = 30
"""Seeded swipes a profile (about 0.05 s each)."""


def problems(
    profile: str,
    start: int,
    args: tuple[int, int, int, int, int],
    told: bool,
    screen: str = ARTICLE,
) -> list[str]:
    """The violations of one swipe (``args``: x1, y1, x2, y2, ms in the profile's px) on the
    Article (or ``screen``: the Feed) at offset ``start`` (layout units), observed as a
    session does."""
    before, after, result = observed(profile, start, args, told, screen)
    x1, y1, x2, y2, ms = args
    gesture = Gesture("swipe", args, _swipe_class(x2 - x1, y2 - y1, ms))
    return [
        f"{v.klass}: {v.detail}" for v in check(before, after, result, screen, gesture, told=told)
    ]


def observed(
    profile: str,
    start: int,
    args: tuple[int, int, int, int, int],
    told: bool,
    screen: str = ARTICLE,
) -> tuple[Snapshot, Snapshot, DeltaResult]:
    """The phone before and after one swipe (:func:`problems`), and the session's delta."""
    clock = ManualClock()
    pg = Playground(clock, profile=PRESETS[profile])
    device = VirtualDevice(pg)
    pg.launch_app(APP, f".{screen}")
    (pg.state.feed if screen == "FeedActivity" else pg.state.article).offset = start
    observer = Observer()
    latest = _settled(device, clock, observer, None)
    observer.reset(latest)
    before = _shown_as(snapshot(pg))
    pg.swipe(*args)
    now = _settled(device, clock, observer, latest)
    after = _shown_as(snapshot(pg))
    result = observer.step(now, max_lines=None, gesture=Touch(*args) if told else None)
    return before, after, result


def swipes(
    profile: str, n: int, seed: int
) -> list[tuple[int, tuple[int, int, int, int, int], bool]]:
    """``n`` seeded swipes on ``profile``: (offset, (x1, y1, x2, y2, ms), told)."""
    rng = random.Random(seed)
    p = PRESETS[profile]
    width, height = p.width, p.height
    lw, lh = p.layout_size
    highest = max_offset(lw, lh - (HEIGHT - NAV_TOP))
    out = []
    for _ in range(n):
        start = rng.randint(0, highest)
        x1 = rng.randint(20, width - 20)
        y1 = rng.randint(height // 4, height * 9 // 10)  # on the page, below its fixed header
        length = rng.randint(50, 2 * height)
        y2 = max(0, min(height - 1, y1 + rng.choice((-1, 1)) * length))
        x2 = max(0, min(width - 1, x1 + rng.randint(-40, 40)))
        ms = rng.choice((40, 80, 120, 200, 300, 600))
        out.append((start, (x1, y1, x2, y2, ms), rng.random() < 0.5))
    return out


def failures(profile: str, n: int = SWIPES, seed: int = 0) -> list[str]:
    """Every generated swipe on ``profile`` whose delta the phone's truth refutes."""
    return _failing(profile, swipes(profile, n, seed))


def drags(
    profile: str, step: int, lengths: tuple[int, ...], ms: int = 600
) -> list[tuple[int, tuple[int, int, int, int, int], bool]]:
    """Slow drags (no fling) of each of ``lengths`` px up and down from every page offset
    ``step`` layout units apart on ``profile``, told and not told in turn; ``ms`` 40: flings
    (the page glides on, to its end or its top from most offsets)."""
    p = PRESETS[profile]
    lw, lh = p.layout_size
    highest = max_offset(lw, lh - (HEIGHT - NAV_TOP))
    x, low, high = p.width // 3, p.height // 4, p.height * 9 // 10
    out = []
    for k, start in enumerate(range(0, highest + 1, step)):
        for length in lengths:
            down = (x, high, x, max(0, high - length), ms)
            up = (x, low, x, min(p.height - 1, low + length), ms)
            out += [(start, down, k % 2 == 0), (start, up, k % 2 == 1)]
    return out


def _failing(
    profile: str, moves: list[tuple[int, tuple[int, int, int, int, int], bool]]
) -> list[str]:
    out = []
    for start, args, told in moves:
        got = problems(profile, start, args, told)
        if got:
            out.append(f"{profile} {start} {args} told={told}: {got[0]}")
    return out


OPEN_DRAGS: list[str] = []
"""The nested wrapper's rounding, closed (module docstring): 8 of 484 before the old box
was moved by the scrolls around the tile in ``host.host_motion``. A budget: a new failure shows
here."""


def test_a_page_moved_less_than_a_screen_lists_only_what_came_in_on_every_preset() -> None:
    """Drags of 277 and 600 px from every 194th offset on the small phone and the tablet:
    none fails (over every 97th, 8 of 484 did: "$49.99", "$19.99", "$24.99", a tile's price
    or its name listed ``+`` though it stayed; the nested wrapper's rounding, module
    docstring). CI runs every fourth offset of that sweep, for its time."""
    bad = _failing("small", drags("small", 388, (277, 600)))
    bad += _failing("tablet", drags("tablet", 388, (277, 600)))
    assert bad == OPEN_DRAGS


OPEN_GRID: list[str] = []
"""A box an edge cut, then whole, closed (module docstring): both boxes cut to what both
views show are one box (``Guard.cut_alike`` in ``pair_evidence``). Last session's version
read the vertical axis only, so a scroll turned a quarter paired otherwise than upright
(``tests/core/real_scrolls/test_turned.py`` failed); it reads the scroll's axis, either one.
2 of 168 before. A budget: a new failure shows here."""


def test_a_grid_row_an_edge_cut_then_whole_is_the_same_row_on_the_tablet() -> None:
    """Drags of 1,136 px from every 58th offset on the tablet: none fails (over every 29th,
    2 of 168 did: the grid's row cut by the top edge, then whole, listed ``+``; module
    docstring). CI runs every other offset of that sweep, for its time."""
    assert _failing("tablet", drags("tablet", 58, (1136,))) == OPEN_GRID


OPEN: list[str] = []
"""The seeded swipes still graded wrong: a budget, so a new failure shows here. The last one
(small 4417, ``(187, 706, 193, 1599, 200)`` not told: "about a page" for a move of 1,027 px
down while "Desk mat"'s name stayed whole) closed with :data:`LONG_OPEN`."""


def test_seeded_swipes_on_the_small_phone_and_the_tablet_fail_only_the_open_ones() -> None:
    assert failures("small") + failures("tablet") == OPEN


def test_a_page_flung_far_is_a_page_or_its_true_move_never_a_twins() -> None:
    """Flings of 900 px up and down from every 97th offset on the small phone: none fails.
    Before, 17 of 190 did (24 of 380 with flings of 400 px too) (``bench_truth --steps 10000 --profile small``: seeds 20,
    23 and 27, with and without the gesture), three ways:

    - read off the strip of one "Add to cart" left at the top, which every tile shows, as
      if it were the first tile's (said 1,122 px for 6,452): one cut label places nothing
      in web content either (:func:`deltarec.core.diff.label_places.labels_place`);
    - flung to the top or the end, the grid's section that spanned the view before shows
      an edge of its own after, and no row left whole: nothing scrolled was said with the
      gesture told, no scroll without (:func:`deltarec.core.diff.row_evidence.spanned_past`:
      the section passed the edge, a page);
    - the page's content starts below its fixed header at the top and under it further
      down: a label whole below the header was read as cut by the box the content has
      after (:func:`deltarec.core.diff.axis.cut_move` reads each frame by its own box).

    CI runs every other offset of that sweep, for its time."""
    assert _failing("small", drags("small", 194, (900,), ms=40)) == []


LONG_OPEN: list[str] = []
"""Drags not told of 892 and 1,000 px from every 97th offset on the small phone: 32 of 190
failed (26 "about a page" while a tile stayed, 6 a repeated price listed twice), closed.
A tile's name, whole in both frames and shown by no other node of either, is the tile in
web content (:func:`deltarec.core.diff.unique_labels.unique_kept`, asked by
``row_placed.placed``; not in native lists, ``tests/core/truth/test_twin_flings.py``),
and votes for its move though the scaled screen rounded its box a px taller or shorter
(:func:`deltarec.core.diff.unique_labels.unique_spot`, in ``host.host_motion``). Told,
all 190 passed before as after. A budget: a new failure shows here."""


def test_long_drags_not_told_on_the_small_phone_fail_only_the_open_ones() -> None:
    """CI runs every other offset of :data:`LONG_OPEN`'s sweep, for its time."""
    bad = _failing("small", [m for m in drags("small", 194, (892, 1000)) if not m[2]])
    assert bad == LONG_OPEN


WIDE_LENGTHS = (600, 750, 1136, 1250, 1400)
"""Drag lengths (px) the wider sweep adds to :data:`LONG_OPEN`'s 892 and 1,000."""

WIDE_OPEN = {
    "phone": [],
    "small": [],
    "large": [],
    "tablet": [],  # 291 (1,250 px, not told): closed by the grader's _told_apart (stop 55)
}
"""Drags not told of :data:`WIDE_LENGTHS` from every 194th offset (the tablet: every 97th)
on each preset: 6 of 630 failed (small: 4 "about a page" while a tile stayed, at 750 and
1,136 px; 1 "$19.99" listed twice; the tablet's one below), 1 is left. Over every 97th
offset and all seven lengths (1,575 drags): 42 failed, 1 is left.

Open, the tablet from 291 down 1,250 px: the grid's first row whole before, only the
strips of its six "Add to cart" under the top edge after, and no label that one node
alone shows stays in view. Every row of the grid shows those six strips alike; that they
are the first row's, not a later one's, only the grid's start (in view before) and its
rows' period could tell. "About a page" there states nothing false; the grader counted a
row that stayed as measurable. Closed at the grader (stop 55): web content is near only
where a view that moved shows a label of its own in both frames
(``bench_session._told_apart``; ``tests/core/truth/test_web_twins_kept.py``)."""


@pytest.mark.parametrize("profile", sorted(WIDE_OPEN))
def test_long_drags_not_told_on_every_preset_fail_only_the_open_ones(profile: str) -> None:
    """CI runs every other offset of :data:`WIDE_OPEN`'s sweep, for its time: every 388th
    (the tablet: every 97th, the odd multiples, which hold the open one)."""
    if profile == "tablet":
        moves = [m for m in drags(profile, 97, WIDE_LENGTHS) if not m[2] and m[0] % 194]
    else:
        moves = [m for m in drags(profile, 388, WIDE_LENGTHS) if not m[2]]
    assert _failing(profile, moves) == WIDE_OPEN[profile]
