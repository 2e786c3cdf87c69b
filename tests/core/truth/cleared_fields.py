"""A text box cleared, blanked or typed into, and nothing else changed: the generator.

A sign-up form's ``"Name"`` box (its hint shown as its text) under the form's title
``"Create your account"``: a space typed read ``~ [12] textbox "Create your account" (text:
"Name"→" ")`` — the box, showing nothing, took the title above it as its label
(:mod:`~deltarec.core.observe.form_labels`), the title stopped being an element of its own,
and the step named the box by another element's name (``bench_truth.py --seed 59000 --wide
--no-gesture``, step 21, stop 59). A field emptied under a form's title does the same on real
forms (a calendar's event editor: its title above the ``Title`` and ``Location`` boxes).

:func:`cases` derives two steps from every capture (``fixtures/real``, ``ext``, ``ext2``,
``ext3``, ``virtual``):

- **edited**: every text box's text set to ``""``, ``" "`` or one key, both ways;
- **scrolling**: the same with the form made to scroll around the box (its ``ScrollView``
  ancestors scrollable, else its grandparent): a keyboard that opens makes a short screen's
  form scroll (the virtual sign-up form on the small profile), and a box that showed
  nothing then borrowed the form's title as its name
  (``bench_truth.py --seed 59200 --wide --profile small``, step 116 of walk 59202);
- **titled**: the first box of every run of text boxes laid one after another (a form that
  shows no label between its fields: their hints are their labels) under a title — the
  capture's own text just before it, else one put there — emptied or blanked, both ways;
- **titled-next**: the same with the next box of the run showing a space typed into it (in
  both frames: it shows no hint then), which read ``~ focus: textbox "email" → [61] textbox
  "Create your account"`` on the 720x1600@240 phone (``bench_truth.py --seed 60800 --wide
  --profile 720x1600@240``, walk 60803 step 47, stop 60).

:func:`graded` reads the observer's delta: one line, the box's ``~`` with its number (no
element comes or goes, the title stays one), a name no other element of the frame it names it in is called by (but one inside the box),
and, titled, a name that is not the title.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observer import Observer
from tests.core.fixture_dumps import xml_dumps

FOLDERS = ("real", "ext", "ext2", "ext3", "virtual")
TEXTS = ("", " ", "k")
"""What the box shows after an edited step: cleared, a space typed, one key typed."""
TITLE = "Create your event"


@dataclass(frozen=True, slots=True)
class Case:
    capture: str
    kind: str  # "edited", "scrolling", "titled" or "titled-next"
    where: int
    """The box's place among the dump's nodes (elements with ``bounds``), in document order."""
    text: str
    forward: bool
    """The box's own text before, ``text`` after (else the reverse)."""


def _box(el: ET.Element) -> bool:
    return "EditText" in (el.get("class") or "")


def _nodes(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter() if el.get("bounds") is not None]


def _runs(root: ET.Element) -> list[ET.Element]:
    """The first box of every run of text boxes one after another in their parent."""
    return [
        a
        for parent in root.iter()
        for k, (a, b) in enumerate(zip(list(parent), list(parent)[1:], strict=False))
        if _box(a) and _box(b) and (k == 0 or not _box(parent[k - 1]))
    ]


def cases() -> list[Case]:
    """Every edited and titled step of every capture (module docstring)."""
    out = []
    for name, raw in xml_dumps(FOLDERS):
        root = ET.fromstring(raw)
        nodes = _nodes(root)
        for where, el in enumerate(nodes):
            if _box(el):
                out += [
                    Case(name, kind, where, text, forward)
                    for kind in ("edited", "scrolling")
                    for text in TEXTS
                    if text != (el.get("text") or "")
                    for forward in (True, False)
                ]
        for first in _runs(root):
            where = nodes.index(first)
            out += [
                Case(name, kind, where, text, forward)
                for kind in ("titled", "titled-next")
                for text in TEXTS[:2]
                for forward in (True, False)
            ]
    return out


def _titled(root: ET.Element, where: int) -> str:
    """The title above the run whose first box is at ``where``: the text just before it in
    its parent, else :data:`TITLE` put there (the box's width, just above it)."""
    box = _nodes(root)[where]
    parent = next(p for p in root.iter() if box in list(p))
    k = list(parent).index(box)
    before = parent[k - 1] if k > 0 else None
    if before is not None and (before.get("text") or "").strip() and not len(before):
        return before.get("text") or ""
    left, top, right, _ = (
        int(v) for v in (box.get("bounds") or "").replace("][", ",").strip("[]").split(",")
    )
    title = ET.Element("node", {"class": "android.widget.TextView", "text": TITLE})
    title.set("bounds", f"[{left},{top - 70}][{right},{top - 10}]")
    parent.insert(k, title)
    return TITLE


def _text(raw: bytes, where: int) -> str:
    return _nodes(ET.fromstring(raw))[where].get("text") or ""


def _scrolling(root: ET.Element, box: ET.Element) -> None:
    """Make the form around ``box`` scroll: its ``ScrollView`` ancestors, else its
    grandparent."""
    up = {child: parent for parent in root.iter() for child in parent}
    ancestors = []
    node = box
    while node in up:
        node = up[node]
        ancestors.append(node)
    views = [a for a in ancestors if "ScrollView" in (a.get("class") or "")]
    for a in views or ancestors[1:2]:
        a.set("scrollable", "true")


def _steps(raw: bytes, case: Case) -> tuple[bytes, bytes, str]:
    """(before, after, the title or "") of ``case``."""
    root = ET.fromstring(raw)
    title = _titled(root, case.where) if case.kind.startswith("titled") else ""
    nodes = _nodes(root)
    box = nodes[case.where + (1 if title == TITLE else 0)]
    if case.kind == "titled-next":
        parent = next(p for p in root.iter() if box in list(p))
        kids = list(parent)
        kids[kids.index(box) + 1].set("text", " ")
    if case.kind == "scrolling":
        _scrolling(root, box)
    base = ET.tostring(root, encoding="utf-8")
    box.set("text", case.text)
    edited = ET.tostring(root, encoding="utf-8")
    return (base, edited, title) if case.forward else (edited, base, title)


def _called_as_another(index: ElementIndex, line: str) -> bool:
    """Whether the ``~`` line's element is called by the name of another element of
    ``index`` (the frame the line names it in) that is not inside it."""
    number = int(line[3 : line.index("]")])
    said = line.split('"')[1]
    box = next(e.bounds for e in index.elements if e.index == number)
    return any(
        e.index != number
        and index.names[e.pos] == said
        and not (
            box.left <= e.bounds.left
            and e.bounds.right <= box.right
            and box.top <= e.bounds.top
            and e.bounds.bottom <= box.bottom
        )
        for e in index.elements
    )


def graded(all_cases: list[Case]) -> Iterator[tuple[Case, str]]:
    """Each case whose delta states more than the box's text changed, or (titled) names the
    box by its form's title, with what it said."""
    raws = dict(xml_dumps(FOLDERS))
    for case in all_cases:
        before, after, title = _steps(raws[case.capture], case)
        own = {case.text, _text(raws[case.capture], case.where)}  # what it shows itself
        observer = Observer()
        first = observer.reset(parse_uiautomator(before))
        result = observer.step(parse_uiautomator(after), max_lines=None)
        second = observer.index
        assert second is not None
        lines = [ln for ln in result.text.splitlines() if not ln.startswith("~ focus")]
        if len(lines) != 1 or not lines[0].startswith("~ [") or "(text: " not in lines[0]:
            yield case, " | ".join(lines) or "no change"
        elif lines[0].split('"')[1] not in own and _called_as_another(second, lines[0]):
            yield case, f"named by another element: {lines[0]}"
        elif title and f'"{title}"' in lines[0]:
            yield case, f"named by the form's title: {lines[0]}"
        elif title and any(
            title not in [index.names[e.pos] for e in index.elements] for index in (first, second)
        ):
            yield case, f"the title no element: {lines[0]}"
