"""The 1 MB step's shortcuts (issue 19, per-node cost) say what the long way says.

Each shortcut is checked against the long way, kept here as it was written before it:

- :func:`~deltarec.core.diff.compute._moves` (parents compared through maps, a sibling run
  checked by its old positions instead of ranked) against the rank-per-group original;
- :attr:`~deltarec.core.observe.frame.Frame.places` (positions alone) against the
  ``(position, left, top)`` lists it was;
- :func:`~deltarec.core.observe.labels.labels` (layouts named in one pass, lengths read at C
  speed) against the loop over every node it was;
- :func:`~deltarec.core.observer._shown_texts` (counted at C speed) against the generator it
  was, in the same order;
- :meth:`~deltarec.core.diff.volatile.Volatile.is_volatile` with nothing learned per element
  (the name alone decides: asked for every pair a big step moved) against the full rule;
- :func:`~deltarec.core.render.change_lines.listed_changes` (changes no line says, left out
  before the selection and the reading order weigh them) against no filter at all;

on every consecutive pair of real captures in ``fixtures/real`` (both ways), on synthetic
dumps of 20 kB to 1 MB (``benchmarks/synthetic.py``: typing, a toggle, a row inserted that
pushes a thousand nodes down), and on generated sequences (real captures perturbed: subtrees
moved, dropped and doubled, texts and flags changed, siblings reordered, boxes shifted), with
generated pairings too for ``_moves`` (any one-to-one pairs: moves between parents and
reorders). The shortcuts that skip work for a node object the frame before had (one parse
reuses the last one's nodes: the identity memo by object, ``compute_delta``'s pair of one
object) are checked by a step after steps against a cold one (``test_step_memo.py``), here
on the big synthetic dumps and every real pair.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.synthetic import dump_pair
from deltarec.core import observe_delta, parse_uiautomator
from deltarec.core.capture import dump_scan
from deltarec.core.diff import compute
from deltarec.core.diff.match import match_frames
from deltarec.core.diff.volatile import Volatile, system_bars
from deltarec.core.observe import identity
from deltarec.core.observe import labels as L
from deltarec.core.observe.borrowed import unshared
from deltarec.core.observe.frame import Frame
from deltarec.core.observer import _shown_texts
from deltarec.core.render import delta_text
from deltarec.core.render.change_lines import tapped_changes
from tests.core.test_step_memo import _sequences
from tests.core.truth.real_oracle import sequences

REAL_DUMPS = Path(__file__).resolve().parents[2] / "fixtures" / "real"
SYNTHETIC = [(size, seed) for size in (20_000, 200_000, 1_000_000) for seed in (0, 1)]


# ------------------------------------------------------------------ the long ways, as they were


def _moves_long(prev: Frame, curr: Frame, pairs: dict[int, int]) -> dict[int, tuple[int, int]]:
    moved: dict[int, tuple[int, int]] = {}
    groups: list[tuple[int, list[int]]] = [(-1, curr.roots)]
    groups += [(c, kids) for c, kids in enumerate(curr.children) if kids and c in pairs]
    for c, p in pairs.items():
        cp = curr.parents[c]
        expected = pairs.get(cp, -2) if cp >= 0 else -1
        if prev.parents[p] != expected:
            moved[c] = (prev.parents[p], prev.sibling_index[p])
    for parent, kids in groups:
        stayed = [k for k in kids if k in pairs and k not in moved]
        if len(stayed) < 2:
            continue
        old_parent = pairs[parent] if parent >= 0 else -1
        old_siblings = prev.children[old_parent] if old_parent >= 0 else prev.roots
        rank = {p: i for i, p in enumerate(old_siblings)}
        seq = [rank[pairs[k]] for k in stayed]
        if all(a < b for a, b in pairwise(seq)):
            continue
        keep = compute._longest_increasing(seq)  # unchanged: only _moves was
        for i, k in enumerate(stayed):
            if i not in keep:
                moved[k] = (old_parent, seq[i])
    return moved


def _places_long(frame: Frame) -> dict[tuple[bytes, int, int], list[tuple[int, int, int]]]:
    out: dict[tuple[bytes, int, int], list[tuple[int, int, int]]] = {}
    for pos, (node, content) in enumerate(zip(frame.nodes, frame.subtree_hashes, strict=True)):
        b = node.bounds
        if b.area > 0:
            out.setdefault((content, b.width, b.height), []).append((pos, b.left, b.top))
    return out


def _shown_texts_long(frame: Frame) -> Counter[str]:
    bars = system_bars(frame)
    return Counter(
        t
        for pos, node in enumerate(frame.nodes)
        if pos not in bars
        for t in (node.content_desc, "" if node.editable else node.text)
        if t
    )


def _labels_long(frame: Frame) -> list[str]:
    nodes, parents = frame.nodes, frame.parents
    # Most nodes are named by their own text or description: those in one pass at C speed,
    # then only the rest (and the names too long) one by one.
    titles = [node.text or node.content_desc for node in nodes]
    names = titles.copy()
    inside: list[bool] | None = None  # made when the first control without a title asks
    # The first text below a node, by position: a row's, asked again by each control in it.
    below: dict[int, str] = {}
    lent: dict[int, str] = {}  # per control that shows no text, what it borrows
    for pos in [pos for pos, title in enumerate(titles) if not title]:
        node = nodes[pos]
        title = name = ""
        if node.role in L._NAMED_BY_CONTENT:
            if frame.children[pos]:
                title = below[pos] = L._first_text_below(frame, pos)
                if inside is None:
                    inside = L.in_scrolling(frame)
                if L.is_row(frame, pos, inside):
                    name = L.NAME_SEPARATOR.join(L.shown_texts(frame, pos))
            own, ancestor = title, parents[pos]
            for _ in range(L.ANCESTOR_LEVELS):
                if ancestor < 0 or title or L.scrolls_by_nature(nodes[ancestor]):
                    break  # a list's first text belongs to another row
                title = below.get(ancestor, "") or L._first_text_below(frame, ancestor)
                below[ancestor] = title
                ancestor = parents[ancestor]
            if not own:  # borrowed (or nothing): named after the walk
                lent[pos] = title
                continue
        if not title and node.resource_id:
            title = node.resource_id.rsplit("/", 1)[-1]
        titles[pos] = title
        names[pos] = name or title
    unshared(frame, names, lent)  # a text another element is called by is not borrowed
    for pos, title in lent.items():
        if not title and nodes[pos].resource_id:
            title = nodes[pos].resource_id.rsplit("/", 1)[-1]
        titles[pos] = names[pos] = title
    for pos in [pos for pos, name in enumerate(names) if len(name) > L.MAX_LABEL]:
        names[pos] = L._cut(names[pos])
    for pos in [pos for pos, title in enumerate(titles) if len(title) > L.MAX_LABEL]:
        titles[pos] = L._cut(titles[pos])
    frame.__dict__["_label_titles"] = titles
    return names


def _all_changes(d: compute.Delta, in_dialog: object) -> dict[int, dict[str, object]]:
    return {
        c: ch
        for c, ch in tapped_changes(d).items()
        if c not in d.quiet_curr and c not in in_dialog  # type: ignore[operator]
    }


# ----------------------------------------------------------------------------------- the pairs


def _real_pairs() -> Iterator[tuple[str, bytes, bytes]]:
    for name, seq in sequences(REAL_DUMPS):
        for a, b in pairwise(seq):
            yield f"{name}:{a.name}", a.read_bytes(), b.read_bytes()
            yield f"{name}:{b.name}<-", b.read_bytes(), a.read_bytes()


def _synthetic_pairs() -> Iterator[tuple[str, bytes, bytes]]:
    for size, seed in SYNTHETIC:
        before, after = dump_pair(size, seed=seed)
        yield f"synthetic {size:,} B seed {seed}", before.encode(), after.encode()


def _check_frames(prev: Frame, curr: Frame, pairs: dict[int, int]) -> None:
    """Every shortcut of a frame pair against its long way."""
    assert compute._moves(prev, curr, pairs) == _moves_long(prev, curr, pairs)
    for frame in (prev, curr):
        nodes = frame.nodes
        assert {
            key: [(q, nodes[q].bounds.left, nodes[q].bounds.top) for q in spots]
            for key, spots in frame.places.items()
        } == _places_long(frame)
        names = _labels_long(frame)
        titles = frame.__dict__.pop("_label_titles")
        assert L.labels(frame) == names and frame.__dict__["_label_titles"] == titles
        shown = _shown_texts(frame)
        assert list(shown.items()) == list(_shown_texts_long(frame).items())  # order too


def _check_text(prev: bytes, curr: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    """The delta, text and JSON, with the changes no line says left out early and without."""
    short = observe_delta(parse_uiautomator(prev), parse_uiautomator(curr))
    with monkeypatch.context() as m:
        m.setattr(delta_text, "listed_changes", _all_changes)
        long = observe_delta(parse_uiautomator(prev), parse_uiautomator(curr))
    assert short.text == long.text
    assert [(e.kind, e.text, e.facts) for e in short.entries] == [
        (e.kind, e.text, e.facts) for e in long.entries
    ]


def _cases(pairs: list[tuple[str, bytes, bytes]]) -> list[object]:
    return [pytest.param(name, prev, curr, id=name) for name, prev, curr in pairs]


@pytest.mark.parametrize("name,prev,curr", _cases([*_real_pairs(), *_synthetic_pairs()]))
def test_shortcuts_say_what_the_long_way_says(
    name: str, prev: bytes, curr: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    fp, fc = Frame(parse_uiautomator(prev)), Frame(parse_uiautomator(curr))
    _check_frames(fp, fc, match_frames(fp, fc))
    _check_text(prev, curr, monkeypatch)
    # Every leaf of every frame shares one children list: nothing down the pipeline (match,
    # delta, index, render, JSON) may have appended to it.
    assert identity._NO_CHILDREN == []
    assert all(kids is identity._NO_CHILDREN for kids in fc.children if not kids)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_sequences(), st.randoms(use_true_random=False))
def test_shortcuts_on_generated_steps_and_pairings(dumps: list[str], rnd: object) -> None:
    frames = [Frame(parse_uiautomator(d)) for d in dumps]
    for prev, curr in pairwise(frames):
        _check_frames(prev, curr, match_frames(prev, curr))
        # Any one-to-one pairing: nodes moved between parents, siblings reordered.
        olds = list(range(len(prev)))
        rnd.shuffle(olds)  # type: ignore[attr-defined]
        news = rnd.sample(range(len(curr)), min(len(curr), len(prev)))  # type: ignore[attr-defined]
        pairs = dict(zip(news, olds, strict=False))
        assert compute._moves(prev, curr, pairs) == _moves_long(prev, curr, pairs)
        # The matcher's pairs with two paired siblings swapped: one reorder in an order
        # otherwise kept (the shortcut's check must see one adjacent inversion).
        pairs = match_frames(prev, curr)
        runs = [[k for k in kids if k in pairs] for kids in curr.children]
        runs = [run for run in runs if len(run) > 1]
        if runs:
            run = rnd.choice(runs)  # type: ignore[attr-defined]
            i = rnd.randrange(len(run) - 1)  # type: ignore[attr-defined]
            pairs[run[i]], pairs[run[i + 1]] = pairs[run[i + 1]], pairs[run[i]]
            assert compute._moves(prev, curr, pairs) == _moves_long(prev, curr, pairs)


@pytest.mark.parametrize("name,prev,curr", _cases([*list(_real_pairs())[::2], *_synthetic_pairs()]))
def test_a_step_after_the_dump_before_equals_a_cold_step(
    name: str, prev: bytes, curr: bytes
) -> None:
    # Warm: the parser gives back the before-dump's node objects, the frames look their
    # hashes up by object, compute_delta skips a pair of one object. Cold: nothing shared.
    dump_scan.clear()
    a = parse_uiautomator(prev)
    warm = observe_delta(a, parse_uiautomator(curr))
    dump_scan.clear()
    a = parse_uiautomator(prev)
    dump_scan.clear()
    b = parse_uiautomator(curr)
    identity.clear()
    fa = Frame(a)
    identity.clear()
    cold = observe_delta(fa, Frame(b))
    assert warm.text == cold.text
    assert json.dumps(warm.diff, sort_keys=True) == json.dumps(cold.diff, sort_keys=True)


_WORDS = st.sampled_from(["", "text", "bounds", "index", "k1", "app:id/a", "id:app:id/a"])


@settings(max_examples=200, deadline=None)
@given(
    st.frozensets(_WORDS),
    st.frozensets(st.tuples(_WORDS, _WORDS)),
    _WORDS,
    _WORDS,
    _WORDS,
)
def test_is_volatile_with_nothing_learned_is_the_full_rule(
    names: frozenset[str], per_element: frozenset[tuple[str, str]], key: str, attr: str, rid: str
) -> None:
    # The fast path (no per-element entry: the name alone decides) against the rule in full.
    v = Volatile(names, per_element)
    full = (
        attr in names
        or (key, attr) in per_element
        or (bool(rid) and (f"id:{rid}", attr) in per_element)
    )
    assert v.is_volatile(key, attr, rid) == full
