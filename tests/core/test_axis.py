"""The carousel's edges (:mod:`deltarec.core.diff.axis`) are a list's edges turned a
quarter: every reading along x of boxes equals the reading along y of the boxes flipped
across the diagonal, so a carousel's evidence is a list's, and the vertical readings are
what ``row_evidence`` read before (issue 18)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.axis import across, at_edge, clear, cut_move, cut_to, flip
from deltarec.core.diff.row_content import own_texts
from deltarec.core.diff.row_placed import _label_kept
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


@st.composite
def boxes(draw: st.DrawFn) -> Bounds:
    left, top = draw(st.integers(-50, 400)), draw(st.integers(-50, 400))
    return Bounds(left, top, left + draw(st.integers(0, 300)), top + draw(st.integers(0, 300)))


@settings(max_examples=300, deadline=None)
@given(boxes(), boxes(), boxes(), boxes())
def test_sideways_is_the_vertical_reading_of_flipped_boxes(
    a: Bounds, b: Bounds, box: Bounds, other: Bounds
) -> None:
    fa, fb, fbox, fother = flip(a), flip(b), flip(box), flip(other)
    assert at_edge(a, box, side=True) == at_edge(fa, fbox)
    assert clear(a, box, side=True) == clear(fa, fbox)
    assert clear(a, box, side=True) == (not at_edge(a, box, side=True))
    assert cut_to(a, box, side=True) == flip(cut_to(fa, fbox))
    assert across(a, box, b, other, side=True) == across(fa, fbox, fb, fother)
    move = cut_move(fa, fb, fbox)
    assert cut_move(a, b, box, side=True) == (None if move is None else (move[1], move[0]))


def test_a_chip_cut_by_the_left_edge_then_whole_moved_by_its_right_edge() -> None:
    box = Bounds(0, 362, 1080, 532)  # the Feed's chips on the phone, 1,139 -> 204 lu
    was, now = Bounds(0, 382, 23, 512), Bounds(674, 382, 958, 512)
    assert cut_move(was, now, box, side=True) == (935, 0)
    assert cut_move(was, now, box) is None  # read along y, it changed width: no move


def _card_frame(box: Bounds, cards: list[tuple[Bounds, list[tuple[str, Bounds]]]]) -> Frame:
    """A carousel (or a list) of ``box`` holding ``cards`` (a box, and labels), each node
    cut to ``box`` as a dump cuts it, and left out when nothing of it shows."""

    def at(b: Bounds) -> str | None:
        left, top = max(b.left, box.left), max(b.top, box.top)
        right, bottom = min(b.right, box.right), min(b.bottom, box.bottom)
        return None if left >= right or top >= bottom else f"[{left},{top}][{right},{bottom}]"

    xml = f'<hierarchy><node class="L" scrollable="true" bounds="{at(box)}">'
    for card, labels in cards:
        if (where := at(card)) is None:
            continue
        xml += f'<node class="Card" bounds="{where}">'
        for text, b in labels:
            if (spot := at(b)) is not None:
                xml += f'<node class="T" text="{text}" bounds="{spot}"/>'
        xml += "</node>"
    return Frame(parse_uiautomator(xml + "</node></hierarchy>"))


@st.composite
def cut_cards(draw: st.DrawFn) -> tuple[Bounds, list[tuple[Bounds, list[tuple[str, Bounds]]]], int]:
    """A carousel 1,000 x 300 px, two cards side by side (the first one up to 1,600 px wide,
    its labels side by side, or stacked, in it), and a sideways move: cards and labels cut
    by one side edge or both, in one frame or both."""
    box = Bounds(0, 0, 1000, 300)
    left = draw(st.integers(-700, 700))
    width = draw(st.integers(200, 1600))
    card = Bounds(left, 0, left + width, 300)
    count = draw(st.integers(1, 3))
    labels = []
    for i in range(count):
        slot = width // count
        x = draw(st.integers(0, slot - 20))
        w = draw(st.integers(20, slot - x))
        y = draw(st.integers(0, 260))
        h = draw(st.integers(20, 300 - y))
        at = left + i * slot + x
        labels.append((f"label{i}", Bounds(at, y, at + w, y + h)))
    other = Bounds(card.right + 20, 0, card.right + 420, 300)
    cards = [(card, labels), (other, [("other", Bounds(other.left + 10, 10, other.right, 60))])]
    return box, cards, draw(st.integers(-700, 700))


def _turn(cards: list[tuple[Bounds, list[tuple[str, Bounds]]]]) -> list[tuple[Bounds, list]]:
    return [(flip(c), [(t, flip(b)) for t, b in labels]) for c, labels in cards]


def _moved(cards: list[tuple[Bounds, list[tuple[str, Bounds]]]], dx: int) -> list:
    def by(b: Bounds) -> Bounds:
        return Bounds(b.left + dx, b.top, b.right + dx, b.bottom)

    return [(by(c), [(t, by(b)) for t, b in labels]) for c, labels in cards]


@settings(max_examples=300, deadline=None)
@given(cut_cards())
def test_a_card_cut_by_a_side_edge_places_a_move_as_a_row_cut_by_the_bottom_edge(
    drawn: tuple[Bounds, list[tuple[Bounds, list[tuple[str, Bounds]]]], int],
) -> None:
    """``row_placed._label_kept`` on a carousel's card equals it on the card turned a
    quarter (a list's row): a card cut by the right edge is placed by its uncut left edge
    and two labels one beside the other, as a row cut by the bottom edge is by its top and
    two labels one above the other (issue 18: a card cut by a side edge was no evidence)."""
    box, cards, dx = drawn
    side = (_card_frame(box, cards), _card_frame(box, _moved(cards, dx)))
    upright = (
        _card_frame(flip(box), _turn(cards)),
        _card_frame(flip(box), _turn(_moved(cards, dx))),
    )
    if len(side[0].children[0]) < 1 or len(side[1].children[0]) < 1:
        return
    q, k = side[0].children[0][0], side[1].children[0][0]
    if side[0].nodes[q].bounds.left != max(0, cards[0][0].left):
        return  # the first card is out of view in the first frame
    own = own_texts(side[0], q) & own_texts(side[1], k)
    got = _label_kept(side[0], q, side[1], k, own, (dx, 0), side=True)
    assert got == _label_kept(upright[0], q, upright[1], k, own, (0, dx))
