"""The 1 MB step's second round of shortcuts (issue 19) say what the long way says.

Each shortcut is checked against the long way, kept here as it was written before it:

- :func:`~deltarec.core.observe.labels.element_positions` (a leaf's nearest host and control
  walked up, each ancestor's answer kept) against the pass that carried both through every
  node;
- :func:`~deltarec.core.diff.row_content.labels` (a big subtree read as a slice of the
  frame's labels) against the walk over the subtree;
- :func:`~deltarec.core.diff.unique_labels.label_counts` and
  :func:`~deltarec.core.diff.unique_labels.unique_at` (signatures read at C speed) against
  the generator and the comprehension over every node, in the same order;
- :func:`~deltarec.core.diff.crossed._crossings` (slots keyed by plain tuples) against the
  slots keyed by the box and the kind;
- :func:`~deltarec.core.diff.attributes._attribute_changes` (a pair that differs only in its
  box answered at once) against the loop over every field, and
  :func:`~deltarec.core.diff.compute.compute_delta`'s changes, such a pair told inline,
  against its changes with every pair asked of it;
- :func:`~deltarec.core.diff.match._uncross`, :func:`~deltarec.core.diff.row_content.
  unpair_other_rows` and :func:`~deltarec.core.diff.placeless.drop_placeless_keys` (the pairs
  they leave alone told apart first) against the loops over every pair
  (``drop_placeless_keys`` also tells a box moved exactly as its paired parent's inline);
- :func:`~deltarec.core.diff.scrolls.find_motions`'s skip of a host that itself moved:
  :func:`~deltarec.core.diff.host.host_motion` says None for every such host;

on every consecutive pair of real captures in ``fixtures/real`` (both ways), on synthetic
dumps of 20 kB and 200 kB (``benchmarks/synthetic.py``: typing, a toggle, a row inserted that
pushes the rows below it down), on generated sequences (real captures perturbed) and on
nests of wrappers moved with their parents or not (:func:`_moved_nests`).
``benchmarks/same_output.py`` holds the whole step, text, JSON and indexes, against ``main``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings

from benchmarks.synthetic import dump_pair
from deltarec.core import parse_uiautomator
from deltarec.core.diff import (
    attributes,
    compute,
    crossed,
    match,
    placeless,
    row_content,
    unique_labels,
    volatile,
)
from deltarec.core.diff.host import host_motion
from deltarec.core.diff.match import match_frames
from deltarec.core.diff.pair_evidence import Evidence, own_content
from deltarec.core.diff.row_content import kind, other_row, unpair_inside
from deltarec.core.diff.row_evidence import displacement
from deltarec.core.diff.volatile import DEFAULT_VOLATILE, Volatile
from deltarec.core.observe import labels as L
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node
from tests.core.test_big_step import REAL_DUMPS
from tests.core.test_step_memo import _sequences
from tests.core.truth.real_oracle import sequences

# ------------------------------------------------------------------ the long ways, as they were


def _element_positions_long(frame: Frame, names: list[str]) -> list[int]:
    nodes = frame.nodes
    L.labels(frame)
    titles = frame.__dict__["_label_titles"]
    interactive = [node.interactive for node in nodes]
    hosts = [i or node.role == "dialog" for i, node in zip(interactive, nodes, strict=True)]
    host_label = [""] * len(nodes)
    host_title = [""] * len(nodes)
    in_control = [False] * len(nodes)
    out = []
    for pos, parent in enumerate(frame.parents):
        if parent >= 0:
            if hosts[parent]:
                host_label[pos], host_title[pos] = names[parent], titles[parent]
            else:
                host_label[pos], host_title[pos] = host_label[parent], host_title[parent]
            in_control[pos] = interactive[parent] or in_control[parent]
        node = nodes[pos]
        if node.bounds.area == 0 and node.role != "dialog":
            continue
        if hosts[pos]:
            if not names[pos] and not node.children and L._scrim(frame, pos):
                continue
            out.append(pos)
        elif node.children or (node.role == "image" and in_control[pos]):
            continue
        elif (node.text or node.content_desc) and names[pos] not in (
            host_label[pos],
            host_title[pos],
        ):
            out.append(pos)
    return _unwrapped_long(frame, names, out)


def _unwrapped_long(frame: Frame, names: list[str], positions: list[int]) -> list[int]:
    """``positions`` less each plain button whose nearest kept element above it is a button
    of its name (:mod:`deltarec.core.observe.wrapped`), with a stack of the open ones."""
    out: list[int] = []
    open_: list[int] = []
    for pos in positions:
        while open_ and frame.subtree_end(open_[-1]) <= pos:
            open_.pop()
        node = frame.nodes[pos]
        if (
            open_
            and node.role == "button"
            and not node.checkable
            and names[pos]
            and names[open_[-1]] == names[pos]
            and frame.nodes[open_[-1]].role == "button"
        ):
            continue
        out.append(pos)
        open_.append(pos)
    return out


def _row_labels_long(frame: Frame, pos: int) -> frozenset[str]:
    return frozenset(
        n.text if n.text and not (n.role == "textbox" or n.password) else n.content_desc
        for n in frame.nodes[pos : frame.subtree_end(pos)]
        if n.content_desc or (n.text and not (n.role == "textbox" or n.password))
    )


def _label_counts_long(frame: Frame) -> Counter[tuple[str, str, str]]:
    return Counter(
        (n.class_name, n.text, n.content_desc) for n in frame.nodes if n.text or n.content_desc
    )


def _unique_at_long(frame: Frame) -> dict[tuple[str, str, str], int]:
    counts = _label_counts_long(frame)
    return {
        key: pos
        for pos, n in enumerate(frame.nodes)
        if (n.text or n.content_desc) and counts[key := (n.class_name, n.text, n.content_desc)] == 1
    }


def _crossings_long(prev: Frame, curr: Frame, pairs: dict[int, int]) -> list[object]:
    def slots(frame: Frame) -> dict[object, int]:
        out: dict[object, int] = {}
        for pos, node in enumerate(frame.nodes):
            if crossed._label(node) and node.bounds.area:
                out.setdefault((node.bounds, kind(node)), pos)
        return out

    moved = [
        (c, p)
        for c, p in pairs.items()
        if crossed._label(curr.nodes[c])
        and curr.nodes[c].bounds != prev.nodes[p].bounds
        and curr.nodes[c].bounds.area
    ]
    if not moved:
        return []
    old_at, new_at = slots(prev), slots(curr)
    out: list[object] = []
    for c, p in moved:
        new, old = curr.nodes[c], prev.nodes[p]
        q = old_at.get((new.bounds, kind(new)))
        r = new_at.get((old.bounds, kind(old)))
        if (
            q is None
            or r is None
            or not (crossed._edit(prev.nodes[q], new) and crossed._edit(old, curr.nodes[r]))
        ):
            continue
        top, old_top = crossed._common(curr, c, r), crossed._common(prev, p, q)
        if top < 0 or old_top < 0 or curr.nodes[top].bounds != prev.nodes[old_top].bounds:
            continue
        out.append((top, old_top, (c, p, q, r)))
    return out


def _attribute_changes_long(a: Node, b: Node, key: str, *, scrolled: bool) -> dict[str, object]:
    if a is b:
        return {}
    out: dict[str, object] = {}
    for field_name, old, new in zip(
        attributes._BESIDE_BOX, attributes._beside_box(a), attributes._beside_box(b), strict=True
    ):
        if old == new:
            continue
        if field_name == "extras":
            extras_a, extras_b = dict(old), dict(new)
            for name in sorted(extras_a.keys() | extras_b.keys()):
                ea, eb = extras_a.get(name), extras_b.get(name)
                if ea != eb and not DEFAULT_VOLATILE.is_volatile(key, name, b.resource_id):
                    out[name] = {"from": ea, "to": eb}
            continue
        name = attributes.ATTRIBUTE_OF_FIELD[field_name]
        if not DEFAULT_VOLATILE.is_volatile(key, name, b.resource_id):
            out[name] = {"from": old, "to": new}
    if not scrolled and a.bounds != b.bounds:
        out["bounds"] = {"from": a.bounds.as_list(), "to": b.bounds.as_list()}
    return dict(sorted(out.items())) if len(out) > 1 else out


def _uncross_long(prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]) -> None:
    owner = {p: c for c, p in pairs.items()}

    def vacant(frame: Frame, parent: int, taken: Callable[[int], bool], like: Node) -> bool:
        return any(
            not taken(k) and kind(frame.nodes[k]) == kind(like) for k in frame.children[parent]
        )

    for c, p in list(pairs.items()):
        cp, pp = curr.parents[c], prev.parents[p]
        if cp < 0 or pp < 0:
            continue
        was, now = pairs.get(cp), owner.get(pp)
        if was is None or now is None or was == pp:
            continue
        node = curr.nodes[c]
        if vacant(prev, was, lambda k: k in used, node) and vacant(
            curr, now, lambda k: k in pairs, node
        ):
            del pairs[c]
            used.discard(p)


def _unpair_other_rows_long(
    prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]
) -> None:
    same = curr.subtree_hashes
    for c in sorted(pairs):
        p = pairs.get(c)
        parent = curr.parents[c]
        if p is None or parent < 0 or not curr.children[c] or same[c] == prev.subtree_hashes[p]:
            continue
        if not other_row(prev, p, curr, c, pairs):
            continue
        unpair_inside(prev, p, curr, c, pairs, used)


def _drop_placeless_keys_long(ev: Evidence, used: set[int]) -> None:
    has_content = own_content(ev.curr)
    for c in sorted(ev.pairs):
        if not has_content[c] and not ev.holds(c, ev.pairs[c]):
            used.discard(ev.pairs.pop(c))


def _system_bars_long(frame: Frame) -> frozenset[int]:
    nodes, parents = frame.nodes, frame.parents
    limit = frame.obs.height * volatile.BAR_SHARE if frame.obs.height else 300
    starts = [
        pos
        for pos, node in enumerate(nodes)
        if node.resource_id
        and parents[pos] >= 0
        and node.resource_id.endswith(
            volatile._SYSTEM_UI_BAR_IDS if node.package == volatile.SYSTEM_UI else volatile._BAR_IDS
        )
    ]
    starts += [
        root
        for root in frame.roots
        if nodes[root].package == volatile.SYSTEM_UI and nodes[root].bounds.height <= limit
    ]
    return frozenset(k for pos in starts for k in range(pos, frame.subtree_end(pos)))


# ----------------------------------------------------------------------------------- the checks

_NO_ONE = Volatile(per_element=frozenset({("no such key", "bounds")}))
"""The default volatile attributes, and one learned of an element no frame has."""


def _check_frame(frame: Frame) -> None:
    assert volatile.system_bars(frame) == _system_bars_long(frame)
    names = L.labels(frame)
    for interactive_only in (False, True):
        got = L.element_positions(frame, names, interactive_only=interactive_only)
        if not interactive_only:
            assert got == _element_positions_long(frame, names)
    for pos in range(len(frame)):
        assert row_content.labels(frame, pos) == _row_labels_long(frame, pos), pos
    counts = unique_labels.label_counts(frame)
    assert list(counts.items()) == list(_label_counts_long(frame).items())  # order too
    at = unique_labels.unique_at(frame)
    assert list(at.items()) == list(_unique_at_long(frame).items())


def _keys_joined(prev: Frame, curr: Frame) -> dict[int, int]:
    """Pass 1 of the matcher: equal keys."""
    return {c: prev.pos_of[k] for c, k in enumerate(curr.keys) if k in prev.pos_of}


def _check_pair(prev: Frame, curr: Frame) -> None:
    _check_frame(prev)
    _check_frame(curr)
    joined, final = _keys_joined(prev, curr), match_frames(prev, curr)
    for pairs in (joined, final):
        assert list(crossed._crossings(prev, curr, pairs)) == _crossings_long(prev, curr, pairs)
        for c, p in pairs.items():
            for scrolled in (False, True):
                a, b, key = prev.nodes[p], curr.nodes[c], curr.keys[c]
                assert attributes._attribute_changes(
                    a, b, key, DEFAULT_VOLATILE, scrolled=scrolled
                ) == _attribute_changes_long(a, b, key, scrolled=scrolled)
        for short, long in (
            (match._uncross, _uncross_long),
            (row_content.unpair_other_rows, _unpair_other_rows_long),
        ):
            got, want = dict(pairs), dict(pairs)
            got_used, want_used = set(got.values()), set(want.values())
            short(prev, curr, got, got_used)
            long(prev, curr, want, want_used)
            assert list(got.items()) == list(want.items()) and got_used == want_used
        for threshold in (0.5, 1.0, 1.5):
            got, want = dict(pairs), dict(pairs)
            got_used, want_used = set(got.values()), set(want.values())
            placeless.drop_placeless_keys(Evidence(prev, curr, got, threshold), got_used)
            _drop_placeless_keys_long(Evidence(prev, curr, want, threshold), want_used)
            assert list(got.items()) == list(want.items()) and got_used == want_used
        for c, p in pairs.items():
            a, b = prev.nodes[p], curr.nodes[c]
            want = attributes._beside_box(a) == attributes._beside_box(b)
            assert attributes.same_beside_box(a, b) == want
        # compute_delta's pairs whose box alone changed, told inline where no box change is
        # volatile, against _attribute_changes for every pair (a learned volatile that names
        # no element here turns the inline case off).
        told = compute.compute_delta(prev, curr, pairs=dict(pairs))
        asked = compute.compute_delta(prev, curr, pairs=dict(pairs), volatile=_NO_ONE)
        assert list(told.changed.items()) == list(asked.changed.items())
        # A host that itself moved, asked outside every scroll (base (0, 0)), is no host.
        used = set(pairs.values())
        for c, p in pairs.items():
            d = displacement(prev.nodes[p].bounds, curr.nodes[c].bounds)
            if d is not None and d != (0, 0) and curr.children[c]:
                assert host_motion(prev, curr, pairs, used, c, p, (0, 0), set()) is None


def _real_pairs() -> Iterator[tuple[str, bytes, bytes]]:
    for name, seq in sequences(REAL_DUMPS):
        for a, b in pairwise(seq):
            yield f"{name}:{a.name}", a.read_bytes(), b.read_bytes()
            yield f"{name}:{b.name}<-", b.read_bytes(), a.read_bytes()


def _synthetic_pairs() -> Iterator[tuple[str, bytes, bytes]]:
    for size in (20_000, 200_000):
        before, after = dump_pair(size)
        yield f"synthetic {size:,} B", before.encode(), after.encode()
        yield f"synthetic {size:,} B<-", after.encode(), before.encode()


@pytest.mark.parametrize(
    "prev,curr",
    [pytest.param(a, b, id=name) for name, a, b in [*_real_pairs(), *_synthetic_pairs()]],
)
def test_big_step_walks_say_what_the_long_way_says(prev: bytes, curr: bytes) -> None:
    _check_pair(Frame(parse_uiautomator(prev)), Frame(parse_uiautomator(curr)))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_sequences())
def test_big_step_walks_on_generated_steps(dumps: list[str]) -> None:
    frames = [Frame(parse_uiautomator(d)) for d in dumps]
    for prev, curr in pairwise(frames):
        _check_pair(prev, curr)


def _moved_nests(seed: int) -> tuple[str, str]:
    """Two dumps of one random nest of wrappers (most show nothing: their keys are their
    place) and labels, each box in the second moved with its parent, on its own, or not at
    all, by a step or by a page (some grown or shrunk): the shortcuts' ground where a
    parent's pair is dropped before its child is weighed."""
    rng = random.Random(seed)
    shifts = (0, 40, -40, 700, -700)
    parts: list[tuple[str, str]] = []

    def node(depth: int, move: tuple[int, int], label: int) -> int:
        x, y = rng.randrange(0, 900), rng.randrange(0, 2200)
        w, h = rng.randrange(1, 180), rng.randrange(1, 200)
        how = rng.random()
        if how < 0.5:
            dx, dy = move
        elif how < 0.8:
            dx, dy = rng.choice(shifts), rng.choice(shifts)
        else:
            dx = dy = 0
        grow = rng.choice((0, 0, 0, 30, -1))  # a box that grew (or shrank) on its move
        text = f' text="t{label}"' if rng.random() < 0.25 else ""
        cls = "android.widget.TextView" if text else rng.choice(("F", "L"))
        attrs = f'class="{cls}"{text}'
        parts.append(
            (
                f'<node {attrs} bounds="[{x},{y}][{x + w},{y + h}]">',
                f'<node {attrs} bounds="[{x + dx},{y + dy}][{x + w + dx},{y + h + dy + grow}]">',
            )
        )
        label += 1
        for _ in range(rng.randrange(0, 4) if depth < 4 else 0):
            label = node(depth + 1, (dx, dy), label)
        parts.append(("</node>", "</node>"))
        return label

    for _ in range(rng.randrange(1, 4)):
        node(1, (0, 0), len(parts))
    head = '<hierarchy rotation="0"><node class="W" bounds="[0,0][1080,2400]">'
    before, after = zip(*parts, strict=True)
    return (
        head + "".join(before) + "</node></hierarchy>",
        head + "".join(after) + "</node></hierarchy>",
    )


NESTS = 300
"""Seeds of :func:`_moved_nests` (a box moved exactly as its parent, whose pair was dropped:
91 of them fail where ``drop_placeless_keys`` reads a parent's move without its pair, 155
where it weighs the top-left corner alone)."""


def test_big_step_walks_on_moved_nests() -> None:
    for seed in range(NESTS):
        prev, curr = (Frame(parse_uiautomator(d)) for d in _moved_nests(seed))
        _check_pair(prev, curr)
        _check_pair(curr, prev)


def test_same_beside_box_reads_every_field_but_the_box() -> None:
    """Each own field but the box, changed alone, makes two nodes differ; the box does not."""
    base = Node(role="text", class_name="T", text="a", extras=(("index", "0"),))
    assert attributes.same_beside_box(base, replace(base, bounds=Bounds(0, 0, 9, 9)))
    for name in attributes._BESIDE_BOX:
        value = getattr(base, name)
        other = (
            not value
            if isinstance(value, bool)
            else (("index", "1"),)
            if name == "extras"
            else value + "x"
        )
        assert not attributes.same_beside_box(base, replace(base, **{name: other})), name


def _barred(seed: int) -> str:
    """A dump of a few windows, of System UI or an app, short or tall, whose nodes carry ids
    of bars, of a bar's parts, or of nothing like them (:func:`test_system_bars_on_barred`)."""
    rng = random.Random(seed)
    ids = [*volatile._SYSTEM_UI_BAR_IDS, ":id/title", ":id/clock_face", ""]
    windows = []
    for _ in range(rng.randrange(1, 4)):
        package = rng.choice((volatile.SYSTEM_UI, "com.app"))
        high = rng.choice((84, 2400))
        kids = "".join(
            f'<node class="V" package="{package}" resource-id="{package}{rng.choice(ids)}"'
            f' bounds="[0,0][9,{rng.randrange(1, 90)}]"/>'
            for _ in range(rng.randrange(0, 6))
        )
        windows.append(
            f'<node class="W" package="{package}" bounds="[0,0][1080,{high}]">{kids}</node>'
        )
    return '<hierarchy rotation="0">' + "".join(windows) + "</hierarchy>"


BARRED = 200
"""Seeds of :func:`_barred` (73 of them fail where :func:`~deltarec.core.diff.volatile.
system_bars` tells the ids of a bar by the app's list alone)."""


def test_system_bars_on_barred() -> None:
    for seed in range(BARRED):
        frame = Frame(parse_uiautomator(_barred(seed)))
        assert volatile.system_bars(frame) == _system_bars_long(frame), seed
