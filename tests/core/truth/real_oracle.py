"""An oracle for real captures that needs no expected text.

Three rules, each a fact any correct delta between two dumps of one phone must respect:

1. **Persisted.** A node whose content signature (class, resource id, text, description,
   size) is unique in both frames and shows something (a text or a description) is the
   same node: the delta pairs the two, never reports it added or removed.
2. **Text changes.** A ``~ text A→B`` (a ``text`` change in the JSON) where a node of the
   same class and id still shows A, or already showed B, is a false pairing.
3. **Scrolls.** Three or more persisting nodes (rule 1) that moved by the same offset
   inside a container that did not move (a node of its class, id and box is in both
   frames), with no persisting node of that container staying put — or at most one for
   four that moved (a sticky header) — are a scroll of that offset: one scroll entry
   of a host around them says so, within :data:`SLACK` px, and only one.

Rule 1 has one exception, the frames' own evidence against it (grader decision, issue 18:
a trading app's history whose instrument comes back row after row): a node that the
content of its scroller carried wholly out of the scroller's box, by the offset rule 3's
measure gives that scroller's persisting nodes (:func:`content_moves`), is not the node
that the same offset brought in from wholly outside it, however alike the two are
(:func:`left_view`, :func:`came_into_view`). One row of "Alder Corp 0.00%→20.00%" left at
the top as its twin came in at the bottom: two rows, each unique in its frame.

:func:`sequences` lists the consecutive captures of ``fixtures/real`` (each flow, and each
run of ``corpus/``); :func:`violations` grades one pair.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.compute import Delta, compute_delta
from deltarec.core.diff.observation_diff import to_json
from deltarec.core.diff.types import ScrollEntry
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node

SLACK = 2
AGREEMENT = 4
"""Moved nodes per stayed node a scroll tolerates (a sticky header stays)."""

Signature = tuple[str, str, str, str, int, int]


def sequences(root: Path) -> list[tuple[str, list[Path]]]:
    """Every sequence of consecutive captures under ``root`` (``fixtures/real``)."""
    out: list[tuple[str, list[Path]]] = []
    for folder in sorted(p for p in root.rglob("*") if p.is_dir()):
        files = sorted(folder.glob("*.xml"))
        runs: dict[str, list[tuple[int, Path]]] = defaultdict(list)
        for f in files:
            m = re.fullmatch(r"(.*?)_?(\d+)\.xml", f.name)
            if m:
                runs[m[1]].append((int(m[2]), f))
        for prefix, numbered in sorted(runs.items()):
            numbered.sort()
            # only captures one action apart (a run may skip a number)
            seq: list[Path] = []
            last = None
            for n, f in numbered:
                if last is not None and n != last + 1 and len(seq) > 1:
                    out.append((f"{folder.relative_to(root)}/{prefix}", seq))
                    seq = []
                elif last is not None and n != last + 1:
                    seq = []
                seq.append(f)
                last = n
            if len(seq) > 1:
                out.append((f"{folder.relative_to(root)}/{prefix}", seq))
    return out


def load(path: Path) -> Frame:
    return Frame(parse_uiautomator(path.read_bytes()))


def _sig(n: Node) -> Signature:
    b = n.bounds
    return (n.class_name, n.resource_id, n.text, n.content_desc, b.width, b.height)


def _unique(frame: Frame) -> dict[Signature, int]:
    counts = Counter(_sig(n) for n in frame.nodes)
    return {
        _sig(n): i
        for i, n in enumerate(frame.nodes)
        if counts[_sig(n)] == 1
        and (n.text or n.content_desc)
        and n.bounds.area > 0
        and not _editable(n)
    }


def _editable(n: Node) -> bool:
    """A field: its text is typed or a hint, no sign of which node it is."""
    return "EditText" in n.class_name


def persisted(prev: Frame, curr: Frame) -> list[tuple[int, int]]:
    """(prev position, curr position) of the nodes rule 1 says persisted, but those whose
    content the other frame also shows in a smaller box (:func:`_cut_elsewhere`).

    Grader decision (issue 18, ``contacts-manual/08``): a signature unique in both frames
    is not yet one node when the other frame shows the same content (class, id, text,
    description) in a box smaller each way: an edge may have cut the node to that box, and
    then the node of its full size is another node that shows the same. The contact editor
    scrolled 825 px (``tests/core/real_scrolls/tall_rows.py``): its first phone's type
    spinner "Phone" (394 x 142, holding "Mobile") went under the list's top edge, 19 px of
    it left (at 210, holding "Mobile": 912 − 825 = 87, cut to 210..229, the move every
    whole label of the form makes), and the second phone's spinner "Phone" (holding
    "Home") came in whole at the bottom. The rule said the whole one was the first; the
    dump shows it holds another label, and the cut one sits where the scroll puts the
    first. Only a cut box that shows nothing but what the node showed counts: a new phone
    row cut by the bottom edge, its spinner holding "Home" (``contacts-agent/09``), leaves
    the whole spinner holding "Mobile" one node. On the 43 consecutive pairs of
    ``fixtures/real`` it drops none (227 persisted before and after)."""
    a, b = _unique(prev), _unique(curr)
    places_p, places_c = _places(prev), _places(curr)
    return [
        (a[s], b[s])
        for s in a.keys() & b.keys()
        if not (
            _cut_elsewhere(curr, places_c, s, _shown(prev, a[s]))
            or _cut_elsewhere(prev, places_p, s, _shown(curr, b[s]))
            or _edge_sized(prev, places_p, a[s], curr, places_c, b[s])
        )
    ]


def _edge_sized(
    prev: Frame, places_p: Places, p: int, curr: Frame, places_c: Places, c: int
) -> bool:
    """Whether nodes ``p`` and ``c``, one signature, are each cut by the same edge of
    their scroller (:func:`_cut`) while a frame shows their content in a larger box: the
    size they share is the edge's, not a node's.

    Grader decision (issue 18, ``settings-airplane/04``, "Hotspot & tethering" stretched
    over its list, scrolled 215 px, :mod:`tests.core.real_scrolls.tall_rows`): its "Off"
    summary cut to 25 px by the bottom edge, then whole 215 px up, and "Data Saver"'s "Off"
    come in cut to the same 25 px at the same place. Too few labels persist for rule 3 to
    measure the move that :func:`_cut_copy` places the cut one by, so rule 1 took the two
    cut boxes for one node. A cut box's size is the edge's (the decision of
    :func:`_cut_copy`): two labels cut alike by one edge are one node only as far as their
    own edges say, and where the same content is shown larger, it may be either."""
    cut = _cut(prev, p)
    if cut == (False, False) or cut != _cut(curr, c):
        return False
    n = prev.nodes[p]
    key, size = (n.class_name, n.resource_id, n.text, n.content_desc), n.bounds
    return any(
        frame.nodes[q].bounds.height > size.height or frame.nodes[q].bounds.width > size.width
        for frame, places in ((prev, places_p), (curr, places_c))
        for q in places.get(key, ())
    )


Places = dict[tuple[str, str, str, str], list[int]]


def _places(frame: Frame) -> Places:
    """The positions of the nodes showing each content (class, id, text, description)."""
    out: Places = defaultdict(list)
    for i, n in enumerate(frame.nodes):
        if (n.text or n.content_desc) and n.bounds.area > 0:
            out[(n.class_name, n.resource_id, n.text, n.content_desc)].append(i)
    return out


def _shown(frame: Frame, pos: int) -> frozenset[tuple[str, str]]:
    """The labels of the subtree of ``pos``."""
    return frozenset(
        (n.text, n.content_desc)
        for n in frame.nodes[pos : frame.subtree_end(pos)]
        if n.text or n.content_desc
    )


def _cut_elsewhere(
    frame: Frame, places: Places, sig: Signature, shown: frozenset[tuple[str, str]]
) -> bool:
    """Whether ``frame`` shows ``sig``'s content in a box no larger either way, of another
    size, showing nothing but what the node showed (``shown``): the node, cut by an edge."""
    w, h = sig[4], sig[5]
    for i in places.get(sig[:4], ()):
        b = frame.nodes[i].bounds
        smaller = b.width <= w and b.height <= h and (b.width, b.height) != (w, h)
        if smaller and _shown(frame, i) <= shown:
            return True
    return False


Move = tuple[int, int, int]
"""A scroller's content move: (its position in ``curr``, dx, dy)."""


def _scroller(frame: Frame, pos: int) -> int:
    """The nearest ancestor of ``pos`` made to scroll (``scrollable``), or -1."""
    q = frame.parents[pos]
    while q >= 0 and not frame.nodes[q].scrollable:
        q = frame.parents[q]
    return q


def content_moves(prev: Frame, curr: Frame) -> dict[int, Move]:
    """``{prev scroller: (curr scroller, dx, dy)}``: the offset by which rule 1's persisting
    nodes inside a scroller moved together, where rule 3 reads one (three or more, at least
    :data:`AGREEMENT` moved for one that stayed): the frames' own measure, whatever a delta
    says. A scroller whose nodes mostly stayed, or moved apart, has none."""
    votes: Counter[tuple[int, int, int, int]] = Counter()
    for p, c in persisted(prev, curr):
        sp, sc = _scroller(prev, p), _scroller(curr, c)
        if sp >= 0 and sc >= 0:
            a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
            votes[(sp, sc, b.left - a.left, b.top - a.top)] += 1
    out: dict[int, Move] = {}
    seen: set[int] = set()
    for (sp, sc, dx, dy), n in votes.most_common():
        if sp in seen:
            continue
        seen.add(sp)
        if (dx, dy) != (0, 0) and n >= 3 and n >= AGREEMENT * votes[(sp, sc, 0, 0)]:
            out[sp] = (sc, dx, dy)
    return out


def left_view(prev: Frame, curr: Frame, moves: dict[int, Move], p: int) -> bool:
    """Whether the move of its scroller's content (:func:`content_moves`) carries node ``p``
    of ``prev`` wholly out of that scroller's box in ``curr``."""
    move = moves.get(_scroller(prev, p))
    if move is None:
        return False
    sc, dx, dy = move
    b = prev.nodes[p].bounds
    return (
        Bounds(b.left + dx, b.top + dy, b.right + dx, b.bottom + dy).intersection(
            curr.nodes[sc].bounds
        )
        == 0
        and b.area > 0
    )


def came_into_view(prev: Frame, curr: Frame, moves: dict[int, Move], c: int) -> bool:
    """Whether node ``c`` of ``curr``, moved back by its scroller's content move, lies wholly
    out of that scroller's box in ``prev``: it came in from outside the view."""
    sc = _scroller(curr, c)
    for sp, (at, dx, dy) in moves.items():
        if at == sc:
            b = curr.nodes[c].bounds
            back = Bounds(b.left - dx, b.top - dy, b.right - dx, b.bottom - dy)
            return back.intersection(prev.nodes[sp].bounds) == 0 and b.area > 0
    return False


def _cut_copy(
    frame: Frame, box: int, node: Node, at: Bounds, cut: tuple[bool, bool] = (False, False)
) -> bool:
    """Whether ``frame`` shows, inside the scroller at ``box``, a node of ``node``'s class, id
    and label at ``at`` clipped to that scroller's box (within :data:`SLACK` px): ``node``
    itself, carried there by its content's move and cut by the scroller's edge. ``cut``:
    whether ``node``'s own frame cut its top, its bottom, by its scroller's edge.

    Grader decision (issue 18, Settings' "Hotspot & tethering" row at the list's bottom
    edge, its "Off" summary cut to 25 of its 53 px, the list scrolled 215 px as four titles
    unique in both frames measure): a cut edge is the scroller's, not the node's, so the
    move places only the node's own edge; there the other frame shows the same content
    whole ("Off" at 1,914, the move of its own top from 2,129), and that is the node. The
    next row's "Off", come in cut to the same 25 px at the same place, is a twin: rule 1's
    signature took the edge's cut for the node's size. The node's own edges must still be
    where the move puts them, within :data:`SLACK`."""
    v = frame.nodes[box].bounds
    want = (
        max(at.left, v.left),
        max(at.top, v.top),
        min(at.right, v.right),
        min(at.bottom, v.bottom),
    )
    top_open, bottom_open = cut
    label = (node.class_name, node.resource_id, node.text, node.content_desc)
    for q in range(box + 1, frame.subtree_end(box)):
        n = frame.nodes[q]
        if (n.class_name, n.resource_id, n.text, n.content_desc) != label:
            continue
        b = n.bounds
        sides = abs(b.left - want[0]) <= SLACK and abs(b.right - want[2]) <= SLACK
        # past a cut edge the node runs on: its own edge lies there or beyond
        top = abs(b.top - want[1]) <= SLACK or (top_open and b.top < want[1])
        bottom = abs(b.bottom - want[3]) <= SLACK or (bottom_open and b.bottom > want[3])
        if sides and top and bottom:
            return True
    return False


def gone_from(prev: Frame, curr: Frame, moves: dict[int, Move], p: int) -> bool:
    """Whether node ``p`` of ``prev`` is not the node its signature names in ``curr``: its
    content's move carried it wholly out of view (:func:`left_view`), or it is still shown
    where that move put it, cut by the scroller's edge (another size: another signature)."""
    if left_view(prev, curr, moves, p):
        return True
    move = moves.get(_scroller(prev, p))
    if move is None:
        return False
    sc, dx, dy = move
    b = prev.nodes[p].bounds
    at = Bounds(b.left + dx, b.top + dy, b.right + dx, b.bottom + dy)
    return _cut_copy(curr, sc, prev.nodes[p], at, _cut(prev, p))


def new_in(prev: Frame, curr: Frame, moves: dict[int, Move], c: int) -> bool:
    """:func:`gone_from` read backwards: node ``c`` of ``curr`` came in from outside the view
    (:func:`came_into_view`), or was shown cut where its content's move puts it back."""
    if came_into_view(prev, curr, moves, c):
        return True
    sc = _scroller(curr, c)
    for sp, (at, dx, dy) in moves.items():
        if at == sc:
            b = curr.nodes[c].bounds
            back = Bounds(b.left - dx, b.top - dy, b.right - dx, b.bottom - dy)
            return _cut_copy(prev, sp, curr.nodes[c], back, _cut(curr, c))
    return False


def _cut(frame: Frame, pos: int) -> tuple[bool, bool]:
    """Whether the top, the bottom of node ``pos`` lie on its scroller's edge (cut there)."""
    q = _scroller(frame, pos)
    if q < 0:
        return False, False
    b, v = frame.nodes[pos].bounds, frame.nodes[q].bounds
    return b.top <= v.top, b.bottom >= v.bottom


def _label(n: Node) -> str:
    return f"{n.class_name.rsplit('.', 1)[-1]} {n.text or n.content_desc!r}"


def _contains(frame: Frame, outer: int, pos: int) -> bool:
    return outer <= pos < frame.subtree_end(outer)


def _or_host(curr: Frame, s: ScrollEntry, members: list[int], dx: int, dy: int) -> bool:
    """Whether scroll entry ``s`` states, as its other reading, the scroll by (``dx``,
    ``dy``) of a container holding ``members``: a list whose top edge moved with its rows
    (``edge``), or the scroller around it (``orHost``) scrolled it all.

    Grader decision (issue 18, as :func:`tests.core.real_scrolls.transforms._outer`'s): the
    two dumps fit both readings box for box (Settings' Wi-Fi list 8 px under its scroller's
    top, scrolled 215 px: its rows moved 215 px and its top edge came onto the scroller's,
    so the list scrolled 207 px as it moved up 8, or the scroller scrolled it all), and a
    line that states both, this offset among them, states the truth. The offset must be
    the one the persisting nodes moved by, within :data:`SLACK`, exactly as rule 3 asks of
    a single reading."""
    host = s.get("orHost")
    if (
        host is None
        or host not in curr.pos_of
        or dx
        or abs(s["dy"] + s.get("edge", 0) - dy) > SLACK
    ):
        return False
    h = curr.pos_of[host]
    return all(_contains(curr, h, m) for m in members)


def violations(prev: Frame, curr: Frame, delta: Delta | None = None) -> list[str]:
    """What the delta from ``prev`` to ``curr`` states that the three rules contradict."""
    d = delta if delta is not None else compute_delta(prev, curr)
    out: list[str] = []
    same = persisted(prev, curr)
    moves: dict[int, Move] | None = None
    for p, c in same:
        if d.pairs.get(c) != p:
            moves = content_moves(prev, curr) if moves is None else moves
            if gone_from(prev, curr, moves, p) and new_in(prev, curr, moves, c):
                continue  # twins: one scrolled out, the other in (module docstring)
            how = "added" if c not in d.pairs else "paired with another"
            gone = " and removed" if p not in set(d.pairs.values()) else ""
            out.append(f"persisted {_label(curr.nodes[c])} reported {how}{gone}")
    # 2. text changes: A→B takes one A off the screen and puts one B on it
    texts_prev = Counter(n.text for n in prev.nodes)
    texts_curr = Counter(n.text for n in curr.nodes)
    for c, changes in d.changed.items():
        t = changes.get("text")
        if t is None or _editable(curr.nodes[c]):
            continue
        a, b = t["from"], t["to"]
        if texts_curr[a] >= texts_prev[a] or texts_prev[b] >= texts_curr[b]:
            why = "A still on screen" if texts_curr[a] >= texts_prev[a] else "B already was"
            out.append(f"text {a!r}→{b!r} on {_label(curr.nodes[c])}: {why}")
    # 3. scrolls
    diff = to_json(d)
    hosts = [(curr.pos_of[s["key"]], s) for s in diff["scrolls"]]
    still_prev = {(n.class_name, n.resource_id, n.bounds) for n in prev.nodes}
    groups: dict[tuple[int, int, int], list[int]] = defaultdict(list)
    stayed: Counter[int] = Counter()
    for p, c in same:
        a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
        dx, dy = b.left - a.left, b.top - a.top
        box = None
        q = curr.parents[c]
        while q >= 0:
            n = curr.nodes[q]
            if n.bounds != b and (n.class_name, n.resource_id, n.bounds) in still_prev:
                box = q
                break
            q = curr.parents[q]
        if box is None:
            continue
        if (dx, dy) == (0, 0):
            while q >= 0:  # it stayed in every container around it
                stayed[q] += 1
                q = curr.parents[q]
        else:
            groups[(box, dx, dy)].append(c)
    for (box, dx, dy), members in groups.items():
        if len(members) < 3 or len(members) < AGREEMENT * stayed[box]:
            continue
        # a box inside another group's box that moved is carried, not scrolled
        found = [
            s
            for h, s in hosts
            if all(_contains(curr, h, m) for m in members)
            and abs(s["dx"] - dx) <= SLACK
            and abs(s["dy"] - dy) <= SLACK
        ] or [s for _, s in hosts if _or_host(curr, s, members, dx, dy)]
        what = f"{len(members)} nodes moved ({dx}, {dy}) in {_label(curr.nodes[box])}"
        if not found:
            said = [
                (s["dx"], s["dy"], bool(s.get("page")))
                for h, s in hosts
                if all(_contains(curr, h, m) for m in members)
            ]
            out.append(f"{what}: no scroll of that offset (said {said})")
        elif len(found) > 1:
            out.append(f"{what}: {len(found)} scroll entries")
    return out
