"""The session's number book, kept per screen, reads as one map of scope -> number.

``NumberBook`` keeps its numbers per (package, activity, screen), each a map of stable
key -> number, so that noting a frame is one ``dict.update``. The long way is one flat map
keyed by the whole :data:`~deltarec.core.observe.index.Scope`: generated walks over the real
captures of ``fixtures/real`` (frames indexed in a random order, each on a screen label
drawn from a few, numbered from the index before it or cold, noted or not) keep that flat
map beside the book, and after every index the book must answer every scope as the flat
map does — and nothing else (no scope the flat map lacks); and every number an index
recalled (one below the book's next when it was built) is the one the flat map had for that
element's scope, and some are (the walks revisit screens).
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deltarec.core import parse_uiautomator
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import (
    ElementIndex,
    NumberBook,
    Scope,
    build_index,
    note_numbers,
)

ROOT = Path(__file__).resolve().parents[2]
CAPTURES = sorted(
    p for p in (ROOT / "fixtures" / "real").rglob("*.xml") if p.stat().st_size < 30_000
)
SCREENS = ("", "inbox", "thread")


def _flat_note(flat: dict[Scope, int], index: ElementIndex) -> None:
    """What ``note_numbers`` wrote before the book was kept per screen (the long way)."""
    obs, keys = index.frame.obs, index.frame.keys
    for pos, number in index.number_of.items():
        flat[(obs.package, obs.activity, keys[pos], index.screen)] = number


def _book_items(book: NumberBook) -> dict[Scope, int]:
    return {
        (package, activity, key, screen): number
        for (package, activity, screen), by_key in book.by_screen.items()
        for key, number in by_key.items()
    }


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(
            st.integers(0, len(CAPTURES) - 1),
            st.sampled_from(SCREENS),
            st.booleans(),  # numbered from the index before (else: cold, the same book)
            st.booleans(),  # noted (commit)
        ),
        min_size=2,
        max_size=8,
    )
)
def test_the_book_answers_as_one_flat_map(walk: list[tuple[int, str, bool, bool]]) -> None:
    book = NumberBook()
    flat: dict[Scope, int] = {}
    previous: ElementIndex | None = None
    for capture, screen, chained, commit in walk:
        frame = Frame(parse_uiautomator(CAPTURES[capture].read_text(encoding="utf-8")))
        base = previous if chained else None
        given_before = book.next
        index = build_index(frame, previous=base, commit=commit, screen=screen)
        if base is not None:  # no pairs: every number below the book's next was recalled
            obs, keys = frame.obs, frame.keys
            for pos, number in index.number_of.items():
                if number < given_before:
                    assert flat[(obs.package, obs.activity, keys[pos], screen)] == number
        if base is None:  # a cold index has a book of its own: note into the walk's one
            index = ElementIndex(
                frame, index.names, index.elements, index.number_of, index.candidates, book, screen
            )
            if commit:
                note_numbers(index)
        if commit:
            _flat_note(flat, index)
        assert _book_items(book) == flat
        for scope, number in flat.items():
            assert book.get(scope) == number
        previous = index


def test_a_key_noted_on_one_screen_is_not_found_on_another() -> None:
    data = CAPTURES[0].read_text(encoding="utf-8")
    book = NumberBook()
    first = build_index(Frame(parse_uiautomator(data)), screen="inbox")
    first = ElementIndex(
        first.frame, first.names, first.elements, first.number_of, first.candidates, book, "inbox"
    )
    note_numbers(first)
    obs, key = first.frame.obs, first.frame.keys[first.elements[0].pos]
    assert book.get((obs.package, obs.activity, key, "inbox")) == first.elements[0].index
    assert book.get((obs.package, obs.activity, key, "thread")) is None
    assert book.get((obs.package, "another", key, "inbox")) is None


def test_an_element_that_comes_back_to_its_screen_takes_its_number_back() -> None:
    data = CAPTURES[0].read_text(encoding="utf-8")
    first = build_index(Frame(parse_uiautomator(data)), screen="inbox")
    other = build_index(
        Frame(parse_uiautomator(CAPTURES[1].read_text(encoding="utf-8"))),
        previous=first,
        screen="thread",
    )
    back = build_index(Frame(parse_uiautomator(data)), previous=other, screen="inbox")
    elsewhere = build_index(Frame(parse_uiautomator(data)), previous=back, screen="thread")
    assert [e.index for e in back.elements] == [e.index for e in first.elements]
    assert not set(e.index for e in elsewhere.elements) & set(e.index for e in first.elements)
