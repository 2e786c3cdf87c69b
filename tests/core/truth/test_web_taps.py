"""A tap that toggles a control in place on a web page changes that control, nothing else.

Found by bench_truth: tapping "Add to cart" on a tile of the Article's web grid read as
``↕ container "" scrolled about a page or more`` with the whole tile listed as ``+``. The
tile's image block touches its wrapper's top edge (so it counted as a row cut by an edge),
and its price and button changed keys with the button's text: a bare wrapper "whose rows
were all replaced", though its price showed the same text in the same place. Generated:
any scroll offset of the page, any cart button in view, with and without the gesture.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.screen_article import max_offset
from deltarec.core.diff.gesture import Gesture
from deltarec.core.observe.model import Observation
from deltarec.core.observer import observe_delta

APP = "dev.deltarec.playground"
CART = ("Add to cart", "In cart")


def _obs(pg: Playground) -> Observation:
    return parse_uiautomator(pg.dump_xml(), screen=pg.window_size())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(offset=st.integers(0, max_offset()), pick=st.integers(0, 7), told=st.booleans())
def test_a_cart_tap_on_a_web_tile_changes_only_texts(offset: int, pick: int, told: bool) -> None:
    pg = Playground()
    pg.launch_app(APP, ".ArticleActivity")
    pg.state.article.offset = offset
    a = _obs(pg)
    buttons = [
        n.bounds
        for w in a.windows
        for n in _walk(w)
        if n.text in CART and n.bounds.top >= 400 and n.bounds.bottom <= 2200
    ]
    if not buttons:
        return
    x, y = buttons[pick % len(buttons)].center
    pg.tap(x, y)
    gesture = Gesture(x, y, x, y, 50) if told else None
    text = observe_delta(a, _obs(pg), max_lines=None, gesture=gesture).text
    wrong = [ln for ln in text.splitlines() if not ln.startswith("~")]
    assert wrong == [], text


def _walk(node):  # type: ignore[no-untyped-def]
    yield node
    for child in node.children:
        yield from _walk(child)
