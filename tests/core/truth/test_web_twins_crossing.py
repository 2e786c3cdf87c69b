"""Twin tiles crossing the view (issue 18, items 3 and 5): the Article's grid dragged from
every 30 px of 1,250-1,520 by 1,940-2,040 px each way (:func:`tests.core.truth.crossing.sweep`,
graded by the phone's identity), so a row of tiles cut by the bottom edge comes to the top
edge, every tile showing the same "Add to cart" and two of them the same price.

- A tile's "Add to cart" cut by the bottom edge, then by the top one, on a page the reply
  could not measure: nothing both frames show tells it from the twin tile a fling further
  on shows the very same piece, so a new number is the safe reading, and the grader
  excuses it (:func:`tests.core.truth.page_rows.unproven`, element by element on a web
  page: stop 57's open "1,370 px by 1,998 px"). With the old grader, 48 renumbered here.
- A measured scroll (from 1,280 px by 1,960 px: "scrolled down 1960px") that moved the
  Desk mat's "$24.99", whole in both frames, exactly by its offset, read it as removed and
  added (``- text "$24.99"``, ``+ [32] text "$24.99"``): its tile cut by the bottom edge
  showed its title and price, cut by the top edge its price and button, neither all of the
  other's texts. Open (a ratchet, :data:`OPEN`): a first fix, pairing two rows of a list
  where a label of one sits in the very box the measured offset puts the other's, made the
  Inbox's new mail read false edits (``~ [48] text "Ada"→"Grace"``, ``test_inbox_mail``)
  and a grid slice miss a fact (``shapes/test_grids``): taken back.
"""

from __future__ import annotations

from tests.core.truth.crossing import sweep

OPEN = {("renumbered", "ArticleActivity", "measured"): 1}
"""The measured drag from 1,280 px by 1,960 px (module docstring): open."""


def test_twin_tiles_crossing_the_view_keep_their_numbers_where_the_dumps_tell() -> None:
    cases, counts, first = sweep(range(1250, 1550, 30), range(1940, 2060, 20), ["ArticleActivity"])
    assert cases == 120
    assert dict(counts) == OPEN, list(first.values())
