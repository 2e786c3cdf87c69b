"""The numbers grader's excuse for rows a page turned (:mod:`tests.core.truth.page_rows`)
excuses only what the two dumps cannot prove, and says why (issue 18, item 5).

Generated: a web page whose one wrapper spans the view (both edges cut it: the "row" the
old rule excused whole), holding tiles, each cut by the bottom edge before and by the top
edge after (a drag of about a page), some labelled by a description no other node shows,
some by one two tiles share, and a native list of the same shape. A tile labelled alone in
both frames is proven on a web page (what ``deltarec.core.diff.page_labels`` keeps a node
by), never excused; a shared label, or any label of a native list (a recycled list repeats
its rows), proves nothing: excused, with a reason.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observe.frame import Frame
from tests.core.truth.page_rows import unproven

HEIGHT = 1000


def _shot(labels: list[str], top: int, web: bool) -> Frame:
    """A view of ``HEIGHT`` px: a wrapper spanning it, one tile per label, side by side,
    ``top`` to ``top + 120`` (cut by an edge where it crosses one)."""
    width = 1000 // len(labels)
    tiles = "".join(
        f'<node class="I" content-desc="{label}"'
        f' bounds="[{i * width},{top}][{(i + 1) * width},{top + 120}]"/>'
        for i, label in enumerate(labels)
    )
    host = "android.webkit.WebView" if web else "androidx.recyclerview.widget.RecyclerView"
    scroll = "false" if web else "true"
    return Frame(
        parse_uiautomator(
            f'<hierarchy><node class="{host}" scrollable="{scroll}" bounds="[0,0][1000,{HEIGHT}]">'
            f'<node class="V" bounds="[0,0][1000,{HEIGHT}]">{tiles}</node></node></hierarchy>'
        )
    )


@settings(max_examples=40, deadline=None)
@given(
    labels=st.lists(
        st.sampled_from(["Desk lamp", "Plant", "Cable tray", "Mug"]), min_size=1, max_size=4
    ),
    cut=st.integers(20, 100),
    web=st.booleans(),
)
def test_a_page_turned_excuses_only_what_the_dumps_cannot_prove(
    labels: list[str], cut: int, web: bool
) -> None:
    old = _shot(labels, HEIGHT - cut, web)  # the tiles cut by the bottom edge
    new = _shot(labels, cut - 120, web)  # then by the top edge
    idents = [(str(p),) for p in range(len(old.nodes))]  # the phone's: the same elements
    scrolls = [{"key": new.keys[0], "page": True}]
    excused = unproven(scrolls, new, idents, old, idents)
    for i, label in enumerate(labels):
        ident = idents[2 + i]
        proven = web and labels.count(label) == 1
        assert (ident in excused) is not proven, (label, labels, web, excused)
        if ident in excused:
            assert "no label" in excused[ident]
