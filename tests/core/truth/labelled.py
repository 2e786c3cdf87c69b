"""A control named by the label beside it (issue 18 item 5, stop 58): the generator.

Compose and Flutter lay a form's label out as a node of its own, beside the field it names:
a Flutter sign-in's ``"Email"`` above an ``EditText`` with no text, hint or description
(``fixtures/ext2/yarnshop-flutter/02``), a consent ``CheckBox`` before ``"I give my"``
(``01``). Appium Inspector and TalkBack call such a control by that label; deltarec called it
by its class (``textbox "EditText"``), and the label itself was an element of its own, so a
``name="Email"`` selector could not reach the field.

:func:`cases` derives that shape from every real capture (``fixtures/real``, ``ext``,
``ext2``, ``appium``): every text box, checkbox, switch and radio button that is an element
named by what it shows itself (its text, description or hint, or a text inside it) has that
label moved out to a plain text node put just before it in its parent, above it or to its
left (seeded), the label as a text or a description (Compose and Flutter use either), and
its own text, description and hint (and those inside it) emptied. The dumps are rewritten
with ElementTree, independent of the parser. :func:`graded` grades the name the control is
given where it shows: the frame, the ``+`` line of a step where it and its label came in,
and a ``name=`` selector with the label (which must resolve to it alone).

Left out (stop 59): the first of text boxes laid one after another whose next one shows its
hint as its text (a calendar's ``Title`` above ``Location``): a label moved just before it is
the shape of a form's title above fields named by their hints, which
:mod:`~deltarec.core.observe.form_labels` now reads as the title (the generator
``cleared_fields``' titled run: a space typed into a sign-up form's ``Name`` called the box
by ``"Create your account"``).
"""

from __future__ import annotations

import copy
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.errors import AmbiguousSelectorError, ElementNotFoundError
from deltarec.core.executor.selectors import Selector, resolve_one
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observe.kept_names import nameless
from deltarec.core.observe.labels import shown_texts
from deltarec.core.observer import Observer
from deltarec.core.render.lines import quote
from tests.core.fixture_dumps import xml_dumps

FOLDERS = ("real", "ext", "ext2", "appium")
ROLES = ("textbox", "checkbox", "switch", "radio")
"""The controls a form labels beside them."""
OWN = ("text", "content-desc", "hint")


@dataclass(frozen=True, slots=True)
class Case:
    capture: str
    where: int
    """The control's place among the dump's nodes (elements with ``bounds``), in document
    order."""
    label: str
    left: bool
    """The label to the control's left on its line, else just above it."""
    as_desc: bool
    """The label carried as a description (Compose, Flutter), else as a text."""


def dumps() -> tuple[tuple[str, bytes], ...]:
    return xml_dumps(FOLDERS)


def _bounds(el: ET.Element) -> tuple[int, int, int, int]:
    raw = (el.get("bounds") or "[0,0][0,0]").replace("][", ",").strip("[]")
    left, top, right, bottom = (int(v) for v in raw.split(","))
    return left, top, right, bottom


def _nodes(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter() if el.get("bounds") is not None]


def _index(raw: bytes) -> ElementIndex:
    return Observer().reset(parse_uiautomator(raw))


def _position(index: ElementIndex, el: ET.Element) -> int:
    """The frame position of the node ``el`` is (class and bounds, one alone), else -1."""
    box = list(_bounds(el))
    found = [
        p
        for p, n in enumerate(index.frame.nodes)
        if n.class_name == el.get("class") and n.bounds.as_list() == box
    ]
    return found[0] if len(found) == 1 else -1


def _hinted_run(frame: Frame, pos: int) -> bool:
    """Whether text box ``pos`` is followed by a text box that shows its hint as its text: a
    label moved just before it is the shape of a form's title above fields named by their
    hints (``cleared_fields``' titled run), which one frame cannot tell from a label."""
    parent = frame.parents[pos]
    if parent < 0 or frame.nodes[pos].role != "textbox":
        return False
    siblings = frame.children[parent]
    k = siblings.index(pos)
    if k + 1 >= len(siblings):
        return False
    after = frame.nodes[siblings[k + 1]]
    return after.role == "textbox" and bool((after.text or after.content_desc).strip())


def cases(rng: random.Random) -> list[Case]:
    """Every control of :data:`ROLES` of every capture that an element named by what it shows
    itself, one case each (placement and spelling of its label seeded)."""
    out = []
    for name, raw in dumps():
        try:
            index = _index(raw)
        except ValueError:
            continue  # not a whole dump
        frame = index.frame
        nodes = _nodes(ET.fromstring(raw))
        for where, el in enumerate(nodes):
            pos = _position(index, el)
            if pos < 0 or pos not in index.number_of or frame.nodes[pos].role not in ROLES:
                continue
            label = index.names[pos]
            node = frame.nodes[pos]
            own = {node.text, node.content_desc, *shown_texts(frame, pos)}
            if nameless(node, label) or label not in own or label != label.strip():
                continue
            if any(index.names[e.pos] == label for e in index.elements if e.pos != pos):
                continue  # another element is called so: a name= selector is no test here
            if _hinted_run(frame, pos):
                continue  # a title's shape (module docstring)
            left, top, _, _ = _bounds(el)
            places = [side for side, room in ((False, top), (True, left)) if room >= 40]
            if places:
                out.append(Case(name, where, label, rng.choice(places), rng.random() < 0.5))
    return out


def labelled(raw: bytes, case: Case) -> bytes:
    """The dump with the control's label moved to a plain text node before it, its own text,
    description and hint (and those inside it) emptied."""
    root = copy.deepcopy(ET.fromstring(raw))
    nodes = _nodes(root)
    control = nodes[case.where]
    parent = next(p for p in [*nodes, root] if control in list(p))
    for el in control.iter():
        for attr in OWN:
            if el.get(attr):
                el.set(attr, "")
    left, top, right, bottom = _bounds(control)
    if case.left:
        box = (max(0, left - 200), top, left - 8, bottom)
    else:
        box = (left, max(0, top - min(60, bottom - top) - 8), right, top - 8)
    label = ET.Element(control.tag if control.tag == "node" else "android.widget.TextView")
    for attr, value in control.attrib.items():
        label.set(attr, "false" if value in ("true", "false") else "")
    label.set("enabled", "true")
    label.set("class", "android.widget.TextView")
    label.set("package", control.get("package") or "")
    label.set("index", "0")
    label.set("text", "" if case.as_desc else case.label)
    label.set("content-desc", case.label if case.as_desc else "")
    label.set("bounds", "[{},{}][{},{}]".format(*box))
    parent.insert(list(parent).index(control), label)
    return ET.tostring(root, encoding="utf-8")


def _without(raw: bytes, case: Case) -> bytes:
    """The derived dump with the control and its label taken out (the step before they came)."""
    root = ET.fromstring(labelled(raw, case))
    nodes = _nodes(root)
    control = nodes[case.where + 1]  # its label was put in just before it
    parent = next(p for p in [*nodes, root] if control in list(p))
    k = list(parent).index(control)
    parent.remove(parent[k])
    parent.remove(parent[k - 1])
    return ET.tostring(root, encoding="utf-8")


def graded(all_cases: list[Case]) -> Iterator[tuple[Case, str]]:
    """The cases whose control is not called by its label: in the frame, in the ``+`` line of
    the step it came in, or by a ``name=`` selector (which must resolve to it alone)."""
    raws = dict(dumps())
    for case in all_cases:
        raw = labelled(raws[case.capture], case)
        observer = Observer()
        observer.reset(parse_uiautomator(_without(raws[case.capture], case)))
        result = observer.step(parse_uiautomator(raw), max_lines=None)
        index = result.index
        pos = _position(index, _nodes(ET.fromstring(raw))[case.where + 1])
        if pos < 0 or pos not in index.number_of:
            yield case, "the control is no element"
            continue
        node = index.frame.nodes[pos]
        name = index.names[pos]
        if name != case.label:
            yield case, f"frame: {node.role} {name!r}"
        said = re.compile(
            rf"\[{index.number_of[pos]}\] (?:{node.role} )?(\"(?:[^\"\\\\]|\\\\.)*\")"
        )
        added = [
            m[1] for ln in result.text.splitlines() if ln.startswith("+") for m in said.finditer(ln)
        ]
        if not result.new_screen and added != [quote(case.label)]:
            yield case, f"+ line: {added or result.text.splitlines()[:3]}"
        try:
            got = resolve_one(Selector(name=case.label), index).pos
        except AmbiguousSelectorError as exc:
            yield case, f"name=: ambiguous {exc.candidates[:3]}"
        except ElementNotFoundError:
            yield case, "name=: not found"
        else:
            if got != pos:
                yield case, f"name=: another element {index.frame.nodes[got].role}"
