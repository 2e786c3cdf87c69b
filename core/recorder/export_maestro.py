"""Export to a Maestro flow (YAML): what maps is a command, what does not is a comment.

Maestro (mobile.dev) runs flows of commands such as ``tapOn``, ``inputText``,
``swipe``, ``assertVisible``. The mapping, step by step:

=================  ==========================================================
deltarec           Maestro
=================  ==========================================================
selector           ``id`` (resource id, as a regex), else ``text`` (text,
                   description or label, as a regex); values are regex-escaped.
                   Alternates, role, class, stable keys and ``[i]`` numbers
                   have no Maestro form: the first selector that maps is used,
                   the rest is said in a comment
AC_tap / long      ``tapOn`` / ``longPressOn`` (``point: "x,y"`` for points,
                   ``point: "50%,31%"`` for screen fractions); ``scroll_in``
                   first ``scrollUntilVisible`` (Maestro names the content's
                   way: the finger's "up" is its ``DOWN``)
AC_type_text       ``tapOn`` the field (with a selector), ``eraseText`` when it
                   clears, then ``inputText``
AC_swipe           ``swipe`` with ``direction`` (and ``from``), or ``start``/``end``
                   (pixels, or screen fractions as percentages);
                   ``percent`` of the screen as ``start``/``end`` percentages
                   through its centre (of an element: Maestro's ``from`` swipe,
                   whose length is its own, said in a comment)
AC_press_key       ``pressKey`` (Enter, Backspace, Home, Back, Tab, Power, volume)
AC_back / home     ``back`` / ``pressKey: Home``
AC_launch/stop     ``launchApp`` / ``stopApp`` (an activity has no Maestro form)
AC_assert, checks  ``assertVisible`` / ``assertNotVisible`` (text, checked,
                   enabled, selected as selector fields)
AC_wait_for        ``extendedWaitUntil`` (visible / notVisible, timeout in ms)
AC_screenshot      ``takeScreenshot``
=================  ==========================================================

Everything else (observe, deltas, sleep, shell) is a ``# not exported`` comment.
The flow's ``appId`` is the first package the script launches or stops, else the
app the recorder saw it made in (then the flow starts where the recording did:
``launchApp``, or ``pressKey: Home`` when it started on the home screen), else
``${APP_ID}`` (give it with ``maestro test -e APP_ID=…``). A typed password is its
reference (``inputText: ${PASSWORD}``, :mod:`deltarec.core.recorder.secrets`), and the
header says to give it (``maestro test -e PASSWORD=… FILE``). Values are written
by PyYAML (``safe_dump``: quoted and escaped as YAML needs, so any recorded text
stays data); comments are escaped by :func:`~deltarec.core.recorder.export_code.inert`.
Recorded deltas follow each step as comments, numbered from 1.

    >>> from deltarec.core.executor import parse_script
    >>> print(to_maestro(parse_script([["AC_tap", {"selector": {"resource_id": "app:id/save",
    ...     "alternates": [{"text": "Save"}]}}]]), name="demo"), end="")
    # demo: recorded with deltarec; run with `maestro test FILE`
    appId: ${APP_ID}
    name: demo
    ---
    - tapOn:
        id: app:id/save
    # 1: alternates not exported: {text="Save"}
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import yaml

from deltarec.core.executor import Script, Selector, Step
from deltarec.core.recorder.export_code import inert
from deltarec.core.recorder.export_python import DELTA_LINES
from deltarec.core.recorder.origin import FIRST_STEPS, clean_start
from deltarec.core.recorder.secrets import variables

APP_ID_VARIABLE = "${APP_ID}"
KEYS = {
    "enter": "Enter",
    "del": "Backspace",
    "home": "Home",
    "back": "Back",
    "tab": "Tab",
    "power": "Power",
    "volume_up": "Volume Up",
    "volume_down": "Volume Down",
}
"""deltarec key names Maestro's ``pressKey`` knows."""
_STATES = ("checked", "enabled", "selected")


def _regex(value: str) -> str:
    """``value`` matched literally by Maestro's (Java) regex: metacharacters escaped."""
    return re.sub(r"([\\^$.|?*+()\[\]{}])", r"\\\1", value)


def _maestro_selector(selector: Selector) -> dict[str, Any] | None:
    """The Maestro form of one selector (no alternates), or None when nothing maps. An index
    whose element had no name maps to nothing: ``text: ""`` would tap the first unnamed view."""
    if selector.key is not None or (selector.index is not None and not selector.name):
        return None
    out: dict[str, Any] = {}
    if selector.resource_id is not None:
        rid = selector.resource_id
        out["id"] = _regex(rid) if ":" in rid else ".*:id/" + _regex(rid)
    label = selector.text if selector.text is not None else selector.content_desc
    label = label if label is not None else selector.name or None
    if label is not None:
        out["text"] = _regex(label)
    return out or None


class _Dumper(yaml.SafeDumper):  # type: ignore[misc]  # PyYAML ships no types
    """SafeDumper that double-quotes any string holding an unprintable character."""


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = '"' if not value.isprintable() else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)
_BREAKS = str.maketrans({"\x85": "\\N", "\u2028": "\\L", "\u2029": "\\P"})


def dump(data: Any) -> str:
    """YAML for ``data``, readable (UTF-8) and exact for any text.

    PyYAML writes NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR raw even in a
    double-quoted scalar, where a reader folds them into a space; such strings are
    always double-quoted here, so those characters can only appear inside one,
    where YAML's escapes (``\\N \\L \\P``) say them exactly.
    """
    text = yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=10**6)
    return str(text).translate(_BREAKS)


class _Flow:
    """Commands and comments, written in order."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def command(self, item: Any) -> None:
        self.parts.append(dump([item]))

    def comment(self, text: str) -> None:
        self.parts.append(f"# {inert(text)}\n")


def _target(notes: list[str], raw: object) -> dict[str, Any] | None:
    """The Maestro selector for a JSON selector; what did not map goes to ``notes``."""
    selector = Selector.from_json(raw)
    chain = (selector, *selector.alternates)
    for i, candidate in enumerate(chain):
        found = _maestro_selector(candidate)
        if found is not None:
            dropped = [str(s.describe()) for s in chain if s is not candidate]
            extra = [
                k for k in ("role", "class_name", "index") if getattr(candidate, k) is not None
            ]
            if extra:
                notes.append(
                    f"not matched by Maestro (it takes the first match): {', '.join(extra)}"
                )
            if dropped and i == 0:
                notes.append("alternates not exported: " + " or ".join(dropped))
            elif dropped:
                notes.append("no Maestro form for " + " or ".join(dropped[:i]))
            return found
    notes.append(f"no Maestro selector for {selector}")
    return None


def selector_command(raw: object, verb: str = "tapOn") -> str:
    """One flow command on a JSON selector as :func:`to_maestro` writes it (``- tapOn:``
    with ``id:`` / ``text:``), what has no Maestro form as comments after it; a selector
    with no Maestro form at all is only comments (the Script Builder's "copy as Maestro")."""
    notes: list[str] = []
    target = _target(notes, raw)
    flow = _Flow()
    if target is not None:
        flow.command({verb: target})
    for note in notes:
        flow.comment(note)
    return "".join(flow.parts)


def _assertion(notes: list[str], params: Mapping[str, Any]) -> Any:
    target = _target(notes, params.get("selector"))
    if target is None:
        return None
    if params.get("gone") is True or params.get("exists") is False:
        return {"assertNotVisible": target}
    if params.get("gone") is False or params.get("exists") is True:
        return {"assertVisible": target}
    if "text" in params:
        notes.append("Maestro matches the text as a regex on the element's text or label")
        return {"assertVisible": {**{k: v for k, v in target.items() if k != "text"},
                                  "text": _regex(str(params["text"]))}}  # fmt: skip
    for state in _STATES:
        if state in params:
            return {"assertVisible": {**target, state: bool(params[state])}}
    return None


def _point(x: object, y: object) -> str:
    return f"{x},{y}"


CONTENT_WAY = {"up": "DOWN", "down": "UP", "left": "RIGHT", "right": "LEFT"}
"""The finger's direction → the way Maestro's ``scrollUntilVisible`` scrolls the content."""


def _percent(value: float) -> str:
    return f"{round(value, 2):g}%"


def _tap(notes: list[str], verb: str, p: Mapping[str, Any]) -> list[Any]:
    if "rel_x" in p:
        where = f"{_percent(100 * p['rel_x'])},{_percent(100 * p['rel_y'])}"
        return [{verb: {"point": where}}]
    if "selector" not in p:
        return [{verb: {"point": _point(p.get("x"), p.get("y"))}}]
    target = _target(notes, p["selector"])
    if target is None:
        return []
    out: list[Any] = []
    if "scroll_in" in p:
        way = CONTENT_WAY[str(p.get("scroll_direction", "up"))]
        out.append({"scrollUntilVisible": {"element": target, "direction": way}})
    return [*out, {verb: target}]


def _screen_swipe(direction: str, percent: float) -> dict[str, Any]:
    """A screen swipe of ``percent`` through the centre, as Maestro's start/end percentages."""
    half = percent / 2
    ahead, back = _percent(50 - half), _percent(50 + half)
    start, end = {"up": (back, ahead), "down": (ahead, back),
                  "left": (back, ahead), "right": (ahead, back)}[direction]  # fmt: skip
    if direction in ("up", "down"):
        return {"start": f"50%,{start}", "end": f"50%,{end}"}
    return {"start": f"{start},50%", "end": f"{end},50%"}


def _commands(notes: list[str], step: Step) -> list[Any]:
    p, command = step.params, step.command
    if command in ("AC_tap", "AC_long_press"):
        return _tap(notes, "tapOn" if command == "AC_tap" else "longPressOn", p)
    if command == "AC_type_text":
        out: list[Any] = []
        if "selector" in p:
            target = _target(notes, p["selector"])
            if target is None:
                return []
            out.append({"tapOn": target})
            if p.get("clear"):
                out.append({"eraseText": {"charactersToErase": max(50, len(str(p["text"])))}})
                notes.append("eraseText erases a fixed count; deltarec deletes what the field held")
        return [*out, *([{"inputText": str(p["text"])}] if p["text"] else [])]  # "": cleared
    if command == "AC_swipe":
        if "start" in p:
            start, end = p["start"], p["end"]
            swipe: dict[str, Any] = {
                "start": f"{_percent(100 * start[0])},{_percent(100 * start[1])}",
                "end": f"{_percent(100 * end[0])},{_percent(100 * end[1])}",
            }
        elif "direction" not in p:
            coords = [p.get(k) for k in ("x1", "y1", "x2", "y2")]
            swipe = {"start": _point(*coords[:2]), "end": _point(*coords[2:])}
        elif "percent" in p and "selector" not in p:
            swipe = _screen_swipe(str(p["direction"]), float(p["percent"]))
        else:
            swipe = {"direction": str(p["direction"]).upper()}
            if "selector" in p:
                target = _target(notes, p["selector"])
                if target is None:
                    return []
                swipe = {"from": target, **swipe}
            if "distance" in p:
                notes.append(f"distance {p['distance']}px has no Maestro form")
            if "percent" in p:
                notes.append(f"{_percent(p['percent'])} of the element has no Maestro form")
        if "duration_ms" in p:
            swipe["duration"] = p["duration_ms"]
        return [{"swipe": swipe}]
    if command == "AC_press_key":
        key = KEYS.get(str(p.get("key")))
        if key is None:
            notes.append(f"key {p.get('key')!r} has no Maestro pressKey")
            return []
        return [{"pressKey": key}]
    if command == "AC_back":
        return ["back"]
    if command == "AC_home":
        return [{"pressKey": "Home"}]
    if command == "AC_launch_app":
        if p.get("activity"):
            notes.append(f"activity {p['activity']!r} has no Maestro form: the app's launcher one")
        return [{"launchApp": {"appId": str(p["package"])}}]
    if command == "AC_stop_app":
        return [{"stopApp": str(p["package"])}]
    if command == "AC_clear_app":
        return [{"clearState": str(p["package"])}]
    if command == "AC_assert":
        found = _assertion(notes, p)
        return [found] if found is not None else []
    if command == "AC_wait_for":
        state = str(p.get("state", "visible"))
        target = _target(notes, p.get("selector"))
        if target is None or state not in ("visible", "gone"):
            notes.append(f"waiting for {state} has no Maestro form")
            return []
        key = "visible" if state == "visible" else "notVisible"
        timeout = round(float(p.get("timeout", 5.0)) * 1000)
        return [{"extendedWaitUntil": {key: target, "timeout": timeout}}]
    if command == "AC_screenshot":
        return [{"takeScreenshot": str(p.get("path", "screenshot")).removesuffix(".png")}]
    notes.append(f"{command} is not exported (no Maestro command)")
    return []


def app_id(script: Script) -> str:
    """The first package the script launches or stops, else ``${APP_ID}``."""
    for step in script.steps:
        if step.command in ("AC_launch_app", *FIRST_STEPS):
            return str(step.params["package"])
    return APP_ID_VARIABLE


def to_maestro(
    script: Script,
    *,
    name: str = "recording",
    app: str | None = None,
    from_home: bool = False,
    clear: bool = False,
) -> str:
    """The script as a Maestro flow (see the module docstring).

    ``app``: the app the recording was made in, when the recorder knows it (the flow's
    ``appId`` when the script launches nothing). The flow then starts where the
    recording did: ``launchApp`` it, or, when the recording started on the home
    screen (``from_home``), ``pressKey: Home``. A script that clears its app and then
    launches it (:func:`~.origin.clean_start`; or stops it, with ``clear``: an older
    recording's "clear its state first") starts with one ``launchApp`` with
    ``clearState: true``.
    """
    flow = _Flow()
    given = "".join(f"-e {v}=… " for v in variables(script))  # typed passwords (secrets.py)
    flow.comment(f"{name}: recorded with deltarec; run with `maestro test {given}FILE`")
    known = app_id(script)
    if known == APP_ID_VARIABLE and app:
        known = app
    flow.parts.append(dump({"appId": known, "name": name}))
    flow.parts.append("---\n")
    first = script.steps[0].command if script.steps else ""
    start = clean_start(script, legacy_clear=clear)
    if app and first not in ("AC_launch_app", "AC_home") and start is None:
        flow.command({"pressKey": "Home"} if from_home else {"launchApp": {"appId": known}})
    cleared = start is not None and start[1]  # one launchApp with clearState
    for number, step in enumerate(script.steps, start=1):
        notes: list[str] = []
        items = _commands(notes, step)
        if cleared and number <= 2:
            items = [{"launchApp": {"appId": known, "clearState": True}}] if number == 2 else []
        for item in items:
            flow.command(item)
        for check in step.checks:
            found = _assertion(notes, check)
            if found is not None:
                flow.command(found)
        lines = [*notes, *(step.expect or "").splitlines()[:DELTA_LINES]]
        for i, line in enumerate(lines):
            flow.comment(f"{number}: {line}" if i == 0 else f"   {line}")
    if not script.steps:
        flow.parts.append("[]\n")
    return "".join(flow.parts)


__all__ = ["APP_ID_VARIABLE", "KEYS", "app_id", "selector_command", "to_maestro"]
