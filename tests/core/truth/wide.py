"""The walk widened (issue 18, item 1): gestures :func:`~tests.core.truth.walk.random_gesture`
never makes.

:func:`wide_gesture` makes half the steps as the plain walk does and the other half from
what it leaves out:

- **drags in any direction from any point**: 50–4,000 px (log-uniform) at any angle, from
  anywhere on the screen, the status and navigation bars included (the plain walk starts
  between 1/8 and 11/12 of the height, along an axis give or take 40 px), lasting 20 ms
  to 1.5 s (a fling of any speed, a drag of any pace; a short slow one is a long press);
- **long presses** on what is long-clickable (an Inbox row is selected, the toolbar turns
  to its selection's actions; a launcher icon; a form field) or anywhere;
- **taps anywhere**, not only on what is clickable (a tap outside a dialog cancels it);
- **keys** the plain walk never presses: enter (next field, the keyboard closes after
  the last), del, space, tab, menu and search, on whatever screen is up;
- **typing** of other texts (spaces, an accent, a long run) on whatever screen is up
  (dropped where nothing has focus, as on the phone);
- **dialogs on every screen**: about one step in :data:`PROMPTS` on an app screen, the app
  shows its "Enjoying Playground?" prompt just before the step's input (which then lands on
  the dialog, outside it, or is swallowed by it), as apps show one when they decide to.

``bench_truth.py --wide`` walks with :func:`wide_walk`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.profile import DEFAULT_PROFILE, Profile
from deltarec.core.devices.virtual.views import View
from tests.core.truth.walk import Gesture, Step, driven, random_gesture, slid
from tests.core.truth.walk import _swipe_class as _plain_class

PROMPTS = 12
"""About one widened step in this many on an app screen opens the app's prompt first
(those whose gesture's numbers sum to 2 past a multiple): chosen from the gesture, not the
walk's random stream."""
TEXTS = ("zr", "a b", "héllo", "42", "the quick brown fox jumps over", " ")
KEYS = ("enter", "del", "space", "tab", "menu", "search")


def _long_clickables(pg: Playground) -> list[View]:
    out = []
    for window in pg.windows():
        if window.kind in ("status", "ime"):
            continue
        out += [v for v in window.root.walk() if v.long_clickable and v.enabled]
    return out


def _swipe_class(dx: int, dy: int, ms: int) -> str:
    """The plain walk's classes, and ``drag-diagonal`` where neither axis has twice the
    other's travel."""
    ax, ay = abs(dx), abs(dy)
    if ms >= 150 and min(ax, ay) * 2 > max(ax, ay):
        return "drag-diagonal"
    return _plain_class(dx, dy, ms)


def wide_gesture(rng: random.Random, pg: Playground) -> Gesture:
    """The next step: half the time the plain walk's, else one it leaves out (module
    docstring)."""
    width, height = pg.window_size()
    r = rng.random()
    if r < 0.5:
        return slid(random_gesture(rng, pg), pg)
    if r < 0.75:
        length = 50 * (80 ** rng.random())
        angle = rng.uniform(0, 2 * math.pi)
        x1, y1 = rng.randrange(width), rng.randrange(height)
        x2 = max(0, min(width - 1, x1 + round(length * math.cos(angle))))
        y2 = max(0, min(height - 1, y1 + round(length * math.sin(angle))))
        ms = rng.randint(20, 149) if rng.random() < 0.35 else rng.randint(150, 1500)
        return Gesture("swipe", (x1, y1, x2, y2, ms), _swipe_class(x2 - x1, y2 - y1, ms))
    if r < 0.83:
        views = _long_clickables(pg)
        if views and rng.random() < 0.8:
            v = rng.choice(views)
            x = rng.randint(v.bounds[0], max(v.bounds[0], v.bounds[2] - 1))
            y = rng.randint(v.bounds[1], max(v.bounds[1], v.bounds[3] - 1))
        else:
            x, y = rng.randrange(width), rng.randrange(height)
        return Gesture("long", (x, y), "long-press")
    if r < 0.89:
        return Gesture("tap", (rng.randrange(width), rng.randrange(height)), "tap-anywhere")
    if r < 0.95:
        return Gesture("key", (rng.choice(KEYS),), "key")
    return Gesture("type", (rng.choice(TEXTS),), "type-any")


def wide_walk(
    seed: int,
    steps: int,
    *,
    start: str = "",
    gesture: bool = True,
    profile: Profile = DEFAULT_PROFILE,
) -> Iterator[Step]:
    """``steps`` graded steps of the widened walk from ``seed``, as
    :func:`~tests.core.truth.walk.walk` grades its own (new mail on the Inbox too)."""
    return driven(seed, steps, _prompted, start=start, gesture=gesture, profile=profile)


def _prompted(rng: random.Random, pg: Playground) -> Gesture:
    """The next gesture of the widened walk, the app's prompt opened before it if due."""
    g = wide_gesture(rng, pg)
    prompt(g, pg)
    return g


def prompt(g: Gesture, pg: Playground) -> None:
    """The app's prompt opened over the screen just before ``g``, one step in
    :data:`PROMPTS` on an app screen with no dialog open."""
    total = sum(a for a in g.args if isinstance(a, int))
    st = pg.state
    if st.in_app and st.dialog is None and total % PROMPTS == 2:
        pg.perform("ask:rate")
