"""Exports as code: a Python program and a pytest module, one API call per step.

Each step is one line on the public API (:mod:`deltarec.core.recorder.export_code`),
then its recorded delta as a short comment (at most :data:`DELTA_LINES` lines,
numbered from 1 as people count steps), then its checks as ``expect(...)``.
The program runs on ``$DELTAREC_DEVICE`` (default ``virtual``); the pytest
module takes the ``phone`` fixture of deltarec's pytest plugin (``--device``,
xdist pools). Both are valid Python for any recording name and any recorded
text: names and deltas appear only in comments, escaped by
:func:`~deltarec.core.recorder.export_code.inert`, and identifiers are ASCII.

    >>> from deltarec.core.executor import parse_script
    >>> script = parse_script([["AC_tap", {"selector": {"text": "Sign up"}},
    ...                         {"expect": "» new screen SignUpActivity\\n+ [6] textbox"}]])
    >>> print(to_pytest(script, name="sign up\\x00²"))
    # sign up\\x00²: recorded with deltarec; run with pytest (--device SERIAL, -n N with xdist)
    from deltarec import Phone
    <BLANKLINE>
    <BLANKLINE>
    def test_sign_up(phone: Phone) -> None:
        phone.get(text='Sign up').tap()
        # 1: » new screen SignUpActivity
        #    + [6] textbox
    <BLANKLINE>
"""

from __future__ import annotations

import re

from deltarec.core.executor import Script, Step
from deltarec.core.recorder.export_code import inert, step_lines
from deltarec.core.recorder.origin import clean_start

DELTA_LINES = 3
"""Recorded delta lines kept per step in the comment; the rest is counted."""


def identifier(name: str) -> str:
    """An ASCII identifier from a recording name (``recording`` when nothing is left)."""
    word = re.sub(r"[^0-9a-z]+", "_", name.lower()).strip("_") or "recording"
    return word if not word[0].isdigit() else f"recording_{word}"


def delta_comment(number: int, step: Step) -> list[str]:
    """``# N: first line`` and up to DELTA_LINES-1 more, ``… (+k more lines)`` after
    (``… (+1 more line)`` for one)."""
    lines = (step.expect or "").splitlines()
    if not lines:
        return []
    head = f"# {number}: "
    out = [head + inert(lines[0])]
    out += ["#" + " " * (len(head) - 1) + inert(line) for line in lines[1:DELTA_LINES]]
    if len(lines) > DELTA_LINES:
        more = len(lines) - DELTA_LINES
        noun = "line" if more == 1 else "lines"
        out.append("#" + " " * (len(head) - 1) + f"… (+{more} more {noun})")
    return out


def body(script: Script, indent: str = "    ") -> str:
    """The steps as indented statements (``pass`` for an empty script)."""
    out: list[str] = []
    for number, step in enumerate(script.steps, start=1):
        calls = step_lines(step)
        out.append(calls[0])
        out += delta_comment(number, step)
        out += calls[1:]
    return "".join(f"{indent}{line}\n" for line in out or ["pass"])


def _imports(code: str, *names: str) -> str:
    used = [*names, *(["expect"] if "expect(" in code else [])]
    return f"from deltarec import {', '.join(used)}\n"


def to_python(script: Script, *, name: str = "recording") -> str:
    """A runnable program: ``python FILE`` replays it; exit code 0 when every step passes."""
    steps = body(script)
    return (
        f"# {inert(name)}: recorded with deltarec; replays on $DELTAREC_DEVICE (default: virtual)\n"
        "import os\n"
        "\n"
        f"{_imports(steps, 'Phone', 'connect')}"
        "\n"
        "\n"
        "def run(phone: Phone) -> None:\n"
        f"{steps}"
        "\n"
        "\n"
        'if __name__ == "__main__":\n'
        '    run(connect(os.environ.get("DELTAREC_DEVICE", "virtual"), log=print))\n'
    )


def to_pytest(
    script: Script,
    *,
    name: str = "recording",
    test: str | None = None,
    app: str | None = None,
    from_home: bool = False,
    clear: bool = False,
) -> str:
    """A pytest module: one test, on the plugin's ``phone`` fixture, named ``test_`` and
    ``test`` (the file's name, say), else the recording's ``name``.

    With ``app`` (the app the recording was made in) the module is marked
    ``deltarec_app(app)``: the plugin force-stops it before the test, so the test starts
    from a known state on a phone another test used; unless the recording began on the
    home screen (``from_home``), the test then launches it, as the recording found it.
    A script that starts with its own launch (:func:`~.origin.clean_start`) names that app;
    when it clears the app first (or stops it, with ``clear``: an older recording's "clear
    its state first") the marker is ``reset='clear'``.
    """
    steps = body(script)
    marker, reset = "", ""
    start = clean_start(script, legacy_clear=clear)  # it launches the app itself
    if start is not None:
        app, reset = start[0], ", reset='clear'" if start[1] else ""
    # a typed password is read from the environment (secrets.py)
    plain = ["import os"] * ("os.environ[" in steps) + ["import pytest"] * bool(app)
    head = "".join(f"{line}\n" for line in plain) + "\n" * bool(plain) + _imports(steps, "Phone")
    if app:
        marker = f"\npytestmark = pytest.mark.deltarec_app({app!r}{reset})\n"
        if not from_home and start is None:
            steps = f"    phone.launch({app!r})\n{steps}"
    return (
        f"# {inert(name)}: recorded with deltarec;"
        " run with pytest (--device SERIAL, -n N with xdist)\n"
        f"{head}"
        f"{marker}"
        "\n"
        "\n"
        f"def test_{identifier(test or name)}(phone: Phone) -> None:\n"
        f"{steps}"
    )


__all__ = ["DELTA_LINES", "body", "delta_comment", "identifier", "to_pytest", "to_python"]
