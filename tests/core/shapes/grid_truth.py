"""What a delta of a :mod:`tests.core.shapes.grids` step must say, by the phone's truth.

Each node's identity is its view's ``look`` (the dumps never show it); a step knows which
container its swipe scrolled, by how much, and which items it put in. Both input paths
(the XML dump, and element dicts, :func:`tests.core.dict_truth.on_xml`), with and
without the gesture told. Classes, counted per step by :mod:`benchmarks.bench_grids`:

- **duplicate**: an element in both frames listed twice, ``-`` and ``+``;
- **false**: an element in both frames listed once, ``+`` or ``-`` (a tile that stayed);
  or paired with another element that showed something else (a ``~`` that is false);
- **missed**: an item put in paired with an element that was there;
- **wrong-scroll**: the container that moved stated with another offset, a page where an
  element of it stayed in view, or not at all; a scroll stated where nothing scrolled
  (rows put in read as a scroll: a container that grew);
- **wrong-container**: the scroll stated on another container than the one under the
  swipe that moved (an outer list for a carousel, the page for its inner list);
- **unsaid**: a swipe told that moved nothing, with no ``↕ nothing scrolled`` line, or one
  that names a scrollable when the swipe started on none, or none when it started on one.

Only nodes that show something (a text or a description) are asked about pairing: a
wrapper's pairing is no fact a reply states; and a node left unpaired only where the dumps
can show it is one element (:func:`_provable`: its label shown once, or its item whole in
both and alone in what it shows).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from deltarec.core.capture import frame_cache
from deltarec.core.capture.element_dicts import observation_to_elements
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.virtual.render_xml import render_dump
from deltarec.core.devices.virtual.views import View
from deltarec.core.diff.compute import Delta, Scroll
from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.row_content import texts
from deltarec.core.observe.frame import Frame
from deltarec.core.observer import DeltaResult, observe_delta
from tests.core.dict_truth import on_xml
from tests.core.real_scrolls.grading import scroll_fits
from tests.core.shapes.grids import NEW_KEY, Step, windows

CLASSES = ("duplicate", "false", "missed", "wrong-scroll", "wrong-container", "unsaid")
SLACK = 2


@dataclass(frozen=True, slots=True)
class Said:
    """One path's reading of a step: the delta in the XML frames' positions and the text."""

    delta: Delta
    text: str
    at: dict[int, int]
    """[number] -> position in the second XML frame."""


def keys(root: View) -> list[str]:
    """Each node's identity in document order (the dump's order)."""
    out: list[str] = []

    def walk(v: View) -> None:
        out.append(v.look)
        for k in v.children:
            walk(k)

    walk(root)
    return out


def _gesture(step: Step) -> Gesture:
    return Gesture(step.x1, step.y1, step.x2, step.y2, 300, step.clamped)


def said(step: Step, path: str, told: bool) -> tuple[Frame, Frame, Said]:
    """The XML frames of the step and what ``path`` ("xml" / "dicts") said of it."""
    before = windows(step.scene, step.before)
    after = windows(step.scene, step.after())
    prev = Frame(parse_uiautomator(render_dump(before)))
    curr = Frame(parse_uiautomator(render_dump(after)))
    g = _gesture(step) if told else None
    if path == "xml":
        got = observe_delta(prev, curr, max_lines=None, gesture=g)
        at = {n: pos for pos, n in got.index.number_of.items()}
        return prev, curr, Said(got.delta, got.text, at)
    frame_cache.clear()
    ep, ec = observation_to_elements(prev.obs), observation_to_elements(curr.obs)
    fp = frame_cache.frame_of(ep)
    fc = frame_cache.frame_of(ec, like=(ep, fp))
    if fc is fp:
        fc = Frame(fc.obs)
    res: DeltaResult = observe_delta(fp, fc, max_lines=None, gesture=g)
    at = {n: pos - 1 for pos, n in res.index.number_of.items()}
    return prev, curr, Said(on_xml(res.delta, prev, curr), res.text, at)


def grade(step: Step, path: str = "xml", told: bool = True) -> list[tuple[str, str]]:
    """The violations (class, detail) of ``path``'s reading of ``step``."""
    prev, curr, got = said(step, path, told)
    kp = keys(windows(step.scene, step.before)[0].root)
    kc = keys(windows(step.scene, step.after())[0].root)
    assert len(kp) == len(prev) and len(kc) == len(curr), (len(kp), len(prev))
    excused: set[str] = set()
    scrolls = list(_scrolls(step, got, kp, kc, told, excused))
    return list(_pairing(got.delta, kp, kc)) + scrolls


def _shows(frame: Frame, pos: int) -> bool:
    n = frame.nodes[pos]
    return bool(n.text or n.content_desc)


def _label(frame: Frame, pos: int) -> tuple[str, str]:
    return (frame.nodes[pos].text, frame.nodes[pos].content_desc)


def _pairing(d: Delta, kp: list[str], kc: list[str]) -> Iterator[tuple[str, str]]:
    at_p = {k: p for p, k in enumerate(kp)}
    added, removed = set(d.added), set(d.removed)
    for c, k in enumerate(kc):
        if not _shows(d.curr, c):
            continue
        p = at_p.get(k)
        q = d.pairs.get(c)
        if p is None:
            if q is not None and NEW_KEY.search(k) and _label(d.curr, c) != _label(d.prev, q):
                yield "missed", f"new {k} paired with {kp[q]}"
            continue
        if q is not None and q != p:
            if kp[q] and _label(d.curr, c) != _label(d.prev, q):
                yield "false", f"{k} paired with {kp[q]}"
            continue
        if q is None and not _provable(d, kp, kc, p, c):
            continue
        if q is None:
            if p in removed and c in added:
                yield "duplicate", f"{k} listed - and +"
            else:
                yield "false", f"{k} stayed, listed {'+' if c in added else 'unpaired'}"


def _provable(d: Delta, kp: list[str], kc: list[str], p: int, c: int) -> bool:
    """Whether the dumps alone can show that ``p`` and ``c`` are one element: what it shows
    no other node of either frame shows, or its item (the tile or row it is part of) is
    whole in both frames (the same size) and shows what no other item beside it shows in
    either. A tile cut to its "Add to cart" at the list's edge, a tile put in above it cut
    to the same strip, may as well be the one that stayed there."""
    said = _label(d.curr, c)
    if (
        sum(_label(d.prev, q) == said for q in range(len(d.prev))) == 1
        and sum(_label(d.curr, q) == said for q in range(len(d.curr))) == 1
    ):
        return True
    item = kc[c].split("/", 1)[0]
    ip, ic = kp.index(item), kc.index(item)
    a, b = d.prev.nodes[ip].bounds, d.curr.nodes[ic].bounds
    if (a.width, a.height) != (b.width, b.height):
        return False
    return _alone(d.prev, ip) and _alone(d.curr, ic)


def _alone(frame: Frame, item: int) -> bool:
    """Whether no other child of ``item``'s parent shows the texts ``item`` shows."""
    shown = texts(frame, item)
    return all(k == item or texts(frame, k) != shown for k in frame.children[frame.parents[item]])


def _moved(step: Step) -> dict[str, int]:
    """The containers that scrolled, by how much (content offset along their axis)."""
    after = step.after()
    out = {}
    for name, off in after.offsets.items():
        if off != step.before.offsets.get(name, 0):
            out[name] = off - step.before.offsets.get(name, 0)
    return out


def _host_name(kc: list[str], frame: Frame, pos: int, names: set[str]) -> str:
    """The container a scroll entry's host stands for: a web page's wrappers are its web
    view's, a wrapper with the box of the container around it (a ScrollView's content) is
    that container's."""
    k = kc[pos]
    if k.startswith("web"):
        return "web"
    if k in names:
        return k
    box = frame.nodes[pos].bounds
    for a in frame.ancestors(pos):
        if kc[a] in names:
            return kc[a] if frame.nodes[a].bounds == box and not _shows(frame, pos) else k
    return k


def _stayed_in(d: Delta, kp: list[str], kc: list[str], host: str) -> bool:
    """Whether an element of ``host``'s content that shows something is in both frames,
    whole, and the dumps can show it is one (:func:`_provable`): a page stated where only
    twins stayed is a reading the dumps leave."""
    at_p = {k: p for p, k in enumerate(kp)}
    for c, k in enumerate(kc):
        p = at_p.get(k)
        if p is None or not _shows(d.curr, c) or not _under(kc, d.curr, c, host):
            continue
        a, b = d.prev.nodes[p].bounds, d.curr.nodes[c].bounds
        if (a.width, a.height) == (b.width, b.height) and _provable(d, kp, kc, p, c):
            return True
    return False


def _under(kc: list[str], frame: Frame, pos: int, host: str) -> bool:
    return any(kc[a] == host for a in frame.ancestors(pos))


def _scrolls(
    step: Step, got: Said, kp: list[str], kc: list[str], told: bool, excused: set[str]
) -> Iterator[tuple[str, str]]:
    """The scroll lines' violations; ``excused`` gets the containers whose stated scroll is
    another reading the dumps leave (:func:`_fits`)."""
    d = got.delta
    moved = _moved(step)
    names = set(step.after().offsets)
    stated: dict[str, Scroll] = {}
    for s in d.scrolls:
        name = _host_name(kc, d.curr, s.curr, names)
        if name in moved and name not in stated:
            stated[name] = s
            continue
        if s.most and (not told or step.target() == name):
            continue  # "at most D px": a bound that holds of none (a grid at its top)
        if _fits(step, d, s, name, told):
            excused.add(name)
        elif moved and not set(moved) <= set(stated):
            yield "wrong-container", f"scroll on {kc[s.curr]}, moved {moved}"
        else:
            yield (
                "wrong-scroll",
                f"scroll on {kc[s.curr]} ({s.dx}, {s.dy}, page={s.page}), moved {moved}",
            )
    for name, by in moved.items():
        s = stated.get(name)
        if s is None:
            if not any(_host_name(kc, d.curr, t.curr, names) != name for t in d.scrolls):
                yield "wrong-scroll", f"{name} scrolled {by}, not stated"
            continue
        along = -(s.dx if name.startswith("shelf") else s.dy)  # the content's move
        if s.page:
            if _stayed_in(d, kp, kc, name):
                yield "wrong-scroll", f"{name} scrolled {by}, stated a page"
        elif s.further:
            if abs(along) > abs(by) + SLACK or along * by < 0:
                yield "wrong-scroll", f"{name} scrolled {by}, stated {along} or further"
        elif s.most:  # "at most": the way stated (or none), no further than it
            if abs(by) > abs(along) + SLACK or along * by < 0:
                yield "wrong-scroll", f"{name} scrolled {by}, stated {along} at most"
        elif abs(along - by) > SLACK:
            if _fits(step, d, s, name, told):
                excused.add(name)
            else:
                yield "wrong-scroll", f"{name} scrolled {by}, stated {along}"
    if told and not moved and abs(step.y2 - step.y1) + abs(step.x2 - step.x1) > 16:
        line = [ln for ln in got.text.splitlines() if ln.startswith("↕ nothing scrolled")]
        on_one = step.target() or _any_scroller(step)
        if not line and not d.scrolls:
            yield "unsaid", "no '↕ nothing scrolled' line"
        elif line and ("started on nothing" in line[0]) == bool(on_one):
            yield "unsaid", f"{line[0]} (under the start: {on_one or 'nothing'})"
        elif line and step.target() and _named(got, line[0], kc) not in (step.target(), "?"):
            yield "unsaid", f"{line[0]} (the swipe's container: {step.target()})"


def _named(got: Said, line: str, kc: list[str]) -> str:
    """The container a ``nothing scrolled`` line names, as the truth names it."""
    m = re.search(r"\bon \[(\d+)\]", line)
    if m is None:  # not numbered (a web view): its role and name alone
        return "?"
    pos = got.at.get(int(m[1]), -1)
    return kc[pos].split("/", 1)[0] if pos >= 0 and kc[pos].startswith("web") else kc[pos]


def _fits(step: Step, d: Delta, s: Scroll, name: str, told: bool) -> bool:
    """Whether scroll ``s`` stated on ``name`` is another reading the dumps leave: its content
    moved by the stated offset shows, node for node, what the second dump shows
    (:func:`~tests.core.real_scrolls.grading.scroll_fits`), and a swipe told could have made
    it (it started on that container, along its axis). Items put in above a page's rows move
    them as a scroll would. The pairs are still the truth's: a reading that fits pairs
    every node the two dumps show of an element as the truth does."""
    if s.page or s.most or s.dx or name.startswith("shelf") or (told and step.target() != name):
        return False
    return scroll_fits(d.prev, s.prev, d.curr, s.curr, s.dy)


def _any_scroller(step: Step) -> str:
    """A container of either axis under the swipe's start ("" none)."""
    from deltarec.core.devices.virtual.views import swipe_target

    w = windows(step.scene, step.before)
    return swipe_target(w, step.x1, step.y1, "v") or swipe_target(w, step.x1, step.y1, "h")
