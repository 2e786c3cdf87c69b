"""A label grown, shrunk or relabelled in place (issue 18, stop 59): the generator.

A Compose chat (``fixtures/ext2/nora-compose/03→04``) grew its user's bubble from "hello" to
"hello there" (the bubble, wrapping its text, widened at its free side) and relabelled its
send button's icon "Stop" → "Send"; deltarec read the bubble ``-``/``+`` (its list, a
section of the screen with nothing else in it, paired with nothing) and said nothing of the
button's new name.

:func:`cases` derives the shape from every real capture (``fixtures/real``, ``ext``,
``ext2``, ``ext3``, ``appium``), up to :data:`PER` labels a capture and kind, seeded:

- **grow**: a text leaf (one alone in its frame with that text) with a word appended
  (" there"), its box and every wrapper that hugs it (an ancestor holding it alone) widened
  by the word's width at the label's own width per character, at the side away from the
  edge of its parent the outermost wrapper sits nearer to (a right-aligned bubble grows
  left); a label with no room for it in that parent is not drawn;
- **shrink**: a text of two words or more, its last word dropped, the boxes narrowed alike;
- **relabel**: a short text or description of a leaf inside a clickable container (an
  icon's "Stop", a button's label) replaced by another word of its length (each letter a
  place on: "Stop" → "Tupq"), every box kept;
- **relabel+state**: the same, and the clickable container's ``enabled`` flipped with it (a
  send button that turned "Stop" → "Send" and disabled, as a chat's answer ended).

Nothing else is touched (the dumps rewritten with ElementTree, independent of the parser).
The truth (:func:`graded`): the label is one ``~`` of its node (its text or description),
nothing is added, removed or scrolled; a relabel's old and new words both in the delta text
(the XML path's; the container's state change is one more ``~``).
"""

from __future__ import annotations

import copy
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass

from deltarec.core.capture import frame_cache
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.compute import compute_delta
from deltarec.core.observe.frame import Frame
from deltarec.core.observer import observe_delta
from tests.core.dict_truth import dict_delta
from tests.core.fixture_dumps import xml_dumps
from tests.core.truth.labelled import _bounds, _nodes

FOLDERS = ("real", "ext", "ext2", "ext3", "appium")
PER = 2
"""Labels drawn per capture and kind."""
KINDS = ("grow", "shrink", "relabel", "relabel+state")
WORD = " there"
PADDING = 64
"""The most a wrapper that wraps its content pads it by, a side (a bubble's 37 px)."""
SHORT = 24
"""The longest label a relabel draws (a button's or an icon's word, not a paragraph)."""


@dataclass(frozen=True, slots=True)
class Case:
    capture: str
    kind: str
    where: int
    """The leaf's place among the dump's nodes (elements with ``bounds``)."""
    attr: str
    """``text`` or ``content-desc``."""


def dumps() -> tuple[tuple[str, bytes], ...]:
    return xml_dumps(FOLDERS)


def _box(el: ET.Element) -> str:
    return el.get("bounds") or ""


def _parents(root: ET.Element) -> dict[ET.Element, ET.Element]:
    return {k: p for p in root.iter() for k in p}


def _hugging(leaf: ET.Element, up: dict[ET.Element, ET.Element]) -> list[ET.Element]:
    """``leaf`` and the ancestors that hold it alone and hug it (wrappers that wrap its
    content: no wider than it by more than :data:`PADDING` a side)."""
    out = [leaf]
    while (p := up.get(out[-1])) is not None and len(p) == 1 and p.get("bounds"):
        (pl, _, pr, _), (kl, _, kr, _) = _bounds(p), _bounds(out[-1])
        if (pr - pl) - (kr - kl) > 2 * PADDING:
            break
        out.append(p)
    return out


def _resized(
    up: dict[ET.Element, ET.Element], leaf: ET.Element, by: int, apply: bool = True
) -> bool:
    """Widen (``by`` > 0) or narrow ``leaf`` and its hugging wrappers by ``by`` px at their
    free side (``apply``; else only asked); False where the parent around them has no room
    or a box would close."""
    chain = _hugging(leaf, up)
    outer = up.get(chain[-1])
    if outer is None or not outer.get("bounds"):
        return False
    ol, _, orr, _ = _bounds(outer)
    left, _, right, _ = _bounds(chain[-1])
    grow_left = orr - right < left - ol  # the outermost sits nearer its parent's right
    if by > 0 and (left - by < ol if grow_left else right + by > orr):
        return False
    if any(r - l_ + by <= 0 for l_, _, r, _ in map(_bounds, chain)):
        return False
    for el in chain if apply else ():
        l_, t, r, b = _bounds(el)
        l_, r = (l_ - by, r) if grow_left else (l_, r + by)
        el.set("bounds", f"[{l_},{t}][{r},{b}]")
    return True


def _in_field(n: ET.Element, up: dict[ET.Element, ET.Element]) -> bool:
    """Whether ``n`` is a text box or inside one (its text, or hint, is what is typed)."""
    while n is not None:
        if "EditText" in (n.get("class") or ""):
            return True
        n = up.get(n)  # type: ignore[assignment]
    return False


def _texts(root: ET.Element) -> list[tuple[int, ET.Element]]:
    """Text leaves with an area, unique in the dump, not a text box's."""
    nodes, up = _nodes(root), _parents(root)
    seen: dict[str, int] = {}
    for n in nodes:
        seen[n.get("text") or ""] = seen.get(n.get("text") or "", 0) + 1
    out = []
    for w, n in enumerate(nodes):
        text = n.get("text") or ""
        left, top, right, bottom = _bounds(n)
        if (
            not len(n)
            and text.strip()
            and seen[text] == 1
            and right > left
            and bottom > top
            and not _in_field(n, up)
            and n.get("password") != "true"
            and not (n.get("content-desc") or "").strip()
        ):
            out.append((w, n))
    return out


def _relabels(root: ET.Element) -> list[tuple[int, str]]:
    """Short labels of leaves inside a clickable container, up to three levels up."""
    up = _parents(root)
    nodes = _nodes(root)
    counts: dict[str, int] = {}
    for n in nodes:
        for a in ("text", "content-desc"):
            counts[n.get(a) or ""] = counts.get(n.get(a) or "", 0) + 1
    out = []
    for w, n in enumerate(nodes):
        if len(n) or _in_field(n, up):
            continue
        left, top, right, bottom = _bounds(n)
        if right <= left or bottom <= top:
            continue
        attr = "text" if (n.get("text") or "").strip() else "content-desc"
        label = n.get(attr) or ""
        if attr == "text" and (n.get("content-desc") or "").strip():
            continue  # a text beside a description: not in element dicts
        if not label.strip() or len(label) > SHORT or counts[label] != 1:
            continue
        if _clickable(n, up) is not None:
            out.append((w, attr))
    return out


def _clickable(n: ET.Element, up: dict[ET.Element, ET.Element]) -> ET.Element | None:
    """The clickable container ``n`` is inside, up to three levels up."""
    p, k = up.get(n), 0
    while p is not None and k < 3 and p.get("clickable") != "true":
        p, k = up.get(p), k + 1
    return p if p is not None and p.get("clickable") == "true" else None


def cases(rng: random.Random, per: int = PER) -> list[Case]:
    out = []
    # its own draws (seeded by the state, no draw taken): the other kinds' stay as they were
    states = random.Random(str(rng.getstate()[1][:8]))
    for name, raw in dumps():
        root = ET.fromstring(raw)
        texts, up = _texts(root), _parents(root)
        grow = [w for w, n in texts if _resized(up, n, _width(n, WORD), apply=False)]
        shrink = [w for w, n in texts if len((n.get("text") or "").split()) >= 2]
        drawn = {"grow": grow, "shrink": shrink}
        for kind in ("grow", "shrink"):
            for w in sorted(rng.sample(drawn[kind], min(per, len(drawn[kind])))):
                out.append(Case(name, kind, w, "text"))
        relabels = _relabels(root)
        for w, attr in sorted(rng.sample(relabels, min(per, len(relabels)))):
            out.append(Case(name, "relabel", w, attr))
        for w, attr in sorted(states.sample(relabels, min(per, len(relabels)))):
            out.append(Case(name, "relabel+state", w, attr))
    return out


def _width(leaf: ET.Element, words: str) -> int:
    """The px ``words`` take at ``leaf``'s own width per character."""
    left, _, right, _ = _bounds(leaf)
    return max(1, (right - left) // max(1, len(leaf.get("text") or ""))) * len(words)


def _turned(label: str) -> str:
    """Another word of the same length: every ASCII letter or digit a place on."""
    out = []
    for ch in label:
        if ch.isascii() and ch.isalpha():
            base = ord("a") if ch.islower() else ord("A")
            out.append(chr((ord(ch) - base + 1) % 26 + base))
        elif ch.isascii() and ch.isdigit():
            out.append(chr((ord(ch) - ord("0") + 1) % 10 + ord("0")))
        elif ch.isalpha():
            out.append(chr(ord(ch) + 1) if chr(ord(ch) + 1).isalpha() else ch)
        else:
            out.append(ch)
    turned = "".join(out)
    return turned if turned != label else f"{label} #2"


def derived(raw: bytes, case: Case) -> tuple[bytes, str, str] | None:
    """The dump after the step (the capture before it is ``raw``), the label before and
    after; None where the step does not fit (no room to grow)."""
    root = copy.deepcopy(ET.fromstring(raw))
    leaf = _nodes(root)[case.where]
    old = leaf.get(case.attr) or ""
    if case.kind.startswith("relabel"):
        new = _turned(old)
        host = _clickable(leaf, _parents(root))
        if case.kind == "relabel+state" and host is not None:
            host.set("enabled", "false" if host.get("enabled") != "false" else "true")
    else:
        new = old + WORD if case.kind == "grow" else old.rsplit(None, 1)[0]
        by = _width(leaf, WORD) if case.kind == "grow" else -_width(leaf, old[len(new) :])
        if not _resized(_parents(root), leaf, by):
            return None
    leaf.set(case.attr, new)
    return ET.tostring(root, encoding="utf-8"), old, new


def graded(path: str, all_cases: list[Case]) -> Iterator[tuple[Case, str]]:
    raws = dict(dumps())
    for case in all_cases:
        got = derived(raws[case.capture], case)
        if got is None:
            continue
        after, old, new = got
        prev, curr = Frame(parse_uiautomator(raws[case.capture])), Frame(parse_uiautomator(after))
        frame_cache.clear()
        d = compute_delta(prev, curr) if path == "xml" else dict_delta(prev, curr)
        if d.scrolls:
            yield case, f"{len(d.scrolls)} scroll(s) for a {case.kind}"
        if d.added or d.removed:
            yield case, f"+{len(d.added)} -{len(d.removed)} for {old!r}→{new!r}"
        at = [p for p, n in enumerate(d.curr.nodes) if getattr(n, _FIELD[case.attr]) == new]
        if not any(case.attr in d.changed.get(p, {}) for p in at):
            yield case, f"{old!r}→{new!r} not ~"
        elif case.kind.startswith("relabel") and path == "xml":
            text = observe_delta(prev, curr, delta=d).text
            if old not in text or new not in text:
                yield case, f"{old!r}→{new!r} unsaid: {text!r}"


_FIELD = {"text": "text", "content-desc": "content_desc"}
