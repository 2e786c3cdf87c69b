"""Web labels kept across a page move together and with the finger (issue 18, item 5:
a number is never given to another element).

Generated: the Article's web page dragged from 5 offsets by 4 lengths of 1,754-2,120 px
each way (:func:`tests.core.truth.crossing.sweep`, graded by the phone's identity). A drag
that long turns a page: a node keeps its number across it on a label one node alone of
each frame shows (``deltarec.core.diff.page_labels``). Two tiles of one price, each frame
showing one of them, are two nodes: on main the old frame's "$24.99" gave its number [28]
to the new frame's (the Article from 822 px, 2,120 px: the tiles' images moved 2,016 px or
further, the price 1,484 px), 6 reuses in these 40 drags. Now the labels a page keeps must
agree on one move, and that move must have followed the finger told.
"""

from __future__ import annotations

from tests.core.truth.crossing import sweep


def test_a_label_each_frame_shows_once_keeps_no_number_for_another_tile() -> None:
    cases, counts, first = sweep(range(822, 2000, 274), range(1754, 2200, 122), ["ArticleActivity"])
    assert cases == 40
    reuse = {k: n for k, n in counts.items() if k[0] == "reuse"}
    assert reuse == {}, [first[k] for k in reuse]
