"""Golden deltas of real pairs from outside the usual sources (``fixtures/ext/README.md``
lists what a good delta says)."""

from __future__ import annotations

from pathlib import Path

from deltarec.core import observe_delta, parse_uiautomator
from deltarec.core.observe.model import Observation

EXT = Path(__file__).resolve().parents[2] / "fixtures" / "ext"


def obs(name: str) -> Observation:
    return parse_uiautomator((EXT / name).read_bytes(), source=name)


def delta(a: str, b: str) -> str:
    return observe_delta(obs(a), obs(b)).text


def test_chromes_search_box_tapped_is_the_same_screen() -> None:
    """Chrome's new tab page, its search box tapped: the keyboard opened, the page scrolled
    132 px as the box left it for the toolbar's address bar, the omnibox drawn over it.
    Read ``» new screen com.android.chrome "Yahoo首頁": 8 elements (6 gone)`` on bc4b05e: the
    screen's rule left out the whole scrolled page, so the toolbar's buttons that went were
    most of what it counted. The whole text now::

        + [27] button "Navigate: Yahoo首頁: hk.mobi.yahoo.com"
        + [28] button "Search or type web address"
        + [29] textbox "Search or type web address" (focused)
        + [30] button "Start voice search"
        + [31] button "Text you copied"
        + [32] button "Show clipboard contents"
        ~ focus: list "feed_stream_recycler_view" → [29] textbox "Search or type web address"
        ↕ [0] list "primary_tasks_surface_view" scrolled down 132px (+0 rows, -0 rows)
        - button "Switch or close tabs"
        - button "Switch or close tabs"
        - button "Update available. More options"
        - button "Update available. More options"
        - textbox "Search or type web address"
        - button "Start voice search"

    Still imperfect (another area's): ``[27]`` is the clickable view without a label that
    Chrome lays under the omnibox, named after the tile under it; the toolbar and its button
    share one name, listed twice."""
    text = delta("chrome-ntp/03.xml", "chrome-ntp/04.xml")
    lines = text.splitlines()
    assert not text.startswith("» new screen"), text
    assert '↕ [0] list "primary_tasks_surface_view" scrolled down 132px (+0 rows, -0 rows)' in lines
    focus = '~ focus: list "feed_stream_recycler_view" → [29] textbox "Search or type web address"'
    assert focus in lines
    assert '+ [31] button "Text you copied"' in lines
